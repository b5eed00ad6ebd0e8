"""The doubling recorded as calls (RULES.md §§4, 14): who doubled, in order; the multiplier
follows from the calls under the rule set's counting."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import RuleSet
from scoring import DealResult, score_deal
from scoring.errors import DealResultError

UNLIMITED = RuleSet.preset("french").replace(doubling="knock_unlimited", max_knocks=10)


def alternating(k: int, dealer_side: int) -> tuple[int, ...]:
    return tuple(1 - dealer_side if i % 2 == 0 else dealer_side for i in range(k))


@given(k=st.integers(0, 10), dealer=st.sampled_from([0, 1]), add=st.booleans())
def test_each_call_is_one_x2_combined_as_the_rules_count(k, dealer, add):
    rules = UNLIMITED.replace(multipliers_add=add)
    deal = DealResult(points=(35, 25), trump="h", calls=alternating(k, dealer),
                      dealer_side=dealer)
    score = score_deal(deal, rules)
    assert score.multiplier == (1 + k if add else 2 ** k)
    assert deal.doubling == 2 ** k


def test_a_redouble_under_additive_counting_is_x3_not_x4():
    rules = RuleSet.preset("flemish").replace(multipliers_add=True)
    deal = DealResult(points=(41, 19), trump="c", calls=(1, 0), dealer_side=0)
    assert score_deal(deal, rules).points == (33, 0)  # (41 - 30) x 3


def test_unlimited_knocking_goes_past_x64_up_to_the_rule_sets_most():
    deal = DealResult(points=(31, 29), trump="s", calls=alternating(7, 0), dealer_side=0)
    assert score_deal(deal, UNLIMITED).points == (128, 0)


def test_the_first_call_is_an_opponents_of_the_dealer():
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump="h", calls=(0,), dealer_side=0), "flemish")
    assert (caught.value.code, caught.value.field) == ("doubling_side", "calls")


def test_the_redouble_is_the_dealers_sides():
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump="h", calls=(1, 1), dealer_side=0), "flemish")
    assert caught.value.code == "doubling_side"


def test_more_calls_than_the_rules_allow_are_refused():
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump="h", calls=(1, 0, 1), dealer_side=0),
                   "flemish")
    assert caught.value.code == "doubling_not_allowed"


def test_a_multiplier_that_contradicts_the_calls_is_refused():
    with pytest.raises(DealResultError) as caught:
        DealResult(points=(35, 25), trump="h", doubling=4, calls=(1,))
    assert (caught.value.code, caught.value.field) == ("doubling_calls", "doubling")


@pytest.mark.parametrize("calls", [(2,), ("1",), (True,), 5])
def test_calls_are_sides(calls):
    with pytest.raises(DealResultError) as caught:
        DealResult(points=(35, 25), trump="h", calls=calls)
    assert caught.value.code == "calls_type"


def test_blind_trump_and_en_face_on_one_deal_are_refused():
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump="h", blind=True, en_face=True), "french")
    assert (caught.value.code, caught.value.field) == ("blind_and_en_face", "en_face")


def test_calls_round_trip_through_a_dict():
    deal = DealResult(points=(35, 25), trump="h", calls=(1, 0))
    assert DealResult.from_dict(deal.to_dict()) == deal
