"""The double-dummy search behind :func:`engine.dd.double_dummy`: :class:`Solver`, one
trump and rule set, null-window passes over a transposition table (docs/duplicate.md says
what each step bought). Hands are 32-bit masks by seat, cards indices ``suit * 8 + rank``.

>>> Solver(trump=-1, rules="house").solve([0b1, 0b10, 0b100, 0b1000], 0)  # 7c 8c 9c Jc
0
"""

# ruff: noqa: PLR1730  (in the search, an if costs less than a call to max or min)
from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import ABOVE, CARD_POINTS, SUIT_MASKS
from engine.dd_bounds import suit_points, sure_bounds
from engine.dd_ending import two_card_solver
from engine.dd_order import equivalent, orderer
from engine.play import FOLLOW_SUIT, legal_mask, rule_flags
from engine.rules import RuleSet


def _squeeze(live: int) -> tuple[int, ...]:
    """For the live 7, 8, 9 of a suit (3 bits), each holding's bits moved to the lowest
    ranks, order kept: a 9 with the 7 and 8 gone plays as a 7 (all three count 0)."""
    ranks = [r for r in range(3) if live >> r & 1]
    return tuple(sum(1 << i for i, r in enumerate(ranks) if sub >> r & 1) for sub in range(8))


_SQUEEZE = tuple(_squeeze(live) for live in range(8))


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
                 mid: bool = False, bounds: bool = True, endings: bool = True) -> None:
        rules = RuleSet.coerce(rules)
        self.trump = trump
        self.flags = rule_flags(rules)
        self.step = 1 if rules.direction == "clockwise" else -1
        self.bonus = (1 if rules.trick_bonus else 0) if bonus is None else bonus
        self.values = CARD_POINTS if tuple(values) == CARD_POINTS else tuple(values)
        self.ordering = ordering
        self.equivalence = equivalence
        self.bounds = bounds
        self.endings = endings
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
        sure = sure_bounds(trump, values, bonus, bool(flags & FOLLOW_SUIT))
        two_cards = two_card_solver(trump, flags, step, values, bonus) if self.endings else None
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
            size = h0.bit_count()
            if size == 2 and two_cards is not None:
                value = exact_values.get(key)
                if value is None:
                    value = exact_values[key] = two_cards(h, leader)
                return value
            if size <= small:
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
                    tops = second = 0
                    partner = h[(seat + 2) % 4]
                    for suit_mask in SUIT_MASKS:
                        held = live & suit_mask
                        if held:
                            top = 1 << held.bit_length() - 1
                            tops |= top
                            if partner & top or (
                                    partner & trumps and not partner & suit_mask):
                                second |= legal & suit_mask
                    moves = ordered(legal, tops & legal, second)
                elif (win_seat & 1) == side:
                    # The trick is the side's: most points first, unless the last player
                    # can still take it (then the fewest first).
                    tops = legal
                    if pos == 2:
                        last = h[(seat + step) % 4]
                        if last & ABOVE[win] or (
                                trumps and win >> 3 != trump and not last & SUIT_MASKS[led]
                                and last & trumps):
                            tops = 0
                    moves = ordered(legal, tops)
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
            tried = 0
            for card in moves:
                tried += 1
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
            solver.nodes += tried
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
