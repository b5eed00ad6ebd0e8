"""The sheet offline (issue 17 part 2), server side: the service worker and the manifest
(headers, scope, cache, CSP), the sheet page's offline block, the queue's requests as the
browser sends them (every field as typed text, through the API, once per key), and how long
a key's answer is kept (the sweep and its schedule). The browser's side:
tests/e2e/test_offline_entry.py."""

from __future__ import annotations

import io
import json
import re
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from club import safe_cache
from club.api.serializers import DealIn
from club.api.tasks import sweep_api_requests
from club.forms_sheets import DealForm
from club.models import Deal, DealChange, IdempotentRequest, RuleSet
from club.selectors.sheets import Actor, load_table
from club.views.offline import ASSETS
from engine import PRESETS
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]


# -- the worker and the manifest ---------------------------------------------------------------

def test_the_worker_may_control_both_sheet_folders_and_is_asked_for_at_every_visit():
    response = Client().get("/offline/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"  # /sheet/ and /tables/ from /offline/
    cache = response["Cache-Control"]
    assert "no-cache" in cache and "max-age=0" in cache
    assert "script-src 'self'" in response["Content-Security-Policy"]
    body = response.content.decode()
    config = json.loads(re.search(r"var CONFIG = (\{.*\});", body).group(1))
    assert config["assets"] == [f"/static/{name}" for name in ASSETS]
    assert config["store"] == "/static/club/offline-store.js"
    assert "importScripts(CONFIG.store)" in body
    # the pages it keeps: the sheet by code and by id, nothing else
    pattern = re.search(r"var SHEET = /(.*)/;", body).group(1).replace("\\/", "/")
    for path, kept in (("/sheet/AB12CD34/", True), ("/tables/12/sheet/", True),
                       ("/tables/12/sheet/deals/3/", False), ("/account/", False),
                       ("/sheet/AB12CD34/preview/", False)):
        assert bool(re.fullmatch(pattern, path)) is kept, path


def test_a_new_release_is_a_new_worker(monkeypatch):
    first = Client().get("/offline/sw.js").content
    monkeypatch.setattr("club.views.offline.WORKER_VERSION", 999)
    assert Client().get("/offline/sw.js").content != first


def test_the_worker_and_manifest_answer_only_reads():
    for url in ("/offline/sw.js", "/offline/manifest.webmanifest"):
        assert Client().post(url).status_code == 405


def test_every_file_the_worker_keeps_exists():
    for name in ASSETS:
        assert finders.find(name), name


def test_the_manifest_opens_the_sheet_it_was_added_from():
    response = Client(HTTP_ACCEPT_LANGUAGE="nl").get("/offline/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["display"] == "standalone" and data["short_name"] == "Troef"
    # no start_url nor scope: the page's own address (each sheet its own app)
    assert "start_url" not in data and "scope" not in data
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon


# -- the sheet page ----------------------------------------------------------------------------

def offline_block(html: str) -> dict[str, str]:
    block = re.search(r'<div id="offline-sheet" hidden(.*?)></div>', html, re.DOTALL).group(1)
    return dict(re.findall(r'data-([\w-]+)="([^"]*)"', block))


def test_the_sheet_by_code_registers_the_worker_for_the_code_pages():
    table = sheet_table(make_user("organiser"), self_entry=True)
    html = Client().get(f"/sheet/{table.code}/").content.decode()
    data = offline_block(html)
    assert data["sheet"] == f"/sheet/{table.code}/"
    assert data["scope"] == "/sheet/" and data["worker"] == "/offline/sw.js"
    assert data["version"] == str(table.version) and data["next-number"] == "1"
    assert data["t-waiting"] == "waiting to send"
    assert data["who"] == "code"
    for script in ("offline-store.js", "offline-deals.js", "offline.js"):
        assert f'src="/static/club/{script}"' in html
    assert "<script>" not in html  # nothing inline: the CSP holds


def test_the_organisers_sheet_registers_it_for_the_tables_pages():
    organiser = make_user("organiser")
    table = sheet_table(organiser)
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22)
    client = Client()
    client.force_login(organiser)
    data = offline_block(client.get(f"/tables/{table.pk}/sheet/").content.decode())
    assert data["sheet"] == f"/tables/{table.pk}/sheet/" and data["scope"] == "/tables/"
    assert data["next-number"] == "2"
    assert data["who"] == f"user:{organiser.pk}"  # a queue is sent by who typed it


# -- the queue's requests, as the browser sends them -------------------------------------------

def everything_rules(preset: str) -> RuleSet:
    """A rule set whose entry row has every optional field (and, with doubling, the
    questions who made each call)."""
    options = PRESETS[preset].replace(blind_trump=True, en_face=True,
                                      cancel_on_partner_look=True, trick_bonus=True)
    return RuleSet.objects.create(name=f"Everything {preset}", options=options.to_dict())


@pytest.mark.parametrize("preset", ["house", "flemish"])
def test_the_api_takes_every_field_the_entry_row_has(preset):
    """The queue sends the form's fields as typed, whatever they are: a field the API did
    not know would be dropped without a word (DRF ignores unknown keys). A new deal fact in
    DealForm needs its place in the API's DealIn; the calls (call_1, call_2 ...) go as the
    API's list ``calls`` (offline-store.js, body)."""
    table = sheet_table(make_user("organiser"), rules=everything_rules(preset))
    ctx = load_table(Actor(table.round.stage.championship.club.roles.first().user, ""),
                     table.pk, page=True)
    form_fields = set(DealForm(ctx).fields)
    assert {"blind", "en_face", "cancelled", "tricks"} <= form_fields
    calls = {name for name in form_fields if re.fullmatch(r"call_\d+", name)}
    assert bool(calls) is (preset == "flemish")
    api_fields = set(DealIn().fields)
    assert form_fields - calls <= api_fields
    assert "calls" in api_fields


def as_sent(typed: dict[str, str]) -> dict:
    """What offline-store.js's body() makes of the form's fields: empty boxes left out, the
    version a number, call_1, call_2 ... as the list ``calls`` up to the last one named."""
    body = {name: value for name, value in typed.items()
            if value != "" and not re.fullmatch(r"call_\d+", name)}
    named = sorted((int(name[5:]), value) for name, value in typed.items()
                   if re.fullmatch(r"call_\d+", name))
    seats = [value or None for _index, value in named]
    while seats and seats[-1] is None:
        seats.pop()
    if seats:
        body["calls"] = seats
    body["version"] = int(body["version"])
    return body


def queued_body(table, **fields):
    """A waiting deal as the browser sends it (as_sent of the entry row's fields)."""
    typed = {"version": str(table.version), "dealer": str(table.first_dealer), "trump": "h",
             "doubling": "1", "points": "38", "points_other": "22", "all_tricks": "",
             "renonce": "", "reason": "", **fields}
    return as_sent(typed)


def test_a_waiting_deal_keeps_who_doubled():
    table = sheet_table(make_user("organiser"), rules=everything_rules("flemish"),
                        self_entry=True)
    opponent = (table.first_dealer + 1) % 4
    body = queued_body(table, doubling="2", call_1=str(opponent), call_2="",
                       points_other="30", tricks="5")  # 68 in play: a point a trick
    assert body["calls"] == [str(opponent)]
    answer = APIClient().post(f"/api/sheet/{table.code}/deals/", body, format="json",
                              HTTP_IDEMPOTENCY_KEY="uuid-calls")
    assert answer.status_code == 201, answer.json()
    deal = Deal.objects.get(table=table)
    assert (deal.doubling, deal.calls) == (2, [opponent])


def test_a_queued_deal_is_stored_once_whatever_times_it_is_sent():
    table = sheet_table(make_user("organiser"), self_entry=True)
    client = APIClient()
    url = f"/api/sheet/{table.code}/deals/"
    body = queued_body(table)
    answers = [client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="uuid-1")
               for _ in range(3)]  # the answer lost twice: sent again with its key
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert answers[0].json() == answers[2].json() == {"number": 1, "version": 1,
                                                      "action": "entered"}
    assert answers[2]["Idempotent-Replayed"] == "true"
    assert list(Deal.objects.filter(table=table).values_list("points", "points_other")) == [
        (38, 22)]
    assert DealChange.objects.filter(table=table).count() == 1
    # the next waiting deal, on the version that answer gave
    table.refresh_from_db()
    second = client.post(url, queued_body(table, dealer=str((table.first_dealer + 1) % 4),
                                          trump="n", points="25", points_other=""),
                         format="json", HTTP_IDEMPOTENCY_KEY="uuid-2")
    assert second.status_code == 201 and second.json()["version"] == 2


def test_a_checkbox_as_the_form_sends_it():
    table = sheet_table(make_user("organiser"), self_entry=True)
    body = queued_body(table, cancelled="on", trump="", points="", points_other="")
    answer = APIClient().post(f"/api/sheet/{table.code}/deals/", body, format="json",
                              HTTP_IDEMPOTENCY_KEY="uuid-c")
    assert answer.status_code == 201, answer.json()
    assert Deal.objects.get(table=table).cancelled is True


def test_a_replayed_key_with_another_body_is_refused_and_not_applied():
    table = sheet_table(make_user("organiser"), self_entry=True)
    client = APIClient()
    url = f"/api/sheet/{table.code}/deals/"
    client.post(url, queued_body(table), format="json", HTTP_IDEMPOTENCY_KEY="uuid-1")
    table.refresh_from_db()
    other = client.post(url, queued_body(table, points="40", points_other="20"),
                        format="json", HTTP_IDEMPOTENCY_KEY="uuid-1")
    assert other.status_code == 422
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Deal.objects.filter(table=table).count() == 1


def test_a_stale_version_is_a_conflict_with_the_current_one_and_writes_nothing():
    """Another phone stored deal 1 first: the waiting deal typed on version 0 is refused
    (409, the sheet's version now), and the page reads the sheet to show both."""
    table = sheet_table(make_user("organiser"), self_entry=True)
    client = APIClient()
    url = f"/api/sheet/{table.code}/deals/"
    client.post(url, queued_body(table), format="json", HTTP_IDEMPOTENCY_KEY="phone-a")
    late = client.post(url, queued_body(table, version="0", points="25", points_other="35"),
                       format="json", HTTP_IDEMPOTENCY_KEY="phone-b")
    assert late.status_code == 409
    assert late.json()["version"] == 1 and late.json()["errors"][0]["field"] == "version"
    assert not IdempotentRequest.objects.filter(key="phone-b").exists()
    sheet = client.get(f"/api/sheet/{table.code}/").json()
    assert [(d["number"], d["points"]) for d in sheet["deals"]] == [(1, 38)]
    # "keep mine": a correction of deal 1 on the current version, with a new key
    mine = client.put(f"{url}1/", queued_body(table, version="1", points="25",
                                              points_other="35"),
                      format="json", HTTP_IDEMPOTENCY_KEY="phone-b-keep")
    assert mine.status_code == 200, mine.json()
    edit = DealChange.objects.get(table=table, action="edited")
    assert edit.old["points"] == 38 and edit.new["points"] == 25  # theirs kept in history


# -- how long a key's first answer is kept -------------------------------------------------------

def test_answers_are_kept_for_days_then_swept():
    assert django_settings.TROEF_API_IDEMPOTENCY_DAYS >= 2
    fresh = IdempotentRequest.objects.create(identity="table:1", key="fresh", method="POST",
                                             path="/api/x/", body_hash="0" * 64, status=201)
    old = IdempotentRequest.objects.create(identity="table:1", key="old", method="POST",
                                           path="/api/x/", body_hash="0" * 64, status=201)
    days = django_settings.TROEF_API_IDEMPOTENCY_DAYS
    IdempotentRequest.objects.filter(pk=fresh.pk).update(
        created=timezone.now() - timedelta(days=days) + timedelta(hours=1))
    IdempotentRequest.objects.filter(pk=old.pk).update(
        created=timezone.now() - timedelta(days=days, hours=1))
    assert sweep_api_requests() == 1
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["fresh"]
    call_command("sweep_api_requests", stdout=io.StringIO())
    assert IdempotentRequest.objects.filter(key="fresh").exists()


def test_celery_beat_sweeps_daily():
    entry = django_settings.CELERY_BEAT_SCHEDULE["sweep-api-requests"]
    assert entry["task"] == sweep_api_requests.name
    assert entry["schedule"] <= 24 * 3600
    assert "club.api.tasks" in django_settings.CELERY_IMPORTS


# -- the queue's promise, over many runs: each deal once, whatever is sent again -----------------

@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(queue=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 2), st.booleans()),
                      min_size=1, max_size=4))
def test_a_queue_sent_with_lost_answers_and_tampering_stores_each_deal_once(queue):
    """A queue of deals (card points, how many times the answer was lost and the deal sent
    again, whether a broken client sent another body under the same key), sent as
    offline.js does: each deal on the version the answer before it gave. Every replay
    answers as the first time, every other body is a 422 that writes nothing, and the sheet
    ends with each deal once, in typing order."""
    cache.clear()  # the API's throttle counts (per code, per address) start at none
    safe_cache.reset()
    with transaction.atomic():
        table = sheet_table(make_user("organiser"), self_entry=True)
        client = APIClient()
        url = f"/api/sheet/{table.code}/deals/"
        version = table.version
        for index, (points, lost, tamper) in enumerate(queue):
            body = queued_body(table, version=str(version), points=str(points),
                               points_other="", dealer=str((table.first_dealer + index) % 4))
            key = f"deal-{index}"
            first = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
            assert first.status_code == 201, first.json()
            for _ in range(lost):
                again = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
                assert (again.status_code, again.json()) == (201, first.json())
            if tamper:
                other = client.post(url, {**body, "points": str((points + 1) % 61)},
                                    format="json", HTTP_IDEMPOTENCY_KEY=key)
                assert other.status_code == 422
            version = first.json()["version"]
        stored = list(Deal.objects.filter(table=table).order_by("number")
                      .values_list("number", "points"))
        assert stored == [(i + 1, points) for i, (points, _lost, _t) in enumerate(queue)]
        assert DealChange.objects.filter(table=table).count() == len(queue)
        transaction.set_rollback(True)
