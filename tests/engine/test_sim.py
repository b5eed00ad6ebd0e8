"""Simulation: reproducible, complete and legal deals; the heuristic player plays sensibly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CardSet,
    HeuristicPlayer,
    RandomPlayer,
    RuleSet,
    simulate_deal,
    simulate_facts,
)
from engine.cards import Card
from tests.helpers.engine_reference import ref_legal, ref_winner

PRESET_NAMES = ("house", "flemish", "pagat", "french")


def rules_for(preset: str, players: int, bonus: bool) -> RuleSet:
    rules = RuleSet.preset(preset)
    changes = {"players": players, "trick_bonus": bonus}
    if players in (2, 3):
        changes["en_face"] = False  # passing the choice needs a partner at the table
    return rules.replace(**changes)


def replay_with_reference(sim) -> tuple[list[int], list[int]]:
    """Check every card against the reference rules; return points and tricks per side."""
    rules = sim.rules
    seats = len(sim.hands)
    step = 1 if rules.direction == "clockwise" else -1
    sides = [0 if s == sim.dealer else 1 for s in range(3)] if seats == 3 else \
        [s % 2 for s in range(seats)]
    hands = [list(hand) for hand in sim.hands]
    leader = (sim.dealer + step) % seats
    points, tricks = [0, 0], [0, 0]
    for trick in sim.tricks:
        assert trick.leader == leader
        played: list[Card] = []
        for position, card in enumerate(trick.cards):
            seat = (leader + position * step) % seats
            assert trick.seats[position] == seat
            partner = bool(played) and sides[trick.seats[ref_winner(played, sim.trump)]] == sides[seat]
            assert card in ref_legal(hands[seat], played, sim.trump, rules, partner)
            hands[seat].remove(card)
            played.append(card)
        leader = trick.seats[ref_winner(played, sim.trump)]
        assert trick.winner == leader
        points[sides[leader]] += sum(c.points for c in played) + (1 if rules.trick_bonus else 0)
        tricks[sides[leader]] += 1
    assert not any(hands)
    return points, tricks


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), preset=st.sampled_from(PRESET_NAMES),
       players=st.sampled_from([2, 3, 4, 6]), bonus=st.booleans(),
       strategy=st.sampled_from(["random", "heuristic"]), dealer=st.integers(0, 5))
def test_every_simulated_deal_is_complete_legal_and_adds_up(
        seed, preset, players, bonus, strategy, dealer):
    rules = rules_for(preset, players, bonus)
    seats = 4 if players == 2 else players
    sim = simulate_deal(seed, rules, dealer=dealer % seats, players=strategy)
    facts = sim.facts
    assert len(sim.tricks) == rules.tricks_per_deal == sum(facts.tricks)
    assert len(sim.play) == 32 - len(sim.out_of_play)
    assert len(sim.out_of_play) == (2 if players in (3, 6) else 0)
    expected_total = 60 - sim.out_of_play.points + (rules.tricks_per_deal if bonus else 0)
    assert facts.points_in_play == expected_total
    points, tricks = replay_with_reference(sim)
    assert tuple(points) == facts.card_points and tuple(tricks) == facts.tricks
    full = rules.tricks_per_deal
    assert facts.all_tricks == (0 if tricks[0] == full else 1 if tricks[1] == full else None)
    assert facts == simulate_facts(seed, rules, dealer=dealer % seats, players=strategy)


def test_simulation_is_reproducible():
    first, again = simulate_deal(99, "flemish"), simulate_deal(99, "flemish")
    assert first == again
    assert simulate_deal(100, "flemish").hands != first.hands
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [simulate_facts(rng_a) for _ in range(20)] == [simulate_facts(rng_b) for _ in range(20)]


def test_seats_may_have_different_players_and_bad_names_are_refused():
    sim = simulate_deal(1, players=["heuristic", RandomPlayer(), HeuristicPlayer(), "random"])
    assert sum(sim.facts.tricks) == 8
    with pytest.raises(ValueError, match="unknown player"):
        simulate_deal(1, players="clever")
    with pytest.raises(ValueError, match="one player or 4"):
        simulate_deal(1, players=["random"] * 3)
    with pytest.raises(ValueError, match="dealer"):
        simulate_facts(1, dealer=4)


@pytest.mark.parametrize("preset", ["house", "french"])
def test_heuristic_side_beats_random_side(preset):
    rng = random.Random(2024)
    table = ["heuristic", "random", "heuristic", "random"]
    margins = [
        (f.card_points[0] - f.card_points[1])
        for f in (simulate_facts(rng, preset, dealer=i % 4, players=table) for i in range(400))
    ]
    assert sum(margins) / len(margins) > 8  # about 15 card points a deal in practice


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def index(text: str) -> int:
    return Card.parse(text).index


def test_heuristic_trump_choice_by_its_hand():
    player, rng = HeuristicPlayer(), random.Random(0)
    assert player.choose_trump(mask("9s 8s 7s Js Qs Ah 7d 8c"), rng) == 3
    assert player.choose_trump(mask("10c 10d 10h Ac Ad 7s 8s 9s"), rng) == -1


def test_heuristic_holds_its_tens_and_feeds_a_winning_partner():
    player, rng = HeuristicPlayer(), random.Random(0)
    hand = mask("10c Kc 7c 8d")
    legal = mask("10c Kc 7c")
    trick = mask("Jc Qc")  # the partner's Q♣ wins; the A♣ is still out: not safe
    args = (hand, legal, trick, 0, index("Qc"), True)
    assert player.choose_card(*args, False, 1, 0, rng) == index("Kc")
    assert player.choose_card(*args, True, 1, 0, rng) == index("10c")  # last to play: safe


def test_heuristic_trumps_in_when_it_pays():
    player, rng = HeuristicPlayer(), random.Random(0)
    hand = legal = mask("7d Qd 8h 9s")
    rich, poor = mask("Kc 10c"), mask("7c 8c")
    assert player.choose_card(hand, legal, rich, 0, index("10c"), False, False, 1, 0, rng) == index("7d")
    assert player.choose_card(hand, legal, poor, 0, index("8c"), False, False, 1, 0, rng) == index("8h")


def test_heuristic_cashes_a_master_card_when_leading():
    player, rng = HeuristicPlayer(), random.Random(0)
    hand = mask("Ah 7h 8c 9c Jc")
    gone = mask("10h")  # the manille of hearts is gone: A♥ is master
    assert player.choose_card(hand, hand, 0, -1, -1, False, False, 3, gone, rng) == index("Ah")
    assert player.choose_card(hand, hand, 0, -1, -1, False, False, 3, 0, rng) == index("8c")
