"""The score sheet with the keyboard only (issue 14 point 11): a deal, a correction and a
refusal, with Tab, the arrow keys, letters and Enter; where the cursor goes after each, and
the refusal said once, in the live region, tied to the field at fault."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Deal
from tests.helpers.browser import active, entry_row, focused_name, scorer_table, wait  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def tab_to(driver, predicate, limit: int = 60, back: bool = False):
    """Press Tab (or Shift+Tab) until the focused element matches."""
    for _ in range(limit):
        if predicate(active(driver)):
            return active(driver)
        if back:
            active(driver).send_keys(Keys.SHIFT, Keys.TAB)
        else:
            active(driver).send_keys(Keys.TAB)
    raise AssertionError("never reached by the keyboard")


def test_a_deal_with_tab_arrows_and_enter(sheet, table):
    driver = sheet
    # back to the trump buttons: arrow keys choose the trump, as in any radio group
    trump = tab_to(driver, lambda e: e.get_attribute("name") == "trump", back=True)
    assert trump.accessible_name in {"clubs", "diamonds", "hearts", "spades", "no trump"}
    for _ in range(5):  # the arrow keys go round the five buttons
        if active(driver).get_attribute("value") == "c":
            break
        active(driver).send_keys(Keys.ARROW_RIGHT)
    assert active(driver).get_attribute("value") == "c"
    assert active(driver).accessible_name == "clubs"
    active(driver).send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert active(driver).get_attribute("value") == "h" and active(driver).is_selected()
    assert active(driver).accessible_name == "hearts"
    # the ring round the focused button: the page's ink, 3 px (it was yellow, 1.6:1)
    ring = driver.execute_script(
        "var s = getComputedStyle(arguments[0].nextElementSibling);"
        "return [s.outlineStyle, s.outlineWidth, s.outlineColor];", active(driver))
    assert ring == ["solid", "3px", "rgb(29, 35, 39)"]
    tab_to(driver, lambda e: e.get_attribute("name") == "points")
    active(driver).send_keys("38", Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).exists())
    deal = Deal.objects.get(table=table)
    assert (deal.number, deal.trump, deal.points, deal.points_other) == (1, "h", 38, 22)
    # the cursor waits for the next deal
    wait(driver, lambda d: focused_name(d) == "points"
         and d.find_element(By.ID, "entry-form").get_attribute("data-number") == "0")


def test_a_correction_by_keyboard_and_the_cursor_after_it(sheet, table, live_server):
    driver = sheet
    active(driver).send_keys("h38", Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "tr.deal"))
    wait(driver, lambda d: focused_name(d) == "points")
    # Shift+Tab back up the page to deal 1's "correct" link, Enter
    link = tab_to(driver, lambda e: e.get_attribute("aria-label") == "Correct deal 1", back=True)
    link.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.ID, "entry-form").get_attribute("data-number") == "1")
    wait(driver, lambda d: focused_name(d) == "points")
    assert active(driver).get_attribute("value") == "38"
    # the value is selected: typing replaces it (the other box follows until it is typed
    # in itself); Tab to the other side's box, its value selected too
    active(driver).send_keys("41", Keys.TAB)
    assert focused_name(driver) == "points_other"
    active(driver).send_keys("19", Keys.ENTER)
    wait(driver, lambda d: Deal.objects.get(table=table).points == 41)
    # back on the sheet at the corrected row, the cursor in the next deal's points box,
    # and the confirmation in a status region
    wait(driver, lambda d: d.current_url.endswith("#deal-1"))
    wait(driver, lambda d: focused_name(d) == "points"
         and d.find_element(By.ID, "entry-form").get_attribute("data-number") == "0")
    status = driver.find_element(By.CSS_SELECTOR, ".messages[role=status]")
    assert "Deal 1 corrected" in status.text


def test_a_refusal_is_said_once_in_the_live_region_and_keeps_the_cursor(sheet, table):
    driver = sheet
    points = active(driver)
    points.send_keys("h70")  # more than the 60 card points in play
    live = driver.find_element(By.ID, "entry-live-error")
    assert live.get_attribute("role") == "status"
    wait(driver, lambda d: "60" in live.text)
    assert points.get_attribute("aria-invalid") == "true"
    # described by the keys legend and its error (issue 29: the legend tied to the box)
    assert points.get_attribute("aria-describedby") == "id_points_helptext id_points_error"
    assert "60" in driver.find_element(By.ID, "id_points_error").text
    points.send_keys(Keys.ENTER)
    # the server refuses: the page comes back with the cursor in the points box, the
    # refusal once, in the live region, and the box pointing at it
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#entry-live-error p.error"))
    wait(driver, lambda d: focused_name(d) == "points")
    points = active(driver)
    assert points.get_attribute("aria-invalid") == "true"
    legend, described = points.get_attribute("aria-describedby").split()
    assert "Keys in the points box" in driver.find_element(By.ID, legend).text
    message = driver.find_element(By.ID, described)
    assert "60" in message.text
    assert message.find_element(By.XPATH, "..").get_attribute("id") == "entry-live-error"
    form = driver.find_element(By.ID, "entry-form")
    assert len(form.find_elements(By.CSS_SELECTOR, "p.error")) == 1
    assert not Deal.objects.filter(table=table).exists()
    # put it right (the other box follows the new 38; typing 22 in it confirms it): the
    # message goes, the box is no longer marked, Enter saves
    points.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "38", Keys.TAB)
    active(driver).send_keys("22")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#entry-live-error p.error"))
    assert points.get_attribute("aria-invalid") is None
    assert points.get_attribute("aria-describedby") == "id_points_helptext"
    active(driver).send_keys(Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table, points=38).exists())
