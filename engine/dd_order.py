"""Move ordering and equivalent cards for the double-dummy search of :mod:`engine.dd`.

:func:`orderer` gives the search its cards in the order to try them: a class of cards
first, most points first (for a lead the cards no live card of their suit beats; for a
follower the cards that take the trick for the mover's side, or every card when the side
has it already), then the others, fewest points first. Legal masks are subsets of the four
hands of one deal, so the lists are cached by mask. :func:`equivalent` drops the cards
that touch the next live card up of their suit, held in the same legal cards, and count the
same: only one of such cards is searched.

>>> from engine.cards import CardSet
>>> order = orderer(CARD_POINTS)
>>> hand = CardSet.parse("10c 7c Kd").mask
>>> [str(CardSet(1 << c)) for c in order(hand, CardSet.parse("10c").mask)]
['10c', '7c', 'Kd']
>>> str(CardSet(equivalent(CardSet.parse("7c 8c 9c Jc").mask, hand, CARD_POINTS)))
'Jc 9c'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import ABOVE, CARD_POINTS, RANK_MASKS

_R0, _R1, _R2 = RANK_MASKS[0], RANK_MASKS[1], RANK_MASKS[2]


def orderer(values: Sequence[int], ordering: bool = True) -> Callable[[int, int], list[int]]:
    """``order(legal, first_class)``: the cards of ``legal``, those of ``first_class`` first
    (most points first), the others after (fewest points first); index order without
    ``ordering``. The lists are shared: do not change them."""
    cache: dict[int, list[int]] = {}

    def order(legal: int, first_class: int, second_class: int = 0) -> list[int]:
        key = legal | first_class << 32 | second_class << 64
        cards = cache.get(key)
        if cards is None:
            if ordering:
                keyed = []
                rest = legal
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    card = bit.bit_length() - 1
                    if first_class & bit:
                        keyed.append((15 - values[card]) << 5 | card)
                    elif second_class & bit:
                        keyed.append(512 | values[card] << 5 | card)
                    else:
                        keyed.append(1024 | values[card] << 5 | card)
                keyed.sort()
                cards = [k & 31 for k in keyed]
            else:
                cards = [c for c in range(32) if legal >> c & 1]
            cache[key] = cards
        return cards

    return order


def equivalent(legal: int, alive: int, values: Sequence[int]) -> int:
    """``legal`` without each card whose next card up in its suit among ``alive`` (cards in
    hands or on the table) is in ``legal`` too and counts the same."""
    if values is CARD_POINTS:  # card points: only a 7 or an 8 counts as the card above it
        eight, nine = legal & _R1, legal & _R2
        return legal & ~(legal & _R0 & (eight >> 1 | (nine & ~((alive & _R1) << 1)) >> 2)
                         | legal & _R1 & nine >> 1)
    keep = rest = legal
    while rest:
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        above = alive & ABOVE[card]
        if above and legal & above & -above and (
                values[(above & -above).bit_length() - 1] == values[card]):
            keep ^= bit
    return keep
