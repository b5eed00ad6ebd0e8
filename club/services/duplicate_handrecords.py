"""Hand records of a duplicate session: each board's double-dummy card points for the four
trumps and no trump, and its par, stored on the board (``DuplicateBoard.double_dummy``,
``par``, ``hand_record_rules``).

A board takes the solver seconds (docs/duplicate.md, "Speed"), so each board is one Celery
task (``club.tasks_duplicate.solve_board``): two workers solve two boards at once, and the
progress is simply the number of boards whose record is there for the event's rule set.
A board is sent when a line of it is stored while it has no record (its first result), and,
with workers, every board when a session is dealt (:func:`on_first_result`,
:func:`on_session_dealt`); the hand records PDF sends what is still missing. The
stored record is derived data: :func:`record_of` computes it again from the board, and
:func:`verify` names every board whose stored record differs.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import transaction

from club import safe_cache
from club.models import DuplicateBoard, DuplicateSession
from club.services import reports as queue
from engine.dd_analysis import board_double_dummy
from scoring import par
from scoring.errors import ScoringError

log = logging.getLogger(__name__)

#: A board sent to a worker is not sent again for this long (a lost worker: sent again).
PENDING = 180


def _rules(session: DuplicateSession):
    return session.event.rule_set.rules()


def record_of(board: DuplicateBoard, rules) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(double_dummy, par) of ``board`` as stored: ``{"c": [ns, ew, all_tricks], ...,
    "nt": [...]}`` and ``{"trump", "points", "score", "choices"}`` (None where par is not
    computed: the trick bonus, see docs/duplicate.md)."""
    engine_board = board.board()
    table = board_double_dummy(engine_board, rules)
    dd = {("nt" if trump is None else trump): [r.points[0], r.points[1], r.all_tricks]
          for trump, r in table.items()}
    try:
        best = par(table, engine_board.dealer % 2, rules)
    except ScoringError:
        return dd, None
    return dd, {"trump": best.trump, "points": list(best.points), "score": list(best.score),
                "choices": {("nt" if k is None else k): v for k, v in best.choices.items()}}


def is_recorded(board: DuplicateBoard, rules) -> bool:
    return board.double_dummy is not None and board.hand_record_rules == rules.to_dict()


def progress(session: DuplicateSession) -> tuple[int, int]:
    """(boards with their record for the event's rules, boards)."""
    rules = _rules(session)
    boards = list(DuplicateBoard.objects.filter(session=session))
    return sum(1 for b in boards if is_recorded(b, rules)), len(boards)


def solve_board(board_id: int) -> bool:
    """Solve and store one board's record (nothing when it is already there); True when
    every board of its session now has one."""
    board = DuplicateBoard.objects.select_related("session__event__rule_set").filter(
        pk=board_id).first()
    if board is None:
        return False
    rules = _rules(board.session)
    if not is_recorded(board, rules):
        dd, best = record_of(board, rules)
        # only these fields: the hands cannot change under the record (compared in the filter)
        DuplicateBoard.objects.filter(pk=board.pk, hands=board.hands).update(
            double_dummy=dd, par=best, hand_record_rules=rules.to_dict())
    safe_cache.call("delete", _pending_key(board_id))
    done, total = progress(board.session)
    return done == total


def _pending_key(board_id: int) -> str:
    return f"hand-record-pending:{board_id}"


def missing(session: DuplicateSession) -> list[int]:
    rules = _rules(session)
    return [b.pk for b in DuplicateBoard.objects.filter(session=session).order_by("number")
            if not is_recorded(b, rules)]


def request_board(board_id: int) -> bool:
    """Send one board to the workers (once per ``PENDING``); False when the queue cannot be
    reached."""
    if not safe_cache.call("add", _pending_key(board_id), 1, PENDING):
        return True
    if not queue.publish("club.tasks.solve_board", (board_id,)):
        safe_cache.call("delete", _pending_key(board_id))
        return False
    return True


def request_records(session: DuplicateSession) -> bool:
    """Send every board without its record to the workers (once per ``PENDING``); False
    when the queue cannot be reached."""

    return all(request_board(board_id) for board_id in missing(session))


#: Set while a simulation enters a whole session (:func:`simulated`).
_SIMULATED: ContextVar[bool] = ContextVar("hand_records_simulated", default=False)


@contextmanager
def simulated():
    """Lines entered by a simulation (``manage.py demo``, ``rehearse``): with workers their
    boards are sent as any others; in-process (no broker) they are not, as solving every
    board of the session in the command would take about a minute (the hand records PDF,
    or a line entered by hand later, sends them)."""
    token = _SIMULATED.set(True)
    try:
        yield
    finally:
        _SIMULATED.reset(token)


def on_first_result(board: DuplicateBoard, rules) -> None:
    """A board's first traveller line is being stored: once it commits, send the board to
    be solved (unless its record is there), so that its par and hand record are ready when
    the board page shows its cards, not only when someone asks for the hand records PDF.
    Without a broker the solve runs in this process after the commit (a second or so)."""
    if is_recorded(board, rules) or (_SIMULATED.get()
                                     and queue.celery_app.conf.task_always_eager):
        return
    board_id = board.pk
    transaction.on_commit(lambda: request_board(board_id), robust=True)


def on_session_dealt(session: DuplicateSession) -> None:
    """A session's boards were dealt: once it commits, send them all to the workers. Not
    in-process (no broker): the request that deals them would wait for every board; there
    each board is solved when its first result is stored (:func:`on_first_result`)."""
    if queue.celery_app.conf.task_always_eager:
        return
    session_id = session.pk
    transaction.on_commit(lambda: _request_session(session_id), robust=True)


def _request_session(session_id: int) -> None:
    session = DuplicateSession.objects.select_related("event__rule_set").filter(
        pk=session_id).first()
    if session is not None:
        request_records(session)


def differences(session: DuplicateSession
                ) -> list[tuple[DuplicateBoard, dict[str, Any], dict[str, Any] | None]]:
    """Each board whose stored record differs from a new solve under the event's rules,
    with the record solved again (a record for other rules is missing, not wrong: it is
    solved again when asked for)."""
    rules = _rules(session)
    out = []
    for board in DuplicateBoard.objects.filter(session=session).order_by("number"):
        if not is_recorded(board, rules):
            continue
        dd, best = record_of(board, rules)
        if board.double_dummy != dd or board.par != best:
            out.append((board, dd, best))
    return out


def verify(session: DuplicateSession) -> list[int]:
    """The numbers of the boards whose stored record differs from a new solve."""
    return [board.number for board, _dd, _best in differences(session)]
