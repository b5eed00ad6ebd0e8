"""The API's contract as a client generated from /api/schema/ sees it (issue 27): a deal read
can be written back unchanged, a field the sheet does not have is refused by name, points
out of range are explained as the sheet page explains them, Idempotency-Keys are scoped by
method and path, and the schema states the bounds the server enforces."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from club.bounds import MAX_NUMBER
from club.models import Deal, IdempotentRequest, Table
from tests.helpers.api import client_as, deals_url, post, state
from tests.helpers.auction import auction_round

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 1, "trump": "c", "points": 40}
#: What a client sends back of a deal it read: the fields DealIn takes on a partnership sheet.
WRITABLE = ("dealer", "trump", "doubling", "calls", "points", "points_other", "all_tricks",
            "renonce", "cancelled", "blind", "en_face", "tricks")


def read_deal(client, world, number):
    sheet = client.get(f"/api/tables/{world.table.pk}/sheet/").json()
    deal = next(d for d in sheet["deals"] if d["number"] == number)
    return sheet["version"], {name: deal[name] for name in WRITABLE}


# -- 1. a deal read is written back unchanged ---------------------------------------------

def test_a_no_trump_deal_read_is_written_back_unchanged(world):
    client = client_as(world, "organiser")
    assert post(client, deals_url(world), {**DEAL, "trump": "n", "version": 0}).status_code == 201
    version, deal = read_deal(client, world, 2)
    assert deal["trump"] is None  # reads keep null for no trump
    again = client.put(f"{deals_url(world)}2/", {**deal, "version": version}, format="json",
                       HTTP_IDEMPOTENCY_KEY="write-back")
    assert again.status_code == 200, again.json()
    assert again.json()["action"] == ""  # nothing changed
    stored = Deal.objects.get(table=world.table, number=2)
    assert stored.trump is None and not stored.cancelled and stored.points == 40


def test_null_trump_is_no_trump_on_entry(world):
    client = client_as(world, "organiser")
    answer = post(client, deals_url(world), {**DEAL, "trump": None, "version": 0})
    assert answer.status_code == 201, answer.json()
    stored = Deal.objects.get(table=world.table, number=2)
    assert stored.trump is None and not stored.cancelled


def test_a_cancelled_deal_is_accepted_as_documented_and_written_back(world):
    client = client_as(world, "organiser")
    answer = post(client, deals_url(world), {"version": 0, "dealer": 1, "cancelled": True,
                                             "trump": None})
    assert answer.status_code == 201, answer.json()
    version, deal = read_deal(client, world, 2)
    assert deal["cancelled"] is True and deal["trump"] is None
    again = client.put(f"{deals_url(world)}2/", {**deal, "version": version}, format="json",
                       HTTP_IDEMPOTENCY_KEY="write-back-cancelled")
    assert again.status_code == 200, again.json()
    assert Deal.objects.get(table=world.table, number=2).cancelled


def test_the_schema_documents_no_trump_and_the_cancelled_deal(client):
    schema = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    deal_in = schema["PartnershipDealRequest"]["properties"]
    assert "no trump" in deal_in["trump"]["description"]
    assert "null" in deal_in["trump"]["description"]
    assert "cancel" in deal_in["cancelled"]["description"].lower()
    read = schema["SheetDeal"]["properties"]["trump"]
    assert read.get("nullable") and "no trump" in read["description"]


# -- 2. fields a sheet does not have are refused ------------------------------------------

@pytest.mark.parametrize("extra, field, code", [
    ({"tricks": 5}, "tricks", "field_not_on_sheet"),  # house rules count no tricks
    ({"declarer": 2}, "declarer", "field_not_on_sheet"),
    ({"bid": "20"}, "bid", "field_not_on_sheet"),
    ({"count": 30}, "count", "field_not_on_sheet"),
    ({"colour": "red"}, "colour", "unknown_field"),
])
def test_a_field_the_partnership_sheet_lacks_is_refused_by_name(world, extra, field, code):
    client = client_as(world, "organiser")
    before = state()
    answer = post(client, deals_url(world), {**DEAL, "version": 0, **extra})
    assert answer.status_code == 400, answer.json()
    errors = answer.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [(field, code)]
    assert field in errors[0]["message"]
    assert state() == before


def test_tricks_without_the_trick_bonus_says_the_rule_set_counts_none(world):
    answer = post(client_as(world, "organiser"), deals_url(world),
                  {**DEAL, "version": 0, "tricks": 5})
    assert "does not count tricks" in answer.json()["errors"][0]["message"]
    assert not Deal.objects.filter(table=world.table, number=2).exists()


def test_empty_values_of_absent_fields_are_what_a_read_gives_and_pass(world):
    client = client_as(world, "organiser")
    answer = post(client, deals_url(world), {**DEAL, "version": 0, "tricks": None,
                                             "blind": False, "en_face": False})
    assert answer.status_code == 201, answer.json()


@pytest.mark.parametrize("extra, field", [
    ({"points_other": 10}, "points_other"),
    ({"doubling": 2}, "doubling"),
    ({"calls": [1]}, "calls"),
    ({"cancelled": True}, "cancelled"),
    ({"dealer": 0}, "dealer"),
    ({"colour": "red"}, "colour"),
])
def test_a_partnership_field_is_refused_on_an_auction_sheet(world, extra, field):
    rnd = auction_round(sizes=(4,))
    table = Table.objects.get(round=rnd)
    client = client_as(world, "staff")
    answer = post(client, f"/api/tables/{table.pk}/sheet/deals/", {
        "version": table.version, "declarer": 1, "bid": 20, "trump": "h", "count": 30,
        **extra})
    assert answer.status_code == 400, answer.json()
    assert [e["field"] for e in answer.json()["errors"]] == [field]
    assert not Deal.objects.filter(table=table).exists()


# -- 3. points out of range say what is wrong ------------------------------------------------

@pytest.mark.parametrize("given, total", [("points", 115), ("points_other", 61)])
def test_points_out_of_range_say_they_must_add_up(world, given, total):
    answer = post(client_as(world, "organiser"), deals_url(world),
                  {"dealer": 1, "trump": "c", given: total, "version": 0})
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["field"] == given and error["code"] == "points_total"
    assert "must add up to 60" in error["message"] and f"not {total}" in error["message"]
    assert "whole numbers" not in error["message"]


def test_points_out_of_range_are_explained_in_the_request_language(world):
    answer = post(client_as(world, "organiser"), deals_url(world),
                  {"dealer": 1, "trump": "c", "points": 115, "version": 0},
                  HTTP_ACCEPT_LANGUAGE="nl")
    message = answer.json()["errors"][0]["message"]
    assert "60" in message and "115" in message and "must" not in message


# -- 4. Idempotency-Keys are scoped by method and path ---------------------------------------

def test_one_key_on_two_endpoints_is_two_writes(world):
    client = client_as(world, "organiser")
    first = post(client, deals_url(world), {**DEAL, "version": 0}, key="table-3-deal-6")
    assert first.status_code == 201
    edit = client.put(f"{deals_url(world)}2/", {**DEAL, "points": 35, "version": 1},
                      format="json", HTTP_IDEMPOTENCY_KEY="table-3-deal-6")
    assert edit.status_code == 200, edit.json()
    assert edit.json()["action"] == "edited" and "Idempotent-Replayed" not in edit.headers
    gone = client.delete(f"{deals_url(world)}2/?version=2", HTTP_IDEMPOTENCY_KEY="table-3-deal-6")
    assert gone.status_code == 200 and gone.json()["action"] == "deleted", gone.json()
    assert IdempotentRequest.objects.count() == 3
    replay = post(client, deals_url(world), {**DEAL, "version": 0}, key="table-3-deal-6")
    assert replay.json() == first.json() and replay.headers["Idempotent-Replayed"] == "true"


def test_a_reused_key_says_the_body_differed(world):
    client = client_as(world, "organiser")
    assert post(client, deals_url(world), {**DEAL, "version": 0}, key="k").status_code == 201
    before = state()
    other = post(client, deals_url(world), {**DEAL, "points": 30, "version": 0}, key="k")
    assert other.status_code == 422
    body = other.json()
    assert body["errors"][0]["code"] == "idempotency_key_reused"
    assert body["differs"] == ["body"]
    assert "body" in body["errors"][0]["message"]
    assert state() == before


def test_a_reused_key_says_the_query_differed(world):
    client = client_as(world, "organiser")
    url = f"{deals_url(world)}1/"
    assert client.delete(f"{url}?version=0", HTTP_IDEMPOTENCY_KEY="d").status_code == 200
    before = state()
    again = client.delete(f"{url}?version=1", HTTP_IDEMPOTENCY_KEY="d")
    assert again.status_code == 422
    assert again.json()["differs"] == ["query"]
    assert state() == before


def test_a_key_stored_before_scoping_is_still_replayed_for_seven_days(world):
    """Records written before keys were scoped hold the client's key as sent: a replay of
    the same request within the retention still answers from it (and writes nothing)."""
    client = client_as(world, "organiser")
    body = {**DEAL, "version": 0}
    import hashlib
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"))
                            .encode()).hexdigest()
    first = {"number": 2, "version": 1, "action": "entered"}
    record = IdempotentRequest.objects.create(
        identity=f"user:{world.users['organiser'].pk}", key="old-key", method="POST",
        path=deals_url(world), body_hash=digest, status=201, response=first)
    IdempotentRequest.objects.filter(pk=record.pk).update(
        created=timezone.now() - timedelta(days=6))
    before = state()
    replay = post(client, deals_url(world), body, key="old-key")
    assert replay.status_code == 201 and replay.json() == first
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert state() == before


# -- 5. the schema states what the server enforces ------------------------------------------

@pytest.fixture
def schema(client):
    return client.get("/api/schema/?format=json").json()


def _parameter(operation, name):
    return next(p for p in operation["parameters"] if p["name"] == name)


def test_the_schema_bounds_version_and_number(schema):
    deal = schema["paths"]["/api/tables/{id}/sheet/deals/{number}/"]
    number = _parameter(deal["put"], "number")["schema"]
    assert (number["minimum"], number["maximum"]) == (1, MAX_NUMBER)
    version = _parameter(deal["delete"], "version")["schema"]
    assert (version["minimum"], version["maximum"]) == (0, 2**31 - 1)


def test_the_schema_requires_the_dealer_on_a_partnership_deal(schema):
    components = schema["components"]["schemas"]
    assert "dealer" in components["PartnershipDealRequest"]["required"]
    assert "dealer" not in components["AuctionDealRequest"]["properties"]
    assert components["PartnershipDealRequest"]["additionalProperties"] is False
    body = schema["paths"]["/api/tables/{id}/sheet/deals/"]["post"]["requestBody"]
    shape = body["content"]["application/json"]["schema"]
    shape = components[shape["$ref"].rsplit("/", 1)[1]] if "$ref" in shape else shape
    assert {ref["$ref"].rsplit("/", 1)[1] for ref in shape["oneOf"]} == {
        "PartnershipDealRequest", "AuctionDealRequest"}


def test_the_schema_lists_405(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "405" in operation["responses"], (method, path)


def test_page_size_is_a_bounded_integer(schema):
    page_size = _parameter(schema["paths"]["/api/clubs/"]["get"], "page_size")["schema"]
    assert page_size["type"] == "integer" and not page_size.get("nullable")
    assert (page_size["minimum"], page_size["maximum"]) == (1, 500)
