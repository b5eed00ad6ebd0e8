"""Entries from a searchable checklist (issue 14, point 6): the organiser types part of a
name, ticks all the players shown, sends the form, and exactly those players are entered;
with a rehearsal-sized club (544 players) on a 390 px phone too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from selenium.webdriver.common.by import By

from club.models import Membership, Player
from tests.factories import make_championship, make_club, make_players
from tests.helpers.browser import page_text, touch_phone, wait

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def phone(live_server):
    driver = touch_phone()
    yield driver
    driver.quit()


def club_of(size):
    organiser = get_user_model().objects.create_user("org", password="pw-12345-troef")
    club = make_club("checklist", organiser=organiser)
    champ = make_championship(club, entries=0, entry_type="individual")
    make_players(club, size)
    wanted = []
    for first, last in (("Jan", "Peeters"), ("Marie", "Peeters"), ("Éric", "Peétermans")):
        player = Player.objects.create(first_name=first, last_name=last)
        Membership.objects.create(club=club, player=player)
        wanted.append(player)
    other = Player.objects.create(first_name="Peter", last_name="Maes")  # first name only
    Membership.objects.create(club=club, player=other)
    return organiser, champ, wanted


def log_in(driver, live_server, client, user):
    client.force_login(user)
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                       "path": "/"})


def filter_tick_and_send(driver, text):
    box = driver.find_element(By.CSS_SELECTOR, ".checklist-filter")
    assert box.is_displayed()  # the script showed the tools
    box.send_keys(text)
    shown = [row for row in driver.find_elements(By.CSS_SELECTOR, ".checklist-items li")
             if row.is_displayed()]
    driver.find_element(By.CSS_SELECTOR, ".checklist-all").click()
    count = driver.find_element(By.CSS_SELECTOR, ".checklist-count").text
    driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    wait(driver, lambda d: "entries added" in page_text(d))  # the page is replaced meanwhile
    return shown, count


def test_type_part_of_a_name_tick_all_shown_and_send(browser, live_server, client):
    organiser, champ, wanted = club_of(40)
    log_in(browser, live_server, client, organiser)
    browser.get(f"{live_server.url}/championships/{champ.pk}/entries/")
    shown, count = filter_tick_and_send(browser, "PEET")  # case and accents aside
    assert len(shown) == 3
    assert count.startswith("3 ticked, 3 of 44 shown")
    assert set(champ.entries.values_list("player_id", flat=True)) == {p.pk for p in wanted}


def test_the_checklist_of_a_rehearsal_sized_club_fits_a_phone(phone, live_server, client):
    organiser, champ, wanted = club_of(544)
    log_in(phone, live_server, client, organiser)
    phone.get(f"{live_server.url}/championships/{champ.pk}/entries/")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    rows = phone.find_elements(By.CSS_SELECTOR, ".checklist-items li")
    assert len(rows) == 548
    shown, _count = filter_tick_and_send(phone, "peeters jan")  # every word, in any order
    assert len(shown) == 1
    assert list(champ.entries.values_list("player_id", flat=True)) == [wanted[0].pk]
