"""The renonce checker: planted renonces are found with trick, player, card and rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Card, CardSet, Deal, IllegalPlay, RuleSet, find_renonce, simulate_deal
from tests.helpers.engine_deals import (
    FLEMISH_HANDS,
    SIXTY_NOT_ALL,
    SIXTY_NOT_ALL_PLAY,
    SIXTY_NOT_ALL_TRICKS,
)
from tests.helpers.engine_reference import ref_legal, ref_winner

FOUR_SUITS = ["Jc 9c 8c 7c Js 9s 8s 7s", "10d Ad Kd Qd Jd 9d 8d 7d",
              "7h 8h 9h Jh 10c Ac Kc Qc", "10h Ah Kh Qh 10s As Ks Qs"]
UNDER = ["Jc 9c 8c 7c Js 9s 8s 7s", "10d Ad Kd Qd Jd 9d 8d 7d",
         "10h 8h 9h Jh 10c Ac Kc Qc", "7h Ah Kh Qh 10s As Ks Qs"]


RULE_WORDS = {"follow_suit": "must follow suit", "beat_led_suit": "must beat",
              "must_trump": "must trump", "must_overtrump": "must over-trump",
              "no_undertrump": "may not under-trump"}


@pytest.mark.parametrize(("hands", "dealer", "trump", "rules", "play", "expected"), [
    (FLEMISH_HANDS, 3, "h", "flemish", "Ks 9s", (1, 1, "9s", "beat_led_suit")),
    (FLEMISH_HANDS, 3, "h", "flemish", "Ks 7c", (1, 1, "7c", "follow_suit")),
    (FLEMISH_HANDS, 3, "h", "flemish", "Ks As 7s 8s 10d", None),
    (FOUR_SUITS, 0, "h", "house", "10d 10c", (1, 2, "10c", "must_trump")),
    (FOUR_SUITS, 2, "h", "french", "10d 7s Qs 10c", None),  # counter-clockwise from seat 1
    (FOUR_SUITS, 0, "h", "house", "10d 7h Qs", (1, 3, "Qs", "must_overtrump")),
    (FOUR_SUITS, 0, "h", "pagat", "10d 7h Qs", (1, 3, "Qs", "must_overtrump")),
    (UNDER, 0, "h", "house", "10d 10h Ah", (1, 3, "Ah", "no_undertrump")),
    (UNDER, 0, "h", "flemish", "10d 10h Ah", None),
    (SIXTY_NOT_ALL, 0, "c", "house", SIXTY_NOT_ALL_PLAY, None),
    (SIXTY_NOT_ALL, 0, "c", "house",
     SIXTY_NOT_ALL_PLAY[:28] + ["7s", "8s", "9s"], (8, 3, "9s", "illegal: not held")),
])
def test_planted_renonces(hands, dealer, trump, rules, play, expected):
    play = play.split() if isinstance(play, str) else play
    if expected and expected[3] == "illegal: not held":
        with pytest.raises(IllegalPlay) as info:
            find_renonce(hands, play, trump, dealer, rules)
        assert info.value.code == "not_in_hand" and info.value.trick == expected[0]
        return
    renonce = find_renonce(hands, play, trump, dealer, rules)
    if expected is None:
        assert renonce is None
    else:
        assert (renonce.trick, renonce.player, str(renonce.card), renonce.rule) == expected
        assert RULE_WORDS[renonce.rule] in renonce.message
        # The checked Deal refuses the same card with an IllegalPlay naming the same rule.
        deal = Deal(hands, dealer, rules)
        deal.announce(trump)
        for card in play[:-1]:
            deal.play(card)
        with pytest.raises(IllegalPlay) as info:
            deal.play(play[-1])
        assert info.value.rule == renonce.rule and f"({renonce.rule})" in str(info.value)
        assert renonce.message in str(info.value)


def test_play_may_be_given_trick_by_trick():
    assert find_renonce(SIXTY_NOT_ALL, SIXTY_NOT_ALL_TRICKS, "c", 0) is None
    tricks = [trick.split() for trick in SIXTY_NOT_ALL_TRICKS]
    assert find_renonce(SIXTY_NOT_ALL, tricks, "c", 0) is None


def test_renonce_in_a_later_trick_with_the_rest_of_the_play_after_it():
    # Swap a spade and a trump of seat 2 in a full recorded play: trumping a trick it could follow.
    sim = simulate_deal(5, "house")
    position, bad = _plantable(sim)
    play = list(sim.play)
    later = play.index(bad)
    play[position], play[later] = bad, play[position]
    renonce = find_renonce(sim.hands, play, sim.trump, sim.dealer, "house")
    assert renonce is not None and renonce.card == bad
    assert renonce.trick == position // 4 + 1 and renonce.trick > 1


def _plantable(sim, start=4):
    """The first position from ``start`` on where the player held an illegal card."""
    deal = Deal(sim.hands, sim.dealer, sim.rules)
    deal.announce(sim.trump)
    for position, card in enumerate(sim.play):
        illegal = deal.hand(deal.turn) - deal.legal_cards()
        if position >= start and illegal:
            return position, min(illegal)
        deal.play(card)
    raise AssertionError("no position with an illegal card")


ORDER = ("follow_suit", "beat_led_suit", "must_trump", "must_overtrump", "no_undertrump")


def expected_rule(hand, trick, trump, rules, partner, card):
    """The option that forbids ``card``: the last one whose removal (with those after it) frees it."""
    for cut in range(len(ORDER) - 1, -1, -1):
        looser = rules.replace(**{name: False for name in ORDER[cut:]})
        if card in ref_legal(hand, trick, trump, looser, partner):
            return ORDER[cut]
    raise AssertionError("card illegal even without obligations")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["house", "flemish", "pagat", "french"]),
       pick=st.randoms(use_true_random=False))
def test_a_planted_renonce_is_found_where_it_was_planted(seed, preset, pick):
    sim = simulate_deal(seed, preset)
    assert find_renonce(sim.hands, sim.play, sim.trump, sim.dealer, preset) is None
    deal = Deal(sim.hands, sim.dealer, preset)
    deal.announce(sim.trump)
    chances = []
    for position, card in enumerate(sim.play):
        illegal = deal.hand(deal.turn) - deal.legal_cards()
        if illegal:
            chances.append((position, sorted(illegal), list(deal.hand(deal.turn)),
                            list(deal.trick), deal.turn))
        deal.play(card)
    if not chances:
        return
    position, illegal, hand, trick, seat = pick.choice(chances)
    bad = pick.choice(illegal)
    planted = list(sim.play[:position]) + [bad]
    renonce = find_renonce(sim.hands, planted, sim.trump, sim.dealer, preset)
    assert (renonce.trick, renonce.player, renonce.card) == (position // 4 + 1, seat, bad)
    seats = [(seat - (len(trick) - i) * (1 if preset != "french" else -1)) % 4
             for i in range(len(trick))]
    partner = seats[ref_winner(trick, sim.trump)] % 2 == seat % 2
    rules = RuleSet.preset(preset)
    assert bad not in ref_legal(hand, trick, sim.trump, rules, partner)
    assert renonce.rule == expected_rule(hand, trick, sim.trump, rules, partner, bad)


def test_renonce_value_is_the_first_one():
    rng = random.Random(3)
    sim = simulate_deal(8, "house")
    position, bad = _plantable(sim, start=rng.randrange(1, 8))
    play = list(sim.play[:position]) + [bad]
    renonce = find_renonce(sim.hands, play, sim.trump, sim.dealer, "house")
    assert renonce.card == bad and isinstance(renonce.card, Card)
    assert CardSet([bad]) <= sim.hands[renonce.player]
