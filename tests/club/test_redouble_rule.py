"""Issue 28 point 11 (b): who may redouble under mee/tegen (RULES.md §4 and §14). The sheet
service refuses the dealer saying tegen by default, naming the rule, whatever way the deal
came in (the entry row checked it already; the API, a late deal and a play typed trick by
trick reach the service); the rule set's option "either player of the dealer's side" lets
the dealer redouble, on the entry row too."""

from __future__ import annotations

import re

import pytest

from club.models import Deal, RuleSet
from club.selectors.sheets import Actor, load_table
from club.services.sheets import SheetInvalid, edit_deal, enter_deal
from engine.rules import RuleSet as EngineRuleSet
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


def _seats(table):
    sides = {s.position: s.side for s in table.seats.all()}
    dealer = table.first_dealer
    partner = next(p for p, side in sides.items() if side == sides[dealer] and p != dealer)
    opponent = next(p for p, side in sides.items() if side != sides[dealer])
    return dealer, partner, opponent


def _facts(dealer, calls):
    return {"dealer": dealer, "trump": "h", "doubling": 1 << len(calls), "calls": calls,
            "points": 41, "points_other": 19, "all_tricks": None, "renonce": None,
            "cancelled": False, "blind": False, "en_face": False, "tricks": None}


def _enter(user, table, facts):
    actor = Actor(user=user)
    ctx = load_table(actor, table.pk)
    return enter_deal(actor, table.pk, ctx.table.version, facts, ctx=ctx)


def test_the_service_refuses_the_dealer_saying_tegen(organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, partner, opponent = _seats(table)
    before = snapshot(table)
    with pytest.raises(SheetInvalid) as refused:
        _enter(organiser, table, _facts(dealer, [opponent, dealer]))
    message = refused.value.errors["doubling"][0]
    assert "the dealer's partner redoubles" in message
    assert table.seats.get(position=partner).player.full_name in message
    assert snapshot(table) == before
    # the partner may; a call naming nobody stays allowed
    _enter(organiser, table, _facts(dealer, [opponent, partner]))
    assert Deal.objects.get(table=table).calls == [opponent, partner]


def test_a_correction_that_makes_the_dealer_redouble_is_refused(organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, partner, opponent = _seats(table)
    _enter(organiser, table, _facts(dealer, [opponent, partner]))
    actor = Actor(user=organiser)
    ctx = load_table(actor, table.pk)
    with pytest.raises(SheetInvalid) as refused:
        edit_deal(actor, table.pk, 1, ctx.table.version, _facts(dealer, [opponent, dealer]),
                  "typo", ctx=ctx)
    assert "the dealer's partner redoubles" in refused.value.errors["doubling"][0]
    assert Deal.objects.get(table=table).calls == [opponent, partner]


def _side_rules():
    rules = EngineRuleSet.preset("flemish").replace(redouble_by="side")
    return RuleSet.objects.create(name="Side", preset="flemish", options=rules.to_dict())


def test_with_the_option_the_dealer_may_redouble(organiser):
    table = sheet_table(organiser, rules=_side_rules())
    dealer, _partner, opponent = _seats(table)
    _enter(organiser, table, _facts(dealer, [opponent, dealer]))
    assert Deal.objects.get(table=table).calls == [opponent, dealer]


def test_with_the_option_the_entry_row_offers_the_dealers_side(org_client, organiser):
    table = sheet_table(organiser, rules=_side_rules())
    dealer, partner, opponent = _seats(table)
    page = org_client.get(url(table)).content.decode()
    select = re.search(r'<select name="call_2"[^>]*>(.*?)</select>', page, re.DOTALL).group(1)
    assert re.findall(r'<option value="([^"]*)"', select) == [
        "", *map(str, sorted([dealer, partner])), "?"]
    response = org_client.post(url(table), deal_data(table, doubling=4, call_1=opponent,
                                                     call_2=dealer, points=41))
    assert response.status_code == 302, response.content.decode()[:1500]
    assert Deal.objects.get(table=table).calls == [opponent, dealer]
