"""Traveller entry with the keyboard only: the cursor starts in North-South's points, a
trump letter picks the trump, East-West's points fill in, Enter saves and opens the table's
next board; a line that does not add up is refused next to the field, nothing saved."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Traveller
from tests.factories import make_user
from tests.helpers.browser import wait
from tests.helpers.duplicate import make_event

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_a_table_enters_its_boards_with_the_keyboard(logged_in, live_server):
    organiser = make_user("org")
    event = make_event(pairs=8, organiser=organiser)
    table = event.sessions.get().tables.get(round=1, number=2)
    first, second = table.boards[:2]
    driver = logged_in(organiser)
    driver.get(f"{live_server.url}/duplicate/tables/{table.pk}/boards/{first}/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    box = driver.switch_to.active_element
    box.send_keys("38h")
    assert driver.find_element(By.NAME, "points_other").get_attribute("value") == "22"
    assert driver.find_element(By.CSS_SELECTOR, "input[name=trump][value=h]").is_selected()
    box.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.current_url.endswith(f"/boards/{second}/"))
    line = Traveller.objects.get()
    assert (line.board.number, line.points, line.points_other, line.trump) == (first, 38, 22, "h")
    # the next board: a line that does not add up is refused, nothing saved
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    box = driver.switch_to.active_element
    box.send_keys("40s")
    other = driver.find_element(By.NAME, "points_other")
    other.clear()
    other.send_keys("30", Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.ID, "id_points_error"))
    assert "60" in driver.find_element(By.ID, "id_points_error").text
    assert Traveller.objects.count() == 1


def test_east_west_follows_after_a_refused_line_until_typed_and_empties_above_sixty(
        logged_in, live_server):
    """As on the score sheet (issue 29 point 1): East-West's box follows North-South's on the
    page that comes back with a refusal too (it showed the refused 30 and stayed), until it
    is typed in itself; a value above the points in play empties it."""
    organiser = make_user("org")
    event = make_event(pairs=8, organiser=organiser)
    table = event.sessions.get().tables.get(round=1, number=2)
    driver = logged_in(organiser)
    driver.get(f"{live_server.url}/duplicate/tables/{table.pk}/boards/{table.boards[0]}/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    driver.switch_to.active_element.send_keys("40s")
    other = driver.find_element(By.NAME, "points_other")
    other.clear()
    other.send_keys("30", Keys.ENTER)  # refused: 70 in all
    wait(driver, lambda d: d.find_elements(By.ID, "id_points_error"))
    points = driver.find_element(By.NAME, "points")
    other = driver.find_element(By.NAME, "points_other")
    points.clear()
    points.send_keys("45")
    wait(driver, lambda d: other.get_property("value") == "15")
    points.send_keys("9")  # 459: above the points in play
    wait(driver, lambda d: other.get_property("value") == "")
    other.send_keys("25")
    points.send_keys(Keys.BACKSPACE)
    assert other.get_property("value") == "25"  # typed by hand: it stays
