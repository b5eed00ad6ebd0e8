"""Report kinds come from one registry, and PDFs are written and read through Django's
storage API (so an object store works by configuration)."""

from __future__ import annotations

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse

from club.models import ReportJob
from club.reports.registry import REPORTS, report_kind
from club.services.reports import request_report
from tests.helpers.reports import ask, in_process, setup  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
Kind = ReportJob.Kind


def test_every_kind_of_the_model_is_in_the_registry_and_nothing_else():
    assert set(REPORTS) == set(Kind.values)
    with pytest.raises(KeyError):
        report_kind("bogus")


def test_an_unknown_kind_is_a_404_and_never_another_report(client, setup):  # noqa: F811
    organiser, champ, rnd = setup
    client.force_login(organiser)
    for kind, pk in (("bogus", champ.pk), ("Standings", champ.pk), ("sheets ", rnd.pk)):
        assert ask(client, kind, pk).status_code == 404
    assert not ReportJob.objects.exists()
    with pytest.raises(ValueError):
        request_report("bogus", champ, None, organiser)
    with pytest.raises(ValueError):  # a per-round kind without its round
        request_report(Kind.SHEETS, champ, None, organiser)


def test_pdfs_are_stored_and_served_through_the_storage_api(client, setup, settings):  # noqa: F811
    """With an in-memory storage nothing of the PDF touches MEDIA_ROOT, and the download
    still works: every write and read goes through the storage API."""
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.InMemoryStorage"}}
    organiser, champ, rnd = setup
    client.force_login(organiser)
    for kind, pk in ((Kind.STANDINGS, champ.pk), (Kind.RESULTS, rnd.pk), (Kind.SHEETS, rnd.pk)):
        assert ask(client, kind, pk).status_code == 302
        job = ReportJob.objects.get(kind=kind)
        assert job.status == ReportJob.Status.DONE
        assert default_storage.exists(job.file.name)
        download = client.get(reverse("report-file", args=[job.pk]))
        assert download.status_code == 200
        assert b"".join(download.streaming_content).startswith(b"%PDF")
    media = settings.MEDIA_ROOT
    from pathlib import Path

    assert not list(Path(media).glob("reports/*.pdf"))
