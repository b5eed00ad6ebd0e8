"""The score sheet in a browser, as a scorer types it: the points box has the focus, a
letter names the trump, the other side's points fill themselves in, the live figures come
from the server's preview as you type, Enter saves, and the next deal is ready at once.
Also the same page in a phone-sized window: nothing sticks out sideways."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Deal
from tests.factories import make_user
from tests.helpers.browser import wait
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def score_text(driver) -> str:
    return driver.find_element(By.ID, "entry-score").text


@pytest.fixture
def table():
    return sheet_table(make_user("scorer"))


def open_sheet(logged_in, live_server, table):
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.find_element(By.ID, "entry-form"))
    return driver


def test_a_deal_in_a_few_keystrokes_and_enter(logged_in, live_server, table):
    driver = open_sheet(logged_in, live_server, table)
    # the cursor waits in the points box
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    points.send_keys("h38")
    wait(driver, lambda d: "8 – 0" in score_text(d))  # the server's preview: 38 - 30 = 8
    assert driver.find_element(By.NAME, "points_other").get_attribute("value") == "22"
    assert driver.find_element(By.CSS_SELECTOR, "input[name=trump][value=h]").is_selected()
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "tr.deal"))
    deal = Deal.objects.get(table=table)
    assert (deal.number, deal.trump, deal.points, deal.points_other) == (1, "h", 38, 22)

    # the next deal: focus back in the points box, the next dealer chosen
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    dealer = driver.find_element(By.NAME, "dealer")
    assert dealer.get_attribute("value") == str((table.first_dealer + 1) % 4)
    points.send_keys("n25")  # no trump (x2): the other side scores (35 - 30) x 2
    wait(driver, lambda d: "0 – 10" in score_text(d) and "8 – 10" in score_text(d))
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal")) == 2)
    assert list(Deal.objects.filter(table=table).values_list("trump", "points")) == [
        ("h", 38), (None, 25)]


def test_a_refusal_shows_next_to_the_points_while_typing(logged_in, live_server, table):
    driver = open_sheet(logged_in, live_server, table)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    points.send_keys("h70")  # more than the 60 card points in play
    live = driver.find_element(By.ID, "entry-live-error")
    wait(driver, lambda d: live.is_displayed() and "60" in live.text)
    assert score_text(driver) == ""
    points.send_keys(Keys.ENTER)
    refusal = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "p.error[data-for]"))
    assert "60" in refusal[0].text
    assert not Deal.objects.filter(table=table).exists()


def test_the_sheet_fits_a_phone(logged_in, live_server, table):
    driver = open_sheet(logged_in, live_server, table)
    driver.set_window_size(390, 844)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    width = driver.execute_script("return window.innerWidth")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    for name in ("points", "points_other"):
        box = driver.find_element(By.NAME, name).rect
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box, width)
    save = driver.find_element(By.CSS_SELECTOR, "button.e-save").rect
    assert save["x"] + save["width"] <= width


def test_players_enter_their_own_table_on_a_phone_with_its_code(browser, live_server):
    table = sheet_table(make_user("organiser"), self_entry=True)
    browser.set_window_size(390, 844)
    browser.get(f"{live_server.url}/sheet/{table.code}/")  # nobody logged in: the code is enough
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = browser.switch_to.active_element
    points.send_keys("d41")
    wait(browser, lambda d: "11 – 0" in score_text(d))
    points.send_keys(Keys.ENTER)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "tr.deal"))
    deal = Deal.objects.get(table=table)
    assert (deal.trump, deal.points, deal.entered_by_id) == ("d", 41, None)
    assert table.changes.get().by_code
    width = browser.execute_script("return window.innerWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width


def test_a_typed_value_is_never_overwritten_by_the_complement(logged_in, live_server, table):
    """40, Tab, 30, Enter once saved a 30-30 tie nobody typed: typing 30 in the second box
    rewrote the first. Now both boxes keep what was typed, and the sheet refuses 40 + 30."""
    driver = open_sheet(logged_in, live_server, table)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    points.send_keys("h40")
    other = driver.find_element(By.NAME, "points_other")
    wait(driver, lambda d: other.get_attribute("value") == "20")  # filled in: an empty box
    points.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("name") == "points_other"
    other.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "30")
    assert points.get_attribute("value") == "40"  # typed: kept
    assert other.get_attribute("value") == "30"
    other.send_keys(Keys.ENTER)
    refusal = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "p.error[data-for]"))
    assert "60" in refusal[0].text and "70" in refusal[0].text
    assert not Deal.objects.filter(table=table).exists()


def test_the_complement_follows_while_the_other_box_is_its_own(logged_in, live_server, table):
    driver = open_sheet(logged_in, live_server, table)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    other = driver.find_element(By.NAME, "points_other")
    points.send_keys("h3")
    wait(driver, lambda d: other.get_attribute("value") == "57")
    points.send_keys("8")  # 38: the filled box follows
    wait(driver, lambda d: other.get_attribute("value") == "22")
    points.send_keys(Keys.BACKSPACE, Keys.BACKSPACE)  # emptied: so is the box it filled
    wait(driver, lambda d: other.get_attribute("value") == "")


@pytest.mark.parametrize("language, typed, trump, shown", [
    ("nl", "k38", "c", "k"), ("nl", "z38", "n", "z"),
    ("nl", "d38", "d", "o"),  # the English letter still works; the button shows koekens' o
    ("nl", "e38", "h", "e"), ("nl", "r38", "d", "o"),  # ertens; ruiten's r still works
    ("fr", "c38", "h", "c"), ("fr", "t38", "c", "t"), ("fr", "a38", "n", "a")])
def test_trump_letters_in_the_pages_language(logged_in, live_server, table, language, typed,
                                             trump, shown):
    """Issue 14 point 8: k(lavers), z(onder troef), issue 28 point 12: the Flemish suit names'
    letters (RULES.md §12); in French c is cœur, t(rèfle), a(tout)."""
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.add_cookie({"name": "django_language", "value": language, "path": "/"})
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    driver.switch_to.active_element.send_keys(typed)
    wait(driver, lambda d: d.find_element(
        By.CSS_SELECTOR, f"input[name=trump][value={trump}]").is_selected())
    assert driver.find_element(By.CSS_SELECTOR, f".suit-{trump} kbd.key").text == shown


def test_the_page_puts_a_fresh_write_once_key_in_the_form(logged_in, live_server, table):
    """troef.js gives the entry form a new key each time the page is shown (a copy from the
    offline cache or the history carries the key it was rendered with): the server renders
    32 hex digits, Chromium's crypto.randomUUID() a UUID with dashes."""
    import re

    uuid = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
    driver = open_sheet(logged_in, live_server, table)

    def key(d):
        return d.find_element(By.CSS_SELECTOR, "#entry-form input[name=key]").get_property(
            "value")

    wait(driver, lambda d: uuid.match(key(d)))
    first = key(driver)
    driver.refresh()
    wait(driver, lambda d: uuid.match(key(d)) and key(d) != first)
