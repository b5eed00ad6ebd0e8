"""Draws for auction Manille evenings: each for themselves at tables of 3 to 7 (RULES.md §13).

**The table sizes** (:func:`table_sizes`): the club names its preferred size (option
``size``, 3 to 7, by default 4). With ``fit="most"`` (the default) the plan has **as many
tables of the preferred size as possible**, the other tables as close to it as possible (the
least sum of squared differences), then the fewest tables; with ``fit="closest"`` the sizes
are as close to the preferred size as possible first, and the most tables of that size
second. Larger tables get the lower numbers. Every field of 3 or more players fits (no byes).

**The seating**: players are drawn at random with the round's seed, avoiding repeat
table-mates (two players who sat at a table together in an earlier round): the draw seats
the field with the fewest such pairs it finds, exactly (every seating weighed) when the field
is small, else by swaps from a few random starts, as the individual draw does. A table's
seats are in playing order; seat 0 deals first. Table-mates come from each entry's
``opponents`` and ``partners`` (:func:`record_tables` adds a round's table-mates as
opponents: at an auction table everybody plays against everybody).

Refusals are :class:`~.base.DrawError` (a ``ValueError``) with ``field`` and ``code``:
``too_few_players`` (fewer than 3 active players), ``option_choice`` (a size outside 3-7 or
an unknown fit), and the base checks (``duplicate_entry``, ``seed_type``, ``unknown_option``).

>>> table_sizes(10), table_sizes(10, 5), table_sizes(8, 5), table_sizes(8, 5, "closest")
((4, 3, 3), (5, 5), (5, 3), (4, 4))
>>> from .base import Entry
>>> d = draw_auction([Entry(i) for i in range(11)], seed=7)
>>> [len(t.seats) for t in d.tables], sorted(d.seated()) == list(range(11))
([4, 4, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations
from math import factorial
from typing import Any

from . import reasons as why
from .base import REPEAT_OPPONENT, Draw, DrawError, DrawTable, Entry, prepare, resolve_seed, validate_options
from .swaps import improve_by_swaps

#: Table sizes of auction Manille (RULES.md §13).
SIZES = (3, 4, 5, 6, 7)
AUCTION_DEFAULTS: dict[str, Any] = {"size": 4, "fit": "most", "restarts": 4}
AUCTION_CHOICES = {"size": SIZES, "fit": ("most", "closest")}
#: Most seatings weighed one by one (beyond: the swap search).
EXACT_LIMIT = 20000


def table_sizes(players: int, size: int = 4, fit: str = "most") -> tuple[int, ...]:
    """The sizes of the tables for ``players`` at the preferred ``size``, largest first.

    >>> [table_sizes(n) for n in (3, 5, 6, 7, 9, 13, 14)]
    [(3,), (5,), (3, 3), (4, 3), (5, 4), (5, 4, 4), (4, 4, 3, 3)]
    >>> table_sizes(2)
    Traceback (most recent call last):
    ...
    scoring.pairing.base.DrawError: 2 players cannot fill a table of auction Manille (at least 3 needed)
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < min(SIZES):
        raise DrawError(f"{players} players cannot fill a table of auction Manille "
                        f"(at least {min(SIZES)} needed)", field="entries", code="too_few_players")
    if size not in SIZES:
        raise DrawError(f"the preferred table size must be 3 to 7, not {size!r}",
                        field="size", code="option_choice")
    if fit not in AUCTION_CHOICES["fit"]:
        raise DrawError(f"fit must be 'most' or 'closest', not {fit!r}", field="fit",
                        code="option_choice")
    return _plan(players, size, fit)


def _cost(table: int, size: int, fit: str) -> tuple[int, int, int]:
    preferred, distance = -int(table == size), (table - size) ** 2
    return (preferred, distance, 1) if fit == "most" else (distance, preferred, 1)


@cache
def _plan(players: int, size: int, fit: str) -> tuple[int, ...]:
    # best[n]: (cost, sizes) of the best plan for n players; costs add up per table, and a
    # lexicographic order on sums keeps the best plan's parts best (dynamic programming).
    best: list[tuple[tuple[int, int, int], tuple[int, ...]] | None] = [None] * (players + 1)
    best[0] = ((0, 0, 0), ())
    for n in range(min(SIZES), players + 1):
        for table in SIZES:
            before = best[n - table] if n >= table else None
            if before is None:
                continue
            cost = tuple(a + b for a, b in zip(before[0], _cost(table, size, fit), strict=True))
            candidate = (cost, tuple(sorted((*before[1], table), reverse=True)))
            if best[n] is None or candidate < best[n]:
                best[n] = candidate
    return best[players][1]


def mates(pool: Sequence[Entry]) -> list[set[int]]:
    """For entry i, the pool indices of the entries it sat at a table with (either way).

    >>> [sorted(s) for s in mates([Entry("a", opponents=frozenset({"b"})), Entry("b"), Entry("c", partners=frozenset({"a"}))])]
    [[1, 2], [0], [0]]
    """
    index = {e.id: i for i, e in enumerate(pool)}
    result: list[set[int]] = [set() for _ in pool]
    for i, entry in enumerate(pool):
        for other in (*entry.opponents, *entry.partners):
            j = index.get(other)
            if j is not None and j != i:
                result[i].add(j)
                result[j].add(i)
    return result


def repeats(met: Sequence[set[int]], table: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs at ``table`` (pool indices) who sat together before.

    >>> repeats([{1}, {0}, set()], [0, 1, 2])
    [(0, 1)]
    """
    return [(a, b) for a, b in combinations(table, 2) if b in met[a]]


def seating_cost(met: Sequence[set[int]], tables: Iterable[Sequence[int]]) -> int:
    """Repeat table-mates of a whole seating: the number the draw makes as small as it can.

    >>> seating_cost([{1}, {0}, set(), set()], [[0, 2], [1, 3]])
    0
    """
    return sum(len(repeats(met, t)) for t in tables)


def draw_auction(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """A round of auction Manille: the active entries at tables of 3 to 7 (see the module).

    >>> from .base import Entry
    >>> d = draw_auction([Entry(i) for i in range(6)], seed=3, options={"size": 6})
    >>> again = draw_auction([Entry(i) for i in range(6)], seed=3, options={"size": 6})
    >>> [t.seats for t in d.tables] == [t.seats for t in again.tables]
    True
    >>> [len(t.seats) for t in d.tables], d.method
    ([6], 'auction')
    """
    opts = validate_options(options, AUCTION_DEFAULTS, AUCTION_CHOICES)
    if isinstance(opts["restarts"], bool) or opts["restarts"] < 1:
        raise DrawError("restarts must be 1 or more", field="restarts", code="option_choice")
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    sizes = table_sizes(len(pool), opts["size"], opts["fit"])
    met = mates(pool)
    tables = seat(met, sizes, rng, opts["restarts"])
    plan = why.reason(why.AUCTION_SIZES, size=opts["size"], fit=opts["fit"], sizes=list(sizes),
                      players=len(pool))
    drawn = why.reason(why.RANDOM, seed=seed)
    numbered = tuple(_table(number, pool, met, seats, (drawn, plan))
                     for number, seats in enumerate(tables, 1))
    return Draw(seed, "auction", len(history) + 1, numbered, (), opts)


def _table(number: int, pool: Sequence[Entry], met: Sequence[set[int]], seats: Sequence[int],
           first: Sequence[why.Reason]) -> DrawTable:
    again = repeats(met, seats)
    reasons = list(first)
    if again:
        reasons.append(why.reason(why.AUCTION_REPEAT_MATES,
                                  pairs=[[pool[a].id, pool[b].id] for a, b in again]))
    else:
        reasons.append(why.reason(why.AUCTION_MATES_NEW))
    reasons += why.avoided_reasons(pool, met, seats)
    flags = frozenset({REPEAT_OPPONENT}) if again else frozenset()
    return DrawTable(number, tuple(pool[i].id for i in seats), flags, reasons=tuple(reasons))


def seat(met: Sequence[set[int]], sizes: Sequence[int], rng: random.Random,
         restarts: int = 4) -> list[list[int]]:
    """Pool indices ``0..n-1`` at tables of ``sizes``, the fewest repeat table-mates found
    (the fewest possible when the field is small), seats shuffled in each table.

    >>> tables = seat([{1}, {0}, set(), set(), set(), set()], (3, 3), random.Random(1))
    >>> any({0, 1} <= set(t) for t in tables), sorted(len(t) for t in tables)
    (False, [3, 3])
    """
    players = list(range(len(met)))
    if _seatings(sizes) <= EXACT_LIMIT:
        tables = _exact(met, players, sorted(sizes, reverse=True), rng)
    else:
        tables = _search(met, players, sizes, rng, restarts)
    tables.sort(key=len, reverse=True)
    for table in tables:
        rng.shuffle(table)
    return tables


def _seatings(sizes: Sequence[int]) -> int:
    """How many ways there are to split the field into tables of these sizes."""
    count = factorial(sum(sizes))
    for s in sizes:
        count //= factorial(s)
    for s in set(sizes):
        count //= factorial(list(sizes).count(s))
    return count


def _exact(met: Sequence[set[int]], players: list[int], sizes: list[int],
           rng: random.Random) -> list[list[int]]:
    """Weigh every seating (each once: the first free player goes to a table of each size
    still open, with every choice of its mates); among the cheapest, a random one."""
    order = list(players)
    rng.shuffle(order)
    best: list[list[list[int]]] = []
    best_cost: list[int] = [len(order) ** 2]

    def place(free: list[int], open_sizes: list[int], tables: list[list[int]], cost: int):
        if cost > best_cost[0]:
            return
        if not free:
            if cost < best_cost[0]:
                best_cost[0], best[:] = cost, []
            best.append([list(t) for t in tables])
            return
        head, rest = free[0], free[1:]
        for size in sorted(set(open_sizes), reverse=True):
            remaining = list(open_sizes)
            remaining.remove(size)
            for others in combinations(rest, size - 1):
                table = [head, *others]
                left = [i for i in rest if i not in others]
                tables.append(table)
                place(left, remaining, tables, cost + len(repeats(met, table)))
                tables.pop()

    place(order, list(sizes), [], 0)
    return rng.choice(best)


def _search(met: Sequence[set[int]], players: list[int], sizes: Sequence[int],
            rng: random.Random, restarts: int) -> list[list[int]]:
    """Random starts, each improved by swapping two players of different tables."""
    best: list[list[int]] | None = None
    best_cost = 0
    for _ in range(restarts):
        order = list(players)
        rng.shuffle(order)
        tables, start = [], 0
        for s in sizes:
            tables.append(order[start:start + s])
            start += s
        total = _improve(met, tables, rng)
        if best is None or total < best_cost:
            best, best_cost = tables, total
        if best_cost == 0:
            break
    return best or []


def _improve(met: Sequence[set[int]], tables: list[list[int]], rng: random.Random) -> int:
    """Swap players between tables while the repeats fall (sometimes sideways, to leave a
    plateau); the final number of repeat pairs."""

    def moves(t: int):
        here = tables[t]
        for s, x in enumerate(here):
            if not any(y in met[x] for y in here):
                continue
            for u, table in enumerate(tables):
                if u != t:
                    for s2 in range(len(table)):
                        yield s, u, s2

    def delta(t: int, s: int, u: int, s2: int) -> int:
        x, y = tables[t][s], tables[u][s2]
        return _gain(met, tables[u], y, x) + _gain(met, tables[t], x, y)

    def cost(table: Sequence[int]) -> int:
        return len(repeats(met, table))

    return improve_by_swaps(tables, [cost(t) for t in tables], rng,
                            steps=60 + 30 * len(tables), patience=20 + len(tables),
                            moves=moves, delta=delta, cost=cost)


def _gain(met: Sequence[set[int]], table: Sequence[int], leaving: int, coming: int) -> int:
    """The change in repeats at ``table`` when ``coming`` takes the seat of ``leaving``."""
    stay = [z for z in table if z != leaving]
    return sum(z in met[coming] for z in stay) - sum(z in met[leaving] for z in stay)


def record_tables(entries: Iterable[Any], draw: Draw) -> list[Entry]:
    """The entries after a round of auction tables: everyone at a table met everyone else
    there (as opponents). Scripts and tests build a history with it.

    >>> d = Draw(1, "auction", 1, (DrawTable(1, ("a", "b", "c")),))
    >>> [sorted(e.opponents) for e in record_tables([Entry("a"), Entry("b"), Entry("c"), Entry("d")], d)]
    [['b', 'c'], ['a', 'c'], ['a', 'b'], []]
    """
    met: dict[Hashable, set] = {}
    for table in draw.tables:
        for x in table.seats:
            met.setdefault(x, set()).update(y for y in table.seats if y != x)
    result = []
    for entry in (Entry.coerce(e) for e in entries):
        result.append(replace(entry, opponents=entry.opponents | met.get(entry.id, set())))
    return result
