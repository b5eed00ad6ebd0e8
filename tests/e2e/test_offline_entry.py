"""The sheet without a connection, in Chromium with DevTools' network emulation (issue 17
part 2): deals typed offline wait in the browser, the page reloads from the service worker,
and when the connection is back every deal is stored once; two phones that typed the same
deal numbers see the conflict and choose, and nothing is lost."""

from __future__ import annotations

import itertools
import json
import urllib.request

import pytest
import websocket
from django.core.signals import request_started
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from club.models import Deal, DealChange, IdempotentRequest
from tests.factories import make_user
from tests.helpers.browser import wait
from tests.helpers.offline import pending, type_deal
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ONLINE = {**OFFLINE, "offline": False}


class Workers:
    """DevTools sessions on the browser's service workers: the page's emulation does not
    reach a worker's own requests (it fetched the sheet from the server while the page was
    "offline"), so each worker target is attached and emulated too, on the browser's
    DevTools socket (chromedriver's debuggerAddress). The socket stays open while the test
    runs: closing it would end the emulation."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=5) as answer:
            url = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=10, suppress_origin=True)
        self.ids = itertools.count(1)
        self.sessions = {}

    def call(self, method, params=None, session=None):
        message = {"id": next(self.ids), "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == message["id"]:
                assert "error" not in answer, answer
                return answer.get("result", {})

    def emulate(self, conditions):
        targets = self.call("Target.getTargets")["targetInfos"]
        workers = [t["targetId"] for t in targets if t["type"] == "service_worker"]
        assert workers, targets
        for target in workers:
            if target not in self.sessions:
                self.sessions[target] = self.call(
                    "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self.call("Network.enable", session=self.sessions[target])
            self.call("Network.emulateNetworkConditions", conditions,
                      session=self.sessions[target])

    def close(self):
        self.socket.close()


@pytest.fixture
def workers():
    opened = []

    def open_for(driver):
        opened.append(Workers(driver))
        return opened[-1]

    yield open_for
    for each in opened:
        each.close()


def network(driver, conditions, workers=None):
    """The page's network (and its service workers') on or off."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    if workers is not None:
        workers.emulate(conditions)


def open_by_code(driver, live_server, table):
    driver.set_window_size(390, 844)
    driver.get(f"{live_server.url}/sheet/{table.code}/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    # the service worker controls the page and the sheet is kept for a reload offline
    wait(driver, lambda d: d.execute_script(
        "return !!navigator.serviceWorker.controller"), 20)
    wait(driver, lambda d: d.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "caches.open('troef-sheets').then(function (c) { return c.keys(); })"
        ".then(function (k) { done(k.length); });") == 1)
    return driver


@pytest.fixture
def requests_seen():
    """The paths of the requests the live server received (its thread, this process)."""
    seen = []

    def record(sender, environ=None, **kwargs):
        seen.append(environ.get("PATH_INFO", "") if environ else "")

    request_started.connect(record)
    yield seen
    request_started.disconnect(record)


def blocking_violations(driver, context: str) -> list[str]:
    """axe-core's serious and critical findings in ``context`` (as the accessibility audit
    counts them, target size included)."""
    from selenium_axe_python import Axe

    axe = Axe(driver)
    axe.inject()
    results = axe.run(context=json.dumps(context), options=json.dumps(
        {"rules": {"target-size": {"enabled": True}}, "resultTypes": ["violations"]}))
    return [f"{v['id']} ({v['impact']})" for v in results["violations"]
            if v["impact"] in ("serious", "critical")]


def test_five_deals_typed_offline_are_stored_once_each(browser, live_server, requests_seen,
                                                       workers):
    table = sheet_table(make_user("organiser"), self_entry=True)
    driver = open_by_code(browser, live_server, table)
    sw = workers(driver)
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"].endswith("/offline/manifest.webmanifest") and not manifest["errors"]
    network(driver, OFFLINE, sw)
    wait(driver, lambda d: d.execute_script("return navigator.onLine") is False)
    requests_seen.clear()
    typed = ["h38", "d41", "s30", "c25", "h44"]
    for count, keys in enumerate(typed, start=1):
        type_deal(driver, keys)
        wait(driver, lambda d, count=count: len(pending(d)) == count)
    assert "waiting to send" in pending(driver)[0].text  # on a phone too
    assert blocking_violations(driver, ".sheet-wrap") == []
    assert Deal.objects.filter(table=table).count() == 0

    driver.refresh()  # no network: the service worker answers with the kept sheet
    wait(driver, lambda d: len(pending(d)) == 5)
    assert [p for p in requests_seen if p != "/favicon.ico"] == []  # nothing reached us
    assert driver.find_element(By.ID, "offline-state").is_displayed()
    assert Deal.objects.filter(table=table).count() == 0

    network(driver, ONLINE, sw)
    wait(driver, lambda d: Deal.objects.filter(table=table).count() == 5, 20)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal")) == 5
         and not pending(d), 20)
    deals = list(Deal.objects.filter(table=table).order_by("number")
                 .values_list("number", "trump", "points", "points_other"))
    assert deals == [(1, "h", 38, 22), (2, "d", 41, 19), (3, "s", 30, 30), (4, "c", 25, 35),
                     (5, "h", 44, 16)]
    # stored once each: one entry in the sheet's history a deal, one key a deal
    assert DealChange.objects.filter(table=table, action="entered").count() == 5
    assert IdempotentRequest.objects.filter(identity=f"table:{table.pk}").count() == 5
    assert sorted(p for p in requests_seen if p.startswith("/api/")) == [
        f"/api/sheet/{table.code}/deals/"] * 5
    # the totals as the server scores the stored deals, on the page (the last row's)
    last = driver.find_elements(By.CSS_SELECTOR, "tr.deal")[-1]
    totals = [cell.text for cell in last.find_elements(By.CSS_SELECTOR, "td.total")]
    # house rules: 38 -> 8, 41 -> 11, 30-30 a tie (the next deal x2), 25 -> (35 - 30) x 2 to
    # the other side, 44 -> 14
    assert totals == ["33", "10"]


@pytest.fixture
def second_browser(browser):
    """Another phone: a second Chromium with the same options as ``browser``."""
    from tests.helpers.browser import chrome

    driver = chrome("390,844")
    yield driver
    driver.quit()


def test_two_phones_conflict_and_the_scorer_chooses_nothing_lost(browser, second_browser,
                                                                 live_server, workers):
    table = sheet_table(make_user("organiser"), self_entry=True)
    first = open_by_code(browser, live_server, table)
    second = open_by_code(second_browser, live_server, table)
    first_sw, second_sw = workers(first), workers(second)
    network(first, OFFLINE, first_sw)
    network(second, OFFLINE, second_sw)
    for keys in ("h38", "d41"):  # the first phone: deals 1 and 2
        type_deal(first, keys)
    wait(first, lambda d: len(pending(d)) == 2)
    for keys in ("h38", "c25", "s30"):  # the second: the same deal 1, another 2, a 3
        type_deal(second, keys)
    wait(second, lambda d: len(pending(d)) == 3)

    network(first, ONLINE, first_sw)  # the first phone gets through first
    wait(first, lambda d: Deal.objects.filter(table=table).count() == 2, 20)
    network(second, ONLINE, second_sw)
    panel = wait(second, lambda d: d.find_elements(By.ID, "offline-conflict"), 20)[0]
    deals = panel.find_elements(By.CSS_SELECTOR, "fieldset")
    assert [d.get_attribute("data-number") for d in deals] == ["1", "2", "3"]
    assert "the same deal" in deals[0].find_element(By.CSS_SELECTOR, ".theirs").text
    assert "41" in deals[1].find_element(By.CSS_SELECTOR, ".theirs").text
    assert "25" in deals[1].find_element(By.CSS_SELECTOR, ".mine").text
    assert "no deal with this number yet" in deals[2].text
    assert blocking_violations(second, "#offline-conflict") == []
    # nothing was stored from the second phone before the scorer chose
    assert list(Deal.objects.filter(table=table).order_by("number").values_list(
        "points", flat=True)) == [38, 41]

    # every deal must be decided: deal 2 has no choice made for it yet
    panel.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert "Choose for every deal." in panel.text
    assert Deal.objects.filter(table=table).count() == 2
    deals[1].find_element(By.CSS_SELECTOR, "input[value=mine]").click()
    panel.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

    wait(second, lambda d: Deal.objects.filter(table=table).count() == 3
         and not d.find_elements(By.ID, "offline-conflict") and not pending(d), 20)
    assert list(Deal.objects.filter(table=table).order_by("number").values_list(
        "number", "trump", "points")) == [(1, "h", 38), (2, "c", 25), (3, "s", 30)]
    # the first phone's deal 2 is not lost: the sheet's history keeps it, replaced by choice
    edit = DealChange.objects.get(table=table, deal_number=2, action="edited")
    assert (edit.old["trump"], edit.old["points"]) == ("d", 41)
    assert (edit.new["trump"], edit.new["points"]) == ("c", 25)
    wait(second, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal")) == 3, 20)


def test_a_lost_post_is_queued_by_the_worker_and_a_refusal_waits_for_the_scorer(
        logged_in, live_server, workers, requests_seen):
    """The organiser's sheet (a session and its CSRF token). The café's Wi-Fi is up but the
    line behind it is down: the browser believes it is online and posts the form; the
    worker catches the failed post, queues the deal and shows the sheet with it waiting.
    Then a deal the server refuses (70 card points) stays on the sheet with the server's
    words, the deal after it waits behind it, until the scorer corrects it in its place."""
    organiser = make_user("organiser")
    table = sheet_table(organiser)
    driver = logged_in(organiser)
    # DevTools' offline worker would tell the page it is offline too: the browser of a café
    # whose line is down believes it is online
    believes = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "Object.defineProperty(Navigator.prototype, 'onLine', {get: () => true});"})
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), 20)
    wait(driver, lambda d: d.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "caches.open('troef-sheets').then(function (c) { return c.keys(); })"
        ".then(function (k) { done(k.length); });") == 1)
    sw = workers(driver)
    sw.emulate(OFFLINE)  # the page's own requests still go through
    requests_seen.clear()
    type_deal(driver, "h38")  # posted by the form; the worker's fetch fails: queued
    wait(driver, lambda d: Deal.objects.filter(table=table).count() == 1, 20)
    # the page sent it through the API (the session and its CSRF token), never the form
    assert f"/tables/{table.pk}/sheet/" not in requests_seen
    assert requests_seen.count(f"/api/tables/{table.pk}/sheet/deals/") == 1
    assert IdempotentRequest.objects.filter(identity=f"user:{organiser.pk}").count() == 1

    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", believes)
    sw.emulate(ONLINE)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "tr.deal")) == 1
         and not pending(d), 20)
    network(driver, OFFLINE, sw)
    type_deal(driver, "h70")
    wait(driver, lambda d: len(pending(d)) == 1)
    type_deal(driver, "d41")
    wait(driver, lambda d: len(pending(d)) == 2)
    network(driver, ONLINE, sw)
    refused = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "tr.pending.refused"), 20)
    assert "60" in refused[0].text  # the server's reason, in words
    assert blocking_violations(driver, ".sheet-wrap") == []
    assert len(pending(driver)) == 2 and Deal.objects.filter(table=table).count() == 1
    # corrected in its place (typed 70 for 38): sent again, then the deal after it
    refused[0].find_element(By.CSS_SELECTOR, "button.correct").click()
    points = driver.find_element(By.NAME, "points")
    assert points.get_attribute("value") == "70"
    points.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "38", Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).count() == 3, 20)
    assert list(Deal.objects.filter(table=table).order_by("number").values_list(
        "number", "trump", "points")) == [(1, "h", 38), (2, "h", 38), (3, "d", 41)]
