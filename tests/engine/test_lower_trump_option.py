"""Issue 28 point 11 (a), RULES.md §14: "void, an opponent has trumped, and you cannot
over-trump: whether you must still play a lower trump". Project default: any card; the
option ``must_undertrump`` requires the lower trump. Legal play, the renonce check, the
double-dummy solver and the simulated players all read the same legality."""

from __future__ import annotations

import random

import pytest

from engine import RuleSet, double_dummy, find_renonce, legal_cards, obligations, simulate_deal
from engine.cards import Card, CardSet
from engine.dd_reference import minimax
from engine.rules import RuleSetError
from tests.helpers.double_dummy import random_ending

FLEMISH = RuleSet.preset("flemish")
LOWER = FLEMISH.replace(must_undertrump=True)


def cards(text: str) -> set[Card]:
    return set(CardSet.parse(text))


def test_the_default_is_any_card_and_the_option_asks_the_lower_trump():
    # trump diamonds; an opponent led K♣, the other trumped with A♦ (positions of the same
    # parity are partners: position 2 moves); no club, no trump above A♦
    hand, trick = ["7d", "8h"], ["Kc", "Ad"]
    assert RuleSet().must_undertrump is False
    assert legal_cards(hand, trick, "d", FLEMISH) == cards("7d 8h")
    assert legal_cards(hand, trick, "d", LOWER) == cards("7d")
    # holding a higher trump: over-trump, as before
    assert legal_cards(["7d", "10d", "8h"], ["Kc", "Ad"], "d", LOWER) == cards("10d")
    # no trump at all: any card
    assert legal_cards(["8h", "9s"], ["Kc", "Ad"], "d", LOWER) == cards("8h 9s")


def test_a_partner_winning_with_a_trump_leaves_the_player_free():
    # position 3 to move; position 1 (its partner) trumped the club lead with Q♦
    assert legal_cards(["7d", "9h"], ["Kc", "Qd", "Jc"], "d", LOWER) == cards("7d 9h")


def test_the_obligation_is_named():
    hand = CardSet.parse("7d 8h").mask
    duties = obligations(hand, 0, Card.parse("Ad").index, False, 1, LOWER)
    assert [d.rule for d in duties] == ["must_undertrump"]
    assert "must still trump lower" in duties[0].message
    assert obligations(hand, 0, Card.parse("Ad").index, False, 1, FLEMISH) == []


def test_a_discard_over_an_opponents_trump_is_a_renonce_under_the_option():
    hands = ["Kc 9c 8c 7c Js 9s 8s 7s", "Ad 10d Kd Qd Jd 9d 8d 10h",
             "7d 8h 9h Jh Ah Qh Qs 10s", "10c Ac Qc Jc Kh 7h As Ks"]
    # dealer 3: seat 0 leads K♣, seat 1 (void in clubs) trumps A♦, seat 2 (void in clubs,
    # only 7♦ of trump, below A♦) discards 8♥
    play = [["Kc", "Ad", "8h"]]
    assert find_renonce(hands, play, trump="d", dealer=3, rules=FLEMISH) is None
    renonce = find_renonce(hands, play, trump="d", dealer=3, rules=LOWER)
    assert (renonce.trick, renonce.player, str(renonce.card), renonce.rule) == (
        1, 2, "8h", "must_undertrump")
    assert find_renonce(hands, [["Kc", "Ad", "7d"]], trump="d", dealer=3, rules=LOWER) is None


def test_the_double_dummy_solver_follows_the_option():
    hands = ["Kc 7h", "Qc 9h", "Ad 10s", "7d 10h"]
    masks = [CardSet.parse(h).mask for h in hands]
    plain = double_dummy(hands, 0, "d", FLEMISH).points
    lower = double_dummy(hands, 0, "d", LOWER).points
    assert plain != lower  # seat 3 must give up 7♦ under the option, keeping 10♥ for later
    assert plain[0] == minimax(masks, 0, 1, FLEMISH)
    assert lower[0] == minimax(masks, 0, 1, LOWER)  # the reference reads the obligations


@pytest.mark.parametrize("seed", range(12))
def test_simulated_players_play_only_legal_cards_under_the_option(seed):
    # simulate_deal replays every card through the checked Deal: an illegal card raises
    sim = simulate_deal(seed, LOWER, players="heuristic")
    assert sum(sim.facts.card_points) == 60


@pytest.mark.parametrize(("changes", "code"), [
    ({"must_undertrump": True}, "undertrump_both_ways"),  # the house rules forbid it
    ({"must_undertrump": True, "no_undertrump": False, "must_overtrump": False},
     "undertrump_needs_overtrump"),
])
def test_clashing_options_are_refused_by_code(changes, code):
    with pytest.raises(RuleSetError) as error:
        RuleSet.preset("house").replace(**changes)
    assert (error.value.code, error.value.field) == (code, "must_undertrump")


def test_stored_rule_sets_without_the_option_read_as_the_default():
    stored = FLEMISH.to_dict()
    del stored["must_undertrump"]
    assert RuleSet.from_dict(stored) == FLEMISH
    assert RuleSet.from_dict(LOWER.to_dict()) == LOWER


def test_the_solver_agrees_with_the_reference_on_random_endings_under_the_option():
    rng = random.Random(28)
    rules = [LOWER, LOWER.replace(partner_winning_free=False),
             RuleSet(no_undertrump=False, must_undertrump=True, trick_bonus=True)]
    for _ in range(60):
        hands, leader, trump = random_ending(rng, 1, 3)
        for each in rules:
            letter = None if trump < 0 else "cdhs"[trump]
            assert double_dummy(hands, leader, letter, each).points[0] == minimax(
                hands, leader, trump, each), (hands, leader, trump, each)
