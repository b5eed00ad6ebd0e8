"""Issue 29 points 2 and 3: a whole Flemish match typed without the mouse, mee and tegen
included (x, then the caller's number as the list shows it; 0: not recorded), heard as well
as seen: the preview names the trump and the multiplier, a status line says each saved deal,
and when a game or the match ends the cursor goes to the result."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from club.models import Deal
from tests.factories import make_user
from tests.helpers.browser import active, focused_name, wait
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def table():
    return sheet_table(make_user("scorer"), rules="flemish",
                       match_format={"kind": "games", "count": 2, "minutes": None})


@pytest.fixture
def sheet(logged_in, live_server, table):
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: focused_name(d) == "points")
    return driver


def seats(table, dealer):
    """The dealer's partner and the two opponents, as seat positions."""
    sides = {s.position: s.side for s in table.seats.all()}
    partner = next(p for p, side in sides.items() if side == sides[dealer] and p != dealer)
    return partner, sorted(p for p, side in sides.items() if side != sides[dealer])


def key(seat: int) -> str:
    return str(seat + 1)


def score_text(driver) -> str:
    return driver.find_element(By.ID, "entry-score").text


def said(driver) -> str:
    return driver.find_element(By.ID, "sheet-said").text


def ready_for(driver, number: int):
    """The entry row waits for deal ``number``, the cursor in its points box."""
    wait(driver, lambda d: focused_name(d) == "points"
         and d.find_element(By.CSS_SELECTOR, "#entry-form .e-num").text == str(number))


def test_a_whole_flemish_match_by_keyboard(sheet, table):
    driver = sheet
    dealer = table.first_dealer
    partner, opponents = seats(table, dealer)
    names = {s.position: s.player.full_name for s in table.seats.select_related("player")}
    points = active(driver)
    # the keys legend describes the points box
    described = points.get_attribute("aria-describedby").split()
    legend = driver.find_element(By.ID, described[0])
    assert "x = doubling" in legend.text and "0: not recorded" in legend.text

    # deal 1: hearts, mee by an opponent, tegen by the dealer's partner, 45 card points
    points.send_keys("h", "x")
    # x asks who: the call's question and only the players who may make it, with their keys
    wait(driver, lambda d: "Doubled (mee) by" in score_text(d))
    prompt = score_text(driver)
    assert f"{key(opponents[0])} {names[opponents[0]]}" in prompt
    assert f"{key(opponents[1])} {names[opponents[1]]}" in prompt
    assert names[dealer] not in prompt and names[partner] not in prompt
    assert "0 not recorded" in prompt
    points.send_keys(key(dealer))  # the dealer may not double: said, nothing chosen
    wait(driver, lambda d: "may not make this call" in score_text(d))
    assert Select(driver.find_element(By.NAME, "call_1")).first_selected_option.get_attribute(
        "value") == ""
    points.send_keys(key(opponents[1]), "x")
    wait(driver, lambda d: "Redoubled (tegen) by" in score_text(d))
    assert names[partner] in score_text(driver) and names[opponents[0]] not in score_text(driver)
    points.send_keys(key(partner), "45")
    # the live figures name the trump and the multiplier: (45 - 30) x 4
    wait(driver, lambda d: "hearts, ×4 → 60 – 0" in score_text(d))
    assert points.get_attribute("value") == "45"
    assert driver.find_element(By.CSS_SELECTOR, "input[name=doubling][value='4']").is_selected()
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).exists())
    deal = Deal.objects.get(table=table, number=1)
    assert (deal.trump, deal.doubling, deal.calls, deal.points) == ("h", 4, [opponents[1], partner], 45)
    ready_for(driver, 2)
    wait(driver, lambda d: said(d) == "Deal 1 saved: hearts, ×4, 60–0, totals 60–0.")
    assert driver.find_element(By.ID, "sheet-said").get_attribute("role") == "status"

    # deal 2: the paper sheet says only x2: x 0, "not recorded"; spades, 45
    dealer = (dealer + 1) % 4
    active(driver).send_keys("s", "x", "0", "45")
    wait(driver, lambda d: "spades, ×2 → 30 – 0" in score_text(d))
    active(driver).send_keys(Keys.ENTER)
    ready_for(driver, 3)
    deal = Deal.objects.get(table=table, number=2)
    assert (deal.doubling, deal.calls) == (2, [None])
    wait(driver, lambda d: said(d) == "Deal 2 saved: spades, ×2, 30–0, totals 90–0.")
    assert "mee: not recorded" in driver.find_element(By.ID, "deal-2").text

    # deal 3 ends game 1: the cursor goes to the result, which is said with the deal
    dealer = (dealer + 1) % 4
    partner, opponents = seats(table, dealer)
    active(driver).send_keys("c", "x", key(opponents[0]), "41", Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table, number=3).exists())
    wait(driver, lambda d: active(d).tag_name == "td" and "Game 1 won by" in active(d).text)
    assert active(driver).find_element(By.XPATH, "..").get_attribute("class") == "game-end"
    wait(driver, lambda d: said(d).startswith("Deal 3 saved: clubs, ×2, 22–0, totals 112–0.")
         and "Game 1 won by" in said(d))

    # typing goes on from there, in the next deal's points box: game 2
    dealer = (dealer + 1) % 4
    partner, opponents = seats(table, dealer)
    active(driver).send_keys("d")
    assert focused_name(driver) == "points"
    active(driver).send_keys("x", key(opponents[0]), "x", key(partner), "45")
    wait(driver, lambda d: "diamonds, ×4 → 60 – 0" in score_text(d))
    active(driver).send_keys(Keys.ENTER)
    ready_for(driver, 5)
    dealer = (dealer + 1) % 4
    partner, opponents = seats(table, dealer)
    active(driver).send_keys("h", "x", key(opponents[1]), "x", key(partner), "45", Keys.ENTER)
    # deal 5 ends game 2 and the match: no entry row any more, the cursor on the result
    wait(driver, lambda d: active(d).get_attribute("id") == "match-state")
    assert "Match over" in active(driver).text
    wait(driver, lambda d: said(d).startswith("Deal 5 saved: hearts, ×4, 60–0, totals 120–0.")
         and "Match over" in said(d))
    assert [d.calls for d in Deal.objects.filter(table=table).order_by("number")] == [
        [seats(table, table.first_dealer)[1][1], seats(table, table.first_dealer)[0]], [None],
        [seats(table, (table.first_dealer + 2) % 4)[1][0]],
        [seats(table, (table.first_dealer + 3) % 4)[1][0], seats(table, (table.first_dealer + 3) % 4)[0]],
        [seats(table, table.first_dealer)[1][1], seats(table, table.first_dealer)[0]]]


def test_backspace_takes_a_call_back_and_escape_leaves(sheet, table):
    driver = sheet
    partner, opponents = seats(table, table.first_dealer)
    points = active(driver)
    points.send_keys("h", "x", key(opponents[0]), "x", key(partner))
    assert driver.find_element(By.CSS_SELECTOR, "input[name=doubling][value='4']").is_selected()
    points.send_keys("x", Keys.BACKSPACE)  # tegen taken back: x2
    assert Select(driver.find_element(By.NAME, "call_2")).first_selected_option.get_attribute(
        "value") == ""
    assert driver.find_element(By.CSS_SELECTOR, "input[name=doubling][value='2']").is_selected()
    points.send_keys("x", Keys.ESCAPE, "38")  # x, then Escape: the digits are points again
    assert points.get_attribute("value") == "38"
    wait(driver, lambda d: "hearts, ×2 → 16 – 0" in score_text(d))


def test_the_lists_follow_the_dealer(sheet, table):
    driver = sheet
    dealer = table.first_dealer
    other = dealer + 1 if dealer < 3 else dealer - 1  # the next seat in the list
    partner, opponents = seats(table, other)
    dealer_box = driver.find_element(By.NAME, "dealer")
    dealer_box.send_keys(Keys.ARROW_DOWN if other > dealer else Keys.ARROW_UP)
    wait(driver, lambda d: d.find_element(By.NAME, "dealer").get_attribute("value") == str(other))
    wait(driver, lambda d: [o.get_attribute("value") for o in Select(
        d.find_element(By.NAME, "call_2")).options] == ["", str(partner), "?"])
    assert [o.get_attribute("value") for o in Select(
        driver.find_element(By.NAME, "call_1")).options] == ["", *map(str, opponents), "?"]
