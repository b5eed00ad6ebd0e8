"""The table: how many hands are dealt, who partners whom, and the shuffle and deal.

>>> seat_count("house"), seat_sides(RuleSet(players=6), 0)
(4, (0, 1, 0, 1, 0, 1))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.cards import Card, CardSet, to_mask
from engine.errors import DealError
from engine.rules import RuleSet

_BITS = tuple(1 << card for card in range(32))


def seat_count(rules: RuleSet | str) -> int:
    """Hands at the table: the number of players, or 4 with 2 players (two dummies).

    >>> seat_count("house"), seat_count(RuleSet(players=2)), seat_count(RuleSet(players=6))
    (4, 4, 6)
    """
    rules = RuleSet.coerce(rules)
    return 4 if rules.players == 2 else rules.players


def seat_sides(rules: RuleSet | str, dealer: int) -> tuple[int, ...]:
    """The side (0 or 1) of each seat: alternate seats, or with 3 players the dealer alone (0).

    >>> seat_sides("house", 2), seat_sides(RuleSet(players=3), 2)
    ((0, 1, 0, 1), (1, 1, 0))
    """
    rules = RuleSet.coerce(rules)
    if rules.players == 3:
        return tuple(0 if seat == dealer else 1 for seat in range(3))
    return tuple(seat % 2 for seat in range(seat_count(rules)))


def deal_hands(rng: random.Random, rules: RuleSet | str = "house") -> list[int]:
    """Shuffle with ``rng`` and deal: one mask per seat (the rest lies out of play).

    >>> hands = deal_hands(random.Random(1))
    >>> [h.bit_count() for h in hands], sum(hands) == (1 << 32) - 1
    ([8, 8, 8, 8], True)
    """
    rules = RuleSet.coerce(rules)
    deck = list(_BITS)
    draw = rng.random
    # Fisher-Yates on floats: about twice as fast as random.shuffle, for the simulations.
    for last in range(31, 0, -1):
        other = int(draw() * (last + 1))
        deck[last], deck[other] = deck[other], deck[last]
    size = rules.cards_per_player
    return [sum(deck[start:start + size]) for start in range(0, size * seat_count(rules), size)]


def dealt_masks(hands: Sequence[Iterable[Card | str] | CardSet | int], rules: RuleSet) -> list[int]:
    """The masks of ``hands`` (one per seat), checked: the right number, size, no card twice.

    >>> dealt_masks(["10c Ac Kc Qc Jc 9c 8c 7c"] * 4, RuleSet())
    Traceback (most recent call last):
    ...
    engine.errors.DealError: hands: 10♣ A♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣ dealt twice
    """
    seats = seat_count(rules)
    masks = [to_mask(hand) for hand in hands]
    if len(masks) != seats:
        raise DealError(f"hands: {rules.players} players need {seats} hands, not {len(masks)}",
                        code="hand_count", field="hands")
    union = 0
    for seat, mask in enumerate(masks):
        if mask.bit_count() != rules.cards_per_player:
            raise DealError(f"hands: seat {seat} holds {mask.bit_count()} cards, "
                            f"not {rules.cards_per_player}", code="hand_size", field="hands")
        if union & mask:
            raise DealError(f"hands: {CardSet(union & mask).pretty()} dealt twice",
                            code="card_twice", field="hands")
        union |= mask
    return masks
