"""Slow double-dummy references: plain minimax and plain alpha-beta, to check and time the
solver of :mod:`engine.dd` against.

:func:`minimax` tries every legal card at every turn, nothing pruned, nothing remembered;
its legal cards come from :func:`engine.obligations.obligations` (the rules stated one by
one), not from the fast :func:`engine.play.legal_mask` the solver uses. With ``memo`` it
remembers each trick start's exact value (still no pruning), which makes a whole deal with
a trump possible in minutes (no trump takes far longer): the reference data in
tests/engine/dd_data/ was made so.
:func:`alphabeta` is the textbook alpha-beta on the same value, with the engine's legal
cards and no table, no ordering: the benchmark's baseline.

>>> hands = [0b1, 0b10, 0b100, 0b1000]  # 7c 8c 9c Jc: the jack wins one point
>>> minimax(hands, 0, -1, "house"), alphabeta(hands, 0, -1, "house")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_POINTS, iter_cards
from engine.obligations import obligations
from engine.play import beats, legal_mask, rule_flags
from engine.rules import RuleSet


def _reference_legal(hand: int, led: int, win: int, partner: bool, trump: int,
                     rules: RuleSet) -> int:
    duties = obligations(hand, led, win, partner, trump, rules)
    return duties[-1].allowed.mask if duties else hand


def minimax(hands: Sequence[int], leader: int, trump: int, rules: RuleSet | str = "house",
            memo: dict | None = None) -> int:
    """Side 0's points (trick bonus included) from a trick start, by plain minimax.

    ``hands`` are masks by seat, ``trump`` a suit index or -1; ``memo`` a dict to keep the
    value of each trick start (no pruning either way).
    """
    rules = RuleSet.coerce(rules)
    step = 1 if rules.direction == "clockwise" else -1
    bonus = 1 if rules.trick_bonus else 0

    def start(h: tuple[int, ...], lead: int) -> int:
        if not h[lead]:
            return 0
        key = (h, lead)
        if memo is not None and key in memo:
            return memo[key]
        value = play(h, lead, lead, [], -1, -1, lead)
        if memo is not None:
            memo[key] = value
        return value

    def play(h: tuple[int, ...], lead: int, seat: int, cards: list[int], led: int, win: int,
             win_seat: int) -> int:
        if len(cards) == 4:
            got = sum(CARD_POINTS[c] for c in cards) + bonus
            return (got if win_seat % 2 == 0 else 0) + start(h, win_seat)
        if cards:
            legal = _reference_legal(h[seat], led, win, win_seat % 2 == seat % 2, trump, rules)
        else:
            legal = h[seat]
        results = []
        for card in iter_cards(legal):
            rest = list(h)
            rest[seat] &= ~(1 << card)
            if not cards:
                nled, nwin, nws = card >> 3, card, seat
            elif beats(card, win, trump):
                nled, nwin, nws = led, card, seat
            else:
                nled, nwin, nws = led, win, win_seat
            results.append(play(tuple(rest), lead, (seat + step) % 4, [*cards, card],
                                nled, nwin, nws))
        return max(results) if seat % 2 == 0 else min(results)

    return start(tuple(hands), leader)


def alphabeta(hands: Sequence[int], leader: int, trump: int,
              rules: RuleSet | str = "house") -> int:
    """Side 0's points from a trick start by plain alpha-beta (no table, cards lowest first).
    """
    rules = RuleSet.coerce(rules)
    flags = rule_flags(rules)
    step = 1 if rules.direction == "clockwise" else -1
    bonus = 1 if rules.trick_bonus else 0
    h = list(hands)

    def play(seat: int, pos: int, led: int, win: int, win_seat: int, pts: int,
             alpha: int, beta: int) -> int:
        if pos == 4:
            got = pts + bonus if win_seat % 2 == 0 else 0
            if not h[win_seat]:
                return got
            return got + play(win_seat, 0, -1, -1, win_seat, 0, alpha - got, beta - got)
        hand = h[seat]
        legal = legal_mask(hand, led, win, win_seat % 2 == seat % 2, trump, flags) if pos else hand
        maximise = seat % 2 == 0
        best = -1 if maximise else 1 << 20
        for card in iter_cards(legal):
            h[seat] = hand & ~(1 << card)
            if not pos:
                value = play((seat + step) % 4, 1, card >> 3, card, seat, CARD_POINTS[card],
                             alpha, beta)
            elif beats(card, win, trump):
                value = play((seat + step) % 4, pos + 1, led, card, seat,
                             pts + CARD_POINTS[card], alpha, beta)
            else:
                value = play((seat + step) % 4, pos + 1, led, win, win_seat,
                             pts + CARD_POINTS[card], alpha, beta)
            h[seat] = hand
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    return play(leader, 0, -1, -1, leader, 0, -1, 1 << 20)
