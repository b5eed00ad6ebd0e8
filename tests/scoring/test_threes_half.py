"""Tables of three score from the exact threshold (issue 28 point 5, RULES.md §6): half the
card points in play, 25.5 with 51 in play, so 30 card points score 4½, never rounded."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from engine.rules import RuleSet
from scoring import DealResult, MatchFormat, score_deal
from scoring.deal import points_in_play, points_text, threshold
from scoring.tables import table_rules
from scoring.threes import ThreesGame, score_threes

HOUSE3 = table_rules(RuleSet.preset("house"), 3)
BONUS3 = table_rules(RuleSet(trick_bonus=True), 3)


def test_thirty_of_fifty_one_scores_four_and_a_half():
    score = score_deal(DealResult(points=(30, 21), trump="h"), HOUSE3)
    assert score.points == (Fraction(9, 2), 0)
    assert threshold(51) == Fraction(51, 2)


def test_the_half_is_multiplied_and_a_whole_result_stays_an_integer():
    assert score_deal(DealResult(points=(30, 21), trump=None), HOUSE3).points == (9, 0)
    points = score_deal(DealResult(points=(30, 21), trump=None), HOUSE3).points[0]
    assert type(points) is int
    assert type(score_deal(DealResult(points=(38, 22), trump="h"), "house").points[0]) is int


def test_a_game_at_a_table_of_three_keeps_the_halves():
    game = ThreesGame("house")
    assert game.add_row(DealResult(points=(30, 25), trump="h"), dealer=1).credits == (
        0, Fraction(5, 2), 0)
    game.add_row(DealResult(points=(20, 31), trump="c"), dealer=0)  # T 25.5: 5.5 each
    assert game.totals == (0, 8, Fraction(11, 2))
    outcome = score_threes([DealResult(points=(30, 21), trump="h")], MatchFormat.deals(1),
                           "house")
    assert outcome.points == (Fraction(9, 2), 0, 0)


def test_points_text_shows_the_half():
    assert points_text(Fraction(9, 2)) == "4½"
    assert points_text(-Fraction(9, 2)) == "−4½"
    assert points_text(Fraction(1, 2)) == "½"
    assert points_text(Fraction(8, 1)) == "8"
    assert points_text(12) == "12"
    assert points_text(None) == ""


@st.composite
def splits(draw, rules):
    low, high = points_in_play(rules)
    total = draw(st.integers(low, high))
    bonus = rules.tricks_per_deal if rules.trick_bonus else 0
    floor = 5 if bonus else 0  # with the bonus each side took 5 tricks: 5 points at least
    a = draw(st.integers(floor, total - floor))
    return total, (a, total - a)


@given(st.data(), st.sampled_from([HOUSE3, BONUS3]))
def test_the_threshold_is_exactly_half_for_every_total_in_play(data, rules):
    total, (a, b) = data.draw(splits(rules))
    tricks = (5, 5) if rules.trick_bonus else None
    score = score_deal(DealResult(points=(a, b), trump="h", tricks=tricks), rules)
    assert threshold(total) * 2 == total
    if a == b:
        assert score.points == (0, 0) and score.outcome == "tie"
        return
    expected = max(a, b) - Fraction(total, 2)
    assert max(score.points) == expected
    assert min(score.points) == 0
    assert (max(score.points) * 2).denominator == 1  # halves at most
    assert isinstance(max(score.points), int) == (total % 2 == 0)
