"""Tables of three: the dealer alone against two, sides changing every deal (RULES.md §8)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import RuleSet
from scoring import DealResult, DealResultError, MatchError, MatchFormat, score_deal
from scoring.tables import table_players, table_rules
from scoring.threes import ThreesGame, score_threes
from tests.helpers.scoring_strategies import RULE_VARIANTS, deal_results

THREES = [table_rules(rules, 3) for rules in RULE_VARIANTS]
FORMATS = [MatchFormat.one_game(), MatchFormat.best_of(3), MatchFormat.games(2),
           MatchFormat.deals(6), MatchFormat.time_limit(90)]


@st.composite
def sheets(draw, max_deals: int = 40):
    rules = draw(st.sampled_from(THREES))
    deals = draw(st.lists(deal_results(rules), min_size=1, max_size=max_deals))
    return rules, deals, draw(st.integers(0, 2))


def scored(deals, fmt, rules, first, **options):
    """The sheet as far as the match takes deals (the deals after a decided match dropped)."""
    try:
        return score_threes(deals, fmt, rules, first, **options), deals
    except MatchError as error:
        assert error.code == "match_finished"
        deals = deals[:error.deal - 1]
        return score_threes(deals, fmt, rules, first, **options), deals


def test_a_55_point_deal_adds_up_at_a_table_of_three():
    # 5 points lie face up out of play: 30-25 is a whole deal, the threshold exactly 27.5
    # (RULES.md §6, issue 28: no longer rounded down to 27), so the dealer scores 2½.
    outcome = score_threes([DealResult(points=(30, 25), trump="h")], MatchFormat.one_game(),
                           "house", first_dealer=1)
    assert outcome.points == (0, Fraction(5, 2), 0)
    with pytest.raises(DealResultError) as refused:
        score_deal(DealResult(points=(30, 25), trump="h"), "house")  # at four: refused
    assert refused.value.code == "points_total"


def test_partners_are_both_credited_and_the_dealer_alone_when_winning():
    game = ThreesGame("house")
    assert game.add_row(DealResult(points=(20, 36), trump="c"), dealer=0).credits == (0, 8, 8)
    assert game.add_row(DealResult(points=(35, 25), trump=None), dealer=1).credits == (0, 10, 0)
    assert game.totals == (0, 18, 8)


def test_renonce_by_the_dealer_pays_each_partner():
    row = ThreesGame("flemish").add_row(DealResult(points=None, trump="h", renonce=0), dealer=2)
    assert row.credits == (30, 30, 0)


def test_a_tie_carries_to_the_next_dealer():
    game = ThreesGame("house")
    game.add_row(DealResult(points=(27, 27), trump="s"), dealer=0)
    assert game.pending == 2
    assert game.add_row(DealResult(points=(38, 22), trump="s"), dealer=1).credits == (0, 16, 0)


def test_equal_highest_totals_share_the_game_and_the_match():
    both = DealResult(points=(0, 60), trump=None, all_tricks=1)  # 120 to each partner
    outcome = score_threes([both], MatchFormat.one_game(), "house", first_dealer=0)
    assert outcome.games[0].winners == (1, 2) and outcome.games_won == (0, 1, 1)
    assert outcome.result == ("loss", "win", "win")
    assert outcome.seat(0).points_against == 120 and outcome.seat(1).points_against == 120
    assert outcome.seat(0).games_lost == 1 and outcome.seat(1).games_lost == 0


def test_three_equal_totals_are_a_draw():
    deals = [DealResult(points=(40, 20), trump="h")] * 3  # each deals once and wins 10
    outcome = score_threes(deals, MatchFormat.deals(3), "house", first_dealer=0)
    assert outcome.points == (10, 10, 10) and outcome.result == ("draw",) * 3
    assert outcome.games_won == outcome.games_lost == (0, 0, 0)


def test_time_called_gives_the_game_in_progress_to_the_leader():
    deals = [DealResult(points=(40, 20), trump="h")]
    running = score_threes(deals, MatchFormat.time_limit(90), "house", first_dealer=1)
    assert running.result is None and running.accepts_deals
    called = score_threes(deals, MatchFormat.time_limit(90), "house", first_dealer=1,
                          time_called=True)
    assert called.result == ("loss", "win", "loss") and called.games_won == (0, 1, 0)


def test_recorded_dealers_win_over_the_rotation():
    deals = [DealResult(points=(40, 20), trump="h")] * 2
    outcome = score_threes(deals, MatchFormat.one_game(), "house", dealers=[2, 2])
    assert outcome.points == (0, 0, 20)
    with pytest.raises(DealResultError) as refused:
        score_threes(deals, MatchFormat.one_game(), "house", dealers=[0, 3])
    assert (refused.value.code, refused.value.field, refused.value.deal) == ("dealer", "dealer", 2)


def test_a_table_plays_its_own_size():
    assert table_players(3) == 3 and table_players(4) == 4 and table_players(5) == 4
    assert table_rules(RuleSet.preset("french"), 3).en_face is False
    assert table_rules(RuleSet.preset("house"), 4) == RuleSet.preset("house")


@settings(max_examples=150, deadline=None)
@given(sheets())
def test_every_deal_credits_exactly_one_side(sheet):
    rules, deals, first = sheet
    game = ThreesGame(rules)
    for index, result in enumerate(deals):
        if game.finished:
            break
        dealer = (first + index) % 3
        row = game.add_row(result, dealer)
        paid = {seat for seat, points in enumerate(row.credits) if points}
        dealer_points, partner_points = row.score.points
        assert not (dealer_points and partner_points)
        if dealer_points:
            assert paid == {dealer} and sum(row.credits) == dealer_points
        elif partner_points:
            assert paid == {0, 1, 2} - {dealer} and sum(row.credits) == 2 * partner_points
            assert row.credits[(dealer + 1) % 3] == row.credits[(dealer + 2) % 3]
        else:
            assert paid == set()
        assert row.sides == tuple(0 if seat == dealer else 1 for seat in range(3))


@settings(max_examples=150, deadline=None)
@given(sheets())
def test_each_deal_scores_as_a_two_sided_deal_with_the_pending_tie(sheet):
    rules, deals, first = sheet
    game, pending = ThreesGame(rules), 1
    for index, result in enumerate(deals):
        if game.finished:
            break
        row = game.add_row(result, (first + index) % 3)
        expected = score_deal(result, rules, pending)
        assert row.score.points == expected.points and row.score.outcome == expected.outcome
        pending = expected.pending


@settings(max_examples=150, deadline=None)
@given(sheets(), st.sampled_from(FORMATS), st.booleans())
def test_totals_grow_and_games_end_exactly_at_the_target(sheet, fmt, called):
    rules, deals, first = sheet
    outcome, kept = scored(deals, fmt, rules, first, time_called=called)
    game_rules = fmt.game_rules(rules)
    number = 0
    for game in outcome.games:
        before = (0, 0, 0)
        for row in game.deals:
            assert all(a >= b for a, b in zip(row.totals, before, strict=True))
            assert row.totals == tuple(b + c for b, c in zip(before, row.credits, strict=True))
            assert row.dealer == (first + number) % 3  # the deal moves one seat on each deal
            last = row is game.deals[-1]
            if game_rules.target is not None:
                assert (max(row.totals) >= game_rules.target) == (last and game.finished)
            before = row.totals
            number += 1
        if game.finished and game_rules.target is None:
            assert sum(not row.result.cancelled for row in game.deals) == game_rules.deals
    assert number == len(kept)
    assert outcome.points == tuple(sum(g.totals[s] for g in outcome.games) for s in range(3))


@settings(max_examples=150, deadline=None)
@given(sheets(), st.sampled_from(FORMATS), st.booleans())
def test_the_match_result_follows_the_games_won(sheet, fmt, called):
    rules, deals, first = sheet
    outcome, _kept = scored(deals, fmt, rules, first, time_called=called)
    if not outcome.finished:
        assert outcome.result is None and outcome.accepts_deals
        return
    best = max(outcome.games_won)
    result = outcome.result
    if len(set(outcome.games_won)) == 1:
        assert result == ("draw",) * 3
    else:
        assert result == tuple("win" if won == best else "loss" for won in outcome.games_won)
    decided = sum(1 for g in outcome.games if g.winners) + (
        called and not outcome.games[-1].finished and bool(outcome.games[-1].leaders))
    for seat in range(3):
        view = outcome.seat(seat)
        assert view.games_won + view.games_lost == decided
        assert view.points_against == max(p for s, p in enumerate(outcome.points) if s != seat)
    records = outcome.records(("a", "b", "c"), 1)
    assert all(not r.partners and len(r.opponents) == 2 for r in records)
