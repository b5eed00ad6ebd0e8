"""Standings metrics: a registry of small named measures of an entry's results.

Records are tallied in one pass (:func:`tally_records`) into a :class:`Tally` per entry; a
:class:`Metric` turns a tally into a value (an int, or an exact ``Fraction`` for averages and
percentages: points stay exact, the web app rounds for display). A championship's ranking
order is a list of metric keys (see :mod:`scoring.standings`). Head-to-head is measured only
among the entries tied when it is applied.

A credit (a match decided "not played", :class:`~scoring.records.MatchRecord`) counts in
match points and game points for, against and their difference (opponents' strength reads
those match points), and nowhere else: not in wins, draws, losses, games, matches or rounds
played, win percentage, game points per round (the points of the rounds played) or
head-to-head.

>>> from scoring.records import MatchRecord
>>> records = [MatchRecord("A", 1, "win", 1, 0, 101, 40, ("B",)),
...            MatchRecord("B", 1, "loss", 0, 1, 40, 101, ("A",))]
>>> context = Context(tally_records(records))
>>> METRICS["points_diff"].value("A", context), METRICS["opponents_strength"].value("B", context)
(61, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.errors import StandingsError
from scoring.records import DEFAULT_MATCH_POINTS, RESULTS, MatchRecord

Value = int | Fraction
_RESULT_INDEX = {result: index for index, result in enumerate(RESULTS)}


class Tally:
    """One entry's results added up: counts by result (win, draw, loss), games, game points,
    the rounds played and every meeting (opponents, result index) for head-to-head."""

    __slots__ = (
        "credit",
        "credit_against",
        "credit_for",
        "games_lost",
        "games_won",
        "meetings",
        "points_against",
        "points_for",
        "results",
        "rounds",
    )

    def __init__(self) -> None:
        self.results = [0, 0, 0]
        self.games_won = self.games_lost = self.points_for = self.points_against = 0
        self.rounds: set[int] = set()
        self.meetings: list[tuple[tuple[Hashable, ...], int]] = []
        # Credits for matches decided "not played": match points and game points only.
        self.credit = self.credit_for = self.credit_against = 0

    @property
    def matches(self) -> int:
        return self.results[0] + self.results[1] + self.results[2]


def tally_records(records: Iterable[MatchRecord], entries: Iterable[Hashable] = ()) -> dict[Hashable, Tally]:
    """Add up every record per entry in one pass; ``entries`` adds entries with no record yet.

    >>> tally = tally_records([MatchRecord("A", 1, "win", points_for=50)], ["B"])
    >>> tally["A"].points_for, tally["B"].matches
    (50, 0)
    """
    tallies: dict[Hashable, Tally] = {entry: Tally() for entry in entries}
    for record in records:
        tally = tallies.get(record.entry)
        if tally is None:
            tally = tallies[record.entry] = Tally()
        if record.credit is not None:  # not played: sums only, no match, round or meeting
            tally.credit += record.credit
            tally.credit_for += record.points_for
            tally.credit_against += record.points_against
            continue
        index = _RESULT_INDEX[record.result]
        tally.results[index] += 1
        tally.games_won += record.games_won
        tally.games_lost += record.games_lost
        tally.points_for += record.points_for
        tally.points_against += record.points_against
        tally.rounds.add(record.round)
        tally.meetings.append((record.opponents, index))
    return tallies


class Context:
    """The tallies of every entry and the championship's options, shared by all metrics."""

    def __init__(self, tallies: dict[Hashable, Tally],
                 match_points: tuple[int, int, int] = DEFAULT_MATCH_POINTS) -> None:
        if not (isinstance(match_points, (tuple, list)) and len(match_points) == 3
                and all(isinstance(p, int) and not isinstance(p, bool) for p in match_points)):
            raise StandingsError("must be three whole numbers: points for a win, a draw, a loss",
                                 code="match_points_invalid", field="match_points")
        self.tallies = tallies
        self.match_points = tuple(match_points)
        self._match_points_of: dict[Hashable, int] | None = None

    def points_of(self, tally: Tally) -> int:
        win, draw, loss = self.match_points
        return (tally.results[0] * win + tally.results[1] * draw + tally.results[2] * loss
                + tally.credit)

    def match_points_of(self) -> dict[Hashable, int]:
        """Every entry's match points (computed once: opponents' strength reads them all)."""
        if self._match_points_of is None:
            self._match_points_of = {e: self.points_of(t) for e, t in self.tallies.items()}
        return self._match_points_of


@dataclass(frozen=True)
class Metric:
    """A standings metric: ``key`` for ranking orders, ``name`` and ``abbr`` for headings.

    ``measure(tally, context)`` gives an entry's value; a metric measured among tied entries
    (head-to-head) gives ``measure_group(entries, context)`` instead, a value per entry.
    ``higher_is_better`` False ranks the lowest value first (points against).
    """

    key: str
    name: str
    abbr: str
    measure: Callable[[Tally, Context], Value] | None = None
    measure_group: Callable[[list[Hashable], Context], dict[Hashable, Value]] | None = None
    higher_is_better: bool = True

    @property
    def among_tied(self) -> bool:
        return self.measure_group is not None

    def value(self, entry: Hashable, context: Context) -> Any:
        """The entry's value (for a head-to-head metric: among all entries)."""
        if self.measure_group is not None:
            return self.measure_group(list(context.tallies), context)[entry]
        return self.measure(context.tallies[entry], context)  # type: ignore[misc]


METRICS: dict[str, Metric] = {}


def register(metric: Metric) -> Metric:
    """Add ``metric`` to the registry (a club may add its own); keys are unique.

    >>> register(Metric("wins", "Wins", "W", lambda t, c: t.results[0]))
    Traceback (most recent call last):
    scoring.errors.StandingsError: metric: key 'wins' is already registered
    """
    if metric.key in METRICS:
        raise StandingsError(f"key {metric.key!r} is already registered",
                             code="metric_repeated", field="metric")
    if (metric.measure is None) == (metric.measure_group is None):
        raise StandingsError(f"metric {metric.key!r} needs exactly one of measure, measure_group",
                             code="metric_invalid", field="metric")
    METRICS[metric.key] = metric
    return metric


def get_metric(key: str) -> Metric:
    """The registered metric called ``key``.

    >>> get_metric("match_points").abbr
    'MP'
    """
    try:
        return METRICS[key]
    except (KeyError, TypeError):
        raise StandingsError(f"unknown metric {key!r}: choose from "
                             f"{', '.join(METRICS)}",
                             code="metric_unknown", field="order") from None


def _ratio(numerator: int, denominator: int) -> Value:
    return Fraction(numerator, denominator) if denominator else 0


def _head_to_head(entries: list[Hashable], context: Context) -> dict[Hashable, Value]:
    group = set(entries)
    points = context.match_points
    return {entry: sum(points[index] for opponents, index in context.tallies[entry].meetings
                       if any(o in group for o in opponents))
            for entry in entries}


def _opponents_strength(tally: Tally, context: Context) -> Value:
    match_points = context.match_points_of()
    return sum(match_points.get(o, 0) for opponents, _ in tally.meetings for o in opponents)


for _metric in (
    Metric("match_points", "Match points", "MP", lambda t, c: c.points_of(t)),
    Metric("wins", "Wins", "W", lambda t, c: t.results[0]),
    Metric("draws", "Draws", "D", lambda t, c: t.results[1]),
    Metric("losses", "Losses", "L", lambda t, c: t.results[2], higher_is_better=False),
    Metric("games_won", "Games won", "GW", lambda t, c: t.games_won),
    Metric("games_lost", "Games lost", "GL", lambda t, c: t.games_lost, higher_is_better=False),
    Metric("points_for", "Game points for", "GP+", lambda t, c: t.points_for + t.credit_for),
    Metric("points_against", "Game points against", "GP-",
           lambda t, c: t.points_against + t.credit_against, higher_is_better=False),
    Metric("points_diff", "Game point difference", "GP±",
           lambda t, c: t.points_for + t.credit_for - t.points_against - t.credit_against),
    Metric("points_per_round", "Game points per round", "GP/R",
           lambda t, c: _ratio(t.points_for, len(t.rounds))),
    Metric("win_pct", "Win percentage", "W%", lambda t, c: _ratio(100 * t.results[0], t.matches)),
    Metric("head_to_head", "Head-to-head", "H2H", measure_group=_head_to_head),
    Metric("opponents_strength", "Opponents' strength", "Opp", _opponents_strength),
    Metric("rounds_played", "Rounds played", "R", lambda t, c: len(t.rounds)),
    Metric("matches_played", "Matches played", "M", lambda t, c: t.matches),
):
    register(_metric)
