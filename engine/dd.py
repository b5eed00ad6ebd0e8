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
  bound and the best lead; a second one inside tricks (``mid``: off by default, it costs what it saves);
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

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card, CardSet, mask_points, parse_suit
from engine.dd_position import check_position
from engine.dd_search import Solver
from engine.rules import RuleSet

__all__ = ["DDResult", "Solver", "check_position", "double_dummy"]

_ZERO_POINTS = (0,) * 32


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

