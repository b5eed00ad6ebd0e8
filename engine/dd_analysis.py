"""What double-dummy analysis tells about a board and about a deal as it was played.

:func:`board_double_dummy` solves a :class:`engine.board.Board` for the four trumps and no
trump (the hand record's table; par, which needs the deal's score, is
:func:`scoring.duplicate.par`). :func:`analyse_play` replays a deal entered trick by trick
with all 32 cards known and says, card by card, what each play cost the side that played it
against perfect play from there on: "the 10 of hearts on trick 5 cost 8 points".

>>> costs = analyse_play(["Ah 7c", "10h 8c", "Kh 9c", "Qh Jc"], 0, "c", "house",
...                      ["Ah", "10h", "Kh", "Qh"])
>>> [str(cost) for cost in costs if cost.cost]
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.cards import Card, CardSet, parse_suit
from engine.dd import DDResult, Solver, check_position, double_dummy
from engine.errors import IllegalPlay
from engine.obligations import broken_obligation
from engine.play import beats, legal_mask, rule_flags
from engine.rules import RuleSet

TRUMPS: tuple[str | None, ...] = ("c", "d", "h", "s", None)


@dataclass(frozen=True)
class PlayCost:
    """One card of the play: trick number (1-based), seat, card, and the card points (trick
    bonus included where the rules have it) it cost its side against the best card there;
    0 for a card as good as any, never negative."""

    trick: int
    seat: int
    card: Card
    cost: int

    def __str__(self) -> str:
        return f"trick {self.trick}, seat {self.seat}: {self.card.pretty()} cost {self.cost}"


def board_double_dummy(board: Board, rules: RuleSet | str = "house"
                       ) -> dict[str | None, DDResult]:
    """The double-dummy result of ``board`` for each trump and no trump (None), the player
    after the dealer leading."""
    leader = board.leader(rules)
    return {trump: double_dummy(board.masks, leader, trump, rules) for trump in TRUMPS}


def analyse_play(
    hands: Sequence[Iterable[Card | str] | CardSet | int],
    leader: int,
    trump: str | None,
    rules: RuleSet | str,
    played_cards: Iterable[Card | str],
) -> list[PlayCost]:
    """What each card of ``played_cards`` (in play order, from the first trick) cost.

    ``hands`` are the four hands before the first card, ``leader`` the seat that led it.
    An illegal card raises :class:`engine.IllegalPlay` naming the rule, as
    :meth:`engine.Deal.play` does.

    >>> hands = ["10c 7c", "Ac 8c", "Kc 9c", "Qc Jc"]
    >>> [c.cost for c in analyse_play(hands, 0, None, "house", "10c 8c 9c Jc 7c Ac Kc Qc".split())]
    [0, 0, 3, 0, 0, 0, 0, 0]
    >>> [str(c) for c in analyse_play(hands, 0, None, "house", ["7c", "Ac", "Kc"]) if c.cost]
    ['trick 1, seat 2: K♣ cost 3']
    """
    masks, rules = check_position(hands, leader, rules)
    suit = parse_suit(trump)
    flags = rule_flags(rules)
    step = 1 if rules.direction == "clockwise" else -1
    solver = Solver(suit, rules)
    out: list[PlayCost] = []
    h = list(masks)
    trick_cards: list[int] = []
    lead_seat, seat, number = leader, leader, 1
    led = win = win_seat = -1
    before = solver.solve(h, lead_seat)
    for given in played_cards:
        card = Card.parse(given)
        if not any(h):
            raise IllegalPlay(f"no card is left to play: {card.pretty()} is one too many",
                              rule="not_in_hand", player=seat, card=card, trick=number)
        partner = bool(trick_cards) and win_seat % 2 == seat % 2
        legal = legal_mask(h[seat], led, win, partner, suit, flags) if trick_cards else h[seat]
        if not legal >> card.index & 1:
            _refuse(card, seat, number, h[seat], led, win, partner, suit, rules, legal)
        h[seat] &= ~card.mask
        if not trick_cards:
            led, win, win_seat = card.index >> 3, card.index, seat
        elif beats(card.index, win, suit):
            win, win_seat = card.index, seat
        trick_cards.append(card.index)
        done = len(trick_cards) == 4
        if done:
            gained = sum(c.points for c in map(Card.from_index, trick_cards)) + (
                1 if rules.trick_bonus else 0)
            got = gained if win_seat % 2 == 0 else 0
            after = got + (solver.solve(h, win_seat) if any(h) else 0)
        else:
            after = solver.solve(h, lead_seat, trick_cards)
        cost = before - after if seat % 2 == 0 else after - before
        out.append(PlayCost(number, seat, card, cost))
        if done:
            before = after - got
            lead_seat = seat = win_seat
            trick_cards = []
            led = win = win_seat = -1
            number += 1
        else:
            before = after
            seat = (seat + step) % 4
    return out


def _refuse(card: Card, seat: int, number: int, hand: int, led: int, win: int,
            partner: bool, trump: int, rules: RuleSet, legal: int) -> None:
    if not hand >> card.index & 1:
        rule, why = "not_in_hand", f"{card.pretty()} is not in seat {seat}'s hand"
    else:
        duty = broken_obligation(card, hand, led, win, partner, trump, rules)
        rule, why = (duty.rule, duty.message) if duty else ("illegal_play", "not allowed")
    raise IllegalPlay(f"seat {seat} may not play {card.pretty()} in trick {number} ({rule}): "
                      f"{why}", rule=rule, player=seat, card=card, trick=number,
                      legal=CardSet(legal))
