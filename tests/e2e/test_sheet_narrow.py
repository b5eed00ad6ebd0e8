"""Issue 29 point 5: the score sheet on a 390 px phone and at 200% zoom (a 1280 px window at
200% is 640 CSS px): nothing scrolls sideways inside the sheet's box, and every deal's
dealer, notes and game points are shown inside the screen (a second line per deal), as are
a correction's buttons and each row's ✎ link; the auction sheet keeps every player's column
in its box."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from club.models import Deal, Round, Table
from club.services.draws import draw_round, publish_round
from tests.factories import make_championship, make_club, make_user
from tests.helpers.browser import touch_phone, wait
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

WIDTHS = [390, 640]


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def narrow(request):
    """A Chromium whose page is ``request.param`` CSS px wide (a touch phone at 390)."""
    driver = touch_phone(request.param)
    yield driver
    driver.quit()


def log_in(driver, live_server, client, user):
    client.force_login(user)
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                       "path": "/"})


def flemish_sheet():
    """A Flemish table with deals whose notes are long: both calls, a tie, all tricks."""
    table = sheet_table(make_user("scorer"), rules="flemish")
    first = table.first_dealer
    sides = {s.position: s.side for s in table.seats.all()}

    def callers(dealer):
        partner = next(p for p, s in sides.items() if s == sides[dealer] and p != dealer)
        return [next(p for p, s in sides.items() if s != sides[dealer]), partner]

    rows = [{"trump": "h", "doubling": 4, "calls": callers(first), "points": 41, "points_other": 19},
            {"trump": "s", "doubling": 1, "calls": [], "points": 30, "points_other": 30},
            {"trump": None, "doubling": 2, "calls": callers((first + 2) % 4)[:1], "points": 60,
                 "points_other": 0, "all_tricks": 0}]
    for number, facts in enumerate(rows, 1):
        Deal.objects.create(table=table, number=number, dealer=(first + number - 1) % 4, **facts)
    return table


def fits(driver, box_selector: str) -> None:
    width = driver.execute_script("return window.innerWidth")
    box = driver.find_element(By.CSS_SELECTOR, box_selector)
    scroll, client = driver.execute_script(
        "return [arguments[0].scrollWidth, arguments[0].clientWidth]", box)
    assert scroll <= client, f"{box_selector} scrolls sideways: {scroll} > {client} at {width}"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


def inside(driver, element, what: str) -> None:
    width = driver.execute_script("return window.innerWidth")
    assert element.is_displayed(), f"{what} hidden at {width} px"
    rect = element.rect
    assert rect["x"] >= 0 and rect["x"] + rect["width"] <= width + 0.5, (what, rect, width)


def test_the_partnership_sheet_fits_with_dealer_notes_and_game_points(narrow, live_server,
                                                                        client):
    table = flemish_sheet()
    log_in(narrow, live_server, client, table.round.stage.championship.club.roles.first().user)
    narrow.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(narrow, lambda d: d.find_elements(By.CSS_SELECTOR, "tr.deal"))
    fits(narrow, ".sheet-wrap")
    rows = narrow.find_elements(By.CSS_SELECTOR, "tr.deal")
    assert len(rows) == 3
    for row in rows:
        number = row.get_attribute("id")
        inside(narrow, row.find_element(By.CSS_SELECTOR, "td.dealer"), f"{number} dealer")
        notes = row.find_element(By.CSS_SELECTOR, "td.notes")
        inside(narrow, notes, f"{number} notes")
        for tag in notes.find_elements(By.CSS_SELECTOR, ".tag"):
            inside(narrow, tag, f"{number} note {tag.text}")
        for cell in row.find_elements(By.CSS_SELECTOR, "td.gp"):
            inside(narrow, cell, f"{number} game points")
        inside(narrow, row.find_element(By.CSS_SELECTOR, "td.act a"), f"{number} ✎")
    assert "mee:" in rows[0].text and "tegen:" in rows[0].text
    assert "tie" in rows[1].text
    # a correction: its Save, Cancel and Delete inside the screen
    narrow.get(f"{live_server.url}/tables/{table.pk}/sheet/deals/2/")
    wait(narrow, lambda d: d.find_elements(By.CSS_SELECTOR, "button.danger"))
    fits(narrow, ".sheet-wrap")
    for selector in ("button.e-save", ".e-buttons a.button", "button.danger"):
        inside(narrow, narrow.find_element(By.CSS_SELECTOR, selector), selector)
    for call in narrow.find_elements(By.CSS_SELECTOR, ".e-call select"):
        inside(narrow, call, call.get_attribute("name"))


def test_the_auction_sheet_keeps_every_player_in_its_box(narrow, live_server, client):
    organiser = make_user("auctioneer")
    club = make_club("narrow-auction", organiser=organiser)
    champ = make_championship(club, entries=6, entry_type="individual", rules="auction2",
                              table_size=6)
    rnd = draw_round(champ.stages.get(), seed=5)
    publish_round(Round.objects.get(pk=rnd.pk))
    table = Table.objects.filter(round=rnd).first()
    log_in(narrow, live_server, client, organiser)
    narrow.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(narrow, lambda d: d.find_elements(By.ID, "entry-form"))
    players = narrow.find_elements(By.CSS_SELECTOR, "thead th.player")
    assert len(players) == table.seats.count() >= 5
    fits(narrow, ".sheet-wrap")
    for th in players:
        inside(narrow, th, f"player column {th.text}")
    inside(narrow, narrow.find_element(By.CSS_SELECTOR, "button.e-save"), "save")
