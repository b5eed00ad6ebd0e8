"""The services pass: report jobs against real Redis and real Celery workers.

- the worker started by .ci/run renders a PDF asked for over HTTP;
- a pool process killed (SIGKILL) in the middle of a chunk: the chunk goes back to the
  queue (acks late, reject on worker lost) and the job completes;
- a whole worker killed (SIGKILL) mid-chunk: another worker started afterwards takes the
  unacknowledged chunk back and the job completes;
- the broker unreachable: deal entry still answers 200, the PDF request answers 503 with
  a clear message.

The fault tests start their OWN worker processes on a dedicated queue and the test
database, with a delay in each chunk (TROEF_REPORT_CHUNK_DELAY) to kill them mid-way.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from pypdf import PdfReader

from club.celery import app
from club.models import Deal, ReportJob
from club.reports import jobs
from club.services import reports as service
from tests.club.test_reports import play
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
ROOT = Path(__file__).resolve().parents[2]
Kind, Status = ReportJob.Kind, ReportJob.Status
# A worker whose broker transport options the test chooses (visibility timeout).
WORKER = """
import json, sys
from club.celery import app
app.conf.broker_transport_options = json.loads(sys.argv[1])
app.worker_main(sys.argv[2:])
"""


def worker_database_url() -> str:
    """The test database (pytest-django's test_<name>) for the workers started here."""
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{settings.DATABASES['default']['NAME']}"


class Worker:
    """A Celery worker process of this test: its own session, killed as a group."""

    def __init__(self, queue: str, media: Path, log: Path, *, delay: float,
                 transport: dict | None = None) -> None:
        env = {**os.environ, "DATABASE_URL": worker_database_url(),
               "TROEF_MEDIA_ROOT": str(media), "TROEF_REPORT_CHUNK_DELAY": str(delay),
               "TROEF_REPORT_CHUNK_TABLES": "2", "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, "-c", WORKER, json.dumps(transport or {"visibility_timeout": 300}),
               "worker", "-Q", queue, "--concurrency", "1", "--pool", "prefork",
               "--hostname", f"faults-{uuid.uuid4().hex[:6]}@%h", "--loglevel", "WARNING",
               "--without-gossip", "--without-mingle", "--without-heartbeat"]
        self.log = log.open("ab")
        self.process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes at once."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def wait_for(check, timeout: float, what: str, log: Path | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n{tail}")


def job_state(job_id: int) -> ReportJob:
    return ReportJob.objects.get(pk=job_id)


def pdf_text(job: ReportJob, media: Path) -> list[str]:
    reader = PdfReader(io.BytesIO((media / job.file.name).read_bytes()))
    return [page.extract_text() for page in reader.pages]


@pytest.fixture
def fault_setup(settings, tmp_path):
    queue = f"troef-faults-{uuid.uuid4().hex[:8]}"
    media = tmp_path / "media"
    settings.MEDIA_ROOT = str(media)
    settings.TROEF_REPORTS_QUEUE = queue
    champ = make_championship(make_club(), entries=8)
    rnd = make_round(champ)  # 4 tables: 2 chunks of 2
    play(rnd.tables.get(number=3), [(38, "d")])
    return queue, media, rnd, tmp_path / "worker.log"


def _started(job_id: int, media: Path) -> Path | None:
    path = media / "reports" / "work" / f"job-{job_id}" / "chunk-000.started"
    return path if path.exists() else None


def _check_complete(job_id: int, media: Path, log: Path) -> None:
    job = wait_for(lambda: job_state(job_id).status in (Status.DONE, Status.FAILED)
                   and job_state(job_id), 120, "the job to finish", log)
    assert job.status == Status.DONE, job.error
    assert (job.done, job.total) == (4, 4)
    texts = pdf_text(job, media)
    assert [t.split("Table\n")[1].split("\n")[0] for t in texts] == ["1", "2", "3", "4"]
    assert "38" in texts[2]


def test_pool_process_killed_mid_chunk_the_chunk_is_retried(fault_setup):
    queue, media, rnd, log = fault_setup
    worker = Worker(queue, media, log, delay=3)
    try:
        job = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd).job
        assert job.status == Status.QUEUED
        started = wait_for(lambda: _started(job.pk, media), 90, "chunk 0 to start", log)
        pid = int(started.read_text())
        assert pid != worker.process.pid
        assert not jobs.chunk_path(job.pk, 0).exists()
        os.kill(pid, signal.SIGKILL)  # the pool process rendering chunk 0
        wait_for(lambda: _started(job.pk, media) and int(started.read_text()) != pid, 90,
                 "chunk 0 to run again in a new pool process", log)
        assert job_state(job.pk).status == Status.RUNNING
        _check_complete(job.pk, media, log)
    finally:
        worker.stop()


def test_worker_killed_mid_chunk_another_worker_completes_the_job(fault_setup):
    queue, media, rnd, log = fault_setup
    first = Worker(queue, media, log, delay=4)
    try:
        job = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd).job
        wait_for(lambda: _started(job.pk, media), 90, "chunk 0 to start", log)
        first.kill()  # the whole worker, pool included, in the middle of chunk 0
        assert not jobs.chunk_path(job.pk, 0).exists()
        state = job_state(job.pk)
        assert state.status == Status.RUNNING and state.done == 0
    finally:
        first.stop()
    time.sleep(2.5)  # older than the next worker's visibility timeout: it takes it back
    second = Worker(queue, media, log, delay=0, transport={
        "visibility_timeout": 2, "unacked_restore_interval": 1, "unacked_restore_throttle": 1})
    try:
        _check_complete(job.pk, media, log)
    finally:
        second.stop()


def test_the_ci_worker_renders_a_pdf_asked_for_over_http(client):
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=4)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    play(make_round(champ).tables.get(number=1), [(60, "h")] * 4)
    client.force_login(organiser)
    response = client.post(reverse("report-request", args=["standings", champ.pk]))
    assert response.status_code == 302
    job = ReportJob.objects.get(kind=Kind.STANDINGS)
    done = wait_for(lambda: job_state(job.pk).status in (Status.DONE, Status.FAILED)
                    and job_state(job.pk), 90, "the CI worker to render the standings")
    assert done.status == Status.DONE, done.error
    download = client.get(reverse("report-file", args=[job.pk]))
    assert download.status_code == 200
    text = PdfReader(io.BytesIO(b"".join(download.streaming_content))).pages[0].extract_text()
    assert "Standings: Test championship" in text and "Pair 1" in text


@contextmanager
def broker_at(url: str):
    """Point this process's Celery app at another broker (the shared Redis keeps running)."""
    def reset() -> None:
        app._pool = None
        app.amqp._producer_pool = None

    old = app.conf.broker_write_url  # what publishing uses (set from broker_url)
    reset()
    app.conf.broker_write_url = url
    try:
        yield
    finally:
        app.conf.broker_write_url = old
        reset()


def test_broker_unreachable_deal_entry_answers_200_the_pdf_request_503(client):
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=4)
    rnd = make_round(champ)
    table = rnd.tables.get(number=1)
    client.force_login(organiser)
    with broker_at("redis://127.0.0.1:1/15"):
        started = time.monotonic()
        entered = client.post(reverse("table-sheet", args=[table.pk]), {
            "version": 0, "dealer": 0, "trump": "h", "doubling": 1, "points": 38,
            "points_other": 22}, HTTP_ACCEPT="application/json")
        assert entered.status_code == 200 and entered.json()["ok"] is True
        asked = client.post(reverse("report-request", args=["sheets", rnd.pk]))
        assert time.monotonic() - started < 30
    assert Deal.objects.filter(table=table).count() == 1
    assert asked.status_code == 503
    body = asked.content.decode()
    assert "PDF service is unavailable" in body and "deals can still be entered" in body
    job = ReportJob.objects.get(kind=Kind.SHEETS)
    assert job.status == Status.FAILED and "unavailable" in job.error
    # the broker back: asking again queues a new job (the failed one is not reused)
    again = service.request_report(Kind.SHEETS, champ, rnd)
    assert not again.unavailable and again.job.pk != job.pk
    wait_for(lambda: job_state(again.job.pk).status == Status.DONE, 90,
             "the CI worker to render the sheets")
