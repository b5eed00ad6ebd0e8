"""Byes: who sits out a round, and what a bye scores.

Who: the entries with the fewest byes so far, so that byes go to different entries while
any entry has had none; among those, the caller's order of preference (the lowest ranked
first in a Swiss draw, a random order otherwise), skipping an entry whose bye would force
an avoidable rematch or repeat partner on the others.

What it scores is the organiser's choice (``BYE_SCORING``): a win with the average result
of the other tables, a fixed result, or nothing. :func:`bye_result` computes it from the
other tables' results. The average win has the winning sides' mean for it and the losing
sides' mean against it (RULES.md §11), so it ranks like an average win, never above the
tables that played; a forfeit's winner is scored the same (``club.selectors.decided``).

>>> bye_result("average_win", [(40, 0), (0, 22), (9, 0)])
ByeResult(won=True, match_points=1, game_points=24, points_against=0)
>>> bye_result("average_win", [(101, 60), (35, 101)])
ByeResult(won=True, match_points=1, game_points=101, points_against=48)
>>> bye_result("nothing", [(40, 0)])
ByeResult(won=False, match_points=0, game_points=0, points_against=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import BYE, REPEAT_BYE, Bye, DrawError, Entry
from .matching import Matching, choose_out

BYE_SCORING: tuple[str, ...] = ("average_win", "fixed", "nothing")


@dataclass(frozen=True)
class ByeResult:
    """The bye's match result: won or not, match points, game points for it and against it
    (integers)."""

    won: bool
    match_points: int
    game_points: int
    points_against: int = 0


def bye_result(
    scoring: str,
    other_tables: Sequence[tuple[int, int]],
    *,
    match_points: int = 1,
    game_points: int = 0,
) -> ByeResult:
    """The result of a bye, computed from the game points of both sides at the other tables.

    ``average_win``: a win (``match_points``) with the average game points of the winning
    sides of the other tables for it and of their losing sides against it, each rounded half
    up (``game_points`` for and 0 against when there is no other table). ``fixed``: a win
    with ``match_points`` and ``game_points``, 0 against. ``nothing``: a loss with nothing.

    >>> bye_result("average_win", [(101, 60), (101, 88)], match_points=2)
    ByeResult(won=True, match_points=2, game_points=101, points_against=74)
    >>> bye_result("fixed", [], match_points=2, game_points=50)
    ByeResult(won=True, match_points=2, game_points=50, points_against=0)
    """
    if scoring not in BYE_SCORING:
        raise DrawError(
            f"bye scoring must be one of {', '.join(BYE_SCORING)}, not {scoring!r}",
            field="bye_scoring",
            code="bye_scoring",
        )
    for name, value in (("match_points", match_points), ("game_points", game_points)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DrawError(
                f"bye {name} must be a whole number of at least 0, not {value!r}",
                field=name,
                code="bye_points",
            )
    if scoring == "nothing":
        return ByeResult(False, 0, 0)
    if scoring == "fixed" or not other_tables:
        return ByeResult(True, match_points, game_points)
    winners, losers = [], []
    for a, b in other_tables:
        if (
            isinstance(a, bool)
            or isinstance(b, bool)
            or not isinstance(a, int)
            or not isinstance(b, int)
            or min(a, b) < 0
        ):
            raise DrawError(
                f"a table result must be two whole numbers of at least 0, not {(a, b)!r}",
                field="results",
                code="table_result",
            )
        winners.append(max(a, b))
        losers.append(min(a, b))
    # Integers only: the averages rounded half up, without floats.
    count = len(winners)
    average = (2 * sum(winners) + count) // (2 * count)
    against = (2 * sum(losers) + count) // (2 * count)
    return ByeResult(True, match_points, average, against)


def bye_tiers(preference: Sequence[int], entries: Sequence[Entry]) -> list[int]:
    """``preference`` reordered by byes had (fewest first), keeping the order within a count.

    >>> bye_tiers([0, 1, 2], [Entry("a", byes=1), Entry("b"), Entry("c")])
    [1, 2, 0]
    """
    return sorted(preference, key=lambda i: entries[i].byes)


def pick_byes(
    matching: Matching, preference: Sequence[int], entries: Sequence[Entry], count: int
) -> list[int]:
    """Choose ``count`` byes: fewest byes first, then the preference order, keeping the
    maximum matching of the others (no avoidable rematch or repeat partner).

    The matching must be maximum on entry; the chosen nodes are removed from it.

    >>> m = Matching(3, [set(), set(), set()]); m.greedy([0, 1, 2]); m.augment()
    >>> pick_byes(m, [2, 1, 0], [Entry("a"), Entry("b"), Entry("c", byes=1)], 1)
    [1]
    """
    chosen: list[int] = []
    ordered = bye_tiers(preference, entries)
    while len(chosen) < count and ordered:
        fewest = entries[ordered[0]].byes
        tier = [i for i in ordered if entries[i].byes == fewest]
        chosen += choose_out(matching, tier, min(count - len(chosen), len(tier)))
        ordered = [i for i in ordered if entries[i].byes != fewest]
    return chosen


def make_bye(entry: Entry, *extra: str, reasons: tuple = ()) -> Bye:
    """A :class:`Bye` for ``entry``, flagged as a repeat bye when it has had one; ``reasons``
    say why it sits out (:mod:`.reasons`).

    >>> make_bye(Entry("x", byes=1)).flags == {"bye", "repeat_bye"}
    True
    """
    flags = {BYE, *extra}
    if entry.byes:
        flags.add(REPEAT_BYE)
    return Bye(entry.id, frozenset(flags), tuple(reasons))
