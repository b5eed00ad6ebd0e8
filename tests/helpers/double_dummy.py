"""The double-dummy tests' rule sets and random endings (hands as card masks, a leader and a
trump, -1 for no trump)."""

from __future__ import annotations

import random

from engine import RuleSet

RULES = [
    RuleSet.preset("house"), RuleSet.preset("flemish"), RuleSet.preset("french"),
    RuleSet(trick_bonus=True), RuleSet(beat_on_trump_lead_only=True),
    RuleSet(beat_partner_on_trump_lead=True, partner_winning_free=True),
    RuleSet(players=2), RuleSet.preset("blind"),
]


def random_ending(rng: random.Random, low: int, high: int) -> tuple[list[int], int, int]:
    size = rng.randint(low, high)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[k * size:(k + 1) * size]) for k in range(4)]
    return hands, rng.randrange(4), rng.choice([-1, 0, 1, 2, 3])
