"""Asking for a PDF: reuse the file when nothing it shows changed, else queue a job.

The fingerprint of a report is a hash of the data it shows (``club.reports.data``): the
sheets' table versions, deals and timestamps, the round's status, the standings rows, the
language. A finished job with the same fingerprint and its file still present is reused;
so is one still queued or running (unless it looks abandoned).

The broker being down is an answer, not an error, and never a wait: :func:`publish` gives
up within about a second (bounded retries here, socket timeouts in the CELERY_* settings)
and catches whatever a publish raises (kombu's OperationalError, the result backend's
RuntimeError, redis errors, OSError). The job is then kept as "not sent" and the page says
so (HTTP 503); the workers' sweep sends it when the queue is back (:func:`send_unsent`, for
jobs asked for within a day), or the next request for the same document does. Nothing else
in the app touches the broker but the ratings refresh (``club.services.ratings``, also
through :func:`publish`): entering deals works without it.

Workers that die: :func:`resume_stalled` runs in every worker (at start and every few
seconds, see ``club.celery``) and sends again the steps of running jobs that a dead worker
left half done (``club.reports.jobs``: heartbeats and chunk markers); :func:`send_unsent`
runs beside it.
"""

from __future__ import annotations

import logging
import time
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

from club.access import can_request_report
from club.celery import app as celery_app
from club.models import Championship, ReportJob, Round
from club.reports import jobs, registry
from club.reports.registry import REPORTS, report_kind

log = logging.getLogger(__name__)
Status = ReportJob.Status
#: A queued or running job without a sign of work for this long is taken for lost: a new
#: request starts again.
STALE_AFTER = timedelta(minutes=15)
#: Running jobs the workers' sweep still resumes, and jobs not sent it still sends (older
#: ones wait for a new request).
RESUME_WITHIN = timedelta(days=1)
#: What publishing a task raises when the broker cannot be reached (kombu raises
#: RuntimeError when the Redis result backend gives up). :func:`publish` catches more.
BROKER_ERRORS = (KombuError, RedisError, ConnectionError, OSError, TimeoutError, RuntimeError)
UNAVAILABLE = gettext_lazy(
    "The PDF service is unavailable right now: the task queue cannot be reached, so nothing "
    "can be printed. Nothing is lost: the request is kept and deals can still be entered. "
    "Ask for the PDF again in a few minutes.")
#: One quick retry: with the socket timeouts of the settings a publish to a broker that is
#: down, refusing or silent gives up in about a second (measured: refused 0.2 s, silent
#: 1.1 s); a web worker never waits on it for 2 s.
PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2,
                 "interval_max": 0.2}
#: A publish slower than this is logged (the target: every answer within 2 s).
PUBLISH_SLOW = 1.0


@dataclass(frozen=True)
class Requested:
    """What a request for a PDF did: the job, whether it was reused, whether the broker
    could not be reached (the job is then kept "not sent", see :data:`UNAVAILABLE`)."""

    job: ReportJob
    reused: bool = False
    unavailable: bool = False


def may_request(user, championship: Championship, kind: str) -> bool:
    """Organisers of the club and staff: every report; anyone: public standings."""
    return can_request_report(user, championship, report_kind(kind).public)


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
        if job.status in (Status.QUEUED, Status.RUNNING) and (job.heartbeat or job.created) >= fresh:
            return job
        if job.status == Status.UNSENT:
            return job
    return None


def request_report(kind: str, championship: Championship, rnd: Round | None = None,
                   user=None) -> Requested:
    """Reuse or queue the report ``kind`` (sheets and results need ``rnd``).

    Without a broker (the embedded default) the job runs here, in-process, before this
    returns. A job kept "not sent" for the same document is sent again (not a new one).
    Raises ValueError for a kind/round mismatch (a bug in the caller, not input).
    """
    spec = REPORTS.get(kind)
    if spec is None or spec.per_round != (rnd is not None):
        raise ValueError(f"report {kind!r} with round {rnd!r}")
    fingerprint = registry.fingerprint(kind, championship, rnd)
    with transaction.atomic():
        # one request at a time per championship decides between reuse and a new job
        Championship.objects.select_for_update().filter(pk=championship.pk).first()
        job = _reusable(kind, championship, rnd, fingerprint)
        if job is not None and job.status != Status.UNSENT:
            return Requested(job, reused=True)
        if job is not None:  # kept while the queue was down: send it now (claimed, unless
            # the workers' sweep has just sent it: then it is simply reused)
            if not ReportJob.objects.filter(pk=job.pk, status=Status.UNSENT).update(
                    status=Status.QUEUED, heartbeat=timezone.now()):
                job.refresh_from_db()
                return Requested(job, reused=True)
        else:
            job = ReportJob.objects.create(
                kind=kind, championship=championship, round=rnd, fingerprint=fingerprint,
                total=spec.units(rnd), heartbeat=timezone.now(), language=get_language() or "",
                requested_by=user if user is not None and user.is_authenticated else None)
    if not send(job):
        jobs.mark_unsent(job.pk)
    job.refresh_from_db()
    return Requested(job, unavailable=job.status == Status.UNSENT)


#: The report tasks, by their registered names (club.tasks imports this module).
RENDER, CHUNK, MERGE = ("club.tasks.render_report", "club.tasks.render_report_chunk",
                        "club.tasks.merge_report")


def _queue() -> str | None:
    return getattr(settings, "TROEF_REPORTS_QUEUE", None) or None


def send(job: ReportJob, language: str | None = None) -> bool:
    """Queue the job's first task (to ``settings.TROEF_REPORTS_QUEUE`` when set), in
    ``language`` (the active one); False when the queue cannot be reached."""
    queue = _queue()
    return publish(RENDER, (job.pk,),
                   {"queue": queue, "language": language or get_language()}, queue)


def publish(task, args: tuple, kwargs: dict | None = None, queue: str | None = None) -> bool:
    """Send ``task`` (a task, or its registered name: a service names the tasks it sends,
    the tasks modules import the services): True when the broker took it, False (logged)
    when it could not be reached. Never raises and never waits much more than a second
    (see PUBLISH_RETRY)."""
    if isinstance(task, str):
        task = celery_app.tasks[task]
    started = time.monotonic()
    try:
        task.apply_async(args, kwargs or {}, queue=queue, retry=True,
                         retry_policy=PUBLISH_RETRY)
    except Exception:  # any failure to publish means "the queue is down"
        log.warning("task %s%r not sent: the task queue cannot be reached (%.2f s)",
                    task.name, args, time.monotonic() - started, exc_info=True)
        return False
    elapsed = time.monotonic() - started
    if elapsed > PUBLISH_SLOW and not task.app.conf.task_always_eager:  # eager: it ran here
        log.warning("task %s%r took %.2f s to publish", task.name, args, elapsed)
    return True


def resume_stalled() -> int:
    """Worker side: send again what dead workers left half done; the number of tasks sent.

    For each running job: a chunk whose marker stopped moving (its worker died mid-render)
    is sent again; when the job itself shows no sign of work, its merge (every chunk on
    disk) or its start (a standings or results PDF) is sent again. Chunks not started are
    still in the queue and are left there; so is a job whose work folder this worker does
    not see. Every step is idempotent; a claim (marker renamed, heartbeat moved) lets one
    sweep send each.
    """
    now = timezone.now()
    sent = 0
    for job in ReportJob.objects.filter(status=Status.RUNNING,
                                        created__gte=now - RESUME_WITHIN):
        where = jobs.dispatch(job.pk)
        if where is None:  # not started, or its work folder is not ours to see
            continue
        queue, options = where["queue"], {"queue": where["queue"],
                                          "language": where["language"]}
        for index in jobs.lost_chunks(job):
            if not jobs.claim_chunk(job.pk, index):
                continue
            if publish(CHUNK, (job.pk, index), options, queue):
                log.warning("report job %s: chunk %s sent again (its worker stopped)",
                            job.pk, index)
                jobs.touch(job.pk)
                sent += 1
            else:
                jobs.unclaim_chunk(job.pk, index)
        step = jobs.stalled_step(job) if jobs.stalled(job, now) else None
        task, kwargs = (MERGE, {}) if step == "merge" else (RENDER, options)
        if step and jobs.claim_job(job) and publish(task, (job.pk,), kwargs, queue):
            log.warning("report job %s: %s sent again (no sign of work)", job.pk, step)
            sent += 1
    return sent


def send_unsent() -> int:
    """Worker side: send the jobs kept "not sent" while the task queue was down, asked for
    within RESUME_WITHIN (older ones wait for a new request), in the language they were
    asked in; the number sent. Each is claimed first ("not sent" to queued, by one sweep or
    request only); one the queue still does not take is "not sent" again, and the sweep
    stops there (the queue is still down: the next sweep tries again)."""
    now = timezone.now()
    sent = 0
    for job in ReportJob.objects.filter(status=Status.UNSENT, created__gte=now - RESUME_WITHIN):
        if not ReportJob.objects.filter(pk=job.pk, status=Status.UNSENT).update(
                status=Status.QUEUED, heartbeat=now):
            continue  # another sweep, or a new request, sent it
        if not send(job, job.language or settings.LANGUAGE_CODE):
            jobs.mark_unsent(job.pk)
            break
        log.warning("report job %s: sent by the sweep (the task queue is back)", job.pk)
        sent += 1
    return sent


def status(job: ReportJob) -> dict:
    """The job's state for its page and its polling script."""
    total = max(job.total, 1)
    done = min(job.done, job.total) if job.total else (1 if job.status == Status.DONE else 0)
    ready = job.status == Status.DONE and _file_present(job)
    return {"status": job.status, "label": str(job.get_status_display()), "done": done,
            "total": job.total, "percent": round(100 * done / total),
            "ready": ready, "error": job.error, "waiting": jobs.stalled(job),
            "message": _message(job, ready)}


def _message(job: ReportJob, ready: bool) -> str:
    if job.status == Status.FAILED:
        return job.error or _("The PDF could not be made.")
    if job.status == Status.UNSENT:
        return str(UNAVAILABLE)
    if job.status == Status.DONE:
        if not ready:
            return _("The file is gone: ask for the PDF again.")
        return _("Made %(when)s; it is made again only when something it shows changes.") % {
            "when": formats.date_format(timezone.localtime(job.finished), "SHORT_DATETIME_FORMAT")
            if job.finished else "–"}
    if jobs.stalled(job):
        waiting = _("Waiting for a worker: none has worked on this PDF for %(seconds)d "
                    "seconds (all busy, or stopped). It goes on by itself as soon as one is "
                    "free; nothing is lost.") % {"seconds": _seconds_since(job)}
        if job.status == Status.RUNNING and report_kind(job.kind).chunked:
            return _("%(done)d of %(total)d tables done. %(waiting)s") % {
                "done": job.done, "total": job.total, "waiting": waiting}
        return waiting
    if job.status == Status.QUEUED:
        return _("Queued: waiting for a free worker.")
    if report_kind(job.kind).chunked:
        return _("Rendering: %(done)d of %(total)d tables done.") % {
            "done": job.done, "total": job.total}
    return _("Rendering.")


def _seconds_since(job: ReportJob) -> int:
    return int((timezone.now() - (job.heartbeat or job.created)).total_seconds())


def download_name(job: ReportJob) -> str:
    """A readable file name for the browser."""
    return f"{report_kind(job.kind).file_stem(job)}.pdf"
