"""Issue 14's acceptance test: a whole club evening in Dutch, in Chromium, the way people
do it. The owner logs in through the login page, invites a scorer by e-mail; the scorer
(a second browser) makes an account on the invitation's page. The owner creates an
individual championship (16 players: 4 tables), enters the players through the
searchable checklist, draws round 1 and publishes it, prints the score sheets (a PDF job,
rendered in this process). The scorer types the deals by keyboard (Dutch trump letters),
finishing three tables and leaving the fourth at one deal; the owner confirms the three
sheets (the championship asks for confirmation), sees table 4 waiting on the closing
check, gives it an average score with a reason, and closes the round. The round page and
the standings show the decision, the leader is a winner, the CSV export is Excel's Dutch
(BOM, semicolons), and round 2 is drawn and published.

With ``TROEF_SCREENSHOTS=docs/screenshots`` the same run saves the README's screenshots
(desktop and a 390 px phone, in Dutch) into that folder; without it nothing is written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.test import Client
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from club.models import (
    Championship,
    ClubRole,
    Deal,
    Membership,
    Player,
    ReportJob,
    Round,
    Seat,
    Table,
)
from tests.factories import make_club, make_user
from tests.helpers import browser
from tests.helpers.browser import CHROMEDRIVER, CHROMIUM
from tests.helpers.reports import in_process  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

OWNER_PASSWORD = "Klaveren-Zot-2026"
SCORER_PASSWORD = "Harten-Manille-77"
FIRST_NAMES = ["Jan", "Marie", "Luc", "Els", "Tom", "Ann", "Kris", "Sara",
               "Bart", "Lies", "Wim", "Eva", "Koen", "Nele", "Pieter", "Joke"]
VAN = ["Van Damme", "Van Acker", "Van Hoof", "Van Looy", "Van Dyck", "Van Mol",
       "Van Rompuy", "Van Gucht"]
DE = ["De Smet", "De Backer", "De Wolf", "De Vos", "De Bock", "De Coninck", "De Clercq",
      "De Meyer"]
SHOTS = os.environ.get("TROEF_SCREENSHOTS", "")


def chromium(*, phone: bool = False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0}})
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1366,900", "--lang=en"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    return driver


@pytest.fixture
def browsers():
    """Chromium windows made on demand, all closed at the end."""
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver: "
                    "run .ci/install-system-deps --browser as root")
    made = []

    def make(**kwargs):
        made.append(chromium(**kwargs))
        return made[-1]

    yield make
    for driver in made:
        driver.quit()


def wait(driver, condition, seconds: float = 20):
    return browser.wait(driver, condition, seconds)


def in_dutch(driver, live_server):
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "django_language", "value": "nl", "path": "/"})


def submit(driver, button):
    """Click ``button`` and wait for the next page to load."""
    driver.execute_script("window.troefOldPage = true")
    button.click()
    wait(driver, lambda d: d.execute_script(
        "return window.troefOldPage === undefined && document.readyState === 'complete'"))


def main_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


def log_in(driver, live_server, username, password):
    driver.get(live_server.url + "/accounts/login/")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Aanmelden"
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(password)
    submit(driver, driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert "/accounts/login/" not in driver.current_url, main_text(driver)


def session_client(driver) -> Client:
    """A test client with the browser's session and language: for files Chromium saves."""
    client = Client()
    client.cookies["sessionid"] = driver.get_cookie("sessionid")["value"]
    client.cookies["django_language"] = "nl"
    return client


def shot(driver, name: str, *, size=(1366, 900), tall: bool = False,
         open_details: bool = False):
    """Save the page as SHOTS/NAME.png when TROEF_SCREENSHOTS names a folder: a viewport of
    ``size`` (the phone keeps its own), or the whole page's height with ``tall``."""
    if not SHOTS:
        return
    if open_details:
        driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    if size:
        width, height = size
        if tall:
            height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, height)  # the window: the viewport is smaller by its frame
        frame = height - driver.execute_script("return window.innerHeight")
        driver.set_window_size(width, height + frame)
    driver.execute_script("window.scrollTo(0, 0)")
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(folder / f"{name}.png"))
    if size:
        driver.set_window_size(1366, 900)


def the_club():
    owner = make_user("eigenaar", password=OWNER_PASSWORD, first_name="Greet",
                      last_name="Hermans")
    club = make_club("zwarte-troef")
    club.name, club.town = "De Zwarte Troef", "Gent"
    club.save()
    ClubRole.objects.create(user=owner, club=club, role=ClubRole.Role.OWNER)
    names = [(f, last) for f, last in zip(FIRST_NAMES, VAN + DE)]
    names += [("Rita", "Peeters"), ("Guy", "Janssens")]  # members who do not play tonight
    for first, last in names:
        player = Player.objects.create(first_name=first, last_name=last)
        Membership.objects.create(club=club, player=player)
    return owner, club


def type_deal(driver, keys: str):
    """The points box has the focus: a Dutch trump letter and the points, then Enter."""
    before = len(driver.find_elements(By.CSS_SELECTOR, "tr.deal"))
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    points.send_keys(keys)
    wait(driver, lambda d: "–" in d.find_element(By.ID, "entry-score").text)  # the preview
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal")) == before + 1)


def side_players(table: Table, side: int) -> set[str]:
    return {seat.player.full_name for seat in table.seats.select_related("player")
            if seat.side == side}


def test_a_club_evening_in_dutch(browsers, live_server, mailoutbox, in_process):  # noqa: F811
    owner_user, club = the_club()
    owner = browsers()
    in_dutch(owner, live_server)

    # 1. the owner logs in with the form and invites a scorer by e-mail
    log_in(owner, live_server, "eigenaar", OWNER_PASSWORD)
    owner.get(f"{live_server.url}/clubs/{club.slug}/members/")
    invite = owner.find_element(By.CSS_SELECTOR,
                                f"form[action$='/clubs/{club.slug}/members/invite/']")
    invite.find_element(By.NAME, "email").send_keys("an.teller@example.be")
    Select(invite.find_element(By.NAME, "role")).select_by_value("scorer")
    submit(owner, invite.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert owner.current_url.endswith(f"/clubs/{club.slug}/members/")
    assert "an.teller@example.be" in main_text(owner)  # the open invitation is listed
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["an.teller@example.be"]
    link = re.search(r"https?://\S+/invitations/[\w-]+/", mailoutbox[0].body).group(0)
    assert link.startswith(live_server.url)

    # ... and the scorer, in another browser, makes an account on the invitation's page
    scorer = browsers()
    in_dutch(scorer, live_server)
    scorer.get(link)
    scorer.find_element(By.NAME, "username").send_keys("an-teller")
    scorer.find_element(By.NAME, "password1").send_keys(SCORER_PASSWORD)
    scorer.find_element(By.NAME, "password2").send_keys(SCORER_PASSWORD)
    submit(scorer, scorer.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert scorer.current_url.endswith(f"/clubs/{club.slug}/"), main_text(scorer)
    assert ClubRole.objects.get(club=club, user__username="an-teller").role == "scorer"
    owner.get(f"{live_server.url}/clubs/{club.slug}/members/")
    roles, open_invitations = owner.find_elements(By.CSS_SELECTOR, "main table")[:2]
    assert "an-teller" in roles.text  # a role now, no longer an open invitation
    assert "an.teller@example.be" not in open_invitations.text
    shot(owner, "members")

    # 2. a championship through the form: individual, house rules, one game, confirmed sheets
    owner.get(f"{live_server.url}/clubs/{club.slug}/championships/new/")
    owner.find_element(By.NAME, "name").send_keys("Clubkampioenschap 2026-2027")
    owner.find_element(By.NAME, "season").send_keys("2026-2027")
    Select(owner.find_element(By.NAME, "entry_type")).select_by_value("individual")
    Select(owner.find_element(By.NAME, "draw_method")).select_by_value("random")
    Select(owner.find_element(By.NAME, "format_kind")).select_by_value("one_game")
    for name in ("public", "confirmation_required"):
        box = owner.find_element(By.NAME, name)
        if not box.is_selected():
            box.click()
    submit(owner, owner.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    champ = Championship.objects.get(club=club)
    assert owner.current_url.endswith(f"/championships/{champ.pk}/entries/"), main_text(owner)
    assert champ.is_individual and champ.confirmation_required and champ.public
    assert champ.rule_set.preset == "house" and champ.match_format["kind"] == "one_game"

    # entries from the checklist: "van", tick all shown; then "de", tick all shown
    box = owner.find_element(By.CSS_SELECTOR, ".checklist-filter")
    for word in ("van", "de"):
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)
        box.send_keys(word)
        shown = [row.text for row in owner.find_elements(By.CSS_SELECTOR, ".checklist-items li")
                 if row.is_displayed()]
        assert len(shown) == 8 and all(word in text.lower() for text in shown), shown
        owner.find_element(By.CSS_SELECTOR, ".checklist-all").click()
    assert owner.find_element(By.CSS_SELECTOR, ".checklist-count").text.startswith("16")
    form = owner.find_element(By.CSS_SELECTOR, ".checklist-filter").find_element(
        By.XPATH, "./ancestor::form")
    submit(owner, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    entered = set(champ.entries.values_list("player__last_name", flat=True))
    assert entered == set(VAN + DE)  # Peeters and Janssens stay home

    # draw round 1 on the championship's page, then publish it from the round's page
    owner.get(f"{live_server.url}/championships/{champ.pk}/")
    draw = owner.find_element(By.CSS_SELECTOR, "form[action$='/draw/']")
    draw.find_element(By.NAME, "seed").send_keys("2026")
    submit(owner, draw.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    rnd = Round.objects.get(stage__championship=champ, number=1)
    assert owner.current_url.endswith(f"/rounds/{rnd.pk}/") and rnd.status == "draft"
    assert owner.find_element(By.TAG_NAME, "h1").text.startswith("Ronde 1")
    assert len(owner.find_elements(By.CSS_SELECTOR, "article.draw-table")) == 4
    submit(owner, owner.find_element(By.CSS_SELECTOR, "form[action$='/publish/'] button"))
    rnd.refresh_from_db()
    assert rnd.status == "published"
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    assert [t.number for t in tables] == [1, 2, 3, 4]
    assert Seat.objects.filter(table__round=rnd).count() == 16

    # 3. the score sheets, printed: a PDF job from the reports page, then its file
    owner.get(f"{live_server.url}/reports/championships/{champ.pk}/")
    ask = owner.find_element(By.CSS_SELECTOR, f"form[action='/reports/sheets/{rnd.pk}/request/']")
    assert ask.text == "Scorebladen"
    submit(owner, ask.find_element(By.TAG_NAME, "button"))
    job = ReportJob.objects.get(kind=ReportJob.Kind.SHEETS, round=rnd)
    assert owner.current_url.endswith(f"/reports/jobs/{job.pk}/")
    download = wait(owner, lambda d: d.find_elements(
        By.CSS_SELECTOR, f"a[href='/reports/jobs/{job.pk}/file/']"))[0]
    assert download.text == "De PDF downloaden"
    job.refresh_from_db()
    assert job.status == ReportJob.Status.DONE and job.total == 4
    pdf = session_client(owner).get(download.get_attribute("href"))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    body = b"".join(pdf.streaming_content)
    assert body.startswith(b"%PDF")

    # 4. the scorer types the deals by keyboard: zonder troef (z) counts x2, so two deals
    # of all 60 card points (60 game points each) end the game at 101
    scorer.get(f"{live_server.url}/rounds/{rnd.pk}/")
    links = {int(a.find_element(By.XPATH, "./ancestor::article").find_element(
        By.CSS_SELECTOR, ".table-no").text): a.get_attribute("href")
        for a in scorer.find_elements(By.CSS_SELECTOR, "a.sheet-link")}
    assert sorted(links) == [1, 2, 3, 4]
    plays = {1: ["z60", "z60"],  # side A 120-0
             2: ["k38", "z0", "z0"],  # A 8-0, then B 60 + 60: B wins 120-8
             3: ["h45", "z60", "r31", "z60"],  # A 15 + 60 + 1 + 60 = 136-0
             4: ["s38"]}  # one deal, then the time is up
    for number, deals in plays.items():
        scorer.get(links[number])
        assert scorer.find_element(By.CSS_SELECTOR, ".suit-n kbd.key").text == "z"
        for keys in deals:
            type_deal(scorer, keys)
        if number == 3:
            shot(scorer, "sheet-desktop", size=(1280, 900))
        if number < 4:
            assert "Match afgelopen." in scorer.find_element(By.CSS_SELECTOR, ".match-over").text
            assert not scorer.find_elements(By.ID, "entry-form")
        else:
            assert scorer.find_elements(By.ID, "entry-form")
    trumps = list(Deal.objects.filter(table=tables[2]).order_by("number").values_list(
        "trump", "points", "points_other"))
    assert trumps == [("h", 45, 15), (None, 60, 0), ("d", 31, 29), (None, 60, 0)]
    assert all(d.entered_by.username == "an-teller" for d in Deal.objects.filter(table__round=rnd))

    # the owner, a second person, confirms the three finished sheets
    for number in (1, 2, 3):
        owner.get(links[number])
        submit(owner, owner.find_element(By.CSS_SELECTOR, "form[action$='/confirm/'] button"))
        assert owner.find_element(By.CSS_SELECTOR, ".sheet-state .badge.ok")
    assert [t.confirmed_by_id for t in Table.objects.filter(round=rnd).order_by("number")] == [
        owner_user.pk] * 3 + [None]

    # 5. the closing check: table 4 waits for a decision; an average score, with a reason
    owner.get(f"{live_server.url}/rounds/{rnd.pk}/closing/")
    rows = {int(tr.get_attribute("id").split("-")[1]): tr
            for tr in owner.find_elements(By.CSS_SELECTOR, "table.closing tbody tr")}
    waiting = [n for n, tr in rows.items() if "needs-decision" in tr.get_attribute("class")]
    assert waiting == [4]
    assert "8–0" in rows[4].text  # its game points so far
    reason = "Tijd om na één spel: scheidsrechter beslist"
    decision = rows[4].find_element(By.CSS_SELECTOR, "form.decision")
    Select(decision.find_element(By.NAME, "t4-decision")).select_by_value("average")
    decision.find_element(By.NAME, "t4-reason").send_keys(reason)
    submit(owner, decision.find_element(By.TAG_NAME, "button"))
    assert owner.current_url.endswith(f"/rounds/{rnd.pk}/closing/"), main_text(owner)
    assert not owner.find_elements(By.CSS_SELECTOR, "tr.needs-decision")
    shot(owner, "closing", tall=True)
    close = owner.find_element(By.CSS_SELECTOR, "form.close-round")
    submit(owner, close.find_element(By.CSS_SELECTOR, "button:not([type=button])"))
    rnd.refresh_from_db()
    assert rnd.status == "closed" and rnd.closed_by == owner_user
    assert owner.current_url.endswith(f"/rounds/{rnd.pk}/")
    decided = Table.objects.get(round=rnd, number=4)
    assert (decided.decision, decided.decision_reason) == ("average", reason)
    article = owner.find_elements(By.CSS_SELECTOR, "article.draw-table")[3]
    assert reason in article.find_element(By.CSS_SELECTOR, ".decision").text
    assert reason in owner.find_element(By.CSS_SELECTOR, "ul.decisions").text
    shot(owner, "draw")

    # 6. the standings: a winner leads; the decision is named; the CSV is Excel's Dutch
    owner.get(f"{live_server.url}/championships/{champ.pk}/standings/")
    assert owner.find_element(By.TAG_NAME, "h1").text.startswith("Klassement")
    winners = (side_players(tables[0], 0) | side_players(tables[1], 1)
               | side_players(tables[2], 0))
    losers = (side_players(tables[0], 1) | side_players(tables[1], 0)
              | side_players(tables[2], 1))
    body_rows = owner.find_elements(By.CSS_SELECTOR, "main table tbody tr")
    assert len(body_rows) == 16
    leader = body_rows[0].text
    assert any(name in leader for name in winners), leader
    # the best difference: table 3's side A, 136-0, share the lead
    top = {row.find_elements(By.TAG_NAME, "td")[1].text for row in body_rows[:2]}
    assert top == side_players(tables[2], 0)
    assert [row.find_element(By.TAG_NAME, "td").text for row in body_rows[:2]] == ["=1", "=1"]
    last = body_rows[-1].text
    assert any(name in last for name in losers), last
    assert reason in owner.find_element(By.CSS_SELECTOR, "ul.decisions").text
    shot(owner, "standings")
    csv_link = owner.find_element(By.CSS_SELECTOR, "p.export a[href*='_export=csv']")
    csv = Client()  # public: no session needed
    csv.cookies["django_language"] = "nl"
    response = csv.get(csv_link.get_attribute("href").removeprefix(live_server.url))
    assert response.status_code == 200 and "text/csv" in response["Content-Type"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    lines = text.lstrip("\ufeff").splitlines()
    assert len(lines) == 17 and all(";" in line for line in lines)
    assert lines[0].split(";")[:2] == ["Rang", "Deelnemer"], lines[0]
    assert any(name in lines[1] for name in winners), lines[1]

    # 7. round 2: drawn and published; its four tables exist, everyone seated once
    owner.get(f"{live_server.url}/championships/{champ.pk}/")
    draw = owner.find_element(By.CSS_SELECTOR, "form[action$='/draw/']")
    submit(owner, draw.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    second = Round.objects.get(stage__championship=champ, number=2)
    assert owner.current_url.endswith(f"/rounds/{second.pk}/")
    submit(owner, owner.find_element(By.CSS_SELECTOR, "form[action$='/publish/'] button"))
    second.refresh_from_db()
    assert second.status == "published"
    assert list(second.tables.order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4]
    assert Seat.objects.filter(table__round=second).values("entry").distinct().count() == 16
    assert len(owner.find_elements(By.CSS_SELECTOR, "article.draw-table")) == 4
    assert owner.find_element(By.TAG_NAME, "h1").text.startswith("Ronde 2")
    shot(owner, "round-reasons", open_details=True)

    if SHOTS:
        owner.get(f"{live_server.url}/championships/{champ.pk}/projector/")
        wait(owner, lambda d: d.find_element(By.ID, "projector-title").text)
        shot(owner, "projector")
        phone_shots(browsers(phone=True), owner, live_server, champ, rnd, second, links)


def phone_shots(phone, owner, live_server, champ, rnd, second, links):
    """The same evening on a 390 px phone, logged in as the owner."""
    in_dutch(phone, live_server)
    phone.add_cookie({"name": "sessionid", "value": owner.get_cookie("sessionid")["value"],
                      "path": "/"})
    for path, name, size in ((links[4], "sheet-phone", None),
                             (f"/championships/{champ.pk}/standings/", "standings-phone", None),
                             (f"/rounds/{second.pk}/closing/", "closing-phone", None),
                             (f"/rounds/{rnd.pk}/", "draw-phone", None),
                             (f"/clubs/{champ.club.slug}/members/", "members-phone", None)):
        phone.get(path if path.startswith("http") else live_server.url + path)
        assert phone.execute_script("return window.innerWidth") == 390
        shot(phone, name, size=size)
