"""Perft: the number of legal play sequences from fixed deals, kept as data.

The hands (first drawn from seeded shuffles) are stored as text, so the anchors do not
move if the shuffle changes. The numbers were computed once with the slow reference
(tests/helpers/engine_reference.py); running this file as a script (``python -m
tests.engine.test_perft``) prints them again. The tests check the engine's fast path (Deal.copy / Deal.push / legal_mask) against them, and re-run the
reference on the shallow depths. On a mismatch the per-card breakdown is printed.
"""

from __future__ import annotations

import pytest

from engine import Deal, RuleSet
from tests.helpers.engine_reference import ref_perft

# name: (players, dealer, hands by seat)
DEALS = {
    "four_a": (4, 2, (
        "Kc 9d 8d Kh 9h 10s Js 8s",
        "Ac Qc 7c 10d Jd Qh Qs 9s",
        "Jc Ad Kd Qd 7d Ah 7h 7s",
        "10c 9c 8c 10h Jh 8h As Ks",
    )),
    "four_b": (4, 3, (
        "Qc Jc 10d Qd 10h Jh Js 9s",
        "Ad Kd 9d 7d Ah 9h 10s 8s",
        "Ac Kc 9c 8d Kh As Ks 7s",
        "10c 8c 7c Jd Qh 8h 7h Qs",
    )),
    "three": (3, 0, (
        "10c Ac Kc 10d Kd Qd 9d 7d 9h Qs",
        "Qc Jc 8c 8d Kh 8h 7h Ks 9s 8s",
        "9c 7c Ad Jd 10h Qh 10s As Js 7s",
    )),
    "six": (6, 5, (
        "Ac 9c 8c Kd 9d",
        "Qc Kh Jh As Js",
        "10d 10h Ah Qh 7s",
        "Jc Jd 8d Ks Qs",
        "Kc 7d 9h 7h 9s",
        "10c 7c Ad Qd 8h",
    )),
    "two": (2, 1, (
        "10c Ac Ah Qh 9h 7h As 7s",
        "Kc Ad Kd Jd 10h 8h 10s Ks",
        "Jc 7c 7d Kh Qs Js 9s 8s",
        "Qc 9c 8c 10d Qd 9d 8d Jh",
    )),
}
# (deal, preset, trump): {depth: number of legal play sequences}
PERFT = {
    ("four_a", "house", "h"): {4: 18, 8: 1212, 12: 53712},
    ("four_a", "flemish", "h"): {4: 18, 8: 1252},
    ("four_a", "french", "h"): {4: 161, 8: 9400},
    ("four_b", "house", "s"): {4: 57, 8: 1670},
    ("four_b", "pagat", "s"): {4: 57, 8: 1694},
    ("four_b", "house", None): {4: 69, 8: 3848},
    ("four_b", "french", None): {4: 176, 8: 12824},
    ("three", "pagat", "d"): {3: 40, 6: 1384, 9: 49872},
    ("three", "house", "d"): {3: 40, 6: 1384, 9: 49872},
    ("six", "pagat", "d"): {6: 50, 12: 3460},
    ("six", "house", "d"): {6: 50, 12: 2636},
    ("two", "pagat", "c"): {4: 84, 8: 5312},
}


def make_deal(name: str, preset: str, trump: str | None) -> Deal:
    players, dealer, hands = DEALS[name]
    deal = Deal(hands, dealer, RuleSet.preset(preset).replace(players=players))
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


SHALLOW = [(key, depth, count) for key, depth, count in CASES if count <= 20_000]


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
