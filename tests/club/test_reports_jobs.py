"""Report jobs in-process (the embedded default): chunks, merge, progress, reuse, faults."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError
from pypdf import PdfReader

from club.models import Deal, ReportJob
from club.reports import jobs
from club.services import reports as service
from club.tasks import merge_report, render_report, render_report_chunk
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.reports import in_process, play  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
Kind, Status = ReportJob.Kind, ReportJob.Status


@pytest.fixture
def rnd():
    champ = make_championship(make_club(), entries=6)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    return make_round(champ)


def pages(job: ReportJob) -> list[str]:
    job.refresh_from_db()
    reader = PdfReader(io.BytesIO(Path(job.file.path).read_bytes()))
    return [page.extract_text() for page in reader.pages]


def test_without_a_broker_the_request_renders_in_process(in_process, rnd):  # noqa: F811
    asked = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd)
    job = asked.job
    assert not asked.reused and not asked.unavailable
    assert job.status == Status.DONE and (job.done, job.total) == (3, 3)
    assert job.finished is not None and not job.error
    texts = pages(job)
    assert len(texts) == 3
    assert [t.split("Table\n")[1].split("\n")[0] for t in texts] == ["1", "2", "3"]
    assert not jobs.work_dir(job.pk).exists()  # chunk files cleaned up
    state = service.status(job)
    assert state["ready"] and state["percent"] == 100


def test_nothing_changed_reuses_the_file_a_new_deal_makes_a_new_one(in_process, rnd):  # noqa: F811
    champ = rnd.stage.championship
    first = service.request_report(Kind.SHEETS, champ, rnd).job
    again = service.request_report(Kind.SHEETS, champ, rnd)
    assert again.reused and again.job.pk == first.pk
    play(rnd.tables.get(number=2), [(38, "h")])
    changed = service.request_report(Kind.SHEETS, champ, rnd)
    assert not changed.reused and changed.job.pk != first.pk
    assert changed.job.fingerprint != first.fingerprint
    assert any("38" in text for text in pages(changed.job))
    # the standings and the results keep their own jobs
    standings = service.request_report(Kind.STANDINGS, champ)
    assert standings.job.status == Status.DONE and standings.job.total == 1
    assert "Standings" in pages(standings.job)[0]
    results = service.request_report(Kind.RESULTS, champ, rnd)
    assert "Results: Round 1" in pages(results.job)[0]


def test_a_missing_file_or_a_stale_job_is_not_reused(in_process, rnd):  # noqa: F811
    champ = rnd.stage.championship
    job = service.request_report(Kind.SHEETS, champ, rnd).job
    Path(job.file.path).unlink()
    assert service.status(job)["ready"] is False
    fresh = service.request_report(Kind.SHEETS, champ, rnd)
    assert not fresh.reused and Path(fresh.job.file.path).exists()
    # no sign of work for an hour: lost, started again
    ReportJob.objects.filter(pk=fresh.job.pk).update(
        status=Status.RUNNING, created=timezone.now() - timedelta(hours=1),
        heartbeat=timezone.now() - timedelta(hours=1))
    assert not service.request_report(Kind.SHEETS, champ, rnd).reused
    # asked an hour ago, but a worker is on it: still running, wait
    ReportJob.objects.filter(kind=Kind.SHEETS).update(
        status=Status.RUNNING, created=timezone.now() - timedelta(hours=1),
        heartbeat=timezone.now())
    assert service.request_report(Kind.SHEETS, champ, rnd).reused


def _job(rnd) -> ReportJob:
    return ReportJob.objects.create(kind=Kind.SHEETS, championship=rnd.stage.championship,
                                    round=rnd, fingerprint="f" * 64, total=0)


def test_chunks_report_progress_rerun_safely_and_merge_once_all_are_there(in_process, rnd,  # noqa: F811
                                                                        settings):
    settings.TROEF_REPORT_CHUNK_TABLES = 1
    job = _job(rnd)
    assert jobs.plan(job) == [[t] for t in rnd.tables.order_by("number").values_list("pk", flat=True)]
    assert render_report_chunk.run(job.pk, 0, merge=False) is False
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == (Status.RUNNING, 1, 3)
    assert service.status(job)["message"] == "Rendering: 1 of 3 tables done."
    assert merge_report.run(job.pk) is False  # chunks 1 and 2 still missing
    first = jobs.chunk_path(job.pk, 0).read_bytes()
    render_report_chunk.run(job.pk, 2, merge=False)
    render_report_chunk.run(job.pk, 0, merge=False)  # a redelivered chunk: rendered again
    job.refresh_from_db()
    assert job.done == 2 and len(jobs.chunk_path(job.pk, 0).read_bytes()) == len(first)
    assert render_report_chunk.run(job.pk, 1, merge=False) is True
    assert merge_report.run(job.pk) is True
    job.refresh_from_db()
    assert (job.status, job.done) == (Status.DONE, 3)
    assert len(pages(job)) == 3
    assert merge_report.run(job.pk) is False  # done: nothing more to do
    assert render_report_chunk.run(job.pk, 0) is False


def test_the_start_task_sends_every_chunk_then_the_merge(in_process, rnd, settings):  # noqa: F811
    settings.TROEF_REPORT_CHUNK_TABLES = 2
    job = _job(rnd)
    assert render_report.delay(job.pk).get() == "2 chunks sent"
    job.refresh_from_db()
    assert job.status == Status.DONE and len(pages(job)) == 3


def test_a_rendering_error_fails_the_job_with_a_message_not_an_exception(in_process, rnd):  # noqa: F811
    with mock.patch("club.reports.documents.sheets_html", side_effect=RuntimeError("boom")):
        asked = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd)
    assert asked.job.status == Status.FAILED
    assert "could not be made (RuntimeError)" in asked.job.error
    again = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd)
    assert not again.reused and again.job.status == Status.DONE  # a failed job is retried


def test_broker_down_marks_the_job_unavailable_and_deals_still_save(in_process, rnd):  # noqa: F811
    with mock.patch.object(render_report, "apply_async",
                           side_effect=OperationalError("Error 111 connecting")):
        asked = service.request_report(Kind.SHEETS, rnd.stage.championship, rnd,
                                       make_user("someone"))
    assert asked.unavailable
    assert asked.job.status == Status.UNSENT and not asked.job.error
    assert "PDF service is unavailable" in service.status(asked.job)["message"]
    play(rnd.tables.get(number=1), [(38, "h")])
    assert Deal.objects.filter(table__round=rnd).count() == 1


def test_older_versions_of_a_report_are_pruned(in_process, rnd):  # noqa: F811
    champ = rnd.stage.championship
    made = []
    for points in (38, 41, 45, 52, 19):
        Deal.objects.filter(table__round=rnd).delete()
        play(rnd.tables.get(number=1), [(points, "h")])
        made.append(service.request_report(Kind.SHEETS, champ, rnd).job)
    kept = [job.pk for job in ReportJob.objects.exclude(file="").order_by("pk")]
    assert kept == [job.pk for job in made[-jobs.KEEP_FILES:]]
    assert not Path(made[0].file.path).exists()
    assert service.status(ReportJob.objects.get(pk=made[0].pk))["ready"] is False
