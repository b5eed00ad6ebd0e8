"""The auction sheet with the keyboard only (issue 16): the cursor starts on the declarer;
seat number, bid, trump letter, count and Enter save a deal; the live figures say each
player's points before saving; a refusal comes back by its field."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Deal, MatchResult, Round, Table
from club.services.draws import draw_round, publish_round
from tests.factories import make_championship, make_club, make_user
from tests.helpers.browser import wait

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def table():
    organiser = make_user("auctioneer")
    club = make_club("kb-auction", organiser=organiser)
    champ = make_championship(club, entries=4, entry_type="individual", rules="auction2")
    rnd = draw_round(champ.stages.get(), seed=5)
    publish_round(Round.objects.get(pk=rnd.pk))
    return Table.objects.get(round=rnd)


def test_a_deal_by_keyboard_with_live_figures(logged_in, live_server, table):
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "declarer")
    active = driver.switch_to.active_element
    active.send_keys("2")                      # seat 2 declares
    active.send_keys(Keys.TAB, "20")           # bid 20
    driver.switch_to.active_element.send_keys(Keys.TAB, "h")   # trump hearts by its letter
    assert driver.find_element(By.NAME, "trump").get_attribute("value") == "h"
    driver.switch_to.active_element.send_keys(Keys.TAB, "25")  # count 25 (auction 2: nothing exchanged)
    wait(driver, lambda d: "+20" in d.find_element(By.ID, "entry-score").text)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).exists())
    deal = Deal.objects.get(table=table)
    assert (deal.declarer, deal.contract, deal.trump, deal.points) == (1, 20, "h", 25)
    assert MatchResult.objects.get(table=table, side=1).points_for == 20


def test_a_refusal_by_its_field_live(logged_in, live_server, table):
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "declarer")
    active = driver.switch_to.active_element
    active.send_keys("2")
    active.send_keys(Keys.TAB, "20")
    driver.switch_to.active_element.send_keys(Keys.TAB, "s", Keys.TAB, "99")
    wait(driver, lambda d: "more than the points in play" in d.find_element(
        By.CSS_SELECTOR, ".e-count").text)
    assert driver.find_element(By.NAME, "count").get_attribute("aria-invalid") == "true"
    assert not Deal.objects.filter(table=table).exists()
