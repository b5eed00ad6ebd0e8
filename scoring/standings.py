"""Standings: rank entries by a championship's order of metrics, with shared ranks and lots.

The ranking order is a list of metric keys (:mod:`scoring.metrics`), each ranking its best
value first. Entries equal on every metric of the order share a rank (1, 2, 2, 4). The stated
final tiebreak is a lot per entry drawn from the event's seed: a hash of the seed and the
entry's id (``str(entry)``), so the same event always draws the same lots whatever the input
order. With ``lots_break_ties`` the lots also break the shared rank; otherwise they only
order the display of entries that share a rank. Head-to-head, where the order has it, counts
the match points each tied entry won against the others tied with it at that point.

>>> from scoring.records import MatchRecord
>>> records = [MatchRecord("A", 1, "win", opponents=("B",)), MatchRecord("B", 1, "loss", opponents=("A",)),
...            MatchRecord("C", 1, "win", opponents=("D",)), MatchRecord("D", 1, "loss", opponents=("C",))]
>>> [(row.rank, row.values["match_points"]) for row in rank_entries(records, ["match_points"])]
[(1, 2), (1, 2), (3, 0), (3, 0)]
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import StandingsError
from scoring.metrics import Context, get_metric, tally_records
from scoring.records import DEFAULT_MATCH_POINTS, MatchRecord

#: "Ranking by matches won, then game points" (RULES.md §11); each championship chooses its own.
DEFAULT_ORDER: tuple[str, ...] = ("match_points", "points_for")


def draw_lot(seed: int | str, entry: Hashable) -> int:
    """The entry's lot for the event drawn from ``seed``: the lower lot ranks first.

    Deterministic from the seed and ``str(entry)``, the same on every machine and run.

    >>> draw_lot(2024, "pair-1") == draw_lot(2024, "pair-1") != draw_lot(2025, "pair-1")
    True
    """
    digest = hashlib.blake2b(f"{seed}\x1f{entry}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def split_ties(entries: list[Hashable], value: Callable[[Hashable], Any],
               higher_is_better: bool = True) -> list[list[Hashable]]:
    """Sort ``entries`` best value first and cut them into runs of equal value.

    >>> split_ties(["a", "b", "c"], {"a": 1, "b": 3, "c": 1}.get)
    [['b'], ['a', 'c']]
    """
    ordered = sorted(entries, key=value, reverse=higher_is_better)
    groups: list[list[Hashable]] = []
    previous: Any = object()
    for entry in ordered:
        current = value(entry)
        if groups and current == previous:
            groups[-1].append(entry)
        else:
            groups.append([entry])
        previous = current
    return groups


def place_groups(groups: Iterable[list[Hashable]], seed: int | str,
                 lots_break_ties: bool = False) -> Iterator[tuple[int, Hashable, int, bool]]:
    """Give ranked groups of tied entries their places: ``(rank, entry, lot, tied)`` in display
    order, lots ordering each group and, with ``lots_break_ties``, splitting its rank.

    >>> [rank for rank, *_ in place_groups([["x"], ["y", "z"], ["w"]], seed=1)]
    [1, 2, 2, 4]
    """
    position = 0
    for group in groups:
        lots = {entry: draw_lot(seed, entry) for entry in group}
        group = sorted(group, key=lambda e: (lots[e], str(e)))
        tied = len(group) > 1
        for offset, entry in enumerate(group):
            rank = position + (offset if lots_break_ties else 0) + 1
            yield rank, entry, lots[entry], tied
        position += len(group)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings: ``tied`` when it shared its place on every ranking metric
    (then the lot decided its display order, or its rank with ``lots_break_ties``)."""

    rank: int
    entry: Hashable
    values: dict[str, Any]
    lot: int
    tied: bool


@dataclass(frozen=True)
class Standings:
    """Ranked rows with the order and options that produced them."""

    rows: tuple[StandingRow, ...]
    order: tuple[str, ...]
    columns: tuple[str, ...]
    seed: int | str
    lots_break_ties: bool

    def __iter__(self) -> Iterator[StandingRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def row(self, entry: Hashable) -> StandingRow:
        """The row of ``entry``."""
        for row in self.rows:
            if row.entry == entry:
                return row
        raise StandingsError(f"{entry!r} is not in these standings",
                             code="entry_unknown", field="entry")


def _check_order(order: Sequence[str]) -> tuple[str, ...]:
    if isinstance(order, str):
        raise StandingsError("must be a list of metric keys, not one string",
                             code="order_type", field="order")
    keys = tuple(order)
    for key in keys:
        get_metric(key)
    if len(set(keys)) != len(keys):
        raise StandingsError("a metric may appear once in the order",
                             code="metric_repeated", field="order")
    return keys


def rank_entries(records: Iterable[MatchRecord], order: Sequence[str] = DEFAULT_ORDER, *,
                 seed: int | str = 0, match_points: tuple[int, int, int] = DEFAULT_MATCH_POINTS,
                 lots_break_ties: bool = False, entries: Iterable[Hashable] = (),
                 columns: Sequence[str] = ()) -> Standings:
    """Rank every entry of ``records`` (and of ``entries``) by ``order``.

    ``match_points`` is (win, draw, loss); ``columns`` adds metrics to each row's ``values``
    for display. A head-to-head value is None where the entry was alone when it applied.

    >>> records = [MatchRecord("A", 1, "win", 1, 0, 101, 80, ("B",)),
    ...            MatchRecord("B", 1, "loss", 0, 1, 80, 101, ("A",))]
    >>> [(row.rank, row.entry) for row in rank_entries(records, ["points_diff"], seed=7)]
    [(1, 'A'), (2, 'B')]
    """
    keys = _check_order(order)
    shown = keys + tuple(key for key in _check_order(columns) if key not in keys)
    context = Context(tally_records(records, entries), match_points)
    values: dict[str, dict[Hashable, Any]] = {}
    for key in shown:
        metric = get_metric(key)
        if metric.measure is not None:
            values[key] = {e: metric.measure(t, context) for e, t in context.tallies.items()}
        else:
            values[key] = dict.fromkeys(context.tallies)
    groups: list[list[Hashable]] = [list(context.tallies)]
    for key in keys:
        metric = get_metric(key)
        column = values[key]
        refined: list[list[Hashable]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if metric.measure_group is not None:
                column.update(metric.measure_group(group, context))
            refined.extend(split_ties(group, column.__getitem__, metric.higher_is_better))
        groups = refined
    rows = tuple(
        StandingRow(rank, entry, {key: values[key][entry] for key in shown}, lot, tied)
        for rank, entry, lot, tied in place_groups(groups, seed, lots_break_ties)
    )
    return Standings(rows, keys, shown, seed, lots_break_ties)
