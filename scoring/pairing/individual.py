"""Draws for individual events: tables of four with new partners, and the scorer-stays movement.

Players enter alone. Each table seats four in playing order, seats 0 and 2 partnering
against 1 and 3. ``draw_individual`` draws every round afresh, avoiding repeated partners
first and repeated opponents second (see :mod:`.seating`). ``draw_scorer_stays`` keeps one
player (the scorer, seat 0) at each table while the other three move one seat on, so that
over three rounds each of the four partners each of the others; then the table is drawn
afresh. A count that is not a multiple of four gives byes, or tables of three (the dealer
alone against two) when the organiser's option ``odd`` is ``"threes"``.

>>> from .base import Entry
>>> d = draw_individual([Entry(i) for i in range(9)], seed=4)
>>> [len(t.seats) for t in d.tables], len(d.byes)
([4, 4], 1)
>>> table_plan(10, "threes")
(1, 2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations
from typing import Any

from . import reasons as why
from .base import (
    BYE_SWAP,
    CONTINUED,
    REPEAT_OPPONENT,
    REPEAT_PARTNER,
    SUBSTITUTE,
    TABLE_OF_THREE,
    Draw,
    DrawError,
    DrawTable,
    Entry,
    prepare,
    resolve_seed,
    validate_options,
)
from .byes import make_bye, pick_byes
from .matching import Matching
from .seating import Seating

INDIVIDUAL_DEFAULTS: dict[str, Any] = {"odd": "byes", "restarts": 3}
INDIVIDUAL_CHOICES = {"odd": ("byes", "threes")}
#: Rounds a scorer-stays table plays together before it is drawn afresh.
MOVEMENT_ROUNDS = 3


def table_plan(players: int, odd: str = "byes") -> tuple[int, int, int]:
    """Tables of four, tables of three and byes for a number of players.

    ``odd="byes"``: the players left over sit out. ``odd="threes"``: as few tables of
    three as make the count fit (5 players, who fit no such plan, give a table and a bye).

    >>> [table_plan(n, "threes") for n in (5, 6, 7, 9, 12)]
    [(1, 0, 1), (0, 2, 0), (1, 1, 0), (0, 3, 0), (3, 0, 0)]
    >>> table_plan(7, "byes")
    (1, 0, 3)
    """
    least = 3 if odd == "threes" else 4
    if players < least:
        raise DrawError(
            f"{players} players cannot fill a table (at least {least} needed)",
            field="entries",
            code="too_few_players",
        )
    if odd == "byes" or players == 5:
        return players // 4, 0, players % 4
    threes = (4 - players % 4) % 4
    return (players - 3 * threes) // 4, threes, 0


def draw_individual(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """A fresh draw of tables of four (or three) for the active players.

    Byes go to players with the fewest byes (random among them) whose bye leaves the
    others the most new partnerships; options ``odd`` (``byes``/``threes``) and
    ``restarts`` (random starts of the search).

    >>> from .base import Entry
    >>> d = draw_individual([Entry(i) for i in range(6)], seed=1, options={"odd": "threes"})
    >>> sorted(len(t.seats) for t in d.tables), sorted(t.flags == {"table_of_three"} for t in d.tables)
    ([3, 3], [True, True])
    """
    opts = validate_options(options, INDIVIDUAL_DEFAULTS, INDIVIDUAL_CHOICES)
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    seating = Seating(pool, rng)
    tables, byes = _seat(seating, range(len(pool)), opts)
    drawn = [why.reason(why.RANDOM, seed=seed)]
    numbered = tuple(_table(number, seating, seats, reasons=drawn)
                     for number, seats in enumerate(tables, 1))
    return Draw(
        seed,
        "individual",
        len(history) + 1,
        numbered,
        tuple(_bye(pool[i], seed) for i in byes),
        opts,
    )


def _bye(entry: Entry, seed: int):
    return make_bye(entry, reasons=(why.reason(why.BYE_FEWEST, byes=entry.byes, seed=seed),))


def _seat(seating: Seating, players: Iterable[int], opts: dict) -> tuple[list[list[int]], list[int]]:
    """Seat ``players`` (indices of the pool): the tables' seats and the byes."""
    pool, rng = seating.pool, seating.rng
    order = list(players)
    _, threes, bye_count = table_plan(len(order), opts["odd"])
    rng.shuffle(order)
    byes: list[int] = []
    if bye_count:
        matching = Matching.among(seating.partnered, order)
        byes = pick_byes(matching, order, pool, bye_count)
    seated = [i for i in order if i not in byes]
    return seating.search(seated, threes, opts["restarts"]), byes


def _table(
    number: int,
    seating: Seating,
    seats: Sequence[int],
    extra: Iterable[str] = (),
    movement: bool = False,
    reasons: Sequence[why.Reason] = (),
) -> DrawTable:
    flags = set(extra)
    if seating.repeat_partners(seats):
        flags.add(REPEAT_PARTNER)
    # The movement itself repeats opponents: that is no news at a continued table.
    if seating.repeat_opponents(seats) and not movement:
        flags.add(REPEAT_OPPONENT)
    if len(seats) == 3:
        flags.add(TABLE_OF_THREE)
    return DrawTable(number, tuple(seating.pool[i].id for i in seats), frozenset(flags),
                     reasons=(*reasons, *_seat_reasons(seating, seats, movement)))


def _seat_reasons(seating: Seating, seats: Sequence[int], movement: bool) -> list[why.Reason]:
    """New and repeated partnerships at the table, and opponents who met before (not at a
    continued table, where the movement repeats them by design)."""
    pool, partnered, opposed = seating.pool, seating.partnered, seating.opposed
    if len(seats) == 4:
        a, b, c, d = seats
        partners, opponents = [(a, c), (b, d)], [(a, b), (a, d), (c, b), (c, d)]
    else:
        partners = opponents = list(combinations(seats, 2))
    repeated = [[pool[x].id, pool[y].id] for x, y in partners if y in partnered[x]]
    new = [[pool[x].id, pool[y].id] for x, y in partners if y not in partnered[x]]
    reasons = [why.reason(why.TABLE_OF_THREE)] if len(seats) == 3 else []
    if new:
        reasons.append(why.reason(why.PARTNERS_NEW, pairs=new))
    if repeated:
        reasons.append(why.reason(why.REPEAT_PARTNER, pairs=repeated))
    if not movement:
        met = [[pool[x].id, pool[y].id] for x, y in opponents if y in opposed[x]]
        reasons.append(why.reason(why.REPEAT_OPPONENTS, pairs=met) if met
                       else why.reason(why.OPPONENTS_NEW))
    return reasons


def draw_scorer_stays(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """The next round of the scorer-stays movement, from the entries and the rounds so far.

    A table of the previous round continues when it has played fewer than three rounds
    together and all its players are still active (a substitute takes the seat of the
    player it ``replaces``): the scorer (seat 0) stays, the others move one seat on. The
    other players (the previous byes, late entries, players of finished or broken tables)
    are drawn afresh. A player due to sit out again takes the seat of a moving player who
    has had fewer byes.

    >>> from .base import Entry
    >>> players = [Entry(i) for i in range(4)]
    >>> first = draw_scorer_stays(players, seed=2)
    >>> second = draw_scorer_stays(players, seed=3, history=[first])
    >>> first.tables[0].seats[0] == second.tables[0].seats[0], second.tables[0].flags
    (True, frozenset({'continued'}))
    """
    opts = validate_options(options, INDIVIDUAL_DEFAULTS, INDIVIDUAL_CHOICES)
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    index = {e.id: i for i, e in enumerate(pool)}
    substitute = {e.replaces: e.id for e in pool if e.replaces is not None and e.replaces not in index}
    _, _, total_byes = table_plan(len(pool), opts["odd"])
    continuing = _continuing(history, index, substitute)
    free = sorted(set(range(len(pool))) - {i for seats, *_ in continuing for i in seats})
    while continuing and not _fits(len(free), opts["odd"], total_byes):
        seats, *_ = continuing.pop(rng.randrange(len(continuing)))
        free = sorted(free + seats)
    seating = Seating(pool, rng)
    fresh, byes = _seat(seating, free, opts) if free else ([], [])
    byes, swapped = _swap_byes(pool, continuing, byes, rng)
    taken = {number for _, number, *_ in continuing}
    numbers = (n for n in range(1, len(pool) + 1) if n not in taken)
    tables = [_table(number, seating, seats, flags, movement=True, reasons=reasons)
              for seats, number, flags, reasons in continuing]
    drawn = [why.reason(why.RANDOM, seed=seed)]
    tables += [_table(next(numbers), seating, seats, reasons=drawn) for seats in fresh]
    tables.sort(key=lambda t: t.number)
    return Draw(
        seed,
        "scorer_stays",
        len(history) + 1,
        tuple(tables),
        tuple(make_bye(pool[i], reasons=(swapped[i],)) if i in swapped else _bye(pool[i], seed)
              for i in byes),
        opts,
    )


def _continuing(
    history: Sequence[Any],
    index: dict[Hashable, int],
    substitute: dict[Hashable, Hashable],
) -> list:
    """The previous round's tables that go on: (seats moved on, table number, flags,
    reasons)."""
    if not history or getattr(history[-1], "method", None) != "scorer_stays":
        return []
    previous = [{frozenset(substitute.get(x, x) for x in t.seats) for t in draw.tables} for draw in history]
    result = []
    for table in history[-1].tables:
        seats = [substitute.get(x, x) for x in table.seats]
        together = 0
        for tables in reversed(previous):
            if frozenset(seats) not in tables:
                break
            together += 1
        if together >= MOVEMENT_ROUNDS or any(x not in index for x in seats):
            continue
        scorer, *movers = seats
        # Seats 1, 2, 3 move one on (3 -> 1): over three rounds the scorer partners each.
        moved = [scorer, movers[-1], *movers[:-1]]
        flags = {CONTINUED} | ({SUBSTITUTE} if seats != list(table.seats) else set())
        reasons = [why.reason(why.CONTINUED, scorer=scorer, round=together + 1,
                              of=MOVEMENT_ROUNDS)]
        reasons += [why.reason(why.SUBSTITUTE, entry=new, replaces=old)
                    for old, new in zip(table.seats, seats) if old != new]
        result.append(([index[x] for x in moved], table.number, flags, reasons))
    return result


def _fits(players: int, odd: str, byes_allowed: int) -> bool:
    if players == 0:
        return True
    try:
        return table_plan(players, odd)[2] <= byes_allowed
    except DrawError:
        return False


def _swap_byes(pool: Sequence[Entry], continuing: list, byes: list[int],
               rng: random.Random) -> tuple[list[int], dict[int, why.Reason]]:
    """Give a bye due to a player who had more byes to a moving player who had fewer: the
    byes, and the reason of each bye swapped (by pool index)."""
    result = []
    swapped: dict[int, why.Reason] = {}
    arrived: set[int] = set()
    for b in byes:
        seats_by_byes = sorted(
            (pool[seats[s]].byes, k, s)
            for k, (seats, *_) in enumerate(continuing)
            for s in range(1, len(seats))
            if pool[seats[s]].byes < pool[b].byes and seats[s] not in arrived
        )
        if not seats_by_byes:
            result.append(b)
            continue
        fewest = seats_by_byes[0][0]
        _, k, s = rng.choice([c for c in seats_by_byes if c[0] == fewest])
        seats, _, flags, reasons = continuing[k]
        result.append(seats[s])
        swap = why.reason(why.BYE_SWAP, entry=pool[b].id, instead_of=pool[seats[s]].id,
                          byes=pool[b].byes, instead_byes=pool[seats[s]].byes)
        swapped[seats[s]] = swap
        reasons.append(swap)
        seats[s] = b
        arrived.add(b)
        flags.add(BYE_SWAP)
    return result, swapped
