"""Double-dummy solving: the card points each side takes when all four hands are open and
everyone plays perfectly under the rule set's obligations (RULES.md §15).

:func:`double_dummy` solves a position at the start of a trick: four hands of equal size
(1 to 8 cards), the seat to lead, trump (``'c' 'd' 'h' 's'`` or None) and a rule set of four
hands (the partnership game, or 2 players with dummies). The value searched is side 0's
card points (seats 0 and 2) in the tricks still to play, plus one point a trick where the
rule set has the trick bonus; side 1 takes the rest. ``all_tricks`` is the side that can
force every remaining trick, if any (it can only be the side that takes every point).

The search (docs/duplicate.md says what each step bought):

- legal cards from :func:`engine.play.legal_mask`, the engine's own function;
- a transposition table at each trick's start, keyed by the hands (the 7, 8 and 9 of a suit
  moved down over the gaps of played ones) and the leader, holding a lower and an upper
  bound and the best lead; a second one inside tricks;
- sure points (:mod:`engine.dd_bounds`): bounds from the top trumps and the leader's
  cashable cards, asked before a new position is searched;
- the best move first and equivalent cards pruned (:mod:`engine.dd_order`);
- null-window passes on the point total: "does side 0 take at least t?", t by bisection
  of the bounds known so far, the bounds kept in the table between passes.

>>> hands = ["10c 7c", "Ac 8c", "Kc 9c", "Qc Jc"]
>>> result = double_dummy(hands, leader=0, trump=None)
>>> result.points, result.all_tricks
((9, 6), None)
"""

# ruff: noqa: PLR1730  (in the search, an if costs less than a call to max or min)
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.cards import ABOVE, CARD_POINTS, SUIT_MASKS, Card, CardSet, mask_points, parse_suit
from engine.dd_bounds import suit_points, sure_bounds
from engine.dd_order import equivalent, orderer
from engine.dd_position import check_position
from engine.play import legal_mask, rule_flags
from engine.rules import RuleSet

_ZERO_POINTS = (0,) * 32


def _squeeze(live: int) -> tuple[int, ...]:
    """For the live 7, 8, 9 of a suit (3 bits), each holding's bits moved to the lowest
    ranks, order kept: a 9 with the 7 and 8 gone plays as a 7 (all three count 0)."""
    ranks = [r for r in range(3) if live >> r & 1]
    return tuple(sum(1 << i for i, r in enumerate(ranks) if sub >> r & 1) for sub in range(8))


_SQUEEZE = tuple(_squeeze(live) for live in range(8))


@dataclass(frozen=True)
class DDResult:
    """A double-dummy result: ``points`` per side (0: seats 0 and 2) from the position on,
    trick bonus included where the rules have it; ``all_tricks``: the side that can force
    every remaining trick, or None; ``nodes``: cards tried by the search (for benchmarks)."""

    trump: str | None
    leader: int
    points: tuple[int, int]
    all_tricks: int | None = None
    nodes: int = 0


class Solver:
    """A double-dummy search for one trump and rule set; its table is kept between calls
    (values are points from a trick's start on, so every position of a deal shares them).

    ``values`` are each card's worth (its points, or 0 for every card to count tricks);
    ``bonus`` what a trick is worth besides. Seats 0 and 2 are side 0, the maximiser.

    >>> solver = Solver(trump=-1, rules="house")
    >>> solver.solve([0b1, 0b10, 0b100, 0b1000], 0)  # 7c 8c 9c Jc: the jack wins
    0
    """

    def __init__(self, trump: int, rules: RuleSet | str = "house", *,
                 values: Sequence[int] = CARD_POINTS, bonus: int | None = None,
                 ordering: bool = True, equivalence: bool = True, small: int = 1,
                 mid: bool = True, bounds: bool = True) -> None:
        rules = RuleSet.coerce(rules)
        self.trump = trump
        self.flags = rule_flags(rules)
        self.step = 1 if rules.direction == "clockwise" else -1
        self.bonus = (1 if rules.trick_bonus else 0) if bonus is None else bonus
        self.values = CARD_POINTS if tuple(values) == CARD_POINTS else tuple(values)
        self.ordering = ordering
        self.equivalence = equivalence
        self.bounds = bounds
        self.table: dict[tuple[int, int, int, int, int], list[int]] = {}
        self.exact_values: dict[tuple[int, int, int, int, int], int] = {}
        self.small = small
        #: Bounds in the middle of a trick, keyed by the hands and the trick's cards.
        self.mid_table: dict[tuple[int, ...], list[int]] | None = {} if mid else None
        self.nodes = 0
        self._search = self._build()

    # -- the driver: null-window passes ----------------------------------------------------

    def solve(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
              guess: int | None = None) -> int:
        """Side 0's value from here: ``hands`` (masks by seat, the cards of ``trick`` out),
        ``leader`` the seat that led (or leads) the trick, ``trick`` the card indices played
        to it so far. MTD(f): null-window passes from ``guess`` until the bounds meet."""
        values = self.values
        live = 0
        for mask in hands:
            live |= mask
        high = sum(values[c] for c in range(32) if live >> c & 1)
        high += sum(values[c] for c in trick) + self.bonus * hands[(leader + self.step * len(trick)) % 4].bit_count()
        low, up = 0, high
        beta = (high + 1) // 2 if guess is None else max(1, min(high, guess))
        while low < up:
            g = self._search(list(hands), leader, tuple(trick), beta - 1, beta)
            if g < beta:
                up = g
            else:
                low = g
            beta = (low + up + 1) // 2
        return low

    def can_reach(self, hands: Sequence[int], leader: int, target: int) -> bool:
        """Whether side 0 takes at least ``target`` from this trick start (one pass)."""
        return self._search(list(hands), leader, (), target - 1, target) >= target

    # -- the search ----------------------------------------------------------------------

    def _build(self) -> Callable[..., int]:
        trump, flags, step, bonus = self.trump, self.flags, self.step, self.bonus
        values, table = self.values, self.table
        ordering, equivalence, bounds = self.ordering, self.equivalence, self.bounds
        solver = self
        exact_values = self.exact_values
        small = self.small
        normalise = equivalence and values == CARD_POINTS
        mid_table = self.mid_table
        sp0, sp1, sp2, sp3 = suit_points(values)
        sure = sure_bounds(trump, values, bonus)
        ordered = orderer(values, ordering)
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0

        def start(h: list[int], leader: int, alpha: int, beta: int) -> int:
            """Value of the tricks to come, at a trick's start (fail-soft)."""
            h0, h1, h2, h3 = h
            live = h0 | h1 | h2 | h3
            if not live:
                return 0
            if normalise:
                for shift in (0, 8, 16, 24):
                    low3 = live >> shift & 7
                    if low3 in (5, 6, 2, 4):  # a gap among the 7, 8, 9 of a suit
                        squeeze = _SQUEEZE[low3]
                        clear = ~(7 << shift)
                        h0 = h0 & clear | squeeze[h0 >> shift & 7] << shift
                        h1 = h1 & clear | squeeze[h1 >> shift & 7] << shift
                        h2 = h2 & clear | squeeze[h2 >> shift & 7] << shift
                        h3 = h3 & clear | squeeze[h3 >> shift & 7] << shift
            key = (h0, h1, h2, h3, leader)
            if h0.bit_count() <= small:
                return exact(h, leader, key)
            entry = table.get(key)
            best_lead = -1
            if entry is not None:
                low, up, best_lead = entry
                if low >= beta:
                    return low
                if up <= alpha:
                    return up
                if low > alpha:
                    alpha = low
                if up < beta:
                    beta = up
            else:
                total = (bonus * h[leader].bit_count() + sp0[live & 255] + sp1[live >> 8 & 255]
                         + sp2[live >> 16 & 255] + sp3[live >> 24])
                if bounds:
                    low, up = sure(h, leader, live, total)
                else:
                    low, up = 0, total
                entry = [low, up, -1]
                table[key] = entry
                if up <= alpha:
                    return up
                if low >= beta:
                    return low
                if low > alpha:
                    alpha = low
                if up < beta:
                    beta = up
            g, lead = trick(h, 0, leader, leader, -1, -1, leader, 0, 0, alpha, beta, best_lead)
            if g <= alpha:
                if g < entry[1]:
                    entry[1] = g
            elif g >= beta:
                if g > entry[0]:
                    entry[0] = g
                entry[2] = lead
            else:
                entry[0] = entry[1] = g
                entry[2] = lead
            return g

        def exact(h: list[int], leader: int, key: tuple[int, ...]) -> int:
            """The exact value of a small ending (``small`` cards a hand or fewer), kept."""
            value = exact_values.get(key)
            if value is not None:
                return value
            live = key[0] | key[1] | key[2] | key[3]
            total = bonus * h[leader].bit_count()
            rest = live
            while rest:
                bit = rest & -rest
                total += values[bit.bit_length() - 1]
                rest ^= bit
            if live.bit_count() == 4:  # the last trick: every card is forced
                seat, win = leader, h[leader].bit_length() - 1
                win_seat = leader
                for _ in range(3):
                    seat = (seat + step) % 4
                    card = h[seat].bit_length() - 1
                    if (card >> 3 == win >> 3 and card > win) or (
                            card >> 3 == trump != win >> 3):
                        win, win_seat = card, seat
                value = total if win_seat & 1 == 0 else 0
            elif total == 0:
                value = 0
            else:
                value = trick(h, 0, leader, leader, -1, -1, leader, 0, 0, -1, total + 1, -1)[0]
            exact_values[key] = value
            return value

        def trick(h: list[int], pos: int, seat: int, leader: int, led: int, win: int,
                  win_seat: int, pts: int, played: int, alpha: int, beta: int,
                  first: int) -> tuple[int, int]:
            """Value with ``pos`` cards of the trick played; returns it and the best card."""
            hand = h[seat]
            side = seat & 1
            entry = None
            if pos == 0:
                legal = hand
            else:
                legal = legal_mask(hand, led, win, (win_seat & 1) == side, trump, flags)
                if legal & (legal - 1) and mid_table is not None:
                    key = (h[0], h[1], h[2], h[3], played)
                    entry = mid_table.get(key)
                    if entry is None:
                        entry = mid_table[key] = [-1, 1 << 20, -1]
                    else:
                        low, up, first = entry
                        if low >= beta:
                            return low, first
                        if up <= alpha:
                            return up, first
                        if low > alpha:
                            alpha = low
                        if up < beta:
                            beta = up
                    a0, b0 = alpha, beta
            if not legal & (legal - 1):
                moves = (legal.bit_length() - 1,)
            else:
                live = h[0] | h[1] | h[2] | h[3]
                if equivalence:
                    legal = equivalent(legal, live | played, values)
                if pos == 0:
                    # Leads: the cards no live card of their suit beats first.
                    tops = 0
                    for suit_mask in SUIT_MASKS:
                        held = live & suit_mask
                        if held:
                            tops |= 1 << held.bit_length() - 1
                    tops &= legal
                elif (win_seat & 1) == side:
                    tops = legal  # the trick is the side's already: most points first
                else:
                    # Cards that take the trick from the other side first.
                    tops = legal & ABOVE[win]
                    if trump >= 0 and win >> 3 != trump:
                        tops |= legal & trumps
                moves = ordered(legal, tops)
                if first >= 0 and moves[0] != first and legal >> first & 1:
                    moves = [first, *(c for c in moves if c != first)]
            g = -1 if side == 0 else 1 << 20
            best = -1
            nxt = (seat + step) % 4
            last_but_one = pos == 3 and hand.bit_count() == 2
            for card in moves:
                solver.nodes += 1
                bit = 1 << card
                h[seat] = hand ^ bit
                value = values[card]
                if pos == 0:
                    nled, nwin, nws = card >> 3, card, seat
                elif (card >> 3 == win >> 3 and card > win) or (card >> 3 == trump != win >> 3):
                    nled, nwin, nws = led, card, seat
                else:
                    nled, nwin, nws = led, win, win_seat
                if pos == 3:
                    got = pts + value + bonus
                    if last_but_one:
                        # One card a hand is left: the last trick is forced, played out here.
                        lseat = nws
                        lwin = h[lseat].bit_length() - 1
                        lws, last = lseat, values[lwin] + bonus
                        for _ in range(3):
                            lseat = (lseat + step) % 4
                            lcard = h[lseat].bit_length() - 1
                            last += values[lcard]
                            if (lcard >> 3 == lwin >> 3 and lcard > lwin) or (
                                    lcard >> 3 == trump != lwin >> 3):
                                lwin, lws = lcard, lseat
                        v = (got if nws & 1 == 0 else 0) + (last if lws & 1 == 0 else 0)
                    elif nws & 1 == 0:
                        v = got + start(h, nws, alpha - got, beta - got)
                    else:
                        v = start(h, nws, alpha, beta)
                else:
                    v = trick(h, pos + 1, nxt, leader, nled, nwin, nws, pts + value,
                              played | bit, alpha, beta, -1)[0]
                h[seat] = hand
                if side == 0:
                    if v > g:
                        g, best = v, card
                        if g >= beta:
                            break
                        if g > alpha:
                            alpha = g
                elif v < g:
                    g, best = v, card
                    if g <= alpha:
                        break
                    if g < beta:
                        beta = g
            if entry is not None:
                if g <= a0:
                    if g < entry[1]:
                        entry[1] = g
                elif g >= b0:
                    if g > entry[0]:
                        entry[0] = g
                    entry[2] = best
                else:
                    entry[0] = entry[1] = g
                    entry[2] = best
            return g, best

        def search(h: list[int], leader: int, cards: tuple[int, ...], alpha: int,
                   beta: int) -> int:
            if not cards:
                return start(h, leader, alpha, beta)
            seat, led, win, win_seat, pts, played = leader, cards[0] >> 3, cards[0], leader, 0, 0
            for card in cards:
                if played and ((card >> 3 == win >> 3 and card > win) or (
                        card >> 3 == trump != win >> 3)):
                    win, win_seat = card, seat
                pts += values[card]
                played |= 1 << card
                seat = (seat + step) % 4
            return trick(h, len(cards), seat, leader, led, win, win_seat, pts, played,
                         alpha, beta, -1)[0]

        return search


def double_dummy(
    hands: Sequence[Iterable[Card | str] | CardSet | int],
    leader: int,
    trump: str | None,
    rules: RuleSet | str = "house",
) -> DDResult:
    """Solve a position at a trick's start: the points each side takes with perfect play.

    ``hands``: four hands by seat (Cards, notation, CardSets or masks) of equal size 1-8;
    ``leader``: the seat to lead; ``trump``: a suit letter or None for no trump.

    >>> r = double_dummy(["Ah 7c", "10h 8c", "Kh 9c", "Qh Jc"], leader=0, trump="c")
    >>> r.points, r.all_tricks
    ((0, 15), 1)
    """
    masks, rules = check_position(hands, leader, rules)
    suit = parse_suit(trump)
    solver = Solver(suit, rules)
    value = solver.solve(masks, leader)
    total = mask_points(sum(masks)) + (masks[0].bit_count() if rules.trick_bonus else 0)
    capot = None
    if value in (0, total):
        counter = Solver(suit, rules, values=_ZERO_POINTS, bonus=1)
        tricks = masks[0].bit_count()
        if value == total and counter.can_reach(masks, leader, tricks):
            capot = 0
        elif value == 0 and not counter.can_reach(masks, leader, 1):
            capot = 1
        solver.nodes += counter.nodes
    return DDResult(trump=None if suit < 0 else "cdhs"[suit], leader=leader,
                    points=(value, total - value), all_tricks=capot, nodes=solver.nodes)

