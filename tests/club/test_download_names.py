"""Issue 28 point 12: the names of downloads are in the reader's language and plain ASCII, as
the CSV/XLSX exports' are (club.exports.export_filename): the auction standings and tables,
the PDF reports, the duplicate PDFs and a player's data (privacy)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import pgettext

from club.models import ReportJob
from club.services.reports import download_name
from tests.factories import make_championship, make_club, make_players, make_round
from tests.helpers.auction import played_round

pytestmark = pytest.mark.django_db

ASCII_NAME = re.compile(r"^[a-z0-9-]+\.[a-z]+$")


def _name(response) -> str:
    return re.search(r'filename="([^"]+)"', response["Content-Disposition"]).group(1)


@pytest.mark.parametrize(("language", "word", "tables"), [
    ("en", "standings", "tables"), ("nl", "klassement", "tafels"),
    ("fr", "classement", "tables")])
def test_auction_exports(client, language, word, tables):
    champ = played_round().stage.championship
    champ.public = True
    champ.save()
    url = f"/championships/{champ.pk}/standings/"
    standings = client.get(url, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE=language)
    assert _name(standings) == f"{word}-{champ.pk}.csv"
    by_table = client.get(url, {"_export": "xlsx", "what": "tables"},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert _name(by_table) == f"{tables}-{champ.pk}.xlsx"


@pytest.mark.parametrize(("language", "sheets", "results", "standings"), [
    ("en", "round-2-score-sheets", "round-2-results", "standings"),
    ("nl", "ronde-2-scorebladen", "ronde-2-uitslagen", "klassement"),
    ("fr", "tour-2-feuilles-de-marque", "tour-2-resultats", "classement")])
def test_pdf_reports(organiser, language, sheets, results, standings):
    club = make_club("club-x", organiser=organiser)
    champ = make_championship(club, entries=4)
    rnd = make_round(champ, number=2)
    job = {kind: ReportJob(kind=kind, championship=champ, round=rnd)
           for kind in ReportJob.Kind.values}
    with translation.override(language):
        assert download_name(job["sheets"]) == f"club-x-{sheets}.pdf"
        assert download_name(job["results"]) == f"club-x-{results}.pdf"
        assert download_name(job["standings"]) == f"club-x-{champ.pk}-{standings}.pdf"
        for each in job.values():
            assert ASCII_NAME.match(download_name(each)), download_name(each)


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_a_players_data(org_client, organiser, language):
    club = make_club("club-y", organiser=organiser)
    player = make_players(club, 1)[0]
    response = org_client.post(reverse("player-export", args=[player.pk]),
                               HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    name = _name(response)
    assert ASCII_NAME.match(name) and name.endswith(f"-{player.pk}.json")
    with translation.override(language):
        assert name == f"{slugify(pgettext('file name', 'player data'))}-{player.pk}.json"
