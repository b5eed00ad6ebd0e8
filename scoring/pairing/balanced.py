"""A balanced individual draw: tables of four where each side has the same expected strength.

For individual events whose organiser wants even tables (issue 19): strong players partner
weak ones, so that every side's summed rating is close to twice the field's mean and each
table's two sides are close to each other, while repeat partners are still avoided first
and repeat opponents where it is cheap. Same interface as the other generators
(``draw_balanced(entries, *, seed, history, options) -> Draw``); option ``ratings`` maps a
player's id to a number (its rating's ``mu``, see :func:`scoring.ratings.team_strength`);
a player without one counts as the field's mean. ``odd`` and ``restarts`` as in
``individual``.

The search: players sorted by rating (ties drawn with the seed), the strongest quarter
partnering the weakest and the second quarter the third, each pair of sides meeting the one
nearest in strength; then seeded random swaps of two seats, kept when they lower the cost
(a repeat partner costs more than any imbalance; a repeat opponent costs as much as a side
half a standard deviation of the ratings off), from ``restarts`` starts, the cheapest kept.

>>> from .base import Entry
>>> ratings = {i: float(i) for i in range(8)}
>>> d = draw_balanced([Entry(i) for i in range(8)], seed=1, options={"ratings": ratings})
>>> sorted(sorted(sum(ratings[p] for p in side) for side in t.sides) for t in d.tables)
[[7.0, 7.0], [7.0, 7.0]]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from . import reasons as why
from .base import (
    REPEAT_OPPONENT,
    REPEAT_PARTNER,
    TABLE_OF_THREE,
    Draw,
    DrawError,
    DrawTable,
    Entry,
    met_sets,
    prepare,
    resolve_seed,
    validate_options,
)
from .byes import make_bye
from .individual import table_plan

BALANCED_DEFAULTS: dict[str, Any] = {"odd": "byes", "restarts": 3, "ratings": {}}
BALANCED_CHOICES = {"odd": ("byes", "threes")}
#: Costs: a repeated partnership, a repeated opponent (a side one standard deviation of the
#: ratings off its target costs 1).
PARTNER_COST, OPPONENT_COST = 1000.0, 0.25
#: Random swaps tried per seated player and start.
SWAPS_PER_PLAYER = 60


def draw_balanced(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """Tables of four with balanced sides and new partners, for the active players.

    >>> from .base import Entry
    >>> draw_balanced([Entry(1)], options={"ratings": {1: "high"}})
    Traceback (most recent call last):
    ...
    scoring.pairing.base.DrawError: rating of 1 must be a number, not 'high'
    """
    opts = validate_options(options, BALANCED_DEFAULTS, BALANCED_CHOICES)
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    strength = _strengths(pool, opts["ratings"])
    _fours, threes, bye_count = table_plan(len(pool), opts["odd"])
    noise = [rng.random() for _ in pool]
    # Byes: the fewest byes so far, then drawn; tables of three: the fewest so far, drawn.
    byes = sorted(range(len(pool)), key=lambda i: (pool[i].byes, -noise[i]))[:bye_count]
    seated = [i for i in range(len(pool)) if i not in set(byes)]
    seated.sort(key=lambda i: (pool[i].threes, noise[i]))
    three_seats = seated[:3 * threes]
    four_seats = seated[3 * threes:]
    partnered, opposed = met_sets(pool, "partners"), met_sets(pool, "opponents")
    search = _Search(four_seats, strength, partnered, opposed, rng)
    tables = search.best(opts["restarts"]) if four_seats else []
    tables += [three_seats[k:k + 3] for k in range(0, len(three_seats), 3)]
    numbered = tuple(_table(n, pool, seats, partnered, opposed)
                     for n, seats in enumerate(tables, 1))
    bye_reason = lambda i: (why.reason(why.BYE_FEWEST, byes=pool[i].byes, seed=seed),)
    return Draw(seed, "balanced", len(history) + 1, numbered,
                tuple(make_bye(pool[i], reasons=bye_reason(i)) for i in sorted(byes)), opts)


def _strengths(pool: Sequence[Entry], ratings: Any) -> list[float]:
    values = {}
    for player, value in dict(ratings).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise DrawError(f"rating of {player!r} must be a number, not {value!r}",
                            field="ratings", code="option_type")
        values[player] = float(value)
    known = [values[e.id] for e in pool if e.id in values]
    mean = sum(known) / len(known) if known else 0.0
    return [values.get(e.id, mean) for e in pool]


class _Search:
    """Seats of tables of four (seats 0 and 2 against 1 and 3) and their cost."""

    def __init__(self, players: list[int], strength: list[float], partnered: list[set[int]],
                 opposed: list[set[int]], rng: random.Random) -> None:
        self.players, self.strength, self.rng = players, strength, rng
        self.partnered, self.opposed = partnered, opposed
        values = [strength[i] for i in players]
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        self.target = 2 * mean
        self.scale = 1 / spread ** 2 if spread > 0 else 0.0

    def start(self) -> list[list[int]]:
        """Strongest quarter with the weakest, second with third; near sides meet."""
        noise = {i: self.rng.random() for i in self.players}
        ranked = sorted(self.players, key=lambda i: (-self.strength[i], noise[i]))
        k = len(ranked) // 4
        q1, q2, q3, q4 = (ranked[j * k:(j + 1) * k] for j in range(4))
        outer = sorted(zip(q1, reversed(q4), strict=True), key=self._side)
        inner = sorted(zip(q2, reversed(q3), strict=True), key=self._side)
        return [[a, b, c, d] for (a, c), (b, d) in zip(outer, inner, strict=True)]

    def _side(self, pair: tuple[int, int]) -> float:
        return self.strength[pair[0]] + self.strength[pair[1]]

    def cost(self, seats: list[int]) -> float:
        a, b, c, d = seats
        s, partnered, opposed = self.strength, self.partnered, self.opposed
        one, two = s[a] + s[c], s[b] + s[d]
        balance = ((one - self.target) ** 2 + (two - self.target) ** 2 + (one - two) ** 2)
        repeats = PARTNER_COST * ((c in partnered[a]) + (d in partnered[b]))
        meets = OPPONENT_COST * ((b in opposed[a]) + (d in opposed[a])
                                 + (b in opposed[c]) + (d in opposed[c]))
        return balance * self.scale + repeats + meets

    def improve(self, tables: list[list[int]]) -> float:
        """Seeded random swaps of two seats, each kept when it lowers the cost."""
        rng, cost = self.rng, self.cost
        costs = [cost(t) for t in tables]
        seats = 4 * len(tables)
        for _ in range(SWAPS_PER_PLAYER * seats):
            x, y = int(rng.random() * seats), int(rng.random() * seats)
            tx, sx, ty, sy = x >> 2, x & 3, y >> 2, y & 3
            if tx == ty:
                if sx == sy:
                    continue
                table = tables[tx]
                table[sx], table[sy] = table[sy], table[sx]
                new = cost(table)
                if new < costs[tx]:
                    costs[tx] = new
                else:
                    table[sx], table[sy] = table[sy], table[sx]
                continue
            one, two = tables[tx], tables[ty]
            one[sx], two[sy] = two[sy], one[sx]
            new_x, new_y = cost(one), cost(two)
            if new_x + new_y < costs[tx] + costs[ty]:
                costs[tx], costs[ty] = new_x, new_y
            else:
                one[sx], two[sy] = two[sy], one[sx]
        return sum(costs)

    def best(self, restarts: int) -> list[list[int]]:
        best, best_cost = None, math.inf
        for _ in range(max(1, restarts)):
            tables = self.start()
            total = self.improve(tables)
            if total < best_cost:
                best, best_cost = tables, total
        assert best is not None
        return best


def _table(number: int, pool: Sequence[Entry], seats: Sequence[int], partnered: list[set[int]],
           opposed: list[set[int]]) -> DrawTable:
    if len(seats) == 4:
        a, b, c, d = seats
        partners, opponents = [(a, c), (b, d)], [(a, b), (a, d), (c, b), (c, d)]
    else:
        partners = opponents = list(combinations(seats, 2))
    ids = lambda pairs: [[pool[x].id, pool[y].id] for x, y in pairs]
    repeated = [(x, y) for x, y in partners if y in partnered[x]]
    met = [(x, y) for x, y in opponents if y in opposed[x]]
    flags, reasons = set(), []
    if len(seats) == 3:
        flags.add(TABLE_OF_THREE)
        reasons.append(why.reason(why.TABLE_OF_THREE))
    new = [p for p in partners if p not in repeated]
    if new:
        reasons.append(why.reason(why.PARTNERS_NEW, pairs=ids(new)))
    if repeated:
        flags.add(REPEAT_PARTNER)
        reasons.append(why.reason(why.REPEAT_PARTNER, pairs=ids(repeated)))
    if met:
        flags.add(REPEAT_OPPONENT)
        reasons.append(why.reason(why.REPEAT_OPPONENTS, pairs=ids(met)))
    else:
        reasons.append(why.reason(why.OPPONENTS_NEW))
    return DrawTable(number, tuple(pool[i].id for i in seats), frozenset(flags),
                     reasons=tuple(reasons))
