"""The REST API on an auction Manille evening (issue 16): every read answers (no 500), the
sheet gives one column per player with each player's points and totals, and a deal written
through the API goes through the auction sheet's form and checks."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from club.api.authentication import create_token
from club.models import Deal, Table
from tests.helpers.auction import entry, make_evening, post_ok, sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(org_client, organiser):
    return make_evening(org_client, organiser)


@pytest.fixture
def api(organiser):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {create_token(organiser, 'tests')[1]}")
    return client


def test_every_read_of_an_auction_evening_answers(api, org_client, evening):
    champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    for path in (f"/api/championships/{champ.pk}/", f"/api/championships/{champ.pk}/standings/",
                 f"/api/rounds/{rnd.pk}/", f"/api/rounds/{rnd.pk}/tables/",
                 f"/api/tables/{table.pk}/sheet/"):
        response = api.get(path)
        assert response.status_code == 200, (path, response.content[:500])
    data = api.get(f"/api/tables/{table.pk}/sheet/").json()
    assert len(data["columns"]) == 4 and data["game"] == "auction2"
    deal = data["deals"][0]
    assert deal["declarer"] == 1 and deal["contract"] == 20 and deal["points"] == 25
    assert sorted(deal["credits"]) == [0, 0, 0, 20] and deal["credits"][1] == 20


def test_a_deal_written_through_the_api_is_checked_as_on_the_page(api, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    path = f"/api/tables/{table.pk}/sheet/deals/"
    refused = api.post(path, {"version": table.version, "declarer": 1, "bid": 10,
                              "trump": "h", "count": 30}, format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert refused.status_code == 400 and "lowest bid" in refused.content.decode()
    assert not Deal.objects.filter(table=table).exists()
    saved = api.post(path, {"version": table.version, "declarer": 1, "bid": "all",
                            "trump": "s", "count": 65, "all_tricks": 0}, format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert saved.status_code in (200, 201), saved.content[:500]
    deal = Deal.objects.get(table=table)
    assert deal.contract_all and deal.declarer == 1 and deal.all_tricks == 0


def test_a_deal_the_form_refuses_is_a_400_naming_the_field(api, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    answer = api.post(f"/api/tables/{table.pk}/sheet/deals/", {
        "version": table.version, "dealer": 0, "declarer": 2, "bid": "lots", "trump": "h",
        "count": 30}, format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert answer.status_code == 400 and "bid" in answer.content.decode()
    assert not Deal.objects.filter(table=table).exists()


def test_cards_exchanged_in_auction_two_are_refused_not_dropped(api, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    answer = api.post(f"/api/tables/{table.pk}/sheet/deals/", {
        "version": table.version, "declarer": 1, "bid": 20, "trump": "h", "count": 30,
        "exchanged": 2}, format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert answer.status_code == 400
    assert not Deal.objects.filter(table=table).exists()
