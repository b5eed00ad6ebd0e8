"""Draws for fixed pairs: a random draw, a round robin (Berger tables) and a Swiss draw.

Each entry is a pair; each table seats two entries (side A, side B). The random and Swiss
draws never leave a rematch that another draw could avoid: they take a maximum matching
of the entries that have not met (see :mod:`.matching`), so the number of rematches is the
fewest possible. The Swiss draw first pairs in standing order, inside score groups, then
moves entries between tables where that brings the two scores of a table closer without
adding a rematch.

>>> from .base import Entry
>>> d = draw_random([Entry(i) for i in range(5)], seed=7)
>>> len(d.tables), len(d.byes), d.seed
(2, 1, 7)
>>> berger_round(4, 1)
[(1, 4), (2, 3)]
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from . import reasons as why
from .base import (
    MOVED_DOWN,
    MOVED_UP,
    OPPONENT_WITHDRAWN,
    REMATCH,
    Bye,
    Draw,
    DrawError,
    DrawTable,
    Entry,
    met_sets,
    prepare,
    resolve_seed,
    validate_options,
)
from .byes import make_bye, pick_byes
from .matching import Matching

SWISS_DEFAULTS: dict[str, Any] = {"within_group": "random"}
SWISS_CHOICES = {"within_group": ("random", "adjacent", "fold")}
ROUND_ROBIN_DEFAULTS: dict[str, Any] = {"round_number": 0, "slots": 0, "cycles": 1}


def draw_random(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """A random draw of the active pairs, with the fewest rematches possible.

    An odd count gives a bye to a random entry among those with the fewest byes.

    >>> from .base import Entry
    >>> d = draw_random([Entry("a", opponents=frozenset("b")), Entry("b"), Entry("c"), Entry("d")], seed=1)
    >>> any(set(t.seats) == {"a", "b"} for t in d.tables)
    False
    """
    validate_options(options, {})
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    order = list(range(len(pool)))
    rng.shuffle(order)
    met = met_sets(pool)
    pairs, byes = _pair(met, pool, order, order[::-1])
    drawn = why.reason(why.RANDOM, seed=seed)
    tables = [why.explained(_table(number, pool, a, b, None), pool, met, (a, b),
                            (lambda j: j not in byes) if byes else None, [drawn])
              for number, (a, b) in enumerate(pairs, 1)]
    return Draw(
        seed,
        "random",
        len(history) + 1,
        tuple(tables),
        tuple(make_bye(pool[i], reasons=(why.reason(why.BYE_FEWEST, byes=pool[i].byes,
                                                    seed=seed),)) for i in byes),
        {},
    )


def draw_swiss(
    entries: Iterable[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """A Swiss draw by current standing: score groups, floats between neighbouring groups.

    ``within_group``: ``random`` (default: a random draw inside each score group),
    ``adjacent`` (1st v 2nd, 3rd v 4th by game points or rank) or ``fold`` (top half v
    bottom half). The bye goes to the lowest-ranked entry among those with the fewest byes
    whose bye leaves no avoidable rematch.

    >>> from .base import Entry
    >>> field = [Entry("a", score=2), Entry("b", score=2), Entry("c", score=1), Entry("d")]
    >>> [t.seats for t in draw_swiss(field, seed=3, options={"within_group": "adjacent"}).tables]
    [('a', 'b'), ('c', 'd')]
    """
    opts = validate_options(options, SWISS_DEFAULTS, SWISS_CHOICES)
    seed = resolve_seed(seed)
    rng = random.Random(seed)
    pool = [e for e in prepare(entries) if e.active]
    ranked, order, group = standing_order(pool, rng, opts["within_group"])
    met = met_sets(pool)
    pairs, byes = _pair(met, pool, order, ranked[::-1])
    _close_floats(pairs, group, met)
    position = {i: k for k, i in enumerate(order)}
    pairs = sorted(
        (tuple(sorted(p, key=position.__getitem__)) for p in pairs),
        key=lambda p: position[p[0]],
    )
    place = {i: k for k, i in enumerate(ranked, 1)}
    within = why.reason(why.WITHIN_GROUP, order=opts["within_group"], seed=seed)
    tables = [why.swiss_table(_table(number, pool, a, b, group), pool, met, (a, b), group,
                              place, within, set(byes))
              for number, (a, b) in enumerate(pairs, 1)]
    return Draw(
        seed,
        "swiss",
        len(history) + 1,
        tuple(tables),
        tuple(make_bye(pool[i], reasons=why.swiss_bye(pool, ranked, place, i)) for i in byes),
        opts,
    )


def standing_order(
    pool: Sequence[Entry], rng: random.Random, within_group: str = "random"
) -> tuple[list[int], list[int], list[int]]:
    """Indices of ``pool`` in standing order, in pairing order, and each one's score group.

    The standing is by ``score``, then ``rank`` (when given), then game points, then a
    seeded random tie-break. Score groups are by ``score`` (0 = top group); the pairing
    order keeps the groups and orders each one at random (``random``), by standing
    (``adjacent``) or folded (``fold``: 1st, (k+1)th, 2nd, (k+2)th ... of 2k).

    >>> from .base import Entry
    >>> field = [Entry("a", 1, points=5), Entry("b", 2), Entry("c", 1, points=9)]
    >>> standing_order(field, random.Random(0), "adjacent")
    ([1, 2, 0], [1, 2, 0], [1, 0, 1])
    """
    noise = [rng.random() for _ in pool]

    def key(i: int) -> tuple:
        e = pool[i]
        rank = e.rank if e.rank is not None else float("inf")
        return (-e.score, rank, -e.points, noise[i])

    ranked = sorted(range(len(pool)), key=key)
    scores = sorted({e.score for e in pool}, reverse=True)
    group_of_score = {s: g for g, s in enumerate(scores)}
    group = [group_of_score[e.score] for e in pool]
    order: list[int] = []
    for g in range(len(scores)):
        members = [i for i in ranked if group[i] == g]
        if within_group == "random":
            rng.shuffle(members)
        elif within_group == "fold":
            half = len(members) // 2
            top, bottom, rest = (
                members[:half],
                members[half : 2 * half],
                members[2 * half :],
            )
            members = [i for duo in zip(top, bottom) for i in duo] + rest
        order += members
    return ranked, order, group


def _pair(
    met: Sequence[set[int]], pool: Sequence[Entry], order: Sequence[int],
    bye_preference: Sequence[int],
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs of ``pool`` indices with the fewest rematches, greedy in ``order``, and the byes
    (``met``: :func:`.base.met_sets` of ``pool``)."""
    byes: list[int] = []
    if len(order) % 2:
        byes = pick_byes(Matching.among(met, order), bye_preference, pool, 1)
    matching = Matching.among(met, [i for i in order if i not in byes])
    pairs = matching.pairs(order)
    return pairs, byes


def _close_floats(pairs: list[tuple[int, int]], group: Sequence[int], met: Sequence[set[int]]) -> None:
    """Swap opponents between two tables while that brings scores closer with no new rematch.

    The cost of a table is the square of the score groups between its two entries: one
    entry moved two groups costs more than two entries moved one group each.
    """

    def cost(a: int, b: int) -> int:
        return (group[a] - group[b]) ** 2

    def rematch(a: int, b: int) -> int:
        return b in met[a]

    for _ in range(20):
        improved = False
        for t in range(len(pairs)):
            a, b = pairs[t]
            if group[a] == group[b]:
                continue
            for u in range(len(pairs)):
                c, d = pairs[u]
                if u == t:
                    continue
                old_cost, old_rematch = (
                    cost(a, b) + cost(c, d),
                    rematch(a, b) + rematch(c, d),
                )
                swap = next(
                    (
                        (x, y)
                        for x, y in (((a, c), (b, d)), ((a, d), (b, c)))
                        if cost(*x) + cost(*y) < old_cost and rematch(*x) + rematch(*y) <= old_rematch
                    ),
                    None,
                )
                if swap:
                    pairs[t], pairs[u] = swap
                    a, b = pairs[t]
                    improved = True
                    if group[a] == group[b]:
                        break
        if not improved:
            return


def _table(number: int, pool: Sequence[Entry], a: int, b: int, group: Sequence[int] | None) -> DrawTable:
    ea, eb = pool[a], pool[b]
    flags: set[str] = set()
    entry_flags: list[tuple[Hashable, str]] = []
    if ea.met(eb.id) or eb.met(ea.id):
        flags.add(REMATCH)
    if group is not None and group[a] != group[b]:
        high, low = (ea, eb) if group[a] < group[b] else (eb, ea)
        flags.update((MOVED_DOWN, MOVED_UP))
        entry_flags += [(high.id, MOVED_DOWN), (low.id, MOVED_UP)]
    return DrawTable(number, (ea.id, eb.id), frozenset(flags), tuple(entry_flags))


def berger_round(n: int, r: int) -> list[tuple[int, int]]:
    """Round ``r`` (1..n-1) of the Berger tables for an even ``n``: pairs of positions 1..n.

    Round 1 is 1-n, 2-(n-1) ...; each next round adds n/2 to every position but n (modulo
    n-1), and n changes side: every position meets every other once in n-1 rounds.

    >>> berger_round(6, 2)
    [(6, 4), (5, 3), (1, 2)]
    """
    if n < 2 or n % 2 or not 1 <= r <= n - 1:
        raise DrawError(
            f"no round {r} in Berger tables for {n} positions",
            field="round_number",
            code="berger_round",
        )
    shift = (r - 1) * (n // 2)

    def moved(x: int) -> int:
        return x if x == n else (x - 1 + shift) % (n - 1) + 1

    pairs = [(moved(k), moved(n + 1 - k)) for k in range(1, n // 2 + 1)]
    a, b = pairs[0]
    pairs[0] = (b, a) if r % 2 == 0 else (a, b)
    return pairs


def start_numbers(entries: Iterable[Any], seed: int) -> list[Hashable]:
    """Entry ids in a seeded random order: the positions of a round robin, drawn once.

    >>> start_numbers([1, 2, 3, 4], 5) == start_numbers([4, 3, 2, 1], 5)
    True
    """
    ids = [e.id for e in prepare(Entry(x) if not hasattr(x, "id") else x for x in entries)]
    random.Random(seed).shuffle(ids)
    return ids


def draw_round_robin(
    entries: Sequence[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """The next round of a round robin, from the entries in their position order.

    Entries keep their position (their place in ``entries``) all event; a withdrawn entry
    (``active=False``) keeps it too, and its scheduled opponent has a bye. A substitute
    (``replaces`` = a listed entry) takes that entry's position. An odd count adds an
    empty position (a bye); ``slots`` fixes the number of positions at the start, so a late
    entry listed after the others takes the empty position. ``round_number`` defaults to
    the rounds in ``history`` plus one; ``cycles`` = 2 plays a double round robin.

    >>> from .base import Entry
    >>> d = draw_round_robin([Entry(x) for x in "abc"], seed=0, options={"round_number": 1})
    >>> [t.seats for t in d.tables], d.bye_ids()
    ([('b', 'c')], ('a',))
    """
    opts = validate_options(options, ROUND_ROBIN_DEFAULTS)
    seed = resolve_seed(seed)
    listed = [Entry.coerce(e) for e in entries]
    prepare(listed)  # duplicates check
    substitute = {e.replaces: e for e in listed if e.replaces is not None}
    positions = [
        substitute.get(e.id, e)
        for e in listed
        if e.replaces is None or e.replaces not in {x.id for x in listed}
    ]
    slots = opts["slots"] or len(positions)
    slots += slots % 2
    if len(positions) > slots:
        raise DrawError(
            f"{len(positions)} entries do not fit the {slots} positions of this round robin",
            field="slots",
            code="round_robin_full",
        )
    rounds_per_cycle = slots - 1
    round_number = opts["round_number"] or len(history) + 1
    if not 1 <= round_number <= rounds_per_cycle * opts["cycles"]:
        raise DrawError(
            f"round {round_number} is past the end of this round robin ({rounds_per_cycle * opts['cycles']} rounds)",
            field="round_number",
            code="round_robin_complete",
        )
    cycle, r = divmod(round_number - 1, rounds_per_cycle)
    tables, byes = berger_tables(positions, slots, r + 1, swap=bool(cycle % 2),
                                 shown_round=round_number)
    return Draw(seed, "round_robin", round_number, tuple(tables), tuple(byes), opts)


def berger_tables(
    positions: Sequence[Entry | None],
    slots: int,
    round_number: int,
    *,
    swap: bool = False,
    group: str = "",
    first_table: int = 1,
    shown_round: int | None = None,
) -> tuple[list[DrawTable], list[Bye]]:
    """Round ``round_number`` of the Berger tables over ``positions`` (``slots`` places; a
    missing place is empty): a table for two active entries (numbered from ``first_table``,
    flagged when they met before), a bye for an entry whose opponent is missing or withdrawn.
    ``swap`` exchanges the sides (the second cycle of a double round robin). Each table's
    reasons name its round (``shown_round``, else ``round_number``) and the two places in
    the schedule (1-based), and the poule (``group``) where there is one.

    >>> tables, byes = berger_tables([Entry("a"), Entry("b"), Entry("c")], 4, 1)
    >>> [t.seats for t in tables], [b.entry for b in byes]
    ([('b', 'c')], ['a'])
    """
    tables: list[DrawTable] = []
    byes: list[Bye] = []
    shown = shown_round or round_number
    for p, q in berger_round(slots, round_number):
        places = (q, p) if swap else (p, q)
        a, b = (positions[x - 1] if x <= len(positions) else None for x in places)
        live = [e for e in (a, b) if e is not None and e.active]
        if len(live) == 2:
            rematch = a.met(b.id) or b.met(a.id)
            reasons = [why.reason(why.POULE, poule=group, round=shown, places=list(places))
                       if group else
                       why.reason(why.ROUND_ROBIN, round=shown, places=list(places))]
            reasons += [why.reason(why.REMATCH)] if rematch else []
            reasons += [why.reason(why.SUBSTITUTE, entry=e.id, replaces=e.replaces)
                        for e in (a, b) if e.replaces is not None]
            tables.append(DrawTable(first_table + len(tables), (a.id, b.id),
                                    frozenset({REMATCH}) if rematch else frozenset(),
                                    group=group, reasons=tuple(reasons)))
        elif live:
            other = b if live[0] is a else a
            reason = (why.reason(why.BYE_WITHDRAWN, **{"with": other.id}) if other is not None
                      else why.reason(why.BYE_SCHEDULE, round=shown))
            byes.append(make_bye(live[0], *([OPPONENT_WITHDRAWN] if other is not None else []),
                                 reasons=(reason,)))
    return tables, byes
