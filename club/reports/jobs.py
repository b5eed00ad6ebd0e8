"""Running a ReportJob: plan the chunks, render them, merge them, record progress.

Score sheets of a round are split into chunks of tables; each chunk renders its tables to
``chunk-NNN.pdf`` in the job's work folder (atomically: a rerun after a killed worker
overwrites it), records the tables done, and the chunk that finds every file present asks
for the merge. Merging writes the final file atomically and marks the job done; a second
merge (two chunks finishing together, or a redelivered task) writes the same bytes again.
Standings and round results are one document each, rendered by one task.

Every step reads the job first and does nothing for a job already done or failed.

Signs of work: a step that starts stamps the job's ``heartbeat``; while a chunk renders, a
thread stamps it again every HEARTBEAT_EVERY seconds and rewrites the chunk's marker
``chunk-NNN.started`` (process, host, time). A worker killed mid-chunk leaves a marker that
stops moving: after STALL_AFTER the workers' sweep (``club.services.reports.resume_stalled``)
claims it and sends the chunk again, instead of waiting for the broker's visibility timeout.
A chunk not started has no marker: it is still in the queue, and is not sent twice.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from club.models import ReportJob
from club.reports import documents, pdf
from club.reports.pdf import write_atomic
from club.reports.registry import report_kind

log = logging.getLogger(__name__)
Status = ReportJob.Status
#: Fewest tables worth a chunk of their own: below it the fixed cost of a render dominates.
MIN_CHUNK_TABLES = 12
#: Chunks a large round is split into for a worker pool.
POOL_CHUNKS = 4
#: Files kept per report (the newest); older versions are deleted when a new one is made.
KEEP_FILES = 3
#: Seconds between two signs of work while a step renders.
HEARTBEAT_EVERY = 5
#: A job or a started chunk without a sign of work for this long has no worker on it.
STALL_AFTER = timedelta(seconds=15)


def work_dir(job_id: int) -> Path:
    """The job's scratch folder (plan, chunks, markers): TROEF_REPORT_WORK_ROOT (else
    MEDIA_ROOT/reports/work), a folder every worker sees; only the finished PDF goes to
    the storage."""
    root = settings.TROEF_REPORT_WORK_ROOT or Path(settings.MEDIA_ROOT) / "reports" / "work"
    return Path(root) / f"job-{job_id}"


def chunk_path(job_id: int, index: int) -> Path:
    return work_dir(job_id) / f"chunk-{index:03d}.pdf"


def marker_path(job_id: int, index: int) -> Path:
    return work_dir(job_id) / f"chunk-{index:03d}.started"


def chunk_size(tables: int) -> int:
    """Tables per chunk: TROEF_REPORT_CHUNK_TABLES (settings, else the environment); else
    all of them when in-process (no pool to share); else about POOL_CHUNKS chunks of at
    least MIN_CHUNK_TABLES (136 tables: 4 chunks of 34)."""
    fixed = (getattr(settings, "TROEF_REPORT_CHUNK_TABLES", None)
             or os.environ.get("TROEF_REPORT_CHUNK_TABLES"))
    if fixed:
        return max(int(fixed), 1)
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return max(tables, 1)
    return max(MIN_CHUNK_TABLES, math.ceil(tables / POOL_CHUNKS))


def load(job_id: int) -> ReportJob | None:
    """The job, or None when it was deleted (its round or championship went)."""
    return (ReportJob.objects.select_related("championship", "round").filter(pk=job_id)
            .first())


def active(job: ReportJob | None) -> bool:
    return job is not None and job.status in (Status.QUEUED, Status.RUNNING)


def mark_running(job_id: int) -> None:
    """A worker has the job: running, with a sign of work now."""
    ReportJob.objects.filter(pk=job_id, status__in=(Status.QUEUED, Status.RUNNING)).update(
        status=Status.RUNNING, heartbeat=timezone.now())


def touch(job_id: int) -> None:
    ReportJob.objects.filter(pk=job_id).update(heartbeat=timezone.now())


def mark_unsent(job_id: int) -> None:
    """The queue could not be reached: the job waits for the next request (not when a
    worker has it already: the message went through after all)."""
    ReportJob.objects.filter(pk=job_id, status=Status.QUEUED).update(status=Status.UNSENT)


def stalled(job: ReportJob, now=None) -> bool:
    """Queued or running, and no sign of work for STALL_AFTER: no worker is on it."""
    last = job.heartbeat or job.created
    return active(job) and last < (now or timezone.now()) - STALL_AFTER


def remember_dispatch(job_id: int, queue: str | None, language: str | None) -> None:
    """The queue and language of the job's tasks, for the sweep that sends one again."""
    write_atomic(work_dir(job_id) / "dispatch.json",
                 json.dumps({"queue": queue, "language": language}).encode())


def dispatch(job_id: int) -> dict | None:
    """What :func:`remember_dispatch` wrote; None when this process cannot see the job's
    work folder (not started, finished, or another media folder)."""
    try:
        return json.loads((work_dir(job_id) / "dispatch.json").read_text())
    except (OSError, ValueError):
        return None


def _write_marker(job_id: int, index: int) -> None:
    if work_dir(job_id).is_dir():  # gone: the job is finished or failed
        write_atomic(marker_path(job_id, index), json.dumps(
            {"pid": os.getpid(), "host": socket.gethostname(), "beat": time.time()}).encode())


@contextmanager
def beating(job_id: int, index: int | None = None) -> Iterator[None]:
    """Signs of work while a step runs: the job's heartbeat (and chunk ``index``'s marker)
    now, then every HEARTBEAT_EVERY seconds from a thread. In-process (no broker) there is
    no other worker to take over, so no thread."""
    def beat() -> None:
        touch(job_id)
        if index is not None:
            _write_marker(job_id, index)

    beat()
    if settings.CELERY_TASK_ALWAYS_EAGER:
        yield
        return
    stop = threading.Event()

    def run() -> None:
        try:
            while not stop.wait(HEARTBEAT_EVERY):
                try:
                    beat()
                except Exception:  # a missed beat is logged, not fatal
                    log.warning("report job %s: heartbeat failed", job_id, exc_info=True)
        finally:
            connection.close()  # this thread's own database connection

    thread = threading.Thread(target=run, name=f"report-{job_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=HEARTBEAT_EVERY)


def lost_chunks(job: ReportJob) -> list[int]:
    """Chunks a worker started and stopped giving signs of work on, not on disk."""
    path = work_dir(job.pk) / "plan.json"
    if not path.exists():
        return []
    before = time.time() - STALL_AFTER.total_seconds()
    lost = []
    for index in range(len(json.loads(path.read_text()))):
        if chunk_path(job.pk, index).exists():
            continue
        try:
            beat = float(json.loads(marker_path(job.pk, index).read_text())["beat"])
        except (OSError, ValueError, KeyError, TypeError):
            continue  # not started: still in the queue
        if beat < before:
            lost.append(index)
    return lost


def stalled_step(job: ReportJob) -> str | None:
    """What to send again for a running job without signs of work: "start" (standings or
    results), "merge" (a sheets job with every chunk on disk), or None (chunks still in
    the queue, or no plan to be seen)."""
    if not report_kind(job.kind).chunked:
        return "start"
    path = work_dir(job.pk) / "plan.json"
    if not path.exists():
        return None
    chunks = len(json.loads(path.read_text()))
    return "merge" if all(chunk_path(job.pk, i).exists() for i in range(chunks)) else None


def claim_chunk(job_id: int, index: int) -> bool:
    """Take a lost chunk's marker away, so one sweep only sends it again (two sweeps at
    once: the second finds the marker gone)."""
    marker = marker_path(job_id, index)
    try:
        marker.rename(marker.with_name(marker.name + ".lost"))
    except FileNotFoundError:
        return False
    return True


def unclaim_chunk(job_id: int, index: int) -> None:
    """The chunk could not be sent again: leave it for the next sweep."""
    marker = marker_path(job_id, index)
    try:
        marker.with_name(marker.name + ".lost").rename(marker)
    except FileNotFoundError:
        pass


def claim_job(job: ReportJob) -> bool:
    """Take a stalled job for one sweep (its heartbeat moved by nobody else meanwhile)."""
    return bool(ReportJob.objects.filter(pk=job.pk, heartbeat=job.heartbeat,
                                         status__in=(Status.QUEUED, Status.RUNNING))
                .update(heartbeat=timezone.now()))


def fail(job_id: int, message: str) -> None:
    """Record a failure the page shows (never a traceback: that goes to the log)."""
    ReportJob.objects.filter(pk=job_id).exclude(status=Status.DONE).update(
        status=Status.FAILED, error=message[:2000], finished=timezone.now())
    shutil.rmtree(work_dir(job_id), ignore_errors=True)


def progress(job_id: int, done: int) -> None:
    """Tables done so far: only ever goes up (chunks finish in any order, some twice)."""
    ReportJob.objects.filter(pk=job_id).update(done=Greatest(F("done"), done),
                                               heartbeat=timezone.now())


def plan(job: ReportJob) -> list[list[int]]:
    """The job's chunks of table ids, written once to ``plan.json`` and reused by reruns."""
    path = work_dir(job.pk) / "plan.json"
    if path.exists():
        return json.loads(path.read_text())
    ids = documents.sheet_table_ids(job.round_id)
    size = chunk_size(len(ids))
    chunks = [ids[i:i + size] for i in range(0, len(ids), size)] or [[]]
    write_atomic(path, json.dumps(chunks).encode())
    ReportJob.objects.filter(pk=job.pk).update(total=len(ids))
    return chunks


def _test_delay() -> None:
    """Fault tests: a chunk takes TROEF_REPORT_CHUNK_DELAY seconds more."""
    delay = float(os.environ.get("TROEF_REPORT_CHUNK_DELAY", "0") or 0)
    if delay:
        time.sleep(delay)


def render_chunk(job_id: int, index: int, language: str | None = None) -> bool:
    """Render chunk ``index`` of a sheets job; True when every chunk is now on disk."""
    job = load(job_id)
    if not active(job):
        return False
    chunks = plan(job)
    if index >= len(chunks):
        return False
    mark_running(job_id)
    if not chunk_path(job_id, index).exists():  # on disk = complete (written atomically)
        with beating(job_id, index):
            _test_delay()
            with override(language or settings.LANGUAGE_CODE):
                html = documents.sheets_html(job.round_id, chunks[index])
            pdf.render_to(html, chunk_path(job_id, index))
    present = [i for i in range(len(chunks)) if chunk_path(job_id, i).exists()]
    progress(job_id, sum(len(chunks[i]) for i in present))
    return len(present) == len(chunks)


def final_name(job: ReportJob) -> str:
    return f"reports/{job.kind}-{job.pk}-{job.fingerprint[:12]}.pdf"


def _finish(job: ReportJob, data: bytes) -> None:
    """Store the finished PDF through the storage API (a file system or an object store,
    by configuration) and mark the job done."""
    name = final_name(job)
    default_storage.delete(name)  # a second merge of the same job writes the same bytes
    name = default_storage.save(name, ContentFile(data))
    ReportJob.objects.filter(pk=job.pk).exclude(status=Status.FAILED).update(
        status=Status.DONE, file=name, done=F("total"), error="", finished=timezone.now())
    prune(job)
    shutil.rmtree(work_dir(job.pk), ignore_errors=True)


def prune(job: ReportJob) -> None:
    """Delete the files of older versions of the same report, keeping the newest few."""
    older = ReportJob.objects.filter(
        kind=job.kind, championship_id=job.championship_id, round_id=job.round_id,
        status=Status.DONE).exclude(file="").order_by("-created", "-pk")[KEEP_FILES:]
    for old in older:
        default_storage.delete(old.file.name)
        ReportJob.objects.filter(pk=old.pk).update(file="")


def merge(job_id: int) -> bool:
    """Merge a sheets job's chunks into its file; False when a chunk is still missing."""
    job = load(job_id)
    if not active(job):
        return False
    chunks = plan(job)
    paths = [chunk_path(job_id, i) for i in range(len(chunks))]
    if not all(p.exists() for p in paths):
        return False
    with beating(job_id):
        merged = pdf.merge(paths)
    _finish(job, merged)
    return True


def render_single(job_id: int, language: str | None = None) -> None:
    """Standings or round results: one document, one step of progress."""
    job = load(job_id)
    if not active(job):
        return
    mark_running(job_id)
    if report_kind(job.kind).pdf is None:
        ReportJob.objects.filter(pk=job_id).update(total=1)
    with beating(job_id), override(language or settings.LANGUAGE_CODE):
        spec = report_kind(job.kind)
        data = spec.pdf(job) if spec.pdf else pdf.html_to_pdf(spec.html(job))
    _finish(job, data)


def failure_message(error: Exception) -> str:
    """What a failed job tells the organiser."""
    return _("The PDF could not be made (%(error)s). Try again; if it fails again, tell "
             "the site's administrator.") % {"error": error.__class__.__name__}
