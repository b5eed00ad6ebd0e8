"""Standings of an auction Manille evening or championship: each for themselves over rounds.

Input: every table's result, a :class:`TableResult` (round, table number, each player's total
score at the table). Output: :class:`scoring.standings.Standings` ranked by one of two orders:

- **by total score** (:data:`BY_TOTAL`): the sum of a player's table totals, then place points,
  then first places;
- **by table places** (:data:`BY_PLACES`): place points, then the total score, then first
  places.

**Places at a table** (RULES.md §13: "the highest total wins, equal totals share the place"):
a player's place is 1 + the number of players with a higher total (1, 1, 3). **Place points**
at a table: one point for each player at the table with a lower total and half a point for
each other player with an equal total, so a table of *n* always gives out n(n-1)/2 place
points and players who share a place share its points (4 players on 10, 10, 5, 0: 2.5, 2.5, 1,
0). **Place share** (``place_share``) is a player's place points as a percentage of the
players he sat with (every table's n - 1 added up): the same measure for a table of 3 and one
of 7. **First places** count shared ones.

Entries equal on every key of the order share a rank; the lot drawn from the event's seed
orders them (and, with ``lots_break_ties``, splits the rank), exactly as the partnership
standings do (:func:`scoring.standings.place_groups`). A player who missed a round simply has
fewer rounds (``rounds``); ``average`` is the total score per round played.

Refusals are :class:`scoring.errors.StandingsError` (a ``ValueError``) with ``field`` and
``code``: ``players_invalid`` (not 3 to 7 players at a table), ``total_invalid`` (a total that
is not a whole number), ``result_repeated`` (the same round and table twice, or one player at
two tables of a round), ``metric_unknown`` / ``metric_repeated`` / ``order_type`` (the order).

>>> tables = [TableResult(1, 1, {"ann": 40, "bob": 40, "cis": -20, "dan": 0}),
...           TableResult(1, 2, {"eva": 50, "fon": 0, "gus": -50})]
>>> [(r.rank, r.entry, r.values["total"]) for r in auction_standings(tables)]
[(1, 'eva', 50), (2, 'ann', 40), (2, 'bob', 40), (4, 'dan', 0), (4, 'fon', 0), (6, 'cis', -20), (7, 'gus', -50)]
>>> [(r.rank, r.entry, r.values["place_points"]) for r in auction_standings(tables, BY_PLACES)][:3]
[(1, 'ann', 2.5), (1, 'bob', 2.5), (3, 'eva', 2.0)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.errors import StandingsError
from scoring.standings import StandingRow, Standings, place_groups, split_ties

TABLE_SIZES = range(3, 8)

#: Each key: (higher is better, English name). Rank by any of these, in any order.
KEYS: dict[str, tuple[bool, str]] = {
    "total": (True, "total score"),
    "place_points": (True, "place points"),
    "place_share": (True, "place points as a percentage of the players met"),
    "firsts": (True, "first places (shared ones count)"),
    "average": (True, "total score per round played"),
    "rounds": (True, "rounds played"),
    "best": (True, "best table total"),
}
BY_TOTAL: tuple[str, ...] = ("total", "place_points", "firsts")
BY_PLACES: tuple[str, ...] = ("place_points", "total", "firsts")
#: Every value a row carries, in display order.
COLUMNS: tuple[str, ...] = ("rounds", "total", "average", "best", "place_points", "place_share",
                            "firsts")


@dataclass(frozen=True)
class TableResult:
    """One table of one round: each player's total score there (the sheet's final totals, or
    the totals so far for a table still playing)."""

    round: int
    table: int
    totals: Mapping[Hashable, int]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.totals))
        if self.size not in TABLE_SIZES:
            raise StandingsError(f"round {self.round} table {self.table}: {self.size} players; "
                                 "an auction table seats 3 to 7", code="players_invalid",
                                 field="totals")
        for player, total in self.totals.items():
            if isinstance(total, bool) or not isinstance(total, int):
                raise StandingsError(f"round {self.round} table {self.table}: {player}'s total "
                                     f"must be a whole number, not {total!r}",
                                     code="total_invalid", field="totals")

    def places(self) -> dict[Hashable, int]:
        """Each player's place: 1 + the players with a higher total.

        >>> TableResult(1, 1, {"a": 5, "b": 5, "c": 1}).places()
        {'a': 1, 'b': 1, 'c': 3}
        """
        values = list(self.totals.values())
        return {p: 1 + sum(v > t for v in values) for p, t in self.totals.items()}

    def place_points(self) -> dict[Hashable, float]:
        """Each player's place points: 1 for each lower total, 1/2 for each other equal one.

        >>> TableResult(1, 1, {"a": 5, "b": 5, "c": 1}).place_points()
        {'a': 1.5, 'b': 1.5, 'c': 0.0}
        """
        values = list(self.totals.values())
        return {p: sum(v < t for v in values) + (sum(v == t for v in values) - 1) / 2
                for p, t in self.totals.items()}


@dataclass
class _Tally:
    rounds: int = 0
    total: int = 0
    best: int | None = None
    place_points: float = 0.0
    met: int = 0
    firsts: int = 0
    places: list[tuple[int, int, int]] = field(default_factory=list)  # (round, place, of)

    def values(self) -> dict[str, object]:
        return {
            "rounds": self.rounds,
            "total": self.total,
            "average": round(self.total / self.rounds, 2) if self.rounds else 0,
            "best": self.best,
            "place_points": self.place_points,
            "place_share": round(100 * self.place_points / self.met, 1) if self.met else 0.0,
            "firsts": self.firsts,
        }


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """The order's keys, each known and used once.

    >>> check_order(["place_points", "total"])
    ('place_points', 'total')
    >>> check_order(["wins"])
    Traceback (most recent call last):
    ...
    scoring.errors.StandingsError: order: unknown auction standings key 'wins' (known: average, best, firsts, place_points, place_share, rounds, total)
    """
    if isinstance(order, str):
        raise StandingsError("must be a list of keys, not one string", code="order_type",
                             field="order")
    keys = tuple(order)
    for key in keys:
        if key not in KEYS:
            raise StandingsError(f"unknown auction standings key {key!r} "
                                 f"(known: {', '.join(sorted(KEYS))})", code="metric_unknown",
                                 field="order")
    if len(set(keys)) != len(keys):
        raise StandingsError("a key may appear once in the order", code="metric_repeated",
                             field="order")
    return keys


def tally(tables: Iterable[TableResult], players: Iterable[Hashable] = ()) -> dict[Hashable, _Tally]:
    """Every player's rounds, totals and places (``players`` adds those with no table yet)."""
    result: dict[Hashable, _Tally] = {p: _Tally() for p in players}
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, Hashable], int] = {}
    for table in tables:
        key = (table.round, table.table)
        if key in seen_tables:
            raise StandingsError(f"round {table.round} table {table.table} is listed twice",
                                 code="result_repeated", field="tables")
        seen_tables.add(key)
        places, points = table.places(), table.place_points()
        for player, total in table.totals.items():
            where = seated.setdefault((table.round, player), table.table)
            if where != table.table:
                raise StandingsError(f"{player} sits at tables {where} and {table.table} of "
                                     f"round {table.round}", code="result_repeated",
                                     field="tables")
            t = result.setdefault(player, _Tally())
            t.rounds += 1
            t.total += total
            t.best = total if t.best is None else max(t.best, total)
            t.place_points += points[player]
            t.met += table.size - 1
            t.firsts += places[player] == 1
            t.places.append((table.round, places[player], table.size))
    return result


def auction_standings(tables: Iterable[TableResult], order: Sequence[str] = BY_TOTAL, *,
                      seed: int | str = 0, lots_break_ties: bool = False,
                      players: Iterable[Hashable] = ()) -> Standings:
    """Rank every player of ``tables`` (and of ``players``) by ``order`` (see the module).

    Each row's ``values`` hold every key of :data:`COLUMNS` and ``places``: the player's
    (round, place, players at the table) in the order given.

    >>> rows = auction_standings([TableResult(1, 1, {"a": 1, "b": 1, "c": 1})], seed=5)
    >>> [(r.rank, r.tied, r.values["place_points"]) for r in rows]
    [(1, True, 1.0), (1, True, 1.0), (1, True, 1.0)]
    """
    keys = check_order(order)
    tallies = tally(tables, players)
    values = {player: {**t.values(), "places": tuple(t.places)} for player, t in tallies.items()}
    groups: list[list[Hashable]] = [list(tallies)]
    for key in keys:
        higher = KEYS[key][0]
        refined: list[list[Hashable]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            refined.extend(split_ties(group, lambda p, k=key: _sortable(values[p][k]), higher))
        groups = refined
    rows = tuple(StandingRow(rank, player, values[player], lot, tied)
                 for rank, player, lot, tied in place_groups(groups, seed, lots_break_ties))
    return Standings(rows, keys, COLUMNS, seed, lots_break_ties)


def _sortable(value: object) -> float:
    # "best" is None for a player with no table yet: below every real total.
    return float("-inf") if value is None else value  # type: ignore[return-value]
