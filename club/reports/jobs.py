"""Running a ReportJob: plan the chunks, render them, merge them, record progress.

Score sheets of a round are split into chunks of tables; each chunk renders its tables to
``chunk-NNN.pdf`` in the job's work folder (atomically: a rerun after a killed worker
overwrites it), records the tables done, and the chunk that finds every file present asks
for the merge. Merging writes the final file atomically and marks the job done; a second
merge (two chunks finishing together, or a redelivered task) writes the same bytes again.
Standings and round results are one document each, rendered by one task.

Every step reads the job first and does nothing for a job already done or failed.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import time
from pathlib import Path

from django.conf import settings
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from club.models import ReportJob
from club.reports import documents, pdf
from club.reports.pdf import write_atomic

log = logging.getLogger(__name__)
Status = ReportJob.Status
#: Fewest tables worth a chunk of their own: below it the fixed cost of a render dominates.
MIN_CHUNK_TABLES = 12
#: Chunks a large round is split into for a worker pool.
POOL_CHUNKS = 4
#: Files kept per report (the newest); older versions are deleted when a new one is made.
KEEP_FILES = 3


def work_dir(job_id: int) -> Path:
    return Path(settings.MEDIA_ROOT) / "reports" / "work" / f"job-{job_id}"


def chunk_path(job_id: int, index: int) -> Path:
    return work_dir(job_id) / f"chunk-{index:03d}.pdf"


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
    ReportJob.objects.filter(pk=job_id, status=Status.QUEUED).update(status=Status.RUNNING)


def fail(job_id: int, message: str) -> None:
    """Record a failure the page shows (never a traceback: that goes to the log)."""
    ReportJob.objects.filter(pk=job_id).exclude(status=Status.DONE).update(
        status=Status.FAILED, error=message[:2000], finished=timezone.now())
    shutil.rmtree(work_dir(job_id), ignore_errors=True)


def progress(job_id: int, done: int) -> None:
    """Tables done so far: only ever goes up (chunks finish in any order, some twice)."""
    ReportJob.objects.filter(pk=job_id).update(done=Greatest(F("done"), done))


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


def _test_delay(job_id: int, index: int) -> None:
    """Fault tests: note who renders the chunk, then wait (TROEF_REPORT_CHUNK_DELAY s)."""
    delay = float(os.environ.get("TROEF_REPORT_CHUNK_DELAY", "0") or 0)
    if delay:
        write_atomic(work_dir(job_id) / f"chunk-{index:03d}.started", str(os.getpid()).encode())
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
    _test_delay(job_id, index)
    with override(language or settings.LANGUAGE_CODE):
        html = documents.sheets_html(job.round_id, chunks[index])
    pdf.render_to(html, chunk_path(job_id, index))
    present = [i for i in range(len(chunks)) if chunk_path(job_id, i).exists()]
    progress(job_id, sum(len(chunks[i]) for i in present))
    return len(present) == len(chunks)


def final_name(job: ReportJob) -> str:
    return f"reports/{job.kind}-{job.pk}-{job.fingerprint[:12]}.pdf"


def _finish(job: ReportJob) -> None:
    ReportJob.objects.filter(pk=job.pk).exclude(status=Status.FAILED).update(
        status=Status.DONE, file=final_name(job), done=F("total"), error="",
        finished=timezone.now())
    prune(job)


def prune(job: ReportJob) -> None:
    """Delete the files of older versions of the same report, keeping the newest few."""
    older = ReportJob.objects.filter(
        kind=job.kind, championship_id=job.championship_id, round_id=job.round_id,
        status=Status.DONE).exclude(file="").order_by("-created", "-pk")[KEEP_FILES:]
    for old in older:
        (Path(settings.MEDIA_ROOT) / old.file.name).unlink(missing_ok=True)
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
    pdf.merge(paths, Path(settings.MEDIA_ROOT) / final_name(job))
    _finish(job)
    shutil.rmtree(work_dir(job_id), ignore_errors=True)
    return True


def render_single(job_id: int, language: str | None = None) -> None:
    """Standings or round results: one document, one step of progress."""
    job = load(job_id)
    if not active(job):
        return
    mark_running(job_id)
    ReportJob.objects.filter(pk=job_id).update(total=1)
    with override(language or settings.LANGUAGE_CODE):
        html = documents.single_html(job)
    pdf.render_to(html, Path(settings.MEDIA_ROOT) / final_name(job))
    _finish(job)


def failure_message(error: Exception) -> str:
    """What a failed job tells the organiser."""
    return _("The PDF could not be made (%(error)s). Try again; if it fails again, tell "
             "the site's administrator.") % {"error": error.__class__.__name__}
