"""Perft: the number of legal play sequences from fixed seeded deals, kept as data.

The numbers were computed once with the slow reference (tests/engine/reference.py) by
running this file as a script (``python -m tests.engine.test_perft``); the tests check the
engine's fast path (Deal.copy / Deal.push / legal_mask) against them, and re-run the
reference on the shallow depths. On a mismatch the per-card breakdown is printed.
"""

from __future__ import annotations

import pytest

from engine import Deal, RuleSet
from tests.engine.reference import ref_perft

# (seed, preset, players, dealer, trump): {depth: number of play sequences}
PERFT = {
    (1, "house", 4, 0, "h"): {4: 37, 8: 1802, 12: 106586},
    (3, "house", 4, 3, "c"): {4: 19, 8: 4996},
    (3, "flemish", 4, 3, "c"): {4: 19, 8: 6212},
    (3, "french", 4, 3, "c"): {4: 29, 8: 20124},
    (8, "house", 4, 0, "s"): {4: 147, 8: 8652},
    (8, "flemish", 4, 0, "s"): {4: 147, 8: 8676},
    (17, "house", 4, 1, "s"): {4: 23, 8: 571},
    (17, "pagat", 4, 1, "s"): {4: 23, 8: 629},
    (3, "house", 4, 1, None): {4: 21, 8: 13432},
    (3, "french", 4, 1, None): {4: 29, 8: 20124},
    (5, "pagat", 3, 0, "d"): {3: 49, 6: 1787, 9: 57676},
    (5, "house", 3, 2, "d"): {3: 34, 6: 1162, 9: 34591},
    (6, "pagat", 6, 5, "h"): {6: 394, 8: 2442},
    (6, "house", 6, 2, "h"): {6: 146, 8: 1268},
    (7, "pagat", 2, 1, "c"): {4: 33, 8: 1372},
}


def make_deal(seed: int, preset: str, players: int, dealer: int, trump: str | None) -> Deal:
    rules = RuleSet.preset(preset).replace(players=players)
    deal = Deal.random(seed, dealer, rules)
    deal.announce(trump)
    return deal


def perft(deal: Deal, depth: int) -> int:
    """Legal play sequences of ``depth`` cards, by copy-make on the engine's fast path."""
    if depth == 0:
        return 1
    legal = deal.legal_mask()
    if depth == 1:
        return legal.bit_count()
    total = 0
    while legal:
        low = legal & -legal
        legal ^= low
        child = deal.copy()
        child.push(low.bit_length() - 1)
        total += perft(child, depth - 1)
    return total


def divide(deal: Deal, depth: int) -> dict[str, int]:
    """Perft below each first card, for a readable mismatch report."""
    out = {}
    for card in deal.legal_cards():
        child = deal.copy()
        child.push(card.index)
        out[str(card)] = perft(child, depth - 1)
    return out


def reference_count(deal: Deal, depth: int) -> int:
    step = 1 if deal.rules.direction == "clockwise" else -1
    hands = [list(deal.hand(seat)) for seat in range(deal.seats)]
    sides = [deal.side_of(seat) for seat in range(deal.seats)]
    return ref_perft(hands, deal.turn, deal.trump, deal.rules, sides, step, depth)


CASES = [(key, depth, count) for key, counts in PERFT.items() for depth, count in counts.items()]


@pytest.mark.parametrize(("key", "depth", "expected"), CASES, ids=lambda v: str(v))
def test_engine_perft_matches_the_stored_numbers(key, depth, expected):
    deal = make_deal(*key)
    count = perft(deal, depth)
    assert count == expected, f"perft {key} depth {depth}: {count} != {expected}; " \
        f"by first card: {divide(deal, depth)}"


SHALLOW = [(key, depth, count) for key, depth, count in CASES if depth <= 8]


@pytest.mark.parametrize(("key", "depth", "expected"), SHALLOW, ids=lambda v: str(v))
def test_reference_still_gives_the_stored_numbers(key, depth, expected):
    assert reference_count(make_deal(*key), depth) == expected


def test_perft_does_not_change_the_deal():
    deal = make_deal(*next(iter(PERFT)))
    before = (deal.hands, deal.trick, deal.turn)
    perft(deal, 4)
    assert (deal.hands, deal.trick, deal.turn) == before


if __name__ == "__main__":
    for key, counts in PERFT.items():
        deal = make_deal(*key)
        print(key, {depth: reference_count(deal, depth) for depth in counts})
