"""axe-core (through selenium-axe-python) on every page of the demo world (issue 14 point
11): logged out and as the organiser, in English, Dutch and French, in a 1280 px window and
in a 390 px phone. A violation of impact "serious" or "critical" fails, named by rule,
element and page. WCAG 2.2's target size (24 x 24 CSS px) is switched on: axe leaves it off
by default.

Every page in English at both sizes; a representative set (a form with its errors, the
sheet, the standings, the charts) in Dutch and French: the same templates, so what differs
is the translated text (its length and its ``lang``)."""

from __future__ import annotations

import io
import json
import time

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from club.models import Championship, Pair, Player, ReportJob, Round, RuleSet, Table
from club.services import draws
from club.services.rulesets import copy_rule_set
from tests.club.test_sheet_support import sheet_table
from tests.e2e.conftest import CHROMEDRIVER, CHROMIUM
from tests.factories import make_championship

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
OPTIONS = {"rules": {"target-size": {"enabled": True}},
           "resultTypes": ["violations"]}
BLOCKING = {"serious", "critical"}
# The pages read in every language; the others in English only (see the docstring).
EVERY_LANGUAGE = {"home", "standings", "round", "sheet", "sheet-edit", "sheet-refused",
                  "sheet-threes", "reports-round", "club-edit-errors"}


def chromium(size: str):
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    width, height = SIZES[size]
    if size == "phone":  # as tests/e2e/test_phone_width.py: a touch screen, 390 CSS px wide
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    # axe-core in every page as it loads (through DevTools: outside the page's CSP), rather
    # than sent over WebDriver for each page
    from selenium_axe_python.axe import _DEFAULT_SCRIPT

    with open(_DEFAULT_SCRIPT, encoding="utf8") as script:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script.read()})
    return driver


def duplicate_pages(club) -> tuple[dict[str, str], dict[str, str]]:
    """The demo's duplicate evening: (public pages, the organiser's)."""
    from club.models import DuplicateEvent, Traveller

    event = DuplicateEvent.objects.get(club=club)
    session = event.sessions.get()
    table = session.tables.get(round=1, number=1)
    played = Traveller.objects.filter(board__session=session, play__isnull=False).first()
    return ({"duplicate-list": f"/clubs/{club.slug}/duplicate/",
             "duplicate-event": f"/duplicate/{event.pk}/",
             "duplicate-round": f"/duplicate/sessions/{session.pk}/rounds/1/",
             "duplicate-board": f"/duplicate/sessions/{session.pk}/boards/1/",
             "duplicate-standings": f"/duplicate/{event.pk}/standings/",
             "duplicate-analysis": f"/duplicate/travellers/{played.pk}/analysis/"},
            {"duplicate-new": f"/clubs/{club.slug}/duplicate/new/",
             "duplicate-traveller": f"/duplicate/tables/{table.pk}/boards/{table.boards[0]}/",
             "duplicate-cards": f"/duplicate/sessions/{session.pk}/boards/1/cards/",
             "duplicate-pdfs": f"/duplicate/sessions/{session.pk}/pdf/"})


def auction_pages(club) -> tuple[dict[str, str], dict[str, str]]:
    """The demo's auction evening (two rounds closed, the third open): (public pages, the
    organiser's)."""
    evening = Championship.objects.get(club=club, rule_set__preset="auction2")
    rounds = list(Round.objects.filter(stage__championship=evening).order_by("number"))
    closed, open_round = rounds[0], rounds[-1]
    closed_table = Table.objects.filter(round=closed, is_bye=False).order_by("number").first()
    open_table = Table.objects.filter(round=open_round, is_bye=False).order_by("number").first()
    return ({"auction": f"/championships/{evening.pk}/",
             "auction-standings": f"/championships/{evening.pk}/standings/",
             "auction-places": f"/championships/{evening.pk}/standings/?order=places",
             "auction-round": f"/rounds/{open_round.pk}/"},
            {"auction-sheet": f"/tables/{open_table.pk}/sheet/",
             "auction-closed-sheet": f"/tables/{closed_table.pk}/sheet/",
             "auction-reports-round": f"/reports/rounds/{closed.pk}/"})


def demo_pages() -> tuple[dict[str, str], dict[str, str]]:
    """(pages anyone may read, pages of the organiser) of the demo world, by a short name."""
    call_command("demo", stdout=io.StringIO())
    pairs = Championship.objects.get(entry_type="pairs")
    individual = Championship.objects.get(entry_type="individual", rule_set__preset="house")
    club = pairs.club
    open_round = individual.stages.get(number=1).rounds.order_by("-number").first()
    table = Table.objects.filter(round=open_round, is_bye=False).order_by("number").first()
    closed_table = Table.objects.filter(round__stage__championship=pairs, is_bye=False).first()
    player = Player.objects.get(member_number="ZT-001")
    pair = Pair.objects.filter(club=club).first()
    rule_set = RuleSet.objects.get(club=None, preset="house")
    own_rules = copy_rule_set(club, rule_set)
    # a sheet waiting for its first deal (the entry row), and a table of three
    organiser_user = get_user_model().objects.get(username="organiser")
    fresh = sheet_table(organiser_user, slug=club.slug)
    threes = make_championship(club, entries=7, entry_type="individual", odd_players="threes",
                               name="Threes")
    threes_round = draws.draw_round(threes.stages.get(), seed=42)
    draws.publish_round(threes_round)
    three = next(t for t in threes_round.tables.filter(is_bye=False) if t.seats.count() == 3)
    job = ReportJob.objects.create(kind=ReportJob.Kind.STANDINGS, championship=pairs,
                                   fingerprint="a11y", status=ReportJob.Status.RUNNING,
                                   done=1, total=3)
    public = {
        "home": "/", "clubs": "/clubs/", "club": f"/clubs/{club.slug}/",
        "login": "/accounts/login/", "championship": f"/championships/{pairs.pk}/",
        "standings": f"/championships/{pairs.pk}/standings/",
        "individual-standings": f"/championships/{individual.pk}/standings/",
        "ladder": f"/clubs/{club.slug}/ladder/?season=2026-2027",
        "club-ranking": "/rankings/clubs/", "player": f"/players/{player.pk}/",
        "ruleset": f"/rulesets/{rule_set.pk}/",
        "code-sheet": f"/sheet/{table.code}/", "not-found": "/no-such-page/",
        "projector": f"/championships/{pairs.pk}/projector/",
        "ratings": "/ratings/", "club-ratings": f"/clubs/{club.slug}/ratings/",
        "rating-player": f"/ratings/players/{player.pk}/",
        "password-reset": "/account/password/reset/",
        **duplicate_pages(club)[0], **auction_pages(club)[0],
    }
    organiser = {
        "home": "/", "club": f"/clubs/{club.slug}/",
        "championship": f"/championships/{pairs.pk}/",
        "individual": f"/championships/{individual.pk}/",
        "standings": f"/championships/{pairs.pk}/standings/",
        "entries": f"/championships/{individual.pk}/entries/",
        "substitute": f"/championships/{individual.pk}/substitute/",
        "round": f"/rounds/{open_round.pk}/",
        "closed-round": f"/rounds/{closed_table.round_id}/",
        "sheet": f"/tables/{fresh.pk}/sheet/",
        "sheet-refused": f"/tables/{fresh.pk}/sheet/#refuse",
        "sheet-threes": f"/tables/{three.pk}/sheet/",
        "finished-sheet": f"/tables/{table.pk}/sheet/",
        "sheet-edit": f"/tables/{table.pk}/sheet/deals/1/",
        "closed-sheet": f"/tables/{closed_table.pk}/sheet/",
        "closed-sheet-edit": f"/tables/{closed_table.pk}/sheet/deals/1/",
        "tricks": f"/tables/{table.pk}/sheet/tricks/",
        "sheet-changes": f"/tables/{table.pk}/sheet/changes/",
        "championship-changes": f"/championships/{pairs.pk}/sheet-changes/",
        "reports": f"/reports/championships/{pairs.pk}/",
        "reports-round": f"/reports/rounds/{closed_table.round_id}/?table={closed_table.number}",
        "job": f"/reports/jobs/{job.pk}/",
        "club-edit": f"/clubs/{club.slug}/edit/",
        "club-edit-errors": f"/clubs/{club.slug}/edit/#errors",
        "club-new": "/clubs/new/", "player-add": f"/clubs/{club.slug}/players/add/",
        "player-import": f"/clubs/{club.slug}/players/import/",
        "player-edit": f"/players/{player.pk}/edit/",
        "membership": f"/clubs/{club.slug}/members/{player.pk}/",
        "pair-add": f"/clubs/{club.slug}/pairs/add/",
        "pair-edit": f"/clubs/{club.slug}/pairs/{pair.pk}/",
        "championship-new": f"/clubs/{club.slug}/championships/new/",
        "rulesets": f"/clubs/{club.slug}/rulesets/",
        "ruleset-edit": f"/rulesets/{own_rules.pk}/edit/",
        **duplicate_pages(club)[1], **auction_pages(club)[1],
        "ladder": f"/clubs/{club.slug}/ladder/?season=2026-2027",
        "player": f"/players/{player.pk}/",
        "members": f"/clubs/{club.slug}/members/", "account": "/account/",
        "api-tokens": "/account/api-tokens/", "password-change": "/account/password/",
        "closing": f"/rounds/{open_round.pk}/closing/",
        "anonymise": f"/players/{player.pk}/anonymise/",
        "club-ratings": f"/clubs/{club.slug}/ratings/",
        "rating-settings": f"/clubs/{club.slug}/ratings/settings/",
        "club-rating-player": f"/clubs/{club.slug}/ratings/players/{player.pk}/",
    }
    return public, organiser


def log_in(driver, live_server, client):
    client.force_login(get_user_model().objects.get(username="organiser"))
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                       "path": "/"})


def set_language(driver, live_server, language: str):
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "django_language", "value": language, "path": "/"})


def open_page(driver, live_server, name: str, path: str):
    driver.get(live_server.url + path.split("#")[0])
    if path.endswith("#errors"):
        # a form sent with its first text box emptied: the page with the errors
        box = driver.find_element(By.CSS_SELECTOR, "form.form input[type=text]")
        box.clear()
        driver.execute_script("arguments[0].form.requestSubmit()", box)
        # the answer is a new page: wait for it
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]"))
    elif path.endswith("#refuse"):
        # a deal the sheet refuses (70 card points of 60), sent with Enter
        box = driver.find_element(By.NAME, "points")
        box.send_keys("h70", Keys.ENTER)
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#entry-live-error p.error"))


def serious(driver) -> list[dict]:
    from selenium_axe_python import Axe

    # axe-core is already in the page (see chromium()); Axe.run writes the options into
    # its script as text
    results = Axe(driver).run(options=json.dumps(OPTIONS))
    return [v for v in results["violations"] if v["impact"] in BLOCKING]


# Text smaller than 12 CSS px (axe does not measure it): each visible element with its own
# text, as "selector size".
SMALL_TEXT = """
var found = [];
document.querySelectorAll("body *").forEach(function (el) {
  var own = Array.prototype.some.call(el.childNodes, function (n) {
    return n.nodeType === 3 && n.textContent.trim() !== ""; });
  if (!own || !el.getClientRects().length) return;
  var style = getComputedStyle(el);
  if (style.visibility === "hidden" || el.closest(".vh, [hidden], svg")) return;
  var size = parseFloat(style.fontSize);
  if (size < 12) found.push(el.tagName.toLowerCase() + (el.className ? "." + el.className : "") +
                            " " + size + "px");
});
return found;
"""


# An aria-describedby or aria-labelledby naming an id the page lacks (axe does not
# check that): Django's form fields name id_X_helptext and id_X_error, the templates must
# render them.
DANGLING = """
var found = [];
document.querySelectorAll("[aria-describedby], [aria-labelledby]").forEach(function (el) {
  ["aria-describedby", "aria-labelledby"].forEach(function (name) {
    (el.getAttribute(name) || "").split(/\\s+/).forEach(function (id) {
      if (id && !document.getElementById(id)) found.push(name + "=" + id);
    });
  });
});
return found;
"""


def audit(driver, live_server, pages: dict[str, str], label: str,
          only: set[str] | None = None) -> list[str]:
    found = []
    for name, path in pages.items():
        if only is not None and name not in only:
            continue
        open_page(driver, live_server, name, path)
        for violation in serious(driver):
            for node in violation["nodes"]:
                found.append(f"{label} {name} {path}: {violation['id']} ({violation['impact']})"
                             f" {' '.join(map(str, node['target']))}")
        for missing in driver.execute_script(DANGLING):
            found.append(f"{label} {name} {path}: names a missing id: {missing}")
        for small in driver.execute_script(SMALL_TEXT):
            found.append(f"{label} {name} {path}: text under 12 px: {small}")
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_violation_on_any_page(size, live_server, client):
    public, organiser = demo_pages()
    driver = chromium(size)
    found = []
    started = time.monotonic()
    try:
        for language in ("en", "nl", "fr"):
            only = None if language == "en" else EVERY_LANGUAGE
            driver.delete_all_cookies()
            set_language(driver, live_server, language)
            found += audit(driver, live_server, public, f"[{size} {language} visitor]", only)
            log_in(driver, live_server, client)
            found += audit(driver, live_server, organiser, f"[{size} {language} organiser]",
                           only)
    finally:
        driver.quit()
    print(f"axe at {size}: {time.monotonic() - started:.1f} s")
    assert found == [], "\n".join(found)
