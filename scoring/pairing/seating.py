"""Seating players at tables of four (and three) with new partners: cost and search.

The cost of a seating weighs, in this order, repeated partners (a pair of partners who
partnered before), tables of three given to players who had one already, and repeated
opponents. The search starts from partners chosen by a maximum matching of the players who
never partnered (so the number of repeated partners at tables of four is the fewest
possible), groups the partner pairs into tables with few repeated opponents, then swaps
players between seats while that lowers the cost (and sometimes when it keeps it equal,
to leave a plateau), from a few random starts.

>>> from .base import Entry
>>> import random
>>> pool = [Entry(i, partners=frozenset({(i + 1) % 8, (i - 1) % 8})) for i in range(8)]
>>> seating = Seating(pool, random.Random(1))
>>> tables = seating.search(list(range(8)), threes=0, restarts=2)
>>> sum(seating.repeat_partners(t) for t in tables)
0
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb

from .base import Entry, met_sets
from .matching import Matching
from .swaps import improve_by_swaps

W_PARTNER = 10**9
W_THREE = 10**4
W_OPPONENT = 1
#: Most choices of tables of three weighed one by one (beyond: the local search alone).
TRIO_SEARCH_LIMIT = 4000


class Seating:
    """The players of ``pool`` (by index), what they met, and the search over seatings."""

    def __init__(self, pool: Sequence[Entry], rng: random.Random) -> None:
        self.pool = pool
        self.rng = rng
        self.partnered = met_sets(pool, "partners")
        self.opposed = met_sets(pool, "opponents")
        self.threes = [e.threes for e in pool]

    def repeat_partners(self, seats: Sequence[int]) -> int:
        """Partnerships at this table already played (at a table of three, every pair).

        >>> from .base import Entry
        >>> s = Seating([Entry(0, partners=frozenset({2})), Entry(1), Entry(2), Entry(3)], random.Random(0))
        >>> s.repeat_partners([0, 1, 2, 3]), s.repeat_partners([0, 2, 1, 3])
        (1, 0)
        """
        p = self.partnered
        if len(seats) == 4:
            a, b, c, d = seats
            return (c in p[a]) + (d in p[b])
        a, b, c = seats
        return (b in p[a]) + (c in p[a]) + (c in p[b])

    def repeat_opponents(self, seats: Sequence[int]) -> int:
        """Pairs of opponents at this table that met as opponents before.

        >>> from .base import Entry
        >>> s = Seating([Entry(0, opponents=frozenset({1})), Entry(1), Entry(2)], random.Random(0))
        >>> s.repeat_opponents([0, 1, 2])
        1
        """
        o = self.opposed
        if len(seats) == 4:
            a, b, c, d = seats
            return (b in o[a]) + (d in o[a]) + (b in o[c]) + (d in o[c])
        a, b, c = seats
        return (b in o[a]) + (c in o[a]) + (c in o[b])

    def cost(self, seats: Sequence[int]) -> int:
        """The weighted cost of one table (0 for a table of new partners and opponents).

        >>> from .base import Entry
        >>> s = Seating([Entry(0, partners=frozenset({2})), Entry(1), Entry(2), Entry(3)], random.Random(0))
        >>> s.cost([0, 1, 2, 3]) == W_PARTNER, s.cost([0, 2, 1, 3])
        (True, 0)
        """
        total = W_PARTNER * self.repeat_partners(seats) + W_OPPONENT * self.repeat_opponents(seats)
        if len(seats) == 3:
            total += W_THREE * sum(self.threes[i] for i in seats)
        return total

    def search(self, players: Sequence[int], threes: int, restarts: int = 3) -> list[list[int]]:
        """The best seating found of ``players`` at tables of four and ``threes`` tables of three.

        >>> from .base import Entry
        >>> s = Seating([Entry(i) for i in range(7)], random.Random(3))
        >>> sorted(len(t) for t in s.search(range(7), threes=1))
        [3, 4]
        """
        best: list[list[int]] | None = None
        best_cost = 0
        trios = self.exact_trios(players, threes) if threes else None
        for _ in range(max(1, restarts)):
            tables = self.initial(players, threes, trios)
            total = self.improve(tables)
            if best is None or total < best_cost:
                best, best_cost = tables, total
            if best_cost == 0:
                break
        return best or []

    def exact_trios(self, players: Sequence[int], threes: int) -> list[list[int]] | None:
        """The best tables of three by exhaustive search, when the field is small enough.

        Every choice of the players at tables of three and of their grouping is weighed
        by its repeated partners plus the fewest repeated partners left for the tables of
        four (a maximum matching), then tables of three already had, then repeated
        opponents. None when there are more than ``TRIO_SEARCH_LIMIT`` choices.

        >>> from .base import Entry
        >>> pool = [Entry(0, partners=frozenset({1, 2})), Entry(1), Entry(2), Entry(3), Entry(4), Entry(5)]
        >>> trios = Seating(pool, random.Random(0)).exact_trios(range(6), 2)
        >>> [len(set(t) & {1, 2}) for t in trios if 0 in t]   # 0 sits with neither 1 nor 2
        [0]
        """
        size = 3 * threes
        groupings = {3: 1, 6: 10, 9: 280}.get(size, 0)
        if not groupings or comb(len(players), size) * groupings > TRIO_SEARCH_LIMIT:
            return None
        order = list(players)
        self.rng.shuffle(order)
        best, best_cost = None, 0
        for chosen in combinations(order, size):
            rest = [i for i in order if i not in chosen]
            matching = Matching.among(self.partnered, rest)
            left = W_PARTNER * (len(rest) // 2 - matching.size())
            for trios in _trio_groupings(list(chosen)):
                cost = left + sum(self.cost(t) for t in trios)
                if best is None or cost < best_cost:
                    best, best_cost = trios, cost
        return [list(t) for t in best]

    def initial(
        self, players: Sequence[int], threes: int, trios: list[list[int]] | None = None
    ) -> list[list[int]]:
        """A first seating: tables of three (given, or for those who had fewest), then
        partners by a maximum matching, partner pairs grouped with few repeat opponents.

        >>> from .base import Entry
        >>> pool = [Entry(0, partners=frozenset({1, 2})), Entry(1, partners=frozenset({0})), Entry(2), Entry(3)]
        >>> table = Seating(pool, random.Random(5)).initial(range(4), 0)[0]
        >>> {table[0], table[2]} in ({0, 3}, {1, 2})
        True
        """
        order = list(players)
        self.rng.shuffle(order)
        if trios is not None:
            return self._fours(order, [list(t) for t in trios])
        by_threes = sorted(order, key=lambda i: self.threes[i])
        trios = by_threes[: 3 * threes]
        tables: list[list[int]] = []
        while trios:
            table = [trios.pop(0)]
            for _ in range(2):
                pick = next(
                    (j for j in trios if all(j not in self.partnered[k] for k in table)),
                    trios[0],
                )
                trios.remove(pick)
                table.append(pick)
            tables.append(table)
        return self._fours(order, tables)

    def _fours(self, order: list[int], tables: list[list[int]]) -> list[list[int]]:
        in_trios = {i for t in tables for i in t}
        rest = [i for i in order if i not in in_trios]
        pairs = Matching.among(self.partnered, rest).pairs(rest)
        self.rng.shuffle(pairs)
        while pairs:
            a, c = pairs.pop(0)
            best_k, best = 0, None
            for k, (b, d) in enumerate(pairs):
                clash = self.repeat_opponents((a, b, c, d))
                if best is None or clash < best:
                    best_k, best = k, clash
                    if clash == 0:
                        break
            b, d = pairs.pop(best_k)
            tables.append([a, b, c, d])
        return tables

    def improve(self, tables: list[list[int]]) -> int:
        """Swap players between seats while the cost falls; return the final cost.

        Each step takes a table with a cost and tries every swap of one of its players with
        any other seat, applying the best one that lowers the cost, else (a limited number
        of times in a row) a random one that keeps it.

        >>> from .base import Entry
        >>> s = Seating([Entry(0, partners=frozenset({2})), Entry(1), Entry(2), Entry(3)], random.Random(0))
        >>> tables = [[0, 1, 2, 3]]
        >>> s.improve(tables), {tables[0][0], tables[0][2]} != {0, 2}
        (0, True)
        """
        costs = [self.cost(t) for t in tables]

        def moves(t: int):
            for s in range(len(tables[t])):
                for u, table in enumerate(tables):
                    for s2 in range(s + 1 if u == t else 0, len(table)):
                        yield s, u, s2

        def delta(t: int, s: int, u: int, s2: int) -> int:
            return self._swap_delta(tables, costs, t, s, u, s2)

        return improve_by_swaps(tables, costs, self.rng, steps=40 + 20 * len(tables),
                                patience=20 + len(tables), moves=moves, delta=delta,
                                cost=self.cost)

    def _swap_delta(self, tables, costs, t: int, s: int, u: int, s2: int) -> int:
        if u == t:
            swapped = list(tables[t])
            swapped[s], swapped[s2] = swapped[s2], swapped[s]
            return self.cost(swapped) - costs[t]
        first, second = list(tables[t]), list(tables[u])
        first[s], second[s2] = second[s2], first[s]
        return self.cost(first) + self.cost(second) - costs[t] - costs[u]


def _trio_groupings(players: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to split ``players`` (a multiple of three) into tables of three."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for k in range(len(rest)):
        for m in range(k + 1, len(rest)):
            others = rest[:k] + rest[k + 1 : m] + rest[m + 1 :]
            for tail in _trio_groupings(others):
                yield [(head, rest[k], rest[m]), *tail]
