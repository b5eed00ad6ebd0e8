"""Scoring the auction games (RULES.md §13): one deal, impossible facts, games of N players,
and whole simulated evenings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import RuleSet, simulate_auction_facts
from scoring import (
    AuctionDeal,
    AuctionGame,
    DealResultError,
    GameFinishedError,
    ScoringError,
    replay_auction,
    score_auction,
)

A1, A2, A3 = (RuleSet.preset(g) for g in ("auction1", "auction2", "auction3"))


def at(rules: RuleSet, players: int, **changes) -> RuleSet:
    return rules.replace(players=players, **changes)


# -- variant 1 ------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "exchanged", "count", "declarer_points"), [
    (4, 0, 21, 15),    # widow of 4: stake 5 from each of 3
    (4, 4, 21, 3),     # drew the whole widow: stake 1
    (4, 1, 20, -12),   # 20 < 21: pays 4 to each
    (3, 0, 21, 6),     # widow of 2: stake 3 from each of 2
    (3, 2, 40, 2),
    (5, 0, 15, 12),    # 5 to 7 players: target 15, widow of 2
    (5, 0, 14, -12),
    (7, 2, 15, 18),    # widow of 4, stake 3, 6 opponents
])
def test_variant_1_stakes_and_targets(players, exchanged, count, declarer_points):
    score = score_auction(AuctionDeal(players, 1, exchanged=exchanged, count=count), A1)
    assert score.points[1] == declarer_points
    assert sum(score.points) == 0
    assert len(set(score.points[:1] + score.points[2:])) == 1


def test_variant_1_options():
    own = A1.replace(stakes=(10, 6, 2), declarer_target=30)
    assert score_auction(AuctionDeal(4, 0, exchanged=4, count=30), own).points == (6, -2, -2, -2)
    assert score_auction(AuctionDeal(4, 0, count=29), own).points == (-30, 10, 10, 10)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(3, 7), declarer=st.integers(0, 6), exchanged=st.integers(0, 4),
       count=st.integers(0, 67))
def test_variant_1_scores_of_a_deal_sum_to_zero(players, declarer, exchanged, count):
    rules = at(A1, players)
    exchanged = min(exchanged, 4 if players in (4, 7) else 2)
    count = min(count, 60 + rules.tricks_per_deal)
    score = score_auction(AuctionDeal(players, declarer % players, exchanged=exchanged,
                                      count=count), rules)
    assert sum(score.points) == 0


# -- variants 2 and 3 -----------------------------------------------------------------------

def test_variant_2_bids():
    assert score_auction(AuctionDeal(4, 2, 25, count=25), A2).points == (0, 0, 25, 0)
    assert score_auction(AuctionDeal(4, 2, 25, count=24), A2).points == (0, 0, -25, 0)
    # All tricks: twice the total in play (68 with 8 tricks), made only with every trick.
    assert score_auction(AuctionDeal(4, 0, "all", count=68, all_tricks=True), A2).points[0] == 136
    assert score_auction(AuctionDeal(4, 0, "all", count=68), A2).points[0] == -136
    assert score_auction(AuctionDeal(4, 0, "all", count=68, all_tricks=True),
                         A2.replace(all_tricks_value=100)).points[0] == 100


@pytest.mark.parametrize(("contract", "exchanged", "multiplier"), [
    (20, 1, 1), (20, 0, 2), ("all", 2, 2), ("all", 0, 4),
])
def test_variant_3_doubling_option(contract, exchanged, multiplier):
    rules = A3.replace(open_widow_doubling=True)
    deal = AuctionDeal(4, 3, contract, exchanged=exchanged, count=67, all_tricks=True)
    score = score_auction(deal, rules)
    assert score.multiplier == multiplier
    assert score.points[3] == score.value * multiplier
    assert score_auction(deal, A3).multiplier == 1


def test_a_deal_thrown_in_scores_nothing():
    for rules in (A1, A2, A3):
        score = score_auction(AuctionDeal(5, None), rules)
        assert score.points == (0,) * 5 and score.outcome == "thrown_in" and score.made is None


@pytest.mark.parametrize(("rules", "facts", "code", "field"), [
    (A2, {"players": 4, "declarer": 0, "contract": 20, "count": 69}, "count_above_total", "count"),
    (A2, {"players": 4, "declarer": 4, "contract": 20, "count": 20}, "declarer_invalid",
     "declarer"),
    (A2, {"players": 4, "declarer": -1}, "declarer_invalid", "declarer"),
    (A2, {"players": 4, "declarer": 0, "contract": 16, "count": 20}, "contract_below_lowest",
     "contract"),
    (A2, {"players": 4, "declarer": 0, "contract": 70, "count": 20}, "contract_above_total",
     "contract"),
    (A2, {"players": 4, "declarer": 0, "contract": 20, "count": 20, "exchanged": 1},
     "exchanged_above_widow", "exchanged"),
    (A1, {"players": 4, "declarer": 0, "count": 20, "exchanged": 5}, "exchanged_above_widow",
     "exchanged"),
    (A1, {"players": 5, "declarer": 0, "count": 20, "exchanged": 3}, "exchanged_above_widow",
     "exchanged"),
    (A3, {"players": 3, "declarer": 0, "contract": 30, "count": 20, "exchanged": 6},
     "exchanged_above_widow", "exchanged"),
    (A1, {"players": 4, "declarer": 0, "contract": 20, "count": 20}, "contract_not_allowed",
     "contract"),
    (A2, {"players": 4, "declarer": 0, "count": 20}, "contract_missing", "contract"),
    (A2, {"players": 4, "declarer": 0, "contract": 20}, "count_missing", "count"),
    (A2, {"players": 4, "declarer": None, "count": 20}, "thrown_in_facts", "count"),
    (A2, {"players": 4, "declarer": 0, "contract": "many", "count": 20}, "contract_invalid",
     "contract"),
    (A2, {"players": 4, "declarer": 0, "contract": "all", "count": 5, "all_tricks": True},
     "all_tricks_count", "count"),
    (A2, {"players": 2, "declarer": 0}, "players_invalid", "players"),
])
def test_impossible_facts_name_the_field(rules, facts, code, field):
    with pytest.raises(DealResultError) as caught:
        score_auction(AuctionDeal(**facts), rules)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def test_partnership_rules_do_not_score_an_auction_deal():
    with pytest.raises(ScoringError) as caught:
        score_auction(AuctionDeal(4, None), "house")
    assert caught.value.code == "auction_rules_needed"


def test_an_auction_deal_round_trips():
    deal = AuctionDeal(6, 5, "all", 2, 65, True)
    assert AuctionDeal.from_dict(deal.to_dict()) == deal
    with pytest.raises(DealResultError):
        AuctionDeal.from_dict({**deal.to_dict(), "bonus": 1})


# -- games ------------------------------------------------------------------------------------

def test_a_game_everyone_deals_equally_often():
    game = AuctionGame(A2, players=5, deals=12)  # rounded up to 15
    assert game.length == 15
    dealers = []
    while not game.finished:
        dealers.append(game.dealer)
        game.add(AuctionDeal(5, None))
    assert sorted(dealers) == sorted(list(range(5)) * 3)
    with pytest.raises(GameFinishedError):
        game.add(AuctionDeal(5, None))


def test_seats_of_a_deal_are_counted_from_its_dealer():
    game = AuctionGame(A2, players=4, deals=4, first_dealer=2)
    row = game.add(AuctionDeal(4, 1, 20, count=30))  # the eldest: seat 3 of the game
    assert row.dealer == 2 and row.credits == (0, 0, 0, 20)
    row = game.add(AuctionDeal(4, 1, 20, count=30))  # dealer 3, eldest seat 0
    assert row.credits == (20, 0, 0, 0) and row.totals == (20, 0, 0, 20)


def test_shared_places():
    game = AuctionGame(A2, players=4, deals=4)
    for declarer, count in [(1, 30), (1, 30), (None, None), (1, 10)]:
        deal = AuctionDeal(4, declarer) if declarer is None else AuctionDeal(4, declarer, 20,
                                                                             count=count)
        game.add(deal)
    # seat 1 (+20), seat 2 (+20), thrown in, the eldest of dealer 3 (seat 0) fails (-20)
    assert game.totals == (-20, 20, 20, 0)
    assert game.places == (4, 1, 1, 3) and game.winners == (1, 2)


def test_a_table_of_another_size_than_the_game():
    with pytest.raises(DealResultError) as caught:
        AuctionGame(A2, players=4).add(AuctionDeal(5, None))
    assert caught.value.code == "players_invalid"


@pytest.mark.parametrize("game_name", ["auction1", "auction2", "auction3"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_simulated_evening(game_name, players):
    # Clockwise, so that the engine's seats are the game's seats in playing order.
    rules = at(RuleSet.preset(game_name), players, direction="clockwise")
    game = AuctionGame(rules, deals=2 * players)
    rng = random.Random(f"{game_name}{players}")
    while not game.finished:
        facts = simulate_auction_facts(rng, rules, dealer=game.dealer)
        row = game.add(AuctionDeal.from_facts(facts))
        if facts.declarer is not None:
            assert row.credits[facts.declarer] == row.score.points[row.deal.declarer]
        if game_name == "auction1":
            assert sum(row.credits) == 0
    assert len(game.deals) == 2 * players
    assert sum(row.credits[s] for row in game.deals for s in range(players)) == sum(game.totals)


def test_counter_clockwise_facts_count_seats_from_the_dealer():
    for seed in range(30):
        facts = simulate_auction_facts(seed, "auction2", dealer=1)
        if facts.declarer is not None:
            deal = AuctionDeal.from_facts(facts)
            # Counter-clockwise from dealer 1: eldest 0, then 3, then 2.
            assert deal.declarer == {1: 0, 0: 1, 3: 2, 2: 3}[facts.declarer]


def test_replaying_a_sheet_names_the_bad_deal():
    good = AuctionDeal(4, 1, 20, count=30)
    game = replay_auction([good, AuctionDeal(4, None)], A2, 4, length=4)
    assert not game.finished and game.totals == (0, 20, 0, 0) and game.winner is None
    with pytest.raises(DealResultError) as caught:
        replay_auction([good, AuctionDeal(4, 1, 12, count=30)], A2, 4)
    assert (caught.value.deal, caught.value.code) == (2, "contract_below_lowest")
    assert str(caught.value).startswith("deal 2: contract:")
