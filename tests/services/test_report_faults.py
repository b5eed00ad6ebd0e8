"""The services pass: report jobs against real Redis and real Celery workers.

- the worker started by .ci/run renders a PDF asked for over HTTP;
- a pool process killed (SIGKILL) in the middle of a chunk: the chunk goes back to the
  queue (acks late, reject on worker lost) and the job completes;
- a whole worker killed (SIGKILL, pool included) mid-chunk: while no worker runs the job
  page says it waits for a worker; a worker started again completes the job within 60 s
  (its sweep sends the dead chunk again; the broker's visibility timeout stays 300 s);
- the broker unreachable: deal entry still answers 200, the PDF request answers 503 within
  2 s with a clear message and keeps the job "not sent"; with the broker back, the next
  request sends that job and it completes.

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
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.reports import play

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
ROOT = Path(__file__).resolve().parents[2]
Kind, Status = ReportJob.Kind, ReportJob.Status
# A worker whose broker transport options the test may choose (else the settings').
WORKER = """
import json, sys
from club.celery import app
if sys.argv[1] != "null":
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
        cmd = [sys.executable, "-c", WORKER, json.dumps(transport),
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


def _pid(marker: Path) -> int | None:
    """The process rendering the chunk, from its marker (None while it is rewritten)."""
    try:
        return json.loads(marker.read_text())["pid"]
    except (OSError, ValueError):
        return None


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
        pid = wait_for(lambda: _pid(started), 10, "the marker")
        assert pid != worker.process.pid
        assert not jobs.chunk_path(job.pk, 0).exists()
        os.kill(pid, signal.SIGKILL)  # the pool process rendering chunk 0
        wait_for(lambda: _started(job.pk, media) and _pid(started) not in (None, pid), 90,
                 "chunk 0 to run again in a new pool process", log)
        assert job_state(job.pk).status == Status.RUNNING
        _check_complete(job.pk, media, log)
    finally:
        worker.stop()


def _kill_mid_chunk(fault_setup) -> ReportJob:
    """A worker renders chunk 0 of a sheets job and is killed, pool included, mid-way."""
    queue, media, rnd, log = fault_setup
    first = Worker(queue, media, log, delay=6)
    try:
        job = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd).job
        wait_for(lambda: _started(job.pk, media), 90, "chunk 0 to start", log)
        first.kill()  # the whole worker, pool included, in the middle of chunk 0
    finally:
        first.stop()
    assert not jobs.chunk_path(job.pk, 0).exists()
    state = job_state(job.pk)
    assert state.status == Status.RUNNING and state.done == 0
    return state


def _restart_completes_within_60_s(job: ReportJob, fault_setup) -> float:
    queue, media, _rnd, log = fault_setup
    restarted = time.monotonic()
    second = Worker(queue, media, log, delay=1)  # the settings' visibility timeout: 300 s
    try:
        _check_complete(job.pk, media, log)
    finally:
        second.stop()
    took = time.monotonic() - restarted
    assert took < 60, f"the job completed {took:.1f} s after the restart"
    return took


def test_worker_killed_and_restarted_at_once_the_job_completes_within_60_s(fault_setup):
    job = _kill_mid_chunk(fault_setup)
    took = _restart_completes_within_60_s(job, fault_setup)
    print(f"killed worker, restarted at once: job done {took:.1f} s after the restart")


def test_while_no_worker_runs_the_page_says_waiting_then_a_restart_completes(fault_setup,
                                                                             client):
    job = _kill_mid_chunk(fault_setup)
    organiser = make_user("organiser")
    make_club(organiser=organiser)  # the fault setup's club
    client.force_login(organiser)
    page = reverse("report-job", args=[job.pk])
    status = reverse("report-status", args=[job.pk])
    assert "Waiting for a worker" not in client.get(page).content.decode()  # just killed
    waited = wait_for(lambda: client.get(status).json()["waiting"] and time.monotonic(), 40,
                      "the page to say it waits for a worker")
    body = client.get(page).content.decode()
    assert "Waiting for a worker: none has worked on this PDF for" in body
    assert "0 of 4 tables done." in body and "Rendering:" not in body
    assert waited
    took = _restart_completes_within_60_s(job, fault_setup)
    print(f"killed worker, restarted after the page said waiting: done {took:.1f} s later")


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
        entered = client.post(reverse("table-sheet", args=[table.pk]), {
            "version": 0, "dealer": 0, "trump": "h", "doubling": 1, "points": 38,
            "points_other": 22}, HTTP_ACCEPT="application/json")
        assert entered.status_code == 200 and entered.json()["ok"] is True
        times = []
        for _attempt in range(3):
            started = time.monotonic()
            asked = client.post(reverse("report-request", args=["sheets", rnd.pk]))
            times.append(time.monotonic() - started)
            assert asked.status_code == 503
    print("PDF request with the broker down answered in", ", ".join(f"{t:.3f} s" for t in times))
    assert max(times) < 2, times
    assert Deal.objects.filter(table=table).count() == 1
    body = asked.content.decode()
    assert "PDF service is unavailable" in body and "deals can still be entered" in body
    assert "Nothing is lost" in body and "Ask again" in body
    job = ReportJob.objects.get(kind=Kind.SHEETS)  # one job, kept for three requests
    assert job.status == Status.UNSENT and job.done == 0 and not job.file
    # the broker back: the next request sends that same job, and the CI worker makes it
    again = client.post(reverse("report-request", args=["sheets", rnd.pk]))
    assert again.status_code == 302 and again.url == reverse("report-job", args=[job.pk])
    done = wait_for(lambda: job_state(job.pk).status in (Status.DONE, Status.FAILED)
                    and job_state(job.pk), 90, "the CI worker to render the sheets")
    assert done.status == Status.DONE, done.error
    assert ReportJob.objects.count() == 1
