"""Poules: the pairs split into poules of four (of three where the count asks for it) at the
stage's first round, and each pair meets every other pair of its poule once, in three rounds
(RULES.md section 11: "poules of four pairs (3 matches each), the poule winners and the best
runners-up to a knockout").

The poules are drawn once, from the pairs placed in the stage's first round and that
round's seed (``history[0]``), so every later round finds the same poules whatever its own
seed. A pair that joins later has no poule (refused); a withdrawn pair keeps its place and
its scheduled opponent sits out (a bye); a substitute takes the place of the pair it
replaces. Each table names its poule (:attr:`DrawTable.group`).

>>> from .base import Entry
>>> pairs = [Entry(i) for i in range(8)]
>>> first = draw_poules(pairs, seed=5)
>>> sorted(t.group for t in first.tables)
['A', 'A', 'B', 'B']
>>> later = [draw_poules(pairs, seed=s, history=[first]) for s in (6, 7)]
>>> poule_map([first]) == poule_map([first, *later])
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from .base import (
    Bye,
    Draw,
    DrawError,
    DrawTable,
    Entry,
    prepare,
    resolve_seed,
    validate_options,
)
from .fixed import berger_tables, start_numbers

POULE_SIZE = 4
POULES_DEFAULTS: dict[str, Any] = {"round_number": 0}


def poule_label(index: int) -> str:
    """A, B ... Z, AA, AB ... (index 0 is A).

    >>> [poule_label(i) for i in (0, 25, 26, 27)]
    ['A', 'Z', 'AA', 'AB']
    """
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def poule_sizes(count: int, size: int = POULE_SIZE) -> list[int]:
    """How ``count`` pairs split into poules of ``size``, one fewer where it does not divide.

    >>> poule_sizes(8), poule_sizes(7), poule_sizes(10), poule_sizes(3)
    ([4, 4], [4, 3], [4, 3, 3], [3])
    """
    if count < 2:
        raise DrawError("poules need at least 2 pairs", field="entries", code="poule_count")
    groups = -(-count // size)
    base, extra = divmod(count, groups)
    sizes = [base + 1] * extra + [base] * (groups - extra)
    if groups > 1 and min(sizes) < size - 1:
        raise DrawError(f"{count} pairs do not make poules of {size - 1} or {size}: choose "
                        "another draw for this stage", field="entries", code="poule_count")
    return sizes


def _poules(ids: Sequence[Hashable], seed: int) -> list[list[Hashable]]:
    order = start_numbers(ids, seed)
    out, at = [], 0
    for size in poule_sizes(len(order)):
        out.append(order[at:at + size])
        at += size
    return out


def _first_round(history: Sequence[Any]) -> tuple[list[Hashable], int] | None:
    if not history:
        return None
    first = history[0]
    return [*first.seated(), *first.bye_ids()], first.seed


def poule_map(history: Sequence[Any]) -> dict[Hashable, str]:
    """Entry id -> poule label, from the stage's draws so far (the first one decides)."""
    first = _first_round(history)
    if first is None:
        return {}
    return {eid: poule_label(index) for index, poule in enumerate(_poules(*first))
            for eid in poule}


def draw_poules(
    entries: Sequence[Any],
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict | None = None,
) -> Draw:
    """The next round of the poules: Berger tables inside each poule (three rounds for
    poules of four and of three, where one pair sits out each round)."""
    opts = validate_options(options, POULES_DEFAULTS)
    seed = resolve_seed(seed)
    listed = [Entry.coerce(e) for e in entries]
    prepare(listed)  # duplicates check
    by_id = {e.id: e for e in listed}
    for entry in listed:
        if entry.replaces is not None:
            by_id[entry.replaces] = entry  # the substitute plays in the replaced pair's place
    first = _first_round(history) or ([e.id for e in listed if e.active], seed)
    poules = _poules(*first)
    placed = {eid for poule in poules for eid in poule}
    late = sorted((e.id for e in listed if e.active and e.id not in placed
                   and e.replaces not in placed), key=repr)
    if late:
        raise DrawError(f"{late} joined after the poules were drawn: a poule is fixed at the "
                        "first round", field="entries", code="poule_late_entry")
    round_number = opts["round_number"] or len(history) + 1
    last = max(len(p) + len(p) % 2 for p in poules) - 1
    if not 1 <= round_number <= last:
        raise DrawError(f"round {round_number} is past the end of the poules ({last} rounds)",
                        field="round_number", code="poules_complete")
    tables: list[DrawTable] = []
    byes: list[Bye] = []
    for index, poule in enumerate(poules):
        slots = len(poule) + len(poule) % 2
        if round_number > slots - 1:
            continue
        made, sitting = berger_tables([by_id.get(eid) for eid in poule], slots, round_number,
                                      group=poule_label(index), first_table=len(tables) + 1)
        tables += made
        byes += sitting
    return Draw(seed, "poules", round_number, tuple(tables), tuple(byes), opts)
