"""Issue 28 point 11 (b), RULES.md §4 and §14: who may redouble (tegen) under mee/tegen. The
dealer's partner by default (§4); the option ``redouble_by="side"`` lets either player of the
dealer's side. At a table of three the dealer plays alone and is his own side."""

from __future__ import annotations

import pytest

from engine import Doubling, DoublingError, RuleSet
from engine.rules import RuleSetError

FLEMISH = RuleSet.preset("flemish")


def test_by_default_the_dealer_may_not_say_tegen():
    assert FLEMISH.redouble_by == "partner"
    calls = Doubling(FLEMISH, dealer=0, trump="h")
    calls.call(1, "double")
    with pytest.raises(DoublingError) as caught:
        calls.call(0, "redouble")
    assert (caught.value.code, caught.value.field) == ("redouble_by_partner", "seat")
    calls.call(2, "redouble")  # the partner may
    assert calls.multiplier == 4


def test_the_option_lets_either_player_of_the_dealers_side_redouble():
    for seat in (0, 2):
        calls = Doubling(FLEMISH.replace(redouble_by="side"), dealer=0, trump="h")
        calls.call(3, "double")
        calls.call(seat, "redouble")
        assert calls.calls == [(3, "double"), (seat, "redouble")]


def test_a_dealer_alone_redoubles_for_himself():
    calls = Doubling(FLEMISH.replace(players=3), dealer=1, trump="h")
    calls.call(0, "double")
    calls.call(1, "redouble")
    assert calls.multiplier == 4


@pytest.mark.parametrize(("changes", "code"), [
    ({"redouble_by": "dealer"}, "redouble_by_invalid"),
    ({"redouble_by": "side", "doubling": "knock_back"}, "redouble_by_needs_mee_tegen"),
])
def test_a_bad_choice_is_refused_naming_the_option(changes, code):
    with pytest.raises(RuleSetError) as error:
        FLEMISH.replace(**changes)
    assert (error.value.code, error.value.field) == (code, "redouble_by")


def test_stored_rule_sets_without_the_option_read_as_the_default():
    stored = FLEMISH.to_dict()
    del stored["redouble_by"]
    assert RuleSet.from_dict(stored).redouble_by == "partner"
