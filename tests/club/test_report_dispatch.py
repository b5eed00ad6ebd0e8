"""The broker down is an answer, not a hang (issue 13, point 4), without a running broker.

- every error a publish raises (kombu's OperationalError, the RuntimeError of the Redis
  result backend, redis errors, OSError) is a 503 naming the problem, the job kept "not
  sent" and nothing else written; the next request sends that same job;
- publishing for real to a closed port and to a server that never answers gives up within
  2 s (the settings' socket timeouts and the bounded retry);
- the job page says it waits for a worker when none has worked on the job lately;
- the workers' sweep sends again exactly what a dead worker left: a chunk whose marker
  stopped moving, a merge, a single document; never a chunk still in the queue.
The same against real Redis and real workers: tests/services/test_report_faults.py.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
import redis
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from club.celery import app
from club.models import Deal, ReportJob
from club.reports import jobs
from club.services import reports as service
from club.tasks import merge_report, render_report, render_report_chunk
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.reports import in_process, play, published  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
Kind, Status = ReportJob.Kind, ReportJob.Status
PUBLISH_ERRORS = [
    RuntimeError("Retry limit exceeded while trying to reconnect to the Celery result store"),
    OperationalError("Error 111 connecting to 127.0.0.1:1. Connection refused."),
    redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:1."),
    redis.exceptions.TimeoutError("Timeout reading from socket"),
    OSError(113, "No route to host"),
]


@pytest.fixture
def setup(in_process):  # noqa: F811
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=6)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    rnd = make_round(champ)  # 3 tables
    play(rnd.tables.get(number=1), [(60, "h")] * 2)
    return organiser, champ, rnd, in_process


def ask(client, kind, pk):
    return client.post(reverse("report-request", args=[kind, pk]))


def _deals():
    return list(Deal.objects.order_by("pk").values_list("pk", "table_id", "points"))


@pytest.mark.parametrize("error", PUBLISH_ERRORS, ids=lambda e: type(e).__name__)
def test_a_publish_that_raises_answers_503_keeps_the_job_unsent_and_writes_nothing_else(
        client, setup, error):
    organiser, _champ, rnd, media = setup
    deals = _deals()
    client.force_login(organiser)
    with mock.patch.object(render_report, "apply_async", side_effect=error) as publish:
        response = ask(client, "sheets", rnd.pk)
    assert publish.call_count == 1
    assert response.status_code == 503
    body = response.content.decode()
    assert "PDF service is unavailable" in body and "nothing can be printed" in body
    assert "Nothing is lost" in body and "Ask again" in body and "not sent" in body
    job = ReportJob.objects.get()
    assert (job.status, job.done, job.error, job.file.name, job.finished) == (
        Status.UNSENT, 0, "", "", None)
    assert [p for p in Path(media).rglob("*") if p.is_file()] == []
    assert _deals() == deals
    # its page says the same, and offers to ask again
    page = client.get(reverse("report-job", args=[job.pk]))
    assert page.status_code == 200 and "Nothing is lost" in page.content.decode()
    assert client.get(reverse("report-status", args=[job.pk])).json()["status"] == "unsent"


def test_the_next_request_sends_the_same_unsent_job_and_it_completes(client, setup):
    organiser, _champ, rnd, _media = setup
    client.force_login(organiser)
    with mock.patch.object(render_report, "apply_async", side_effect=OperationalError("down")):
        assert ask(client, "sheets", rnd.pk).status_code == 503
    job = ReportJob.objects.get()
    response = ask(client, "sheets", rnd.pk)  # the broker is back (here: in-process)
    assert response.status_code == 302 and response.url == reverse("report-job", args=[job.pk])
    job.refresh_from_db()
    assert job.status == Status.DONE and Path(job.file.path).exists()
    assert ReportJob.objects.count() == 1
    # and now it is simply reused
    assert service.request_report(Kind.SHEETS, rnd.stage.championship, rnd).reused


def test_an_unsent_job_whose_document_changed_is_not_sent_a_new_one_is(setup):
    _organiser, champ, rnd, _media = setup
    with mock.patch.object(render_report, "apply_async", side_effect=OSError("down")):
        unsent = service.request_report(Kind.SHEETS, champ, rnd).job
    play(rnd.tables.get(number=2), [(38, "d")])
    fresh = service.request_report(Kind.SHEETS, champ, rnd)
    assert fresh.job.pk != unsent.pk and fresh.job.status == Status.DONE
    unsent.refresh_from_db()
    assert unsent.status == Status.UNSENT


def test_a_failed_publish_after_a_worker_took_the_job_is_not_unsent(setup):
    """A publish can raise after the message went through: the job is the worker's."""
    _organiser, champ, rnd, _media = setup

    def through_then_raise(*args, **kwargs):
        ReportJob.objects.update(status=Status.RUNNING)
        raise OperationalError("connection reset after the publish")

    with mock.patch.object(render_report, "apply_async", side_effect=through_then_raise):
        asked = service.request_report(Kind.RESULTS, champ, rnd)
    assert not asked.unavailable and asked.job.status == Status.RUNNING


# --- publishing for real: the bounds -------------------------------------------------------

@contextmanager
def real_broker(url: str):
    """This process's Celery app publishing to ``url`` for real (not in-process)."""
    def reset() -> None:
        app._pool = None
        app.amqp._producer_pool = None

    eager, write_url = app.conf.task_always_eager, app.conf.broker_write_url
    reset()
    app.conf.task_always_eager = False
    app.conf.broker_write_url = url
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.broker_write_url = eager, write_url
        reset()


@pytest.fixture
def silent_port():
    """A server that accepts connections (the kernel does) and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    yield server.getsockname()[1]
    server.close()


@pytest.mark.parametrize("where", ["closed port", "silent server"])
def test_a_broker_down_or_silent_answers_without_hanging(client, setup, silent_port, where):
    """The publish gives up after about a second (PUBLISH_RETRY, the broker's socket
    timeouts); the bound here only tells that from a hang (a silent server holds a default
    socket for minutes), with room for a loaded CI machine (2.66 s seen at load 15)."""
    organiser, _champ, rnd, _media = setup
    client.force_login(organiser)
    port = 1 if where == "closed port" else silent_port
    with real_broker(f"redis://127.0.0.1:{port}/0"):
        for _attempt in range(2):  # the second one too (no connection left half-open)
            started = time.monotonic()
            response = ask(client, "standings", rnd.stage.championship.pk)
            elapsed = time.monotonic() - started
            assert response.status_code == 503, response.content[:300]
            assert elapsed < 15, f"{where}: answered in {elapsed:.2f} s: it hangs"
    assert "PDF service is unavailable" in response.content.decode()
    assert ReportJob.objects.get().status == Status.UNSENT  # the second request: same job


# --- waiting for a worker ------------------------------------------------------------------

def test_the_job_page_says_it_waits_for_a_worker_when_none_worked_on_it_lately(client, setup):
    organiser, champ, rnd, _media = setup
    client.force_login(organiser)
    now = timezone.now()
    job = ReportJob.objects.create(kind=Kind.SHEETS, championship=champ, round=rnd,
                                   fingerprint="x", status=Status.RUNNING, done=16, total=40,
                                   heartbeat=now)
    url, status_url = reverse("report-job", args=[job.pk]), reverse("report-status", args=[job.pk])
    body = client.get(url).content.decode()
    assert "Rendering: 16 of 40 tables done." in body and "Waiting for a worker" not in body
    assert client.get(status_url).json()["waiting"] is False
    ReportJob.objects.filter(pk=job.pk).update(heartbeat=now - timedelta(seconds=40))
    body = client.get(url).content.decode()
    assert "Rendering:" not in body
    assert "16 of 40 tables done. Waiting for a worker: none has worked on this PDF for 40" in body
    state = client.get(status_url).json()
    assert state["waiting"] is True and "Waiting for a worker" in state["message"]
    # queued, never touched by a worker since it was sent a minute ago
    ReportJob.objects.filter(pk=job.pk).update(status=Status.QUEUED, done=0,
                                               heartbeat=now - timedelta(minutes=1))
    assert "Waiting for a worker" in client.get(url).content.decode()
    ReportJob.objects.filter(pk=job.pk).update(heartbeat=now)
    assert "Queued: waiting for a free worker." in client.get(url).content.decode()


# --- the workers' sweep --------------------------------------------------------------------

@pytest.fixture
def sent():
    """What the sweep publishes (the broker takes everything)."""
    with published() as calls:
        yield calls


def _marker(job_id: int, index: int, age: float) -> None:
    jobs.marker_path(job_id, index).write_text(json.dumps(
        {"pid": 1, "host": "gone", "beat": time.time() - age}))


def _sheets_job(rnd, settings, **fields) -> ReportJob:
    settings.TROEF_REPORT_CHUNK_TABLES = 1
    job = ReportJob.objects.create(kind=Kind.SHEETS, championship=rnd.stage.championship,
                                   round=rnd, fingerprint="f" * 64, status=Status.RUNNING,
                                   heartbeat=timezone.now(), **fields)
    assert len(jobs.plan(job)) == 3
    jobs.remember_dispatch(job.pk, "reports-q", "nl")
    return job


def test_the_sweep_sends_again_only_a_chunk_whose_worker_stopped(setup, settings, sent):
    _organiser, _champ, rnd, _media = setup
    job = _sheets_job(rnd, settings)
    _marker(job.pk, 0, age=60)  # its worker died a minute ago
    _marker(job.pk, 1, age=1)  # being rendered
    # chunk 2: not started, still in the queue
    assert service.resume_stalled() == 1
    assert sent == [("club.tasks.render_report_chunk", (job.pk, 0),
                     {"queue": "reports-q", "language": "nl"}, "reports-q")]
    assert service.resume_stalled() == 0  # claimed: sent once
    # a chunk on disk is never sent again, whatever its marker says
    jobs.chunk_path(job.pk, 1).write_bytes(b"%PDF")
    _marker(job.pk, 1, age=60)
    assert service.resume_stalled() == 0 and len(sent) == 1


def test_a_chunk_the_broker_did_not_take_is_left_for_the_next_sweep(setup, settings):
    _organiser, _champ, rnd, _media = setup
    job = _sheets_job(rnd, settings)
    _marker(job.pk, 2, age=60)
    with mock.patch.object(render_report_chunk, "apply_async", side_effect=OperationalError("x")):
        assert service.resume_stalled() == 0
    assert jobs.lost_chunks(job) == [2]
    with mock.patch.object(render_report_chunk, "apply_async") as publish:
        assert service.resume_stalled() == 1
    assert publish.call_args.args[0] == (job.pk, 2)


def test_the_sweep_merges_again_when_every_chunk_is_there_and_nobody_merges(setup, settings,
                                                                            sent):
    _organiser, _champ, rnd, _media = setup
    job = _sheets_job(rnd, settings)
    for index in range(3):
        jobs.chunk_path(job.pk, index).write_bytes(b"%PDF")
    assert service.resume_stalled() == 0  # a worker touched it just now: merging
    ReportJob.objects.filter(pk=job.pk).update(heartbeat=timezone.now() - timedelta(minutes=1))
    assert service.resume_stalled() == 1
    assert sent == [("club.tasks.merge_report", (job.pk,), {}, "reports-q")]
    assert service.resume_stalled() == 0  # its heartbeat moved: sent once


def test_the_sweep_starts_again_a_single_document_whose_worker_stopped(setup, sent):
    _organiser, champ, _rnd, _media = setup
    stale = timezone.now() - timedelta(minutes=1)
    job = ReportJob.objects.create(kind=Kind.STANDINGS, championship=champ, fingerprint="s",
                                   status=Status.RUNNING, heartbeat=timezone.now())
    jobs.remember_dispatch(job.pk, None, "fr")
    assert service.resume_stalled() == 0
    for status in (Status.QUEUED, Status.DONE, Status.FAILED, Status.UNSENT):
        ReportJob.objects.filter(pk=job.pk).update(status=status, heartbeat=stale)
        assert service.resume_stalled() == 0, status
    ReportJob.objects.filter(pk=job.pk).update(status=Status.RUNNING)
    assert service.resume_stalled() == 1
    assert sent == [(render_report.name, (job.pk,), {"queue": None, "language": "fr"}, None)]
    # a job older than a day is left to a new request
    ReportJob.objects.filter(pk=job.pk).update(heartbeat=stale,
                                               created=timezone.now() - timedelta(days=2))
    assert service.resume_stalled() == 0
    assert merge_report.name not in [call[0] for call in sent]


def test_a_chunk_being_rendered_keeps_its_marker_and_the_job_moving(setup, settings,
                                                                     monkeypatch):
    """With a worker pool, a thread gives signs of work while a chunk renders."""
    _organiser, _champ, rnd, _media = setup
    job = _sheets_job(rnd, settings)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(jobs, "HEARTBEAT_EVERY", 0.05)
    touched = []
    monkeypatch.setattr(jobs, "touch", touched.append)
    threads_before = set(threading.enumerate())
    with jobs.beating(job.pk, 1):
        first = json.loads(jobs.marker_path(job.pk, 1).read_text())["beat"]
        deadline = time.monotonic() + 30
        while len(touched) < 4 and time.monotonic() < deadline:  # the thread's beats
            time.sleep(0.01)
        last = json.loads(jobs.marker_path(job.pk, 1).read_text())["beat"]
        beaters = set(threading.enumerate()) - threads_before
    assert len(touched) >= 4 and last > first
    assert [t.name for t in beaters] == [f"report-{job.pk}-heartbeat"]
    for thread in beaters:  # the step is over: its thread stops (it is told at once)
        thread.join(timeout=30)
        assert not thread.is_alive()


def test_the_sweep_leaves_jobs_whose_work_folder_it_does_not_see(setup, settings, sent):
    """Another media folder (or a job not started): nothing to resume from here."""
    _organiser, champ, rnd, _media = setup
    stale = timezone.now() - timedelta(minutes=1)
    ReportJob.objects.create(kind=Kind.STANDINGS, championship=champ, fingerprint="s",
                             status=Status.RUNNING, heartbeat=stale)
    sheets = ReportJob.objects.create(kind=Kind.SHEETS, championship=champ, round=rnd,
                                      fingerprint="t", status=Status.RUNNING, heartbeat=stale)
    jobs.remember_dispatch(sheets.pk, None, "nl")  # but no plan
    assert service.resume_stalled() == 0 and sent == []
