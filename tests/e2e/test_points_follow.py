"""The other side's points box follows the typed one everywhere (issue 29 point 1): on the
entry row, after a refused save and on the correction page, until that box is typed in itself
in this page view; a value above the points in play empties it (the trump letter typed first
is not part of the number)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Deal
from tests.helpers.browser import entry_row, focused_name, scorer_table, wait  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def other_is(value: str):
    return lambda d: d.find_element(By.NAME, "points_other").get_attribute("value") == value




def test_the_entry_row_follows_keystroke_by_keystroke(sheet):
    driver = sheet
    points = driver.find_element(By.NAME, "points")
    points.send_keys("4")
    wait(driver, other_is("56"))
    points.send_keys("0")
    wait(driver, other_is("20"))


def test_after_a_refused_save_the_other_box_still_follows(sheet, table):
    driver = sheet
    points = driver.find_element(By.NAME, "points")
    assert not driver.find_elements(By.CSS_SELECTOR, "input[name=trump]:checked")
    points.send_keys("38")  # no trump chosen: refused
    wait(driver, other_is("22"))
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#entry-live-error p.error"))
    assert not Deal.objects.filter(table=table).exists()
    points = driver.find_element(By.NAME, "points")
    assert points.get_attribute("value") == "38"
    assert driver.find_element(By.NAME, "points_other").get_attribute("value") == "22"
    points.send_keys(Keys.END, Keys.BACKSPACE, Keys.BACKSPACE, "4")
    wait(driver, other_is("56"))
    points.send_keys("0")
    wait(driver, other_is("20"))


def test_the_correction_page_follows_until_the_other_box_is_typed(sheet, table, live_server):
    driver = sheet
    driver.switch_to.active_element.send_keys("h38", Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).exists())
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/deals/1/")
    wait(driver, lambda d: d.find_element(By.ID, "entry-form").get_attribute("data-number") == "1")
    points = driver.find_element(By.NAME, "points")
    other = driver.find_element(By.NAME, "points_other")
    assert points.get_attribute("value") == "38"
    assert other.get_attribute("value") == "22"
    points.send_keys(Keys.END, Keys.BACKSPACE, Keys.BACKSPACE, "4")
    wait(driver, other_is("56"))
    points.send_keys("0")
    wait(driver, other_is("20"))
    # above the 60 in play: the other box empties rather than keep 54 (the "6" of "61")
    points.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "c6")  # c: clubs in English ("k" in Dutch)
    wait(driver, other_is("54"))
    points.send_keys("1")
    wait(driver, other_is(""))
    assert points.get_attribute("value") == "61"  # the letter chose the trump, no digit
    assert driver.find_element(By.CSS_SELECTOR, "input[name=trump][value=c]").is_selected()
    # typed in itself: the other box is the scorer's now and no longer follows
    other.send_keys("25")
    wait(driver, other_is("25"))
    points.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "30")
    wait(driver, lambda d: points.get_attribute("value") == "30")
    assert other.get_attribute("value") == "25"
