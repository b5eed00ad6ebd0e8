"""Big CSV imports as background jobs: the file kept in the storage, a Celery task, progress.

All or nothing stays: the players, their memberships and the job's "done" are written in
one transaction (a worker killed half-way leaves no player, and the redelivered task runs
the import again). The progress of the writing is written through a second database
connection in autocommit, so that the job's page sees it while that transaction is still
open; the progress never holds a lock the import waits for (the import's transaction
touches the job row only at its very end). SQLite allows one writer at a time, so there
(and when the caller already holds a transaction) only the checking is reported live.
"""

from __future__ import annotations

import logging

from django.core.files.base import ContentFile
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.celery import app as celery_app
from club.models import Club, PlayerImportJob
from club.services.player_import import ImportReport, import_rows, parse_csv
from club.services.reports import BROKER_ERRORS

log = logging.getLogger(__name__)
Status = PlayerImportJob.Status
#: Files with more player rows than this are imported by a background job.
BACKGROUND_ROWS = 2_000
UNAVAILABLE = gettext_lazy(
    "The import service is unavailable right now: the task queue cannot be reached. Nothing "
    "was imported; upload the file again in a few minutes.")


def start_import_job(user, club: Club, data: bytes, rows_total: int) -> PlayerImportJob:
    """Record the job with its file and send it to a worker (without a broker it runs here,
    before this returns). A broker that cannot be reached fails the job, nothing written."""
    job = PlayerImportJob(club=club, user=user if user.is_authenticated else None,
                          rows_total=rows_total)
    job.file.save("players.csv", ContentFile(data), save=False)
    job.save()

    try:
        celery_app.tasks["club.tasks.import_players"].apply_async(
            (job.pk,), retry=True, retry_policy={"max_retries": 1, "interval_start": 0,
                                                 "interval_step": 0.5, "interval_max": 0.5})
    except BROKER_ERRORS:
        log.exception("player import %s could not be queued", job.pk)
        _end(job.pk, Status.FAILED, errors=[[0, _("file"), str(UNAVAILABLE)]], error_count=1)
    job.refresh_from_db()
    return job


class AlreadyImported(Exception):
    """Another run of the same job committed first."""


class JobProgress:
    """Writes an import's progress on its job row (see the module's docstring)."""

    every = 2_000  # rows between two progress writes

    def __init__(self, job_id: int):
        self.job_id = job_id
        self.table = PlayerImportJob._meta.db_table
        self.side = None
        if connection.vendor != "sqlite" and not connection.in_atomic_block:
            self.side = connections.create_connection(DEFAULT_DB_ALIAS)
        self._last = 0

    def checked(self, done: int, total: int) -> None:
        PlayerImportJob.objects.filter(pk=self.job_id).update(rows_checked=done)

    def writing(self, total: int) -> None:
        PlayerImportJob.objects.filter(pk=self.job_id).update(status=Status.WRITING)

    def written(self, done: int, total: int) -> None:
        if self.side is None or (done - self._last < self.every and done != total):
            return
        self._last = done
        quote = self.side.ops.quote_name
        try:
            with self.side.cursor() as cursor:
                if self.side.vendor == "postgresql":
                    cursor.execute("SET lock_timeout = '2s'")
                cursor.execute(f"UPDATE {quote(self.table)} SET {quote('rows_written')} = %s "
                               f"WHERE {quote('id')} = %s", [done, self.job_id])
        except DatabaseError:
            log.warning("player import %s: progress not written", self.job_id, exc_info=True)
            self.close()

    def committing(self, report: ImportReport) -> None:
        """Inside the import's transaction: the job is done exactly when its players are.
        A second run of the same job (a redelivered task while the first still ran) waits
        here for the first's row lock, finds the job done and rolls its own rows back."""
        done = PlayerImportJob.objects.filter(pk=self.job_id).exclude(status=Status.DONE).update(
            status=Status.DONE, rows_written=report.created + report.linked,
            created_players=report.created, linked_players=report.linked,
            finished=timezone.now())
        if not done:
            raise AlreadyImported(self.job_id)

    def close(self) -> None:
        if self.side is not None:
            self.side.close()
            self.side = None


def _end(job_id: int, status: str, **fields) -> bool:
    """A refused or failed outcome, never over a job another run finished (False then)."""
    return bool(PlayerImportJob.objects.filter(pk=job_id).exclude(status=Status.DONE).update(
        status=status, finished=timezone.now(), **fields))


def _drop_file(job_id: int) -> None:
    """The file holds names and member numbers: it goes once the job has ended."""
    job = PlayerImportJob.objects.filter(pk=job_id).first()
    if job is not None and job.file:
        try:
            job.file.delete(save=True)
        except OSError:
            log.warning("player import %s: file not deleted", job_id, exc_info=True)


def run_import_job(job_id: int) -> str:
    """Run the job's import (the task's body). Never raises: a failure is on the job."""
    claimed = PlayerImportJob.objects.filter(
        pk=job_id, status__in=(Status.QUEUED, Status.CHECKING, Status.WRITING)).update(
        status=Status.CHECKING, rows_checked=0, rows_written=0)
    if not claimed:
        return "skipped"
    job = PlayerImportJob.objects.select_related("club", "user").get(pk=job_id)
    progress = JobProgress(job_id)
    try:
        with job.file.open("rb") as handle:
            data = handle.read()
        parsed = parse_csv(data)
        report = parsed.report
        if report.ok:
            PlayerImportJob.objects.filter(pk=job_id).update(rows_total=parsed.player_rows)
            user = job.user
            if user is None:  # the uploader was deleted: nobody may import as them
                from django.contrib.auth.models import AnonymousUser

                user = AnonymousUser()
            report = import_rows(user, job.club, parsed.rows, progress)
        if not report.ok:
            # a refusal found after another run of this job committed (the club then holds
            # its players, so this run's check of the club's size fails): that run's done
            ended = _end(job_id, Status.REFUSED, errors=[list(e) for e in report.errors],
                         error_count=report.error_count, rows_written=0)
            outcome = "refused" if ended else "skipped"
        else:
            outcome = "done"
    except AlreadyImported:
        outcome = "skipped"
    except Exception:
        log.exception("player import %s failed", job_id)
        _end(job_id, Status.FAILED, rows_written=0, error_count=1, errors=[
            [0, _("file"), _("The import failed unexpectedly; nothing was imported. Try again, "
                             "or tell the site's administrator.")]])
        outcome = "failed"
    finally:
        progress.close()
    _drop_file(job_id)
    return outcome


def job_status(job: PlayerImportJob) -> dict:
    """The job's state for its page."""
    total = max(job.rows_total, 1)
    if job.status == Status.WRITING:
        done = job.rows_written
    elif job.status == Status.DONE:
        done = job.rows_total
    else:
        done = job.rows_checked
    return {"percent": min(100, round(100 * done / total)), "done": min(done, job.rows_total),
            "total": job.rows_total, "ended": job.ended}
