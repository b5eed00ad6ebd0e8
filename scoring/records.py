"""Match records: one entry's result in one match, the plain input of standings and seasons.

An entry is whatever is ranked: a pair in a fixed-pairs event, a player in an individual
event (one record per player per match, so results follow a player through changing
partners). :meth:`scoring.match.MatchOutcome.records` writes them from a scored sheet.

>>> MatchRecord("pair-7", 1, "win", games_won=2, games_lost=1, points_for=260,
...             points_against=190, opponents=("pair-3",)).match_points()
2
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from scoring.errors import StandingsError

Result = Literal["win", "draw", "loss"]
RESULTS: tuple[str, ...] = ("win", "draw", "loss")
#: Match points for a win, a draw and a loss unless a championship says otherwise.
DEFAULT_MATCH_POINTS: tuple[int, int, int] = (2, 1, 0)


class RoundKey(NamedTuple):
    """Where a match was played when an event has stages: the stage's number, then the
    round's number within it (so keys sort in the order the rounds were played).

    >>> sorted([RoundKey(2, 1), RoundKey(1, 3)])
    [RoundKey(stage=1, number=3), RoundKey(stage=2, number=1)]
    """

    stage: int
    number: int

    def __str__(self) -> str:
        return f"{self.stage}.{self.number}" if self.stage > 1 else str(self.number)


def _half_count(value: object) -> bool:
    """Game points with a half left, 0 or more: ``Fraction(9, 2)``."""
    return isinstance(value, Fraction) and value.denominator == 2 and value >= 0


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One entry's result in one match of a round.

    ``opponents`` and ``partners`` are the other entries at the table (partners only in
    individual events). A bye is a record with no opponents, scored as the organiser decides.

    A *credit* (``credit`` not None, ``result`` None) stands for a match the organiser
    decided was not played: it is no match, no round, no result and no meeting; it only
    adds ``credit`` match points and its game points to the sums, so that the entry is not
    ranked below or above the others merely for the match that did not happen.

    >>> MatchRecord("ann", 2, None, points_for=40, credit=1).match_points()
    1

    >>> MatchRecord("ann", 2, "tie")
    Traceback (most recent call last):
    scoring.errors.StandingsError: result: must be one of win, draw, loss, not 'tie'
    """

    entry: Hashable
    round: int | RoundKey
    result: Result | None
    games_won: int = 0
    games_lost: int = 0
    points_for: int | Fraction = 0
    points_against: int | Fraction = 0
    opponents: tuple[Hashable, ...] = ()
    partners: tuple[Hashable, ...] = ()
    credit: int | None = None

    def __post_init__(self) -> None:
        if self.credit is not None:
            if not _count(self.credit) or self.result is not None:
                raise StandingsError(f"a credit is a whole number of match points, 0 or more, "
                                     f"with no result, not {self.credit!r} with {self.result!r}",
                                     code="credit_invalid", field="credit")
        elif self.result not in RESULTS:
            raise StandingsError(f"must be one of {', '.join(RESULTS)}, not {self.result!r}",
                                 code="result_invalid", field="result")
        if isinstance(self.round, RoundKey):
            if not all(_count(part) for part in self.round):
                raise StandingsError(f"must be whole numbers, 0 or more, not {self.round!r}",
                                     code="count_invalid", field="round")
        elif not _count(self.round):
            raise StandingsError(f"must be a whole number, 0 or more, not {self.round!r}",
                                 code="count_invalid", field="round")
        for name in ("games_won", "games_lost", "points_for", "points_against"):
            value = getattr(self, name)
            if name.startswith("points") and _half_count(value):
                continue  # a table of three can leave a half (RULES.md §6)
            if not _count(value):
                raise StandingsError(f"must be a whole number, 0 or more, not {value!r}",
                                     code="count_invalid", field=name)
        for name in ("opponents", "partners"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if self.entry in self.opponents or self.entry in self.partners:
            raise StandingsError(f"entry {self.entry!r} cannot be its own opponent or partner",
                                 code="entry_meets_itself", field="opponents")

    def match_points(self, points: tuple[int, int, int] = DEFAULT_MATCH_POINTS) -> int:
        """Match points for this result: ``points`` is (win, draw, loss).

        >>> MatchRecord("ann", 1, "draw").match_points((3, 1, 0))
        1
        """
        if self.credit is not None:
            return self.credit
        return points[RESULTS.index(self.result)]
