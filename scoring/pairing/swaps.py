"""The swap search that improves a seating, shared by the individual draw
(:meth:`.seating.Seating.improve`) and the auction draw (:func:`.auction_tables.seat`).

Each step takes a table with a cost at random and weighs the swaps ``moves`` offers for it;
it makes one of the best at random if it lowers the cost, or keeps it (a plateau move, which
counts as a stall: it only helps leave a local minimum). It stops when no table has a cost,
after ``steps`` steps, or after more than ``patience`` stalls in a row.

>>> import random
>>> tables = [[0, 1], [2, 3]]
>>> def cost(t):  # 0 and 1 should not sit together
...     return int({0, 1} <= set(t))
>>> costs = [cost(t) for t in tables]
>>> def delta(t, s, u, s2):
...     one, two = list(tables[t]), list(tables[u])
...     one[s], two[s2] = two[s2], one[s]
...     return cost(one) + cost(two) - costs[t] - costs[u]
>>> def moves(t):
...     return [(s, u, s2) for s in range(2) for u in range(2) if u != t for s2 in range(2)]
>>> improve_by_swaps(tables, costs, random.Random(1), steps=10, patience=3, moves=moves,
...                  delta=delta, cost=cost), any({0, 1} <= set(t) for t in tables)
(0, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

#: A swap: seat ``s`` of table ``t`` (the table the step took) with seat ``s2`` of table ``u``.
Move = tuple[int, int, int]


def improve_by_swaps(
    tables: list[list[int]],
    costs: list,
    rng: random.Random,
    *,
    steps: int,
    patience: int,
    moves: Callable[[int], Iterable[Move]],
    delta: Callable[[int, int, int, int], float],
    cost: Callable[[Sequence[int]], float],
):
    """Swap players of ``tables`` in place while the cost falls (see the module); ``costs``
    holds each table's cost and is kept up to date. ``moves(t)`` gives the swaps to weigh
    for table ``t`` as ``(s, u, s2)``; ``delta(t, s, u, s2)`` what one changes in the total
    cost; ``cost(table)`` a table's cost. Returns the final total cost."""
    stalled = 0
    for _ in range(steps):
        bad = [t for t, c in enumerate(costs) if c]
        if not bad or stalled > patience:
            break
        t = rng.choice(bad)
        best: list[Move] = []
        level = None
        for s, u, s2 in moves(t):
            change = delta(t, s, u, s2)
            if level is None or change < level:
                best, level = [(s, u, s2)], change
            elif change == level:
                best.append((s, u, s2))
        if level is None or level > 0:
            stalled += 1
            continue
        stalled = stalled + 1 if level == 0 else 0
        s, u, s2 = rng.choice(best)
        tables[t][s], tables[u][s2] = tables[u][s2], tables[t][s]
        costs[t], costs[u] = cost(tables[t]), cost(tables[u])
    return sum(costs)
