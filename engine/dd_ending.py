"""The last two tricks, solved outright: the exact double-dummy value of a position at a
trick's start with two cards a hand, by trying every legal card of the first of the two
tricks in four plain loops (the last trick is forced). :mod:`engine.dd` keeps the values by
position, so a two-card ending is solved once and then read, exact, whatever the window.

>>> from engine.cards import CardSet
>>> from engine.play import rule_flags
>>> solve = two_card_solver(-1, rule_flags("house"), 1, CARD_POINTS, 0)
>>> solve([CardSet.parse(h).mask for h in ("10c 7c", "Ac 8c", "Kc 9c", "Qc Jc")], 0)
9
"""

# ruff: noqa: PLR1730  (an if costs less than a call to max or min)
from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import CARD_POINTS
from engine.play import legal_mask

__all__ = ["CARD_POINTS", "two_card_solver"]

#: The cards of each mask of one or two cards, highest first.
_CARDS = {1 << a | 1 << b: (a,) if a == b else (a, b) for a in range(32) for b in range(a + 1)}


def two_card_solver(trump: int, flags: int, step: int, values: Sequence[int], bonus: int
                    ) -> Callable[[Sequence[int], int], int]:
    """``solve(hands, leader)``: side 0's points in the last two tricks, hands of 2 cards."""

    cards = _CARDS.__getitem__

    def solve(h: Sequence[int], leader: int) -> int:
        a = leader
        b = (a + step) % 4
        c = (b + step) % 4
        d = (c + step) % 4
        ha, hb, hc, hd = h[a], h[b], h[c], h[d]
        a_max, b_max = a & 1 == 0, b & 1 == 0
        side0 = h[0] | h[2]
        best_a = -1 if a_max else 1 << 20
        for ca in cards(ha):
            led = ca >> 3
            la = (ha ^ 1 << ca).bit_length() - 1
            best_b = -1 if b_max else 1 << 20
            for cb in cards(legal_mask(hb, led, ca, False, trump, flags)):
                if (cb >> 3 == led and cb > ca) or (cb >> 3 == trump != led):
                    w2, s2 = cb, b
                else:
                    w2, s2 = ca, a
                lb = (hb ^ 1 << cb).bit_length() - 1
                best_c = -1 if a_max else 1 << 20
                for cc in cards(legal_mask(hc, led, w2, s2 == a, trump, flags)):
                    if (cc >> 3 == w2 >> 3 and cc > w2) or (cc >> 3 == trump != w2 >> 3):
                        w3, s3 = cc, c
                    else:
                        w3, s3 = w2, s2
                    pts = values[ca] + values[cb] + values[cc] + bonus
                    lc = (hc ^ 1 << cc).bit_length() - 1
                    last = values[la] + values[lb] + values[lc] + bonus
                    best_d = -1 if b_max else 1 << 20
                    for cd in cards(legal_mask(hd, led, w3, s3 == b, trump, flags)):
                        if (cd >> 3 == w3 >> 3 and cd > w3) or (cd >> 3 == trump != w3 >> 3):
                            s4 = d
                        else:
                            s4 = s3
                        # The last trick, led by the winner: every card is forced.
                        ld = (hd ^ 1 << cd).bit_length() - 1
                        lwin = la if s4 == a else lb if s4 == b else lc if s4 == c else ld
                        for card in (la, lb, lc, ld):
                            if (card >> 3 == lwin >> 3 and card > lwin) or (
                                    card >> 3 == trump != lwin >> 3):
                                lwin = card
                        v = ((pts + values[cd] if s4 & 1 == 0 else 0)
                             + (last + values[ld] if side0 >> lwin & 1 else 0))
                        if b_max:
                            if v > best_d:
                                best_d = v
                        elif v < best_d:
                            best_d = v
                    if a_max:
                        if best_d > best_c:
                            best_c = best_d
                    elif best_d < best_c:
                        best_c = best_d
                if b_max:
                    if best_c > best_b:
                        best_b = best_c
                elif best_c < best_b:
                    best_b = best_c
            if a_max:
                if best_b > best_a:
                    best_a = best_b
            elif best_b < best_a:
                best_a = best_b
        return best_a

    return solve
