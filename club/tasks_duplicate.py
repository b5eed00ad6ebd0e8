"""Celery tasks of the duplicate PDFs and hand records (``club.services.duplicate_reports``,
``club.services.duplicate_handrecords``); imported by ``club.tasks`` so that workers
register them. Each is idempotent: a board already solved or a PDF already stored is left
as it is. Failures are logged and recorded for the page, never raised to the caller.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.utils.translation import override

from club.models import DuplicateBoard, DuplicateSession
from club.services import duplicate_handrecords as records
from club.services import duplicate_reports as reports

log = logging.getLogger(__name__)


@shared_task(name="club.tasks.solve_board", ignore_result=True)
def solve_board_task(board_id: int) -> str:
    """Solve one board's hand record; the board completing its session's set sends the
    hand records PDF when it was asked for."""

    try:
        complete = records.solve_board(board_id)
    except Exception:
        log.exception("hand record of board %s failed", board_id)
        return "failed"
    if complete:
        board = DuplicateBoard.objects.select_related("session__event").filter(
            pk=board_id).first()
        if board is not None:
            reports.records_complete(board.session)
    return "solved"


@shared_task(name="club.tasks.render_duplicate_report", ignore_result=True)
def render_duplicate_report(kind: str, session_id: int, language: str | None = None) -> str:
    """Render one PDF of a duplicate session and store it."""

    session = DuplicateSession.objects.select_related("event__rule_set").filter(
        pk=session_id).first()
    if session is None:
        return "gone"
    try:
        with override(language or settings.LANGUAGE_CODE):
            return reports.render(kind, session)
    except Exception:
        log.exception("duplicate %s PDF of session %s failed", kind, session_id)
        return "failed"
