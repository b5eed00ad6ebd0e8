"""Asking for a PDF: reuse the file when nothing it shows changed, else queue a job.

The fingerprint of a report is a hash of the data it shows (``club.reports.data``): the
sheets' table versions, deals and timestamps, the round's status, the standings rows, the
language. A finished job with the same fingerprint and its file still present is reused;
so is one still queued or running (unless it looks abandoned).

The broker being down is an answer, not an error: the job is recorded as failed with a
message saying the PDF service is unavailable, and the page says so (HTTP 503). Nothing
else in the app touches the broker: entering deals works without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from club.models import Championship, ReportJob, Round, can_edit_club
from club.reports import documents, jobs

Kind = ReportJob.Kind
Status = ReportJob.Status
#: A queued or running job older than this is taken for lost: a new request starts again.
STALE_AFTER = timedelta(minutes=15)
#: What publishing a task raises when the broker cannot be reached.
BROKER_ERRORS = (KombuError, RedisError, ConnectionError, OSError, TimeoutError)
UNAVAILABLE = gettext_lazy(
    "The PDF service is unavailable right now: the task queue cannot be reached. Nothing is "
    "lost and deals can still be entered; ask for the PDF again in a few minutes.")
_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.5,
                  "interval_max": 0.5}


@dataclass(frozen=True)
class Requested:
    """What a request for a PDF did: the job, whether it was reused, whether the broker
    refused it (the job is then failed with :data:`UNAVAILABLE`)."""

    job: ReportJob
    reused: bool = False
    unavailable: bool = False


def may_request(user, championship: Championship, kind: str) -> bool:
    """Organisers of the club and staff: every report; anyone: public standings."""
    if can_edit_club(user, championship.club):
        return True
    return kind == Kind.STANDINGS and championship.public


def _file_present(job: ReportJob) -> bool:
    return bool(job.file) and default_storage.exists(job.file.name)


def _reusable(kind: str, championship: Championship, rnd: Round | None,
              fingerprint: str) -> ReportJob | None:
    candidates = ReportJob.objects.filter(
        kind=kind, championship=championship, round=rnd, fingerprint=fingerprint,
    ).exclude(status=Status.FAILED).order_by("-created")[:5]
    fresh = timezone.now() - STALE_AFTER
    for job in candidates:
        if job.status == Status.DONE and _file_present(job):
            return job
        if job.status in (Status.QUEUED, Status.RUNNING) and job.created >= fresh:
            return job
    return None


def request_report(kind: str, championship: Championship, rnd: Round | None = None,
                   user=None) -> Requested:
    """Reuse or queue the report ``kind`` (sheets and results need ``rnd``).

    Without a broker (the embedded default) the job runs here, in-process, before this
    returns. Raises ValueError for a kind/round mismatch (a bug in the caller, not input).
    """
    if kind not in Kind.values or (kind == Kind.STANDINGS) != (rnd is None):
        raise ValueError(f"report {kind!r} with round {rnd!r}")
    fingerprint = documents.fingerprint(kind, championship, rnd)
    with transaction.atomic():
        # one request at a time per championship decides between reuse and a new job
        Championship.objects.select_for_update().filter(pk=championship.pk).first()
        job = _reusable(kind, championship, rnd, fingerprint)
        if job is not None:
            return Requested(job, reused=True)
        job = ReportJob.objects.create(
            kind=kind, championship=championship, round=rnd, fingerprint=fingerprint,
            total=documents.total_units(kind, rnd),
            requested_by=user if user is not None and user.is_authenticated else None)
    try:
        send(job)
    except BROKER_ERRORS:
        jobs.fail(job.pk, str(UNAVAILABLE))
        job.refresh_from_db()
        return Requested(job, unavailable=True)
    job.refresh_from_db()
    return Requested(job)


def send(job: ReportJob) -> None:
    """Queue the job's first task (to ``settings.TROEF_REPORTS_QUEUE`` when set)."""
    from club.tasks import render_report

    queue = getattr(settings, "TROEF_REPORTS_QUEUE", None) or None
    render_report.apply_async((job.pk,), {"queue": queue, "language": get_language()},
                              queue=queue, retry=True, retry_policy=_PUBLISH_RETRY)


def status(job: ReportJob) -> dict:
    """The job's state for its page and its polling script."""
    total = max(job.total, 1)
    done = min(job.done, job.total) if job.total else (1 if job.status == Status.DONE else 0)
    ready = job.status == Status.DONE and _file_present(job)
    return {"status": job.status, "label": str(job.get_status_display()), "done": done,
            "total": job.total, "percent": round(100 * done / total),
            "ready": ready, "error": job.error,
            "message": _message(job, ready)}


def _message(job: ReportJob, ready: bool) -> str:
    if job.status == Status.FAILED:
        return job.error or _("The PDF could not be made.")
    if job.status == Status.DONE:
        if not ready:
            return _("The file is gone: ask for the PDF again.")
        return _("Made %(when)s; it is made again only when something it shows changes.") % {
            "when": formats.date_format(timezone.localtime(job.finished), "SHORT_DATETIME_FORMAT")
            if job.finished else "–"}
    if job.status == Status.QUEUED:
        return _("Queued: waiting for a free worker.")
    if job.kind == Kind.SHEETS:
        return _("Rendering: %(done)d of %(total)d tables done.") % {
            "done": job.done, "total": job.total}
    return _("Rendering.")


def download_name(job: ReportJob) -> str:
    """A readable file name for the browser."""
    slug = job.championship.club.slug if job.championship_id else "troef"
    if job.round_id:
        return f"{slug}-round-{job.round.number}-{job.kind}.pdf"
    return f"{slug}-{job.championship_id}-standings.pdf"
