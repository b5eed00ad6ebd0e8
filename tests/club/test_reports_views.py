"""Report pages: who may ask for what, the job page, its JSON, the download, the charts."""

from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse
from kombu.exceptions import OperationalError

from club.models import ReportJob
from club.tasks import render_report
from tests.factories import make_user
from tests.helpers.reports import ask, in_process, play, setup  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
Kind, Status = ReportJob.Kind, ReportJob.Status


def test_organiser_pages_show_charts_and_results(client, setup):  # noqa: F811
    organiser, champ, rnd = setup
    client.force_login(organiser)
    page = client.get(reverse("reports-championship", args=[champ.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "<svg" in body and "Rank of the leaders" in body and "Score sheets" in body
    page = client.get(reverse("reports-round", args=[rnd.pk]))
    body = page.content.decode()
    assert page.status_code == 200 and "<svg" in body and "Table 1: game points" in body
    assert "120–0" in body and "A wins" in body
    for bad in ("abc", "99", "-1"):
        assert client.get(reverse("reports-round", args=[rnd.pk]), {"table": bad}).status_code == 200


def test_asking_for_sheets_redirects_to_the_job_with_a_download(client, setup):  # noqa: F811
    organiser, _champ, rnd = setup
    client.force_login(organiser)
    response = ask(client, "sheets", rnd.pk)
    job = ReportJob.objects.get(kind=Kind.SHEETS)
    assert response.status_code == 302 and response.url == reverse("report-job", args=[job.pk])
    page = client.get(response.url)
    assert page.status_code == 200 and "Download the PDF" in page.content.decode()
    state = client.get(reverse("report-status", args=[job.pk])).json()
    assert state["status"] == "done" and state["done"] == state["total"] == 2
    download = client.get(reverse("report-file", args=[job.pk]))
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    assert "round-1-score-sheets.pdf" in download["Content-Disposition"]
    ask(client, "sheets", rnd.pk)
    assert ReportJob.objects.filter(kind=Kind.SHEETS).count() == 1  # reused


def test_a_running_job_page_polls_and_shows_progress(client, setup):  # noqa: F811
    organiser, champ, rnd = setup
    job = ReportJob.objects.create(kind=Kind.SHEETS, championship=champ, round=rnd,
                                   fingerprint="x", status=Status.RUNNING, done=1, total=2)
    client.force_login(organiser)
    body = client.get(reverse("report-job", args=[job.pk])).content.decode()
    assert "<progress" in body and 'value="1"' in body and "1 of 2 tables done" in body
    # The polling script is a static file (no inline script under the CSP).
    assert reverse("report-status", args=[job.pk]) in body and "club/job.js" in body
    assert client.get(reverse("report-file", args=[job.pk])).status_code == 404
    assert client.get(reverse("report-status", args=[job.pk])).json()["percent"] == 50


def test_broker_down_answers_503_with_a_clear_message(client, setup):  # noqa: F811
    organiser, _champ, rnd = setup
    client.force_login(organiser)
    with mock.patch.object(render_report, "apply_async",
                           side_effect=OperationalError("Error 111 connecting to 127.0.0.1:1")):
        response = ask(client, "results", rnd.pk)
    assert response.status_code == 503
    assert "PDF service is unavailable" in response.content.decode()
    assert "Ask again" in response.content.decode()


def test_strangers_and_anonymous_users(client, setup):  # noqa: F811
    _organiser, champ, rnd = setup
    url = reverse("reports-championship", args=[champ.pk])
    assert client.get(url).status_code == 302  # login first
    assert ask(client, "sheets", rnd.pk).status_code == 302
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 403
    assert client.get(reverse("reports-round", args=[rnd.pk])).status_code == 403
    assert ask(client, "standings", champ.pk).status_code == 403
    assert ask(client, "results", rnd.pk).status_code == 403
    assert not ReportJob.objects.exists()
    job = ReportJob.objects.create(kind=Kind.SHEETS, championship=champ, round=rnd,
                                   fingerprint="x")
    assert client.get(reverse("report-job", args=[job.pk])).status_code == 403
    assert client.get(reverse("report-status", args=[job.pk])).status_code == 403
    assert client.get(reverse("report-file", args=[job.pk])).status_code == 403


def test_public_standings_for_anyone_but_not_the_sheets(client, setup):  # noqa: F811
    _organiser, champ, rnd = setup
    champ.public = True
    champ.save()
    page = client.get(reverse("reports-championship", args=[champ.pk]))
    assert page.status_code == 200 and "Score sheets" not in page.content.decode()
    response = ask(client, "standings", champ.pk)
    assert response.status_code == 302
    job = ReportJob.objects.get(kind=Kind.STANDINGS)
    assert client.get(reverse("report-file", args=[job.pk])).status_code == 200
    assert ask(client, "sheets", rnd.pk).status_code == 302  # to the login page
    assert not ReportJob.objects.filter(kind=Kind.SHEETS).exists()


def test_bad_requests(client, setup):  # noqa: F811
    organiser, _champ, rnd = setup
    client.force_login(organiser)
    assert client.get(reverse("report-request", args=["sheets", rnd.pk])).status_code == 405
    assert ask(client, "poster", rnd.pk).status_code == 404
    assert ask(client, "sheets", 999999).status_code == 404
    assert client.get(reverse("report-job", args=[999999])).status_code == 404
