"""Exports of an auction championship (club.auction_exports): the standings as ranked and
every player's result at every table, CSV that a Belgian Excel opens right (byte order mark,
semicolons and decimal commas in Dutch and French) and XLSX, names as the viewer may see
them, from the same match rows as the standings page."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest

from club.models import Deal, Seat, Table
from club.services.results import rebuild_table_results
from tests.helpers.auction import played_round

pytestmark = pytest.mark.django_db


def public_championship():
    """The championship of ``played_round``, made public."""
    champ = played_round().stage.championship
    champ.public = True
    champ.save()
    return champ


def standings_url(champ):
    return f"/championships/{champ.pk}/standings/"


def rows_of(response, separator):
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=separator))


@pytest.mark.parametrize("language, separator", [("nl", ";"), ("fr", ";"), ("en", ",")])
def test_standings_csv_in_the_readers_language(client, language, separator):
    champ = public_championship()
    response = client.get(standings_url(champ), {"_export": "csv"},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f"-{champ.pk}.csv" in response["Content-Disposition"]  # tests/club/test_download_names
    rows = rows_of(response, separator)
    assert len(rows) == 1 + 7
    body = rows[1:]
    # B of the table of 3 made 24 four times: 96, the best total; B of the table of 4 80.
    assert [r[3] for r in body[:2]] == ["96", "80"] and body[0][0] == "1"
    decimal = "," if language in ("nl", "fr") else "."
    # A and C of the table of 4 share second place: 1.5 place points in the reader's sign.
    assert sorted(r[6] for r in body).count(f"1{decimal}5") == 2


def test_standings_by_places_and_ties_marked(client):
    champ = public_championship()
    response = client.get(standings_url(champ), {"_export": "csv", "order": "places"},
                          HTTP_ACCEPT_LANGUAGE="en")
    body = rows_of(response, ",")[1:]
    points = [float(r[6]) for r in body]
    assert points == sorted(points, reverse=True)
    # The two winners (3 and 2 place points) first; the players on 0 at the table of 4 share.
    assert body[0][6] == "3" and body[1][6] == "2"
    tied = [r for r in body if r[0].endswith("=")]
    assert tied and all(r[0] == tied[0][0] for r in tied[:2])


def test_tables_export_every_seat_with_place_and_place_points(client):
    champ = public_championship()
    response = client.get(standings_url(champ), {"_export": "csv", "what": "tables"},
                          HTTP_ACCEPT_LANGUAGE="nl")
    rows = rows_of(response, ";")
    assert rows[0][:4] == ["Stage", "Round", "Table", "Seat"] or len(rows[0]) == 10
    body = rows[1:]
    assert len(body) == 7
    assert [r[3] for r in body] == list("ABCD") + list("ABC")
    by_table = {}
    for r in body:
        by_table.setdefault(r[2], []).append(float(r[8].replace(",", ".")))
    assert sum(by_table["1"]) == 6 and sum(by_table["2"]) == 3  # n(n-1)/2 each table
    assert any("," in r[8] for r in body)  # a shared place: 0,5 in Dutch


def test_xlsx_keeps_numbers_as_numbers_and_names_as_text(client):
    champ = public_championship()
    seat = Table.objects.get(round__stage__championship=champ, number=2).seats.get(position=1)
    seat.player.last_name = "=HYPERLINK(\"http://x\",\"y\")"
    seat.player.save()
    response = client.get(standings_url(champ), {"_export": "xlsx"})
    assert response.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    first = [c.value for c in sheet[2]]
    assert first[3] == 96 and isinstance(first[3], int)
    assert sheet.cell(row=2, column=2).data_type == "s"  # never a formula


def test_the_public_gets_public_names_and_a_private_championship_nothing(client, organiser):
    from club.models import ClubRole

    rnd = played_round()
    champ = rnd.stage.championship
    response = client.get(standings_url(champ), {"_export": "csv"})
    assert response.status_code in (302, 403, 404)
    assert not response.get("Content-Disposition")
    champ.public = True
    champ.save()
    player = Table.objects.get(round=rnd, number=1).seats.get(position=1).player
    player.published = False
    player.save()
    for what in ("standings", "tables"):
        body = rows_of(client.get(standings_url(champ), {"_export": "csv", "what": what},
                                  HTTP_ACCEPT_LANGUAGE="en"), ",")[1:]
        names = {r[1] if what == "standings" else r[4] for r in body}
        assert player.full_name not in names and "F. C." in names
    ClubRole.objects.create(user=organiser, club=champ.club)
    client.force_login(organiser)
    body = rows_of(client.get(standings_url(champ), {"_export": "csv"},
                              HTTP_ACCEPT_LANGUAGE="en"), ",")[1:]
    assert player.full_name in {r[1] for r in body}


def test_an_unknown_format_shows_the_page(client):
    champ = public_championship()
    response = client.get(standings_url(champ), {"_export": "pdf"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")


def test_the_standings_pdf_of_an_auction_championship_ranks_by_total():
    from club.reports import documents, pdf, registry
    from tests.helpers.reports import pdf_pages

    rnd = played_round()
    champ = rnd.stage.championship
    text = pdf_pages(documents.standings_document(champ).html())[0]
    assert "Place points" in text and "each for themselves" in text
    assert "points_for" not in text  # the partnership standings' refusal never shows
    lines = [line for line in text.splitlines() if "club-" in line]
    # B of the table of 3 (its 96 the best total) first, B of the table of 4 (80) second.
    assert lines[:2] == ["First5 club-005", "First1 club-001"] and "96" in text
    before = registry.fingerprint("standings", champ, None)
    table = Table.objects.get(round=rnd, number=2)
    Deal.objects.filter(table=table, number=1).update(points=10)  # 24 made becomes lost
    rebuild_table_results(Table.objects.select_related("round__stage__championship")
                          .get(pk=table.pk))
    assert registry.fingerprint("standings", champ, None) != before
    assert pdf.html_to_pdf(documents.standings_document(champ).html())[:4] == b"%PDF"


def test_the_round_results_pdf_of_an_auction_round_lists_every_player():
    from club.reports import documents
    from tests.helpers.reports import pdf_pages

    rnd = played_round()
    text = pdf_pages(documents.results_document(rnd.pk).html())[0]
    assert "2 of 2 tables finished" in text and "Side A" not in text
    for seat in Seat.objects.filter(table__round=rnd).select_related("player"):
        assert seat.player.last_name in text
    # Table 2: B 96 first, A 0 second, C -96 third.
    assert "96" in text and "1." in text and "3." in text


def test_the_round_reports_page_of_an_auction_round(client, organiser):
    from club.models import ClubRole

    rnd = played_round()
    champ = rnd.stage.championship
    ClubRole.objects.create(user=organiser, club=champ.club)
    client.force_login(organiser)
    response = client.get(f"/reports/rounds/{rnd.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Players and their totals" in page and "Side A" not in page
    # Table 2: B made 24 four times (96) and won; C lost 25 four times.
    assert "won by First5 club-005" in page and "First6 club-006 -96" in page
