"""The solver's pruning is exact: the sure-points bounds (engine/dd_bounds.py) always hold
the value plain minimax finds, the two-card ending solver (engine/dd_ending.py) is minimax
on every rule set, the bit-mask equivalent-card rule is the card-by-card rule, and each
pruning switched on alone gives minimax's value on thousands of random endings of 2-3
tricks under every obligation rule set."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import RuleSet
from engine.cards import CARD_POINTS, mask_points
from engine.dd import Solver
from engine.dd_bounds import sure_bounds
from engine.dd_ending import two_card_solver
from engine.dd_order import equivalent, orderer
from engine.dd_reference import minimax
from engine.play import rule_flags
from tests.helpers.double_dummy import RULES, random_ending

#: Every obligation switched off alone, besides the presets of RULES.
OBLIGATION_RULES = RULES + [
    RuleSet(follow_suit=False, beat_led_suit=False), RuleSet(beat_led_suit=False), RuleSet(must_trump=False, must_overtrump=False),
    RuleSet(must_overtrump=False), RuleSet(partner_winning_free=False),
    RuleSet(no_undertrump=False), RuleSet(direction="counterclockwise"),
]


def test_sure_bounds_hold_the_minimax_value():
    rng = random.Random(151)
    pruned = 0
    for number in range(3000):
        hands, leader, trump = random_ending(rng, 1, 3)
        rules = OBLIGATION_RULES[number % len(OBLIGATION_RULES)]
        bonus = 1 if rules.trick_bonus else 0
        live = hands[0] | hands[1] | hands[2] | hands[3]
        total = mask_points(live) + bonus * hands[0].bit_count()
        low, up = sure_bounds(trump, CARD_POINTS, bonus, rules.follow_suit)(hands, leader, live,
                                                                        total)
        value = minimax(hands, leader, trump, rules)
        assert low <= value <= up, (number, hands, leader, trump, rules.name, low, value, up)
        pruned += low > 0 or up < total
    assert pruned > 1000  # the bounds say something in most endings


def test_cashing_against_trumps_needs_the_duty_to_follow():
    # 10c Ac with seat 0 on lead, trump hearts; seat 1 holds 7c and the 7h: one safe round of
    # clubs when suit must be followed (5 points), none without that duty (seat 1 may trump).
    hands = [1 << 7 | 1 << 6, 1 << 0 | 1 << 16, 1 << 8 | 1 << 9, 1 << 10 | 1 << 11]
    live = sum(hands)
    assert sure_bounds(2, CARD_POINTS, 0, True)(hands, 0, live, 9) == (5, 9)
    assert sure_bounds(2, CARD_POINTS, 0, False)(hands, 0, live, 9) == (0, 9)


def test_sure_bounds_counting_tricks():
    rng = random.Random(152)
    zero = (0,) * 32
    for number in range(600):
        hands, leader, trump = random_ending(rng, 1, 3)
        rules = OBLIGATION_RULES[number % len(OBLIGATION_RULES)]
        counter = Solver(trump, rules, values=zero, bonus=1, bounds=False, equivalence=False)
        tricks = counter.solve(hands, leader)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        low, up = sure_bounds(trump, zero, 1, rules.follow_suit)(hands, leader, live,
                                                              hands[0].bit_count())
        assert low <= tricks <= up


def test_each_pruning_alone_equals_minimax_under_every_obligation_rule_set():
    rng = random.Random(153)
    off = {"ordering": False, "equivalence": False, "mid": False, "bounds": False,
           "endings": False}
    steps = [off, {**off, "equivalence": True}, {**off, "bounds": True},
             {**off, "ordering": True, "mid": True}, {**off, "endings": True}, {}]
    for number in range(3000):  # 200 for each of the 15 rule sets
        hands, leader, trump = random_ending(rng, 2, 3)
        rules = OBLIGATION_RULES[number % len(OBLIGATION_RULES)]
        expected = minimax(hands, leader, trump, rules)
        for step in steps:
            assert Solver(trump, rules, **step).solve(hands, leader) == expected, (
                number, hands, leader, trump, rules, step)


def test_two_card_endings_equal_minimax_under_every_obligation_rule_set():
    rng = random.Random(154)
    for number in range(3000):
        hands, leader, trump = random_ending(rng, 2, 2)
        rules = OBLIGATION_RULES[number % len(OBLIGATION_RULES)]
        solve = two_card_solver(trump, rule_flags(rules), 1 if rules.direction == "clockwise"
                                else -1, CARD_POINTS, 1 if rules.trick_bonus else 0)
        assert solve(hands, leader) == minimax(hands, leader, trump, rules), (
            number, hands, leader, trump, rules)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, (1 << 32) - 1), st.integers(0, (1 << 32) - 1))
def test_equivalent_cards_by_masks_are_the_card_by_card_rule(legal, extra):
    alive = legal | extra
    assert equivalent(legal, alive, CARD_POINTS) == equivalent(legal, alive, list(CARD_POINTS))


def test_equivalent_cards_keep_one_of_each_run():
    def mask(*cards: int) -> int:
        return sum(1 << c for c in cards)
    # 7c 8c 9c all held: the 9 alone; 7c 9c with the 8c gone: the 9; with the 8c elsewhere: both
    assert equivalent(mask(0, 1, 2), mask(0, 1, 2), CARD_POINTS) == mask(2)
    assert equivalent(mask(0, 2), mask(0, 2), CARD_POINTS) == mask(2)
    assert equivalent(mask(0, 2), mask(0, 1, 2), CARD_POINTS) == mask(0, 2)
    # 9c and Jc count differently: both searched
    assert equivalent(mask(2, 3), mask(2, 3), CARD_POINTS) == mask(2, 3)


def test_ordering_puts_the_first_class_first_most_points_first():
    order = orderer(CARD_POINTS)
    # Ac Kc 7c 10d: first class Kc 10d -> 10d Kc, then 7c Ac
    legal = (1 << 6) | (1 << 5) | (1 << 0) | (1 << 15)
    assert order(legal, (1 << 5) | (1 << 15)) == [15, 5, 0, 6]
    assert orderer(CARD_POINTS, ordering=False)(legal, 0) == [0, 5, 6, 15]
    # a second class between them, fewest points first: 10d Kc, then 7c Ac, then the rest
    assert order(legal | 1 << 8, (1 << 5) | (1 << 15), 1 | 1 << 6) == [15, 5, 0, 6, 8]
