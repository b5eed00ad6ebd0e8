"""Deals that reach a closed round through the API (issue 26, "nothing dropped at closing"):
kept as late deals for the organiser (202), a replay answers the same, a key stored before
the close answers its first answer; the code page's reports (``X-Troef-Waiting``)."""

from __future__ import annotations

import pytest

from club.models import Deal, IdempotentRequest, LateDeal, Table
from club.services.closing import close_round
from tests.helpers.api import client_as, deals_url, post, state

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 1, "trump": "c", "points": 40}
CODE_DEALS = "/api/sheet/CODE01/deals/"
LATE = "Received after the round closed: the organiser decides."


def close(world):
    close_round(world.round, world.users["organiser"], remaining="played")


def test_a_deal_by_code_after_the_close_is_kept_not_dropped(world):
    client = client_as(None, "code")
    close(world)
    before = state()
    answer = post(client, CODE_DEALS, {**DEAL, "version": 0}, key="late-1",
                  HTTP_X_TROEF_WAITING="2")
    assert answer.status_code == 202, answer.json()
    late = LateDeal.objects.get()
    assert answer.json() == {"late": True, "id": late.pk, "detail": LATE,
                             "deal": {**DEAL, "version": 0}}
    assert late.table_id == world.table.pk and late.state == LateDeal.State.WAITING
    assert late.by_code and late.sent_by is None and late.key == "late-1"
    assert late.facts["dealer"] == 1 and late.facts["points"] == 40
    assert late.facts["trump"] == "c"
    assert state() == before  # nothing on the sheet
    table = Table.objects.get(pk=world.table.pk)
    assert table.reported_waiting == 2 and table.reported_at is not None


def test_a_replay_of_a_late_deal_answers_the_same_and_keeps_one(world):
    client = client_as(None, "code")
    close(world)
    first = post(client, CODE_DEALS, {**DEAL, "version": 0}, key="late-2")
    again = post(client, CODE_DEALS, {"version": 0, **DEAL}, key="late-2")
    assert again.status_code == 202 and again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert LateDeal.objects.count() == 1


def test_a_key_stored_before_the_close_answers_its_first_answer(world):
    client = client_as(None, "code")
    first = post(client, CODE_DEALS, {**DEAL, "version": 0}, key="before")
    assert first.status_code == 201
    close(world)
    after = state()
    again = post(client, CODE_DEALS, {**DEAL, "version": 0}, key="before")
    assert again.status_code == 201 and again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert not LateDeal.objects.exists() and state() == after


def test_by_id_without_a_reason_a_closed_round_keeps_the_deal(world):
    client = client_as(world, "organiser")
    close(world)
    version = Table.objects.get(pk=world.table.pk).version
    answer = post(client, deals_url(world), {**DEAL, "version": version}, key="by-id")
    assert answer.status_code == 202, answer.json()
    late = LateDeal.objects.get()
    assert late.sent_by == world.users["organiser"] and not late.by_code
    # with a reason it is the organiser's correction, as before
    fixed = post(client, deals_url(world), {**DEAL, "version": version, "reason": "slip"},
                 key="by-id-2")
    assert fixed.status_code == 201, fixed.json()
    assert Deal.objects.filter(table=world.table).count() == 2 and LateDeal.objects.count() == 1


def test_a_refused_late_deal_stores_nothing(world):
    client = client_as(None, "code")
    close(world)
    bad = post(client, CODE_DEALS, {**DEAL, "points": 999, "version": 0}, key="bad")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "points"
    assert not LateDeal.objects.exists() and not IdempotentRequest.objects.exists()


def test_another_closed_rounds_code_is_not_a_late_deal(world):
    """A code that opens no table, closed or open, stays a 404 (and a miss)."""
    client = client_as(None, "code")
    close(world)
    assert post(client, "/api/sheet/NOPE99/deals/", {**DEAL, "version": 0}).status_code == 404
    assert post(client, "/api/sheet/DRAFT01/deals/", {**DEAL, "version": 0}).status_code == 404
    assert not LateDeal.objects.exists()


def test_the_code_page_reports_when_and_how_many_wait(world):
    client = client_as(None, "code")
    assert client.get("/api/sheet/CODE01/", HTTP_X_TROEF_WAITING="3").status_code == 200
    table = Table.objects.get(pk=world.table.pk)
    assert table.reported_waiting == 3 and table.reported_at is not None
    assert client.get("/api/sheet/CODE01/").status_code == 200
    assert Table.objects.get(pk=world.table.pk).reported_waiting is None  # not said
    close(world)
    # a closed round's sheet is not served by code, but the report still counts
    assert client.get("/api/sheet/CODE01/", HTTP_X_TROEF_WAITING="1").status_code == 404
    assert Table.objects.get(pk=world.table.pk).reported_waiting == 1
    other = Table.objects.get(pk=world.other_table.pk)
    assert other.reported_at is None  # only the code's own table


@pytest.mark.parametrize("value", ["-1", "two", "100001", "1.5"])
def test_a_bad_waiting_count_is_refused_by_name(world, value):
    client = client_as(None, "code")
    before = state()
    answer = post(client, CODE_DEALS, {**DEAL, "version": 0}, key="w",
                  HTTP_X_TROEF_WAITING=value)
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["field"] == "X-Troef-Waiting" and error["code"] == "waiting_invalid"
    assert state() == before
    assert Table.objects.get(pk=world.table.pk).reported_at is None


def test_the_schema_documents_the_late_answer(world):
    schema = client_as(None, "code").get("/api/schema/?format=json").json()
    for path in ("/api/sheet/{code}/deals/", "/api/tables/{id}/sheet/deals/"):
        operation = schema["paths"][path]["post"]
        assert "202" in operation["responses"], path
        headers = [p["name"] for p in operation["parameters"] if p["in"] == "header"]
        assert "X-Troef-Waiting" in headers or path.startswith("/api/tables/"), path
    late = schema["components"]["schemas"]["LateOut"]
    assert set(late["properties"]) == {"late", "id", "detail", "deal"}


# -- "send to the organiser": a deal the phone cannot place, kept while the round is open --

TO_ORGANISER = "Sent to the organiser, not on the sheet: the organiser decides."


def test_a_deal_sent_to_the_organiser_is_kept_though_the_round_is_open(world):
    """The phone's conflict panel: the dealer order cannot hold (deal 2 is dealt by seat 1,
    this one was dealt by seat 3), so the deal goes to the organiser: 202, a late deal,
    nothing on the sheet; the same key again answers the same, one late deal."""
    client = client_as(None, "code")
    version = Table.objects.get(pk=world.table.pk).version
    before = state()
    deal = {"dealer": 3, "trump": "d", "points": 41, "version": version}
    answer = post(client, CODE_DEALS, deal, key="to-org", HTTP_X_TROEF_TO_ORGANISER="1")
    assert answer.status_code == 202, answer.json()
    late = LateDeal.objects.get()
    assert answer.json() == {"late": True, "id": late.pk, "detail": TO_ORGANISER,
                             "deal": deal}
    assert late.table_id == world.table.pk and late.state == LateDeal.State.WAITING
    assert late.by_code and late.key == "to-org" and late.sent["to_organiser"] is True
    assert (late.facts["dealer"], late.facts["trump"], late.facts["points"]) == (3, "d", 41)
    assert state() == before  # nothing on the sheet, the round still open
    assert Table.objects.get(pk=world.table.pk).round.status == "published"
    again = post(client, CODE_DEALS, deal, key="to-org", HTTP_X_TROEF_TO_ORGANISER="1")
    assert again.status_code == 202 and again.json() == answer.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert LateDeal.objects.count() == 1 and state() == before


def test_by_id_a_deal_sent_to_the_organiser_is_kept_with_who_sent_it(world):
    client = client_as(world, "organiser")
    version = Table.objects.get(pk=world.table.pk).version
    before = state()
    answer = post(client, deals_url(world), {**DEAL, "version": version}, key="id-org",
                  HTTP_X_TROEF_TO_ORGANISER="1")
    assert answer.status_code == 202, answer.json()
    late = LateDeal.objects.get()
    assert late.sent_by == world.users["organiser"] and not late.by_code
    assert state() == before


@pytest.mark.parametrize("value", ["0", "yes", "true", "2", ""])
def test_a_bad_to_organiser_header_is_refused_by_name(world, value):
    client = client_as(None, "code")
    before = state()
    answer = post(client, CODE_DEALS, {**DEAL, "version": 1}, key="bad-org",
                  HTTP_X_TROEF_TO_ORGANISER=value)
    assert answer.status_code == 400, answer.json()
    error = answer.json()["errors"][0]
    assert error["field"] == "X-Troef-To-Organiser" and error["code"] == "to_organiser_invalid"
    assert "1" in error["message"]
    assert state() == before and not LateDeal.objects.exists()
    assert not IdempotentRequest.objects.exists()


def test_a_deal_sent_to_the_organiser_is_still_checked(world):
    """Values the entry row refuses are refused (400), not kept."""
    client = client_as(None, "code")
    bad = post(client, CODE_DEALS, {**DEAL, "points": 999, "version": 1}, key="bad-values",
               HTTP_X_TROEF_TO_ORGANISER="1")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "points"
    assert not LateDeal.objects.exists() and not IdempotentRequest.objects.exists()


def test_the_to_organiser_header_is_only_for_a_new_deal(world):
    """A correction (PUT) is the sheet's: the header is refused by name, nothing changed."""
    client = client_as(None, "code")
    before = state()
    answer = client.put("/api/sheet/CODE01/deals/1/", {**DEAL, "dealer": 0, "version": 1},
                        format="json", HTTP_IDEMPOTENCY_KEY="put-org",
                        HTTP_X_TROEF_TO_ORGANISER="1")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["field"] == "X-Troef-To-Organiser"
    assert state() == before and not LateDeal.objects.exists()


def test_the_schema_documents_the_to_organiser_header(world):
    schema = client_as(None, "code").get("/api/schema/?format=json").json()
    for path in ("/api/sheet/{code}/deals/", "/api/tables/{id}/sheet/deals/"):
        headers = [p["name"] for p in schema["paths"][path]["post"]["parameters"]
                   if p["in"] == "header"]
        assert "X-Troef-To-Organiser" in headers, path


def test_a_deal_the_page_saved_before_the_close_is_not_kept_again(world, client):
    """The page's post was saved, its answer lost; the round closed; the phone's queue sends
    it through the API with the form's key: not a second, late copy (review: an auction
    sheet then got the deal twice) but 409, and the page answers its first save."""
    page = "/sheet/CODE01/"
    sheet = client_as(None, "code").get("/api/sheet/CODE01/").json()
    form = {"version": sheet["version"], "dealer": sheet["next_dealer"], "trump": "c",
            "doubling": 1, "points": "40", "points_other": "", "key": "form-key-1"}
    assert client.post(page, form, HTTP_ACCEPT="application/json").json()["ok"] is True
    close(world)
    answer = post(client_as(None, "code"), CODE_DEALS,
                  {"dealer": form["dealer"], "trump": "c", "points": 40,
                   "version": sheet["version"]}, key="form-key-1")
    assert answer.status_code == 409, answer.json()
    assert not LateDeal.objects.exists()
    again = client.post(page, form, HTTP_ACCEPT="application/json")
    assert again.status_code == 200 and again.json()["ok"] is True
    assert Deal.objects.filter(table=world.table).count() == len(sheet["deals"]) + 1


def test_a_code_holder_cannot_fill_the_organisers_list(world, settings):
    """At most TROEF_LATE_DEALS_PER_TABLE deals wait at one table: beyond, 429, nothing kept
    (review: any code holder could add deals without end)."""
    settings.TROEF_LATE_DEALS_PER_TABLE = 2
    client = client_as(None, "code")
    close(world)
    answers = [post(client, CODE_DEALS, {**DEAL, "version": 0}, key=f"fill-{n}").status_code
               for n in range(3)]
    assert answers == [202, 202, 429]
    assert LateDeal.objects.count() == 2
