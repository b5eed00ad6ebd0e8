"""Draws (pairings) for a round: fair, seeded, explained. Pure Python, no Django.

Generators are found by method name in :data:`METHODS` and all share one signature:
``generator(entries, *, seed=None, history=(), options=None) -> Draw``. ``entries`` are
:class:`Entry` values or any objects with the same attributes; ``history`` holds the
round's previous draws (their number gives the round number; the scorer-stays movement
reads the last ones); ``options`` is checked against the method's defaults. Bad input
raises :class:`DrawError` (a ``ValueError`` with ``field`` and ``code``).

Fixed pairs: ``random``, ``round_robin``, ``swiss``, ``poules``. Individual events:
``individual``, ``scorer_stays``.

>>> players = [Entry(i) for i in range(8)]
>>> first = draw(players, "individual", seed=11)
>>> first == draw(list(reversed(players)), "individual", seed=11)
True
>>> after = record_round(players, first)
>>> second = draw(after, "individual", seed=12, history=[first])
>>> second.round_number, [t.flags for t in second.tables]
(2, [frozenset(), frozenset()])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .balanced import draw_balanced
from .base import (
    BYE,
    BYE_SWAP,
    CONTINUED,
    FLAG_TEXT,
    MOVED_DOWN,
    MOVED_UP,
    OPPONENT_WITHDRAWN,
    REMATCH,
    REPEAT_BYE,
    REPEAT_OPPONENT,
    REPEAT_PARTNER,
    SUBSTITUTE,
    TABLE_OF_THREE,
    Bye,
    Draw,
    DrawBug,
    DrawError,
    DrawTable,
    Entry,
    record_round,
)
from .byes import BYE_SCORING, ByeResult, bye_result
from .fixed import (
    berger_round,
    draw_random,
    draw_round_robin,
    draw_swiss,
    start_numbers,
)
from .individual import draw_individual, draw_scorer_stays, table_plan
from .poules import draw_poules, poule_label, poule_map, poule_sizes

Generator = Callable[..., Draw]

#: Draw methods by name: fixed pairs (two entries a table) and individual events.
METHODS: dict[str, Generator] = {
    "random": draw_random,
    "round_robin": draw_round_robin,
    "swiss": draw_swiss,
    "individual": draw_individual,
    "scorer_stays": draw_scorer_stays,
    "poules": draw_poules,
    "balanced": draw_balanced,
}
FIXED_PAIR_METHODS = ("random", "round_robin", "swiss", "poules")
INDIVIDUAL_METHODS = ("individual", "scorer_stays", "balanced")


def draw(
    entries: Iterable[Any],
    method: str,
    *,
    seed: int | None = None,
    history: Sequence[Any] = (),
    options: dict[str, Any] | None = None,
) -> Draw:
    """The next round's draw by ``method``, checked before it is returned.

    >>> d = draw([Entry("a"), Entry("b"), Entry("c")], "random", seed=3)
    >>> len(d.tables), d.byes[0].flags
    (1, frozenset({'bye'}))
    >>> draw([], "lottery")
    Traceback (most recent call last):
    ...
    scoring.pairing.base.DrawError: unknown draw method 'lottery' (known: balanced, individual, poules, random, round_robin, scorer_stays, swiss)
    """
    generator = METHODS.get(method)
    if generator is None:
        known = ", ".join(sorted(METHODS))
        raise DrawError(
            f"unknown draw method {method!r} (known: {known})",
            field="method",
            code="unknown_method",
        )
    entries = list(entries)
    result = generator(entries, seed=seed, history=history, options=options)
    check_draw(result, entries)
    return result


def check_draw(result: Draw, entries: Iterable[Any]) -> None:
    """Raise :class:`DrawBug` unless every active entry is seated or has a bye, exactly once,
    and no inactive or unknown entry is.

    >>> check_draw(Draw(1, "random", 1, (DrawTable(1, ("a", "a")),)), [Entry("a")])
    Traceback (most recent call last):
    ...
    scoring.pairing.base.DrawBug: draw seats or byes ['a'] more than once
    """
    placed = result.seated() + list(result.bye_ids())
    twice = sorted({x for x in placed if placed.count(x) > 1}, key=repr)
    if twice:
        raise DrawBug(f"draw seats or byes {twice} more than once")
    active = {Entry.coerce(e).id for e in entries if Entry.coerce(e).active}
    if set(placed) != active:
        raise DrawBug(f"draw places {sorted(set(placed) ^ active, key=repr)} wrongly")


__all__ = [
    "BYE",
    "BYE_SCORING",
    "BYE_SWAP",
    "CONTINUED",
    "FIXED_PAIR_METHODS",
    "FLAG_TEXT",
    "INDIVIDUAL_METHODS",
    "METHODS",
    "MOVED_DOWN",
    "MOVED_UP",
    "OPPONENT_WITHDRAWN",
    "REMATCH",
    "REPEAT_BYE",
    "REPEAT_OPPONENT",
    "REPEAT_PARTNER",
    "SUBSTITUTE",
    "TABLE_OF_THREE",
    "Bye",
    "ByeResult",
    "Draw",
    "DrawBug",
    "DrawError",
    "DrawTable",
    "Entry",
    "berger_round",
    "bye_result",
    "check_draw",
    "draw",
    "draw_individual",
    "draw_poules",
    "draw_random",
    "draw_round_robin",
    "draw_scorer_stays",
    "draw_swiss",
    "poule_label",
    "poule_map",
    "poule_sizes",
    "record_round",
    "start_numbers",
    "table_plan",
]
