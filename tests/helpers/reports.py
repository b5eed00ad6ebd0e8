"""The report tests' world: deals recorded at a table with its results, a PDF read back as
text, report jobs rendered in this process (the ``in_process`` fixture), and an organiser's
played round with the request for a report (``setup``, ``ask``)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from django.urls import reverse
from pypdf import PdfReader

from club.celery import app
from club.models import Deal, Table
from club.reports import pdf
from club.services import reports as service
from club.services.results import rebuild_table_results
from tests.factories import make_championship, make_club, make_round, make_user


def pdf_pages(html: str) -> list[str]:
    reader = PdfReader(io.BytesIO(pdf.html_to_pdf(html)))
    return [page.extract_text() for page in reader.pages]


def play(table: Table, deals: list[tuple[int, str]], **facts) -> None:
    """Record deals (card points of side A, trump) in playing order, then the results."""
    seats = table.seats.count()
    Deal.objects.bulk_create(
        Deal(table=table, number=n, dealer=(table.first_dealer + n - 1) % seats, trump=trump,
             points=a, points_other=60 - a, **facts) for n, (a, trump) in enumerate(deals, 1))
    rebuild_table_results(Table.objects.select_related("round__stage__championship").get(pk=table.pk))


@pytest.fixture
def in_process(settings, tmp_path):
    """Tasks run in this process (as without a broker), files in a temporary folder."""
    before = app.conf.task_always_eager  # loads the app's settings before they change here
    app.conf.task_always_eager = True
    settings.MEDIA_ROOT = str(tmp_path)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.TROEF_REPORT_CHUNK_TABLES = None
    yield tmp_path
    app.conf.task_always_eager = before


@pytest.fixture
def setup(in_process):
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=4)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    rnd = make_round(champ)
    play(rnd.tables.get(number=1), [(60, "h")] * 4)
    return organiser, champ, rnd


def ask(client, kind, pk):
    return client.post(reverse("report-request", args=[kind, pk]))


@contextmanager
def published() -> Iterator[list]:
    """``club.services.reports.publish`` taking every task (the broker up, no worker): the
    calls, as (task name, args, kwargs, queue)."""
    calls = []

    def publish(task, args, kwargs=None, queue=None):
        calls.append((getattr(task, "name", task), args, kwargs, queue))
        return True

    with mock.patch.object(service, "publish", side_effect=publish):
        yield calls
