"""The sheet on a bad network (issue 26): Chromium talks to the live server through a proxy
on the loopback (tests/helpers/proxy.py) that cuts answers, hangs or refuses. A deal typed
on the phone is stored exactly once whatever the network does, the phone shows it waiting
within 10 seconds when nothing answers, and shows it saved once the network is back;
``verify_results`` finds nothing to repair after each."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

from club.models import Deal, DealChange
from tests.factories import make_user
from tests.helpers.browser import page_text, wait
from tests.helpers.offline import (
    differences,
    network_back,
    open_sheet,
    pending,
    stored_rows,
    type_deal,
)
from tests.helpers.proxy import Proxy
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def proxy(live_server):
    host, port = live_server.thread.host, live_server.thread.port
    between = Proxy((host, port))
    yield between
    between.close()


@pytest.fixture
def phone(browser, proxy):
    """A phone-sized Chromium on a table's code page, through the proxy (the network passes
    for now); the table is ``phone.table``."""
    table = sheet_table(make_user("organiser"), self_entry=True)
    browser.set_window_size(390, 844)
    open_sheet(browser, f"{proxy.url}/sheet/{table.code}/")
    browser.table = table
    return browser


def stored(table):
    return list(Deal.objects.filter(table=table).order_by("number").values_list(
        "number", "trump", "points"))


def entered(table) -> int:
    return DealChange.objects.filter(table=table, action="entered").count()


def shows_saved(driver, number: int) -> bool:
    """The deal is on the sheet as stored, nothing waits, and the page says it was saved."""
    return (len(stored_rows(driver)) == number and not pending(driver)
            and f"Deal {number} is saved" in page_text(driver))


def test_a_cut_answer_stores_the_deal_once_and_the_page_shows_it_saved(phone, proxy):
    table = phone.table
    proxy.mode = "cut"  # the post reaches the server; its answer is lost
    type_deal(phone, "h38")
    wait(phone, lambda d: stored(table) == [(1, "h", 38)], 20)
    wait(phone, lambda d: len(pending(d)) == 1, 20)  # the phone does not know: it waits
    proxy.mode = "pass"
    wait(phone, lambda d: shows_saved(d, 1), 30)
    assert stored(table) == [(1, "h", 38)] and entered(table) == 1
    assert not phone.find_elements(By.ID, "offline-conflict")  # the same key: no conflict
    # the API found the sheet moved by that post; the page's address answered its key
    assert proxy.requests("POST", f"/api/sheet/{table.code}/deals/", mode="pass")
    assert proxy.requests("POST", f"/sheet/{table.code}/", mode="pass")
    assert differences(table) == []


def test_a_hang_queues_within_ten_seconds_and_stores_once_on_recovery(phone, proxy):
    table = phone.table
    proxy.mode = "hang"  # accepted, never answered
    started = time.monotonic()
    type_deal(phone, "h38")
    row = wait(phone, lambda d: pending(d), 10)[0]
    waited = time.monotonic() - started
    assert "waiting to send" in row.text
    assert "did not answer" in page_text(phone)
    assert stored(table) == []
    assert waited < 10, waited
    phone.find_element(By.NAME, "points")  # the entry row is there for the next deal
    proxy.mode = "pass"
    wait(phone, lambda d: shows_saved(d, 1), 40)
    assert stored(table) == [(1, "h", 38)] and entered(table) == 1
    assert differences(table) == []


def test_a_refused_connection_queues_and_is_sent_once_when_back(phone, proxy):
    table = phone.table
    proxy.mode = "refuse"
    type_deal(phone, "d41")
    wait(phone, lambda d: len(pending(d)) == 1, 10)
    assert stored(table) == []
    type_deal(phone, "s30")  # typed while one waits: queued behind it
    wait(phone, lambda d: len(pending(d)) == 2, 10)
    proxy.mode = "pass"
    wait(phone, lambda d: len(stored_rows(d)) == 2 and not pending(d), 40)
    assert stored(table) == [(1, "d", 41), (2, "s", 30)] and entered(table) == 2
    assert differences(table) == []


def typed_offline(driver, proxy, deals):
    """The network refuses: each deal typed waits on the phone."""
    proxy.mode = "refuse"
    for count, keys in enumerate(deals, start=1):
        type_deal(driver, keys)
        wait(driver, lambda d, count=count: len(pending(d)) == count, 15)


def conflict_panel(driver, proxy):
    """Deals 1-3 (h38, d41, s30) typed on the phone without a network while another device
    stores its own deal 1 (clubs, 25, the first dealer's); the network back: the conflict
    panel."""
    from rest_framework.test import APIClient

    table = driver.table
    typed_offline(driver, proxy, ["h38", "d41", "s30"])
    other = APIClient().post(f"/api/sheet/{table.code}/deals/", {
        "version": table.version, "dealer": table.first_dealer, "trump": "c", "points": 25},
        format="json", HTTP_IDEMPOTENCY_KEY="the-other-phone")
    assert other.status_code == 201, other.json()
    network_back(driver, proxy)
    return wait(driver, lambda d: d.find_elements(By.ID, "offline-conflict"), 40)[0]


def test_conflicts_never_store_a_dealer_other_than_the_one_typed(phone, proxy):
    """Deals 1-3 typed on this phone while another device stored its own deal 1: the panel
    lists that deal, offers only what keeps the dealers in turn (keeping both deal 1s would
    need a false dealer for one of them), and says so when a choice leaves a deal with no
    place; what it stores carries the dealers typed."""
    table = phone.table
    panel = conflict_panel(phone, proxy)
    assert "Deal 1: " in panel.find_element(By.CSS_SELECTOR, ".theirs-list").text
    assert "25" in panel.find_element(By.CSS_SELECTOR, ".theirs-list").text
    sets = panel.find_elements(By.CSS_SELECTOR, "fieldset")
    assert [s.get_attribute("data-number") for s in sets] == ["1", "2", "3"]
    # deal 1: mine may replace theirs (the same dealer); as deal 2 it would need deal 2's
    both = sets[0].find_element(By.CSS_SELECTOR, "input[value=both]")
    assert not both.is_enabled() and not both.is_selected()
    assert sets[0].find_element(By.CSS_SELECTOR, "input[value=mine]").is_enabled()
    # deals 2 and 3 go after it, each with its own dealer: chosen already
    assert sets[1].find_element(By.CSS_SELECTOR, "input[value=add]").is_selected()
    assert "Add mine as deal 3" in sets[2].text
    # dropping deal 2 would make deal 3 the second deal, whose dealer is another player
    sets[1].find_element(By.CSS_SELECTOR, "input[value=drop]").click()
    add3 = sets[2].find_element(By.CSS_SELECTOR, "input[value=add]")
    assert not add3.is_enabled() and not add3.is_selected()
    assert "The dealer order cannot hold: deal 2 is dealt by" in sets[2].text
    sets[1].find_element(By.CSS_SELECTOR, "input[value=add]").click()  # back: it holds
    assert add3.is_enabled()
    add3.click()
    sets[0].find_element(By.CSS_SELECTOR, "input[value=theirs]").click()
    panel.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(phone, lambda d: len(stored_rows(d)) == 3 and not pending(d)
         and not d.find_elements(By.ID, "offline-conflict"), 40)
    first = table.first_dealer
    assert list(Deal.objects.filter(table=table).order_by("number").values_list(
        "number", "dealer", "trump", "points")) == [
        (1, first, "c", 25), (2, (first + 1) % 4, "d", 41), (3, (first + 2) % 4, "s", 30)]
    assert differences(table) == []


def test_a_deal_reaching_a_closed_round_is_shown_late_kept_and_applied_once(phone, proxy,
                                                                           client):
    """Two deals wait on the phone; the organiser closes the round; back online the server
    keeps them for the organiser (202): the phone shows each with its values as received
    after the round closed, no longer waiting, and keeps them so (IndexedDB); the requests
    said how many deals waited. The organiser reopens and applies both from the round's list:
    the sheet holds each once, in the order typed, and nothing is left to repair."""
    from club.models import LateDeal, Table
    from club.services.closing import close_round, reopen_round

    table = phone.table
    organiser = table.round.stage.championship.club.roles.first().user
    typed_offline(phone, proxy, ["h38", "d41"])
    close_round(table.round, organiser, remaining="played")
    network_back(phone, proxy)
    late = wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal.late")) == 2
                and not pending(d) and d.find_elements(By.CSS_SELECTOR, "tr.deal.late"), 40)
    assert all("received after the round closed: the organiser decides" in row.text
               for row in late)
    assert "38" in late[0].text and "41" in late[1].text
    assert sorted(d.facts["points"] for d in LateDeal.objects.filter(table=table)) == [38, 41]
    assert stored(table) == []
    assert Table.objects.get(pk=table.pk).reported_waiting in (1, 2)
    states = phone.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "TroefQueue.list(arguments[0]).then(function (r) {"
        " done(r.map(function (x) { return x.state; })); });", f"/sheet/{table.code}/")
    assert states == ["late", "late"]
    assert differences(table) == []
    # the organiser reopens the round and applies both from its list of late deals
    reopen_round(table.round, organiser, "two deals from table 1 came after the close")
    client.force_login(organiser)
    assert "38" in client.get(f"/rounds/{table.round_id}/late-deals/").content.decode()
    for late_deal in LateDeal.objects.filter(table=table).order_by("pk"):
        version = Table.objects.get(pk=table.pk).version
        applied = client.post(f"/late-deals/{late_deal.pk}/apply/", {"version": version})
        assert applied.status_code == 302, applied.content.decode()[:300]
    assert stored(table) == [(1, "h", 38), (2, "d", 41)]
    assert entered(table) == 2
    assert set(LateDeal.objects.filter(table=table).values_list("state", flat=True)) == {
        "applied"}
    phone.refresh()  # the phone's sheet shows both, stored
    wait(phone, lambda d: len(stored_rows(d)) == 2, 20)
    assert differences(table) == []


def test_an_answer_cut_before_the_close_is_saved_not_late_when_sent_again(phone, proxy):
    """The deal reached the server but its answer was lost; the organiser closed the round;
    the phone sends it again with its key: it was saved before the close, so the phone
    says it saved (and stays: the sheet is no longer served by its code), nothing waits on
    the phone or for the organiser."""
    from club.models import LateDeal
    from club.services.closing import close_round

    table = phone.table
    proxy.mode = "cut"
    type_deal(phone, "h38")
    wait(phone, lambda d: stored(table) == [(1, "h", 38)], 20)
    wait(phone, lambda d: len(pending(d)) == 1, 20)
    close_round(table.round, table.round.stage.championship.club.roles.first().user,
                remaining="played")
    network_back(phone, proxy)
    wait(phone, lambda d: not pending(d) and "Deal 1 is saved" in page_text(d), 30)
    assert not phone.find_elements(By.CSS_SELECTOR, "tr.deal.late")
    assert "/sheet/" in phone.current_url and "Page not found" not in page_text(phone)
    assert stored(table) == [(1, "h", 38)] and entered(table) == 1
    assert not LateDeal.objects.filter(table=table).exists()
    assert differences(table) == []


def test_a_deal_whose_dealer_order_cannot_hold_goes_to_the_organiser(phone, proxy):
    """Deals 1-3 typed on this phone while another device stored its own deal 1: keeping
    theirs and dropping deal 2 leaves deal 3 with no place (deal 2 is another player's
    deal). The panel offers "send to the organiser" for it (and only for it): the server
    keeps it for the organiser though the round is open (202), the row says it went to the
    organiser, and the round's list of deals waiting for the organiser holds it."""
    from club.models import LateDeal

    table = phone.table
    panel = conflict_panel(phone, proxy)
    sets = panel.find_elements(By.CSS_SELECTOR, "fieldset")
    organiser = [s.find_element(By.CSS_SELECTOR, "input[value=organiser]") for s in sets]
    assert not any(box.is_displayed() for box in organiser)  # each deal has a place
    sets[0].find_element(By.CSS_SELECTOR, "input[value=theirs]").click()
    sets[1].find_element(By.CSS_SELECTOR, "input[value=drop]").click()
    assert "The dealer order cannot hold: deal 2 is dealt by" in sets[2].text
    assert "send yours to the organiser" in sets[2].text
    assert organiser[2].is_displayed() and organiser[2].is_enabled()
    assert not organiser[0].is_displayed() and not organiser[1].is_displayed()
    assert "Send mine to the organiser" in sets[2].text
    organiser[2].click()
    panel.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    row = wait(phone, lambda d: not d.find_elements(By.ID, "offline-conflict")
               and not pending(d) and d.find_elements(By.CSS_SELECTOR, "tr.deal.late"), 40)
    assert len(row) == 1
    assert "sent to the organiser: the organiser decides" in row[0].text and "30" in row[0].text
    late = LateDeal.objects.get(table=table)
    assert (late.facts["dealer"], late.facts["trump"], late.facts["points"]) == (
        (table.first_dealer + 2) % 4, "s", 30)
    assert late.state == "waiting" and late.sent["to_organiser"] is True
    assert stored(table) == [(1, "c", 25)]  # theirs; deal 2 dropped, deal 3 not on the sheet
    assert table.round.status == "published"
    assert proxy.requests("POST", f"/api/sheet/{table.code}/deals/", mode="pass")
    states = phone.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "TroefQueue.list(arguments[0]).then(function (r) {"
        " done(r.map(function (x) { return x.state; })); });", f"/sheet/{table.code}/")
    assert states == ["late"]
    assert differences(table) == []
