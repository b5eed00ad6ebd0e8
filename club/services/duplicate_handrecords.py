"""Hand records of a duplicate session: each board's double-dummy card points for the four
trumps and no trump, and its par, stored on the board (``DuplicateBoard.double_dummy``,
``par``, ``hand_record_rules``).

A board takes the solver seconds (docs/duplicate.md, "Speed"), so each board is one Celery
task (``club.tasks_duplicate.solve_board``): two workers solve two boards at once, and the
progress is simply the number of boards whose record is there for the event's rule set. The
stored record is derived data: :func:`record_of` computes it again from the board, and
:func:`verify` names every board whose stored record differs.
"""

from __future__ import annotations

import logging
from typing import Any

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


def request_records(session: DuplicateSession) -> bool:
    """Send every board without its record to the workers (once per ``PENDING``); False
    when the queue cannot be reached."""

    for board_id in missing(session):
        if not safe_cache.call("add", _pending_key(board_id), 1, PENDING):
            continue
        if not queue.publish("club.tasks.solve_board", (board_id,)):
            safe_cache.call("delete", _pending_key(board_id))
            return False
    return True


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
