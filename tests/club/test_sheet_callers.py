"""Issue 29 point 2: who may make each doubling call (RULES.md §4). The entry row's caller
lists offer only the players allowed to make that call under the dealer shown, the form
refuses anyone else naming the rule, and a paper sheet that says only x2 is entered with
its caller "not recorded" (the score reads each call's side, which its turn gives)."""

import re

import pytest

from club.models import Deal, MatchResult, RuleSet
from engine.rules import RuleSet as EngineRuleSet
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


def post(client, table, **fields):
    return client.post(url(table), deal_data(table, **fields))


def offered(page: str, name: str) -> list[str]:
    """The values the page's <select name=...> offers, in order."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.DOTALL).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def seats_of(table):
    """Seat positions by side, and the first dealer's partner and opponents."""
    sides = {s.position: s.side for s in table.seats.all()}
    dealer = table.first_dealer
    partner = next(p for p, side in sides.items() if side == sides[dealer] and p != dealer)
    opponents = sorted(p for p, side in sides.items() if side != sides[dealer])
    return dealer, partner, opponents


def test_the_lists_offer_only_who_may_make_each_call(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    _dealer, partner, opponents = seats_of(table)
    page = org_client.get(url(table)).content.decode()
    # mee: an opponent of the dealer; tegen: the dealer's partner (not the dealer himself)
    assert offered(page, "call_1") == ["", *map(str, opponents), "?"]
    assert offered(page, "call_2") == ["", str(partner), "?"]
    # each player with the key that names them in the points box (x, then the number)
    names = {s.position: s.player.full_name for s in table.seats.select_related("player")}
    assert f">{opponents[0] + 1} {names[opponents[0]]}</option>" in page
    assert ">not recorded</option>" in page


def test_knocking_back_is_either_player_of_the_dealers_side(org_client, organiser):
    rules = EngineRuleSet.preset("french").replace(doubling="knock_back")
    rule_set = RuleSet.objects.create(name="Back", preset="french", options=rules.to_dict())
    table = sheet_table(organiser, rules=rule_set)
    dealer, partner, opponents = seats_of(table)
    page = org_client.get(url(table)).content.decode()
    assert offered(page, "call_1") == ["", *map(str, opponents), "?"]
    assert offered(page, "call_2") == ["", *map(str, sorted([dealer, partner])), "?"]


def test_the_lists_follow_the_dealer_that_was_sent(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, partner, opponents = seats_of(table)
    # a refused post with another dealer: the lists are that dealer's
    response = post(org_client, table, dealer=opponents[0], points=70)
    assert response.status_code == 400
    page = response.content.decode()
    assert offered(page, "call_1") == ["", *map(str, sorted([dealer, partner])), "?"]
    assert offered(page, "call_2") == ["", str(opponents[1]), "?"]
    # the page's script gets every dealer's lists
    form = response.context["form"]
    assert form.callers_by_dealer()[dealer] == [opponents, [partner]]


def test_the_dealer_does_not_say_tegen(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, partner, opponents = seats_of(table)
    before = snapshot(table)
    response = post(org_client, table, doubling=4, call_1=opponents[0], call_2=dealer)
    assert response.status_code == 400
    error = response.context["form"].errors["call_2"][0]
    assert "the dealer's partner redoubles" in error
    assert table.seats.get(position=partner).player.full_name in error
    assert snapshot(table) == before
    # the refusal shows what was typed
    assert offered(response.content.decode(), "call_2") == ["", str(dealer), str(partner), "?"]


def test_a_sheet_that_says_only_x2_is_entered_as_not_recorded(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, _partner, _opponents = seats_of(table)
    response = post(org_client, table, doubling=2, call_1="?", points=41)
    assert response.status_code == 302, response.content.decode()[:2000]
    deal = Deal.objects.get(table=table)
    assert (deal.doubling, deal.calls) == (2, [None])
    # scored as the same deal with its caller named: (41 - 30) x 2 = 22
    assert {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}[0] == 22
    page = org_client.get(url(table)).content.decode()
    assert "mee: not recorded" in page
    # and with tegen too, one named and one not
    response = post(org_client, table, dealer=(dealer + 1) % 4, doubling=4,
                    call_1=str(dealer), call_2="?", points=41)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Deal.objects.get(table=table, number=2).calls == [dealer, None]


def test_an_empty_caller_is_refused_saying_not_recorded_is_a_choice(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    before = snapshot(table)
    response = post(org_client, table, doubling=2, call_1="")
    assert response.status_code == 400
    error = response.context["form"].errors["call_1"][0]
    assert "Say who made the call (doubled (mee) by)" in error and "not recorded" in error
    assert snapshot(table) == before


def recorded_tegen_by_the_dealer(table):
    """A deal recorded before the rule was checked (or imported): the dealer said tegen."""
    dealer, _partner, opponents = seats_of(table)
    return Deal.objects.create(table=table, number=1, dealer=dealer, trump="h", points=41,
                               points_other=19, doubling=4, calls=[opponents[0], dealer])


def test_an_old_deal_keeps_its_callers_when_corrected(org_client, organiser):
    """Correcting its points keeps who said tegen: the correction row shows the recorded
    caller and saves (the service checks only calls and dealers that change). Found by
    review: the row showed "–" and the save was refused."""
    table = sheet_table(organiser, rules="flemish")
    deal = recorded_tegen_by_the_dealer(table)
    page = org_client.get(url(table, "deals/1/")).content.decode()
    assert str(deal.dealer) in offered(page, "call_2")
    assert re.search(rf'<option value="{deal.dealer}" selected', page)
    response = org_client.post(url(table, "deals/1/"), deal_data(
        table, version=table.version, dealer=deal.dealer, doubling=4,
        call_1=deal.calls[0], call_2=deal.dealer, points=45, reason="recount"))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Deal.objects.get(table=table).points == 45


def test_the_tricks_page_shows_a_call_not_recorded_as_such(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    dealer, _partner, _opponents = seats_of(table)
    Deal.objects.create(table=table, number=1, dealer=dealer, trump="h", points=41,
                        points_other=19, doubling=2, calls=[None])
    page = org_client.get(url(table, "tricks/") + "?deal=1").content.decode()
    assert re.search(r'<option value="\?" selected', page)


def test_a_cancelled_deal_is_not_refused_over_callers_it_drops(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")  # cancels a deal when a partner looks
    dealer, _partner, opponents = seats_of(table)
    response = post(org_client, table, cancelled="on", trump="", points="", doubling=4,
                    call_1=opponents[0], call_2=dealer)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Deal.objects.get(table=table).cancelled
