"""Celery tasks. Without a broker they run in-process; with one, on the worker pool.

Reports (``club.reports.jobs`` does the work): ``render_report`` starts a job; for score
sheets it sends one ``render_report_chunk`` per chunk of tables, and the chunk that
completes the set sends ``merge_report``. Each task is idempotent (settings: acks late,
rejected back to the queue when its worker dies), so a redelivered task simply does its
step again. A failure is recorded on the job for its page, never raised to the caller.
Report tasks keep no result (``ignore_result``): nobody reads one, and publishing a task
whose result is kept makes the web process wait on the result backend too.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import connection

from club.models import Player
from club.reports import jobs
from club.reports.registry import report_kind
from club.services.import_jobs import run_import_job
from club.services.ratings import refresh_club
from club.tasks_analysis import analyse_play_task  # noqa: F401 (registered for the workers)
from club.tasks_duplicate import render_duplicate_report, solve_board_task  # noqa: F401

log = logging.getLogger(__name__)


@shared_task
def worker_health() -> dict:
    """What the worker sees: its database backend and the number of players in it."""
    return {"database": connection.vendor, "players": Player.objects.count()}


def _failed(job_id: int, error: Exception) -> None:
    log.exception("report job %s failed", job_id)
    jobs.fail(job_id, jobs.failure_message(error))


@shared_task(name="club.tasks.render_report", ignore_result=True)
def render_report(job_id: int, queue: str | None = None, language: str | None = None) -> str:
    """Start a report job: render it (one document) or send its chunks (score sheets)."""
    try:
        job = jobs.load(job_id)
        if not jobs.active(job):
            return "skipped"
        jobs.remember_dispatch(job_id, queue, language)
        if not report_kind(job.kind).chunked:
            jobs.render_single(job_id, language)
            return "rendered"
        chunks = jobs.plan(job)
        jobs.mark_running(job_id)
        missing = [i for i in range(len(chunks)) if not jobs.chunk_path(job_id, i).exists()]
        for index in missing:
            render_report_chunk.apply_async((job_id, index),
                                            {"queue": queue, "language": language}, queue=queue)
        if not missing:
            merge_report.apply_async((job_id,), queue=queue)
        return f"{len(missing)} chunks sent"
    except Exception as error:  # noqa: BLE001 (recorded on the job for its page)
        _failed(job_id, error)
        return "failed"


@shared_task(name="club.tasks.render_report_chunk", ignore_result=True)
def render_report_chunk(job_id: int, index: int, queue: str | None = None,
                        language: str | None = None, merge: bool = True) -> bool:
    """Render one chunk of a sheets job; the chunk completing the set sends the merge."""
    try:
        complete = jobs.render_chunk(job_id, index, language)
    except Exception as error:  # noqa: BLE001
        _failed(job_id, error)
        return False
    if complete and merge:
        merge_report.apply_async((job_id,), queue=queue)
    return complete


@shared_task(name="club.tasks.merge_report", ignore_result=True)
def merge_report(job_id: int) -> bool:
    """Merge a sheets job's chunks into its file and mark it done."""
    try:
        return jobs.merge(job_id)
    except Exception as error:  # noqa: BLE001
        _failed(job_id, error)
        return False


@shared_task(name="club.tasks.import_players")
def import_players(job_id: int) -> str:
    """A big CSV import of players (``club.services.import_jobs``): all rows or none, its
    progress and outcome on the job. Idempotent: a finished job is skipped; a job whose
    worker died is run again (its transaction left nothing behind)."""

    return run_import_job(job_id)


@shared_task(name="club.tasks.refresh_ratings", ignore_result=True)
def refresh_ratings(club_id: int) -> dict:
    """Bring the ratings a club's rounds feed (the club's, its public list's, the
    federation's) up to date after a round closed or reopened or the settings changed:
    incremental when only new rounds closed, else rebuilt (``club.services.ratings``).
    Idempotent: run twice, the second finds them current."""

    return refresh_club(club_id)
