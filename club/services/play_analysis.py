"""The double-dummy analysis of a deal entered trick by trick: solved once, kept in the cache.

A whole deal takes the solver 0.1 to a few seconds (measured on the shared 2-core machine,
random legal play, house rules: 0.10, 0.19, 0.58, 0.81, 1.27, 3.12 s; docs/duplicate.md),
too long for a request: :func:`request_analysis` sends it to a Celery worker
(``club.tasks_analysis.analyse_play_task``) and the page asks again until it is there.
Without a broker (the embedded default) the task runs in-process before the answer.

The result is keyed by the deal's facts (:meth:`PlayInput.key`: the hands, leader, trump,
rule set and cards), not by the deal's row: a correction that changes the play is a new key,
and the same play at another table (a duplicate board played the same way) is solved once.
It is derived data: dropping the cache only costs a new solve.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from club import safe_cache
from club.selectors.play_analysis import PlayInput
from club.services import reports as queue
from engine.cards import Card, CardSet
from engine.dd_analysis import analyse_play
from engine.play import trick_winner
from engine.rules import RuleSet

log = logging.getLogger(__name__)

#: A solved analysis is kept this long (seconds); the same facts always give the same costs.
KEEP = 60 * 60 * 24 * 90
#: A solve in progress is not sent again for this long (a lost worker: asked again after).
PENDING = 120


def _pending_key(inp: PlayInput) -> str:
    return inp.key() + ":pending"


def cached(inp: PlayInput) -> dict[str, Any] | None:
    """The stored analysis of ``inp``, or None."""
    return safe_cache.call("get", inp.key())


def compute(inp: PlayInput) -> dict[str, Any]:
    """Solve: each card's cost for its side, and (for a whole legal play) the double-dummy
    value at the start for engine side 0, from the identity
    start = taken by side 0 + costs of side 0 - costs of side 1 (docs/duplicate.md)."""
    rules = RuleSet.from_dict(inp.rules)
    started = time.process_time()
    costs = analyse_play([CardSet.parse(h) for h in inp.hands], inp.leader, inp.trump, rules,
                         list(inp.cards))
    out: dict[str, Any] = {"costs": [c.cost for c in costs],
                           "seconds": round(time.process_time() - started, 3)}
    bonus = 1 if rules.trick_bonus else 0
    out["total"] = 60 + bonus * inp.tricks
    if inp.renonce is None and len(inp.cards) == 4 * inp.tricks:
        taken = 0
        for first in range(0, len(inp.cards), 4):
            trick = [Card.parse(c) for c in inp.cards[first:first + 4]]
            winner = inp.positions[first + trick_winner(trick, inp.trump)]
            if winner % 2 == 0:  # engine side of a table position: its parity
                taken += sum(c.points for c in trick) + bonus
        spent = [0, 0]
        for position, cost in zip(inp.positions, out["costs"]):
            spent[position % 2] += cost
        out["start"] = taken + spent[0] - spent[1]
    return out


def store(inp: PlayInput, result: dict[str, Any]) -> None:
    safe_cache.call("set", inp.key(), result, KEEP)
    safe_cache.call("delete", _pending_key(inp))


def solve_and_store(inp: PlayInput) -> dict[str, Any]:
    """The worker's step: solve ``inp`` (unless another worker already did) and keep it."""
    result = cached(inp)
    if result is None:
        result = compute(inp)
        store(inp, result)
        log.info("play analysis solved in %.2f s", result["seconds"])
    return result


def mark_failed(inp: PlayInput) -> None:
    """A solve that raised: the page says so until ``PENDING`` passes, then asks again."""
    safe_cache.call("set", _pending_key(inp), FAILED, PENDING)


#: The states :func:`request_analysis` answers.
DONE, WAITING, UNSENT, FAILED = "done", "waiting", "unsent", "failed"


def request_analysis(inp: PlayInput) -> tuple[str, dict[str, Any] | None]:
    """The analysis if it is known (``DONE``, result); else it is sent to a worker, once per
    ``PENDING`` (``WAITING``); ``UNSENT`` when the queue cannot be reached, ``FAILED`` when
    the last solve raised."""
    result = cached(inp)
    if result is not None:
        return DONE, result
    if not safe_cache.call("add", _pending_key(inp), WAITING, PENDING):
        state = safe_cache.call("get", _pending_key(inp))
        return (FAILED if state == FAILED else WAITING), None

    if not queue.publish("club.tasks.analyse_play", (inp.payload(),)):
        safe_cache.call("delete", _pending_key(inp))
        return UNSENT, None
    result = cached(inp)  # without a broker the task ran here
    if result is not None:
        return DONE, result
    state = safe_cache.call("get", _pending_key(inp))
    return (FAILED if state == FAILED else WAITING), None
