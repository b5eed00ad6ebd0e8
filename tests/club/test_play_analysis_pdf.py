"""The round's results PDF with the play analysis (club/reports/play_analysis.py)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from club.models import Deal, ReportJob
from club.reports import play_analysis as report
from club.reports.registry import REPORTS
from tests.club.test_play_analysis import _entered
from tests.club.test_sheet_support import random_play, sheet_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_pdf_has_the_results_then_every_analysed_deal(org_client, organiser):
    table = sheet_table(organiser)
    deal = _entered(org_client, table, random_play(2)[0])
    Deal.objects.create(table=table, number=2, dealer=1, trump="c", points=30, points_other=30,
                        play={"tricks": [["Ac"]]})  # damaged: listed with its reason
    rnd = table.round
    job = ReportJob.objects.create(kind="analysis", championship=rnd.stage.championship,
                                   round=rnd, fingerprint="x", total=report.units(rnd))
    assert job.total == 3  # the results and two deals
    text = _text(report.render(job))
    assert text.index("Results") < text.index("Play analysis")
    assert f"Table {table.number}, deal {deal.number}" in text
    assert "cost" in text and "against perfect play" in text
    assert "incomplete or damaged" in text
    job.refresh_from_db()
    assert job.done == 3


def test_a_round_without_trick_by_trick_deals_says_so(organiser):
    table = sheet_table(organiser)
    rnd = table.round
    job = ReportJob.objects.create(kind="analysis", championship=rnd.stage.championship,
                                   round=rnd, fingerprint="x", total=report.units(rnd))
    assert "nothing to analyse" in _text(report.render(job))


def test_the_facts_move_with_a_correction_of_the_play(org_client, organiser):
    table = sheet_table(organiser)
    _entered(org_client, table, random_play(2)[0])
    before = report.facts(table.round_id)
    from tests.club.test_sheet_play import post_tricks

    post_tricks(org_client, table, random_play(3)[0], suffix="?deal=1")
    assert report.facts(table.round_id) != before


def test_without_the_model_choice_the_kind_is_not_offered(org_client, organiser):
    """Until ReportJob.Kind lists "analysis" (a migration), asking for it is a 404 and the
    round's page shows no button; with the choice both appear (club.reports.registry)."""
    table = sheet_table(organiser)
    rnd = table.round
    page = org_client.get(reverse("reports-round", args=[rnd.pk])).content.decode()
    asked = org_client.post(reverse("report-request", args=["analysis", rnd.pk]))
    if "analysis" in ReportJob.Kind.values:
        assert "analysis" in REPORTS and "play analysis" in page and asked.status_code == 302
    else:
        assert "analysis" not in REPORTS and "play analysis" not in page
        assert asked.status_code == 404
