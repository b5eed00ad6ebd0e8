"""Sure points: bounds of a double-dummy value at a trick's start that need no search
(:mod:`engine.dd` asks them before searching a position it has not seen).

Two facts, both true whatever the obligations of the rule set:

- *The top trumps.* If one side holds the highest live trumps (the run above the other
  side's best trump), every trick one of them is in is that side's (its highest trump is
  one of them), so their points are that side's whatever is played.
- *Cashing.* The leader can lead, one after another, cards of a plain suit that no live
  card of their suit beats, and keeps the lead while nobody can trump them: in no trump
  always; with a trump, as many rounds of the suit as every other player holding a trump
  has cards of it to follow with (the suit must be followed; in a rule set without that
  duty, only when nobody but the leader holds a trump). The partner counts too: a partner
  bound to trump a partner's trick takes the lead away, and the opponents may win the next
  tricks. The highest of those cards (the rounds there are) count their points and the trick
  bonus for the leader's side; the other cards of those tricks count 0 in the bound.

Side 0's value lies between side 0's sure points and the total minus side 1's.

>>> bounds = sure_bounds(trump=-1, values=CARD_POINTS, bonus=0)
>>> hands = [0b10000000 | 1 << 8, 1 << 9, 1 << 10, 1 << 11]  # 10c 7d / 8d / 9d / Jd
>>> bounds(hands, 0, sum(hands), 6)   # side 0 cashes the 10c: 5 points at least
(5, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.cards import CARD_POINTS, SUIT_MASKS

__all__ = ["CARD_POINTS", "suit_points", "sure_bounds"]


@lru_cache(maxsize=8)
def suit_points(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """For each suit, the points of each 8-bit holding of it under ``values`` (made once
    for each scale of values: a solver for each trump asks it)."""
    return [tuple(sum(values[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256))
            for s in range(4)]


def sure_bounds(trump: int, values: Sequence[int], bonus: int, follow_suit: bool = True
                ) -> Callable[[Sequence[int], int, int, int], tuple[int, int]]:
    """``bounds(hands, leader, live, total)``: (low, up) of side 0's value at a trick start;
    ``live`` the union of the hands, ``total`` every point still to take."""
    points = suit_points(tuple(values))
    tshift = 8 * trump if trump >= 0 else 0
    tpoints = points[trump] if trump >= 0 else points[0]
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    plain = [(8 * s, points[s]) for s in range(4) if s != trump]

    def bounds(h: Sequence[int], leader: int, live: int, total: int) -> tuple[int, int]:
        side0, side1 = h[0] | h[2], h[1] | h[3]
        low0 = low1 = 0
        if trump >= 0:
            t0, t1 = side0 >> tshift & 255, side1 >> tshift & 255
            if t0 > t1:  # disjoint bytes: the greater holds the highest trump
                low0 = tpoints[t0 & ~((1 << t1.bit_length()) - 1)]
            elif t1:
                low1 = tpoints[t1 & ~((1 << t0.bit_length()) - 1)]
        ours = leader & 1
        mine = h[leader]
        others = live ^ mine
        if not others & trumps:
            cash = 0
            for shift, table in plain:
                run = mine >> shift & 255
                if run:
                    run &= ~((1 << (others >> shift & 255).bit_length()) - 1)
                    if run:
                        cash += table[run] + bonus * run.bit_count()
        elif follow_suit:
            cash = 0
            hands = (h[leader ^ 1], h[leader ^ 3], h[leader ^ 2])
            for shift, table in plain:
                run = mine >> shift & 255
                if run:
                    run &= ~((1 << (others >> shift & 255).bit_length()) - 1)
                    if run:
                        rounds = run.bit_count()
                        for hand in hands:
                            if hand & trumps:
                                rounds = min(rounds, (hand >> shift & 255).bit_count())
                        while run.bit_count() > rounds:
                            run &= run - 1
                        cash += table[run] + bonus * rounds
        else:
            cash = 0
        if cash:
            if ours:
                low1 += cash
            else:
                low0 += cash
        return low0, total - low1

    return bounds
