"""The round's results PDF with the play analysis (club/reports/play_analysis.py)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from club.models import Deal, ReportJob
from club.reports import play_analysis as report
from club.reports.registry import REPORTS
from tests.factories import make_user
from tests.helpers.sheets import entered, random_play, sheet_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_pdf_has_the_results_then_every_analysed_deal(org_client, organiser):
    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(2)[0])
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
    entered(org_client, table, random_play(2)[0])
    before = report.facts(table.round_id)
    from tests.helpers.sheets import post_tricks

    post_tricks(org_client, table, random_play(3)[0], suffix="?deal=1")
    assert report.facts(table.round_id) != before


def test_the_rounds_page_offers_it_to_the_organisers_only(org_client, organiser):
    """The kind is listed (club.reports.registry) and the round's page has its button; the
    organiser's request queues one job of the kind; a visitor is refused like for the
    results."""
    table = sheet_table(organiser)
    rnd = table.round
    assert "analysis" in ReportJob.Kind.values and "analysis" in REPORTS
    assert not REPORTS["analysis"].chunked and not REPORTS["analysis"].public
    page = org_client.get(reverse("reports-round", args=[rnd.pk])).content.decode()
    ask = reverse("report-request", args=["analysis", rnd.pk])
    assert f'action="{ask}"' in page and "Results PDF with the play analysis" in page
    asked = org_client.post(ask)
    job = ReportJob.objects.get(kind="analysis", round=rnd)
    assert asked.status_code == 302 and asked["Location"] == reverse("report-job", args=[job.pk])
    client = Client()
    refused = client.post(ask)  # not logged in
    assert refused.status_code == 302 and "login" in refused["Location"]
    client.force_login(make_user("stranger"))
    assert client.post(ask).status_code == 403
    assert ReportJob.objects.filter(kind="analysis").count() == 1
