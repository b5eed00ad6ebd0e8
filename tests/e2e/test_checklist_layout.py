"""The entries checklist shows every name (issue 29 point 6): with 30 players, at 1280 px and
on a 390 px phone, every name's row lies inside the box's width (the box scrolls down, never
sideways), where CSS columns in a box of fixed height used to push names out to the side
(16 of 24 shown at 1280 px, 8 of 24 at 390 px, while the counter said "24 of 24 shown")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from selenium.webdriver.common.by import By

from tests.factories import make_championship, make_club, make_players
from tests.helpers.browser import SIZES, chromium, wait

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# each row: inside the box's left and right edges (1 px for rounding), as the box shows it
OUTSIDE = """
var box = document.querySelector(".checklist-items"), edge = box.getBoundingClientRect();
var out = [];
box.querySelectorAll("li").forEach(function (li) {
  li.scrollIntoView({block: "nearest", inline: "nearest"});
  var row = li.getBoundingClientRect(), now = box.getBoundingClientRect();
  if (row.left < now.left - 1 || row.right > now.right + 1 || row.width < 1)
    out.push(li.textContent.trim());
});
box.scrollTop = 0;
return {outside: out, rows: box.querySelectorAll("li").length,
        sideways: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth};
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_name_of_the_checklist_is_inside_its_box(size, live_server, client):
    organiser = get_user_model().objects.create_user("org", password="pw-12345-troef")
    club = make_club("names", organiser=organiser)
    champ = make_championship(club, entries=0, entry_type="individual")
    make_players(club, 30)
    driver = chromium(size)
    try:
        client.force_login(organiser)
        driver.get(live_server.url + "/health/")
        driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                           "path": "/"})
        driver.get(f"{live_server.url}/championships/{champ.pk}/entries/")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".checklist-count").text)
        assert "30 of 30 shown" in driver.find_element(By.CSS_SELECTOR, ".checklist-count").text
        seen = driver.execute_script(OUTSIDE)
    finally:
        driver.quit()
    assert seen["rows"] == 30
    assert seen["outside"] == [], f"{len(seen['outside'])} of 30 names outside the box"
    assert seen["sideways"] <= 0
    assert seen["page"] <= SIZES[size][0]
