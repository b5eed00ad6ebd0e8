"""RULES.md §14 options in partnership scoring."""

from __future__ import annotations

import pytest

from engine import RuleSet
from engine.rules import RuleSetError
from scoring import DealResult, DealResultError, Game, score_deal

FLEMISH = RuleSet.preset("flemish")


def test_a_tie_passes_on_its_whole_multiplier():
    rules = RuleSet(tie_policy="whole")
    assert score_deal(DealResult(points=(30, 30), trump=None), rules).pending == 4
    assert score_deal(DealResult(points=(30, 30), trump="h"), rules).pending == 2
    game = Game(rules)
    game.add(DealResult(points=(30, 30), trump=None))
    assert game.add(DealResult(points=(40, 20), trump="c")).points == (40, 0)
    # A second tie stacks: the tied deal's multiplier includes the pending x4.
    game = Game(rules)
    game.add(DealResult(points=(30, 30), trump=None))
    assert game.add(DealResult(points=(30, 30), trump="c")).pending == 8


@pytest.mark.parametrize(("doubling", "trump", "expected"), [
    (1, "h", 1), (2, "h", 2), (4, "h", 3), (8, "h", 4), (2, None, 3), (4, None, 4),
])
def test_additive_counting_each_knock_adds_one(doubling, trump, expected):
    rules = RuleSet.preset("french").replace(doubling="knock_unlimited", multipliers_add=True)
    score = score_deal(DealResult(points=(35, 25), trump=trump, doubling=doubling), rules)
    assert score.multiplier == expected
    assert score.points == (5 * expected, 0)


def test_additive_counting_counts_each_call_without_the_old_option():
    """RULES.md §14: under additive counting each knock adds 1, so a redouble is x3 whether
    or not the stored rule set carries the old ``additive_knocks`` flag (a retired option:
    read and dropped)."""
    rules = FLEMISH.replace(multipliers_add=True)
    stored = {**rules.to_dict(), "additive_knocks": True}
    assert RuleSet.from_dict(stored) == rules
    with pytest.raises(RuleSetError):  # any other unknown option is still refused
        RuleSet.from_dict({**rules.to_dict(), "additive_knock": True})
    assert score_deal(DealResult(points=(35, 25), trump="h", doubling=4), rules).multiplier == 3
    assert score_deal(DealResult(points=(35, 25), trump="h", calls=(1, 0)), rules).multiplier == 3


def test_no_doubling_of_a_no_trump_deal():
    rules = FLEMISH.replace(double_no_trump=False)
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump=None, doubling=2), rules)
    assert (caught.value.code, caught.value.field) == ("no_trump_not_doubled", "doubling")
    assert score_deal(DealResult(points=(35, 25), trump="s", doubling=2), rules).points == (10, 0)


def test_unlimited_knocking_beyond_x64():
    rules = RuleSet.preset("french").replace(doubling="knock_unlimited", max_knocks=7)
    assert score_deal(DealResult(points=(31, 29), trump="h", doubling=128), rules).points == (128, 0)
    with pytest.raises(DealResultError):
        score_deal(DealResult(points=(31, 29), trump="h", doubling=128),
                   rules.replace(max_knocks=6))


def test_an_auction_rule_set_is_not_scored_as_a_partnership_deal():
    with pytest.raises(DealResultError) as caught:
        score_deal(DealResult(points=(35, 25), trump="h"), "auction2")
    assert caught.value.code == "auction_rules"
