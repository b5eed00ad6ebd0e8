"""axe-core on the auction evening's pages (issue 16): the sheet (its entry row, a refusal by
its field, a deal open for correction), the round and the standings in both orders, at
1280 px and 390 px, logged in as the organiser and by the players' code. A serious or
critical violation, a dangling aria-describedby or text under 12 px fails, as in
tests/e2e/test_accessibility.py (with the same helpers, tests/helpers/browser.py)."""

from __future__ import annotations

import pytest
from django.test import Client
from selenium.webdriver.common.by import By

from club.models import Round, Table
from club.services.draws import draw_round, publish_round
from tests.factories import make_championship, make_club, make_user
from tests.helpers.browser import SIZES, audit, chromium, wait

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_auction_pages_have_no_serious_violation(size, live_server):
    organiser = make_user("axe-auction")
    club = make_club("axe-auction", organiser=organiser)
    champ = make_championship(club, entries=11, entry_type="individual", rules="auction2",
                              self_entry=True, public=True)
    rnd = draw_round(champ.stages.get(), seed=9)
    publish_round(Round.objects.get(pk=rnd.pk))
    table = Table.objects.filter(round=rnd).order_by("number").first()
    client = Client()
    client.force_login(organiser)
    client.post(f"/tables/{table.pk}/sheet/", {"version": 0, "declarer": 1, "bid": 20,
                                               "trump": "h", "count": 25})
    table.refresh_from_db()
    assert table.version == 1
    pages = {"sheet": f"/tables/{table.pk}/sheet/",
             "sheet-edit": f"/tables/{table.pk}/sheet/deals/1/",
             "round": f"/rounds/{rnd.pk}/",
             "standings": f"/championships/{champ.pk}/standings/",
             "standings-places": f"/championships/{champ.pk}/standings/?order=places",
             "code-sheet": f"/sheet/{table.code}/"}
    driver = chromium(size)
    try:
        driver.get(live_server.url + "/health/")
        driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                           "path": "/"})
        found = audit(driver, live_server, pages, f"[{size}]")
        # a refusal shown by its field: a count above the points in play, sent
        driver.get(live_server.url + pages["sheet"])
        driver.find_element(By.NAME, "count").send_keys("99")
        driver.execute_script("document.getElementsByName('declarer')[0].value = '2';"
                              "document.getElementsByName('trump')[0].value = 'h';"
                              "document.getElementsByName('bid')[0].value = '20';"
                              "document.getElementById('entry-form').requestSubmit()")
        # the answer is a new page: wait for it (the old one has no refusal)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".field-error"))
        found += audit(driver, live_server, {}, f"[{size}] refused")
    finally:
        driver.quit()
    assert found == [], "\n".join(found)
