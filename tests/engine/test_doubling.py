"""The doubling as calls (RULES.md §§4, 14): who may say what, when, and the multiplier."""

from __future__ import annotations

import pytest

from engine import Doubling, DoublingError, RuleSet

FRENCH = RuleSet.preset("french")


def test_mee_then_tegen():
    calls = Doubling("flemish", dealer=3, trump="c")
    assert calls.allowed() == ("double",)
    calls.call(0, "double")  # seat 0 is an opponent of dealer 3
    assert calls.allowed() == ("redouble",) and calls.multiplier == 2
    calls.call(1, "redouble")  # the dealer's partner (RULES.md §4)
    assert calls.multiplier == 4 and calls.allowed() == ()


@pytest.mark.parametrize(("rules", "dealer", "trump", "calls", "bad", "code", "field"), [
    ("house", 0, "h", [], (1, "double"), "doubling_none", "doubling"),
    ("flemish", 0, "h", [], (2, "double"), "doubling_side", "seat"),
    ("flemish", 0, "h", [(1, "double")], (3, "redouble"), "doubling_side", "seat"),
    ("flemish", 0, "h", [], (1, "redouble"), "doubling_word", "doubling"),
    ("flemish", 0, "h", [], (7, "double"), "seat_invalid", "seat"),
    ("flemish", 0, "h", [(1, "double"), (2, "redouble")], (1, "double"), "doubling_limit",
     "doubling"),
    (FRENCH, 0, "h", [(1, "knock")], (0, "knock"), "doubling_limit", "doubling"),
    (FRENCH.replace(doubling="knock_back"), 0, "h", [(1, "knock"), (2, "knock")], (3, "knock"),
     "doubling_limit", "doubling"),
    (RuleSet.preset("flemish").replace(double_no_trump=False), 0, None, [], (1, "double"),
     "no_trump_not_doubled", "doubling"),
])
def test_refused_calls_name_the_rule(rules, dealer, trump, calls, bad, code, field):
    doubling = Doubling(rules, dealer, trump)
    for seat, word in calls:
        doubling.call(seat, word)
    with pytest.raises(DoublingError) as caught:
        doubling.call(*bad)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def test_unlimited_knocking_alternates_sides_up_to_max_knocks():
    rules = FRENCH.replace(doubling="knock_unlimited", max_knocks=8)
    doubling = Doubling(rules, dealer=2, trump="s")
    for number in range(8):
        doubling.call(1 if number % 2 == 0 else 2, "knock")
    assert doubling.multiplier == 256 == rules.allowed_doublings()[-1]
    with pytest.raises(DoublingError) as caught:
        doubling.call(1, "knock")
    assert caught.value.code == "doubling_limit"


def test_no_call_after_the_first_card():
    doubling = Doubling("flemish", dealer=0, trump="d")
    doubling.close()
    with pytest.raises(DoublingError) as caught:
        doubling.call(1, "double")
    assert caught.value.code == "doubling_late"


def test_three_players_the_dealer_alone():
    doubling = Doubling(RuleSet.preset("flemish").replace(players=3), dealer=1, trump="h")
    doubling.call(2, "double")
    doubling.call(1, "redouble")
    assert doubling.multiplier == 4


def test_the_auction_games_have_no_doubling():
    with pytest.raises(DoublingError):
        Doubling("auction2", dealer=0)
