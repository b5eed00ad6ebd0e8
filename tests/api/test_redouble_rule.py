"""Issue 28 point 11 (b): who may redouble under mee/tegen (RULES.md §4 and §14). The API
refuses the dealer saying tegen by default, naming the rule, as the entry row does; a rule
set with the option "the dealer's side" accepts either player of the dealer's side."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from club.api.authentication import create_token
from club.models import Deal, RuleSet
from engine.rules import RuleSet as EngineRuleSet
from tests.helpers.api import post, state
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db


def _deals_url(table):
    return f"/api/tables/{table.pk}/sheet/deals/"


def _seats(table):
    sides = {s.position: s.side for s in table.seats.all()}
    dealer = table.first_dealer
    partner = next(p for p, side in sides.items() if side == sides[dealer] and p != dealer)
    opponent = next(p for p, side in sides.items() if side != sides[dealer])
    return dealer, partner, opponent


def _client(organiser):
    client = APIClient()
    _token, secret = create_token(organiser, "tests")
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def test_the_api_refuses_the_dealer_saying_tegen_naming_the_rule(organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, partner, opponent = _seats(table)
    client = _client(organiser)
    before = state()
    answer = post(client, _deals_url(table), {"version": 0, "dealer": dealer, "trump": "h",
                                              "points": 41, "calls": [opponent, dealer]})
    assert answer.status_code == 400, answer.json()
    error = answer.json()["errors"][0]
    assert error["field"] == "calls"
    assert "the dealer's partner redoubles" in error["message"]
    assert state() == before
    # the partner may
    answer = post(client, _deals_url(table), {"version": 0, "dealer": dealer, "trump": "h",
                                              "points": 41, "calls": [opponent, partner]},
                  key="key-2")
    assert answer.status_code == 201, answer.json()
    assert Deal.objects.get(table=table).calls == [opponent, partner]


def test_the_dealers_side_option_lets_the_dealer_redouble(organiser):
    rules = EngineRuleSet.preset("flemish").replace(redouble_by="side")
    rule_set = RuleSet.objects.create(name="Side", preset="flemish", options=rules.to_dict())
    table = sheet_table(organiser, rules=rule_set)
    dealer, _partner, opponent = _seats(table)
    answer = post(_client(organiser), _deals_url(table),
                  {"version": 0, "dealer": dealer, "trump": "h", "points": 41,
                   "calls": [opponent, dealer]})
    assert answer.status_code == 201, answer.json()
    assert Deal.objects.get(table=table).calls == [opponent, dealer]


def test_an_old_deal_with_the_dealers_tegen_is_corrected_keeping_its_callers(organiser):
    """A deal recorded before the rule was checked: a correction of its points through the
    API keeps who said tegen (the service checks only calls that change; review finding)."""
    table = sheet_table(organiser, rules="flemish")
    dealer, _partner, opponent = _seats(table)
    Deal.objects.create(table=table, number=1, dealer=dealer, trump="h", points=41,
                        points_other=19, doubling=4, calls=[opponent, dealer])
    table.refresh_from_db()
    answer = _client(organiser).put(
        f"{_deals_url(table)}1/", {"dealer": dealer, "trump": "h", "points": 45,
                                   "calls": [opponent, dealer], "version": table.version,
                                   "reason": "recount"},
        format="json", HTTP_IDEMPOTENCY_KEY="put-1")
    assert answer.status_code == 200, answer.json()
    assert Deal.objects.get(table=table).points == 45
    # a changed caller is still checked: the dealer may not take over the mee
    answer = _client(organiser).put(
        f"{_deals_url(table)}1/", {"dealer": dealer, "trump": "h", "points": 45,
                                   "calls": [dealer, dealer], "version": table.version + 1,
                                   "reason": "x"}, format="json", HTTP_IDEMPOTENCY_KEY="put-2")
    assert answer.status_code == 400 and Deal.objects.get(table=table).calls == [opponent,
                                                                                 dealer]
