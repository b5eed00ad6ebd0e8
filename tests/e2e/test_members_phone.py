"""Members and roles on a 390 px phone (issue 29 point 7): each member's controls (the new
role, the reason, "Change role", "Remove role", "New one-time password") lie inside the
screen and inside their table's box, which does not scroll sideways: nothing is cut."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from club.models import ClubRole
from tests.factories import make_club
from tests.helpers.browser import chromium

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# every control of the roles table outside its box or the screen, and how far the box
# scrolls sideways
CUT = """
var box = document.querySelector(".table-wrap"), edge = box.getBoundingClientRect();
var cut = [];
box.querySelectorAll("button, select, input:not([type=hidden])").forEach(function (c) {
  var r = c.getBoundingClientRect();
  if (r.left < Math.max(edge.left, 0) - 1 || r.right > Math.min(edge.right, innerWidth) + 1)
    cut.push((c.textContent || c.name).trim() + " " + Math.round(r.left) + "-" +
             Math.round(r.right));
});
return {cut: cut, controls: box.querySelectorAll("button").length,
        sideways: box.scrollWidth - box.clientWidth,
        page: document.documentElement.scrollWidth};
"""


def test_each_members_buttons_fit_a_phone(live_server, client):
    users = get_user_model().objects
    owner = users.create_user("owner-of-the-club", password="pw-12345-troef")
    club = make_club("phone-members")
    ClubRole.objects.create(user=owner, club=club, role=ClubRole.Role.OWNER)
    for name, role in (("scorer-with-a-long-name", ClubRole.Role.SCORER),
                       ("viewer-of-the-club", ClubRole.Role.VIEWER),
                       ("second-organiser", ClubRole.Role.ORGANISER)):
        ClubRole.objects.create(user=users.create_user(name, password="pw-12345-troef"),
                                club=club, role=role)
    driver = chromium("phone")
    try:
        client.force_login(owner)
        driver.get(live_server.url + "/health/")
        driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                           "path": "/"})
        driver.get(f"{live_server.url}/clubs/{club.slug}/members/")
        seen = driver.execute_script(CUT)
    finally:
        driver.quit()
    assert seen["controls"] >= 6
    assert seen["cut"] == []
    assert seen["sideways"] <= 0
    assert seen["page"] <= 390
