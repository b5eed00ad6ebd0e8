"""A club's member export does not hold a worker (issue 27, break 1): three anonymous XLSX
exports of a 40,000-player club took 30 s each and stalled everyone. The CSV streams (rows
read from the database as they are sent, a fixed number of queries whatever the size); the
XLSX is bounded by ``TROEF_CLUB_MAX_MEMBERS`` and, beyond it, the page offers the CSV. The
privacy rules hold in the streamed file: no member numbers and initials for the public."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.http import StreamingHttpResponse
from django.test import Client
from django.urls import reverse

from club.exports import CSV_ROWS_PER_CHUNK
from club.models import Membership, Player
from tests.factories import make_players

pytestmark = pytest.mark.django_db


def members_url(club) -> str:
    return reverse("club-detail", args=[club.slug])


@pytest.mark.parametrize("size", [30, 3 * CSV_ROWS_PER_CHUNK + 7])
def test_the_members_csv_streams_in_chunks_with_a_fixed_number_of_queries(
        client, club_a, size, django_assert_max_num_queries):
    make_players(club_a, size)
    with django_assert_max_num_queries(4):  # the club, the rows (one query), no page built
        response = client.get(members_url(club_a), {"_export": "csv"})
        assert isinstance(response, StreamingHttpResponse)
        chunks = list(response.streaming_content)
    assert len(chunks) == size // CSV_ROWS_PER_CHUNK + 1  # sent as it is read
    text = b"".join(chunks).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:2] == ["Name", "First name"] and len(rows) == size + 1
    names = [row[0] for row in rows[1:]]
    assert names == sorted(names)  # the table's order
    assert response["Content-Disposition"] == 'attachment; filename="club-a-members.csv"'


def test_the_streamed_csv_keeps_member_numbers_and_hidden_names_from_the_public(
        organiser, club_a):
    client, org_client = Client(), Client()
    org_client.force_login(organiser)
    hidden = Player.objects.create(last_name="Verborgen", first_name="Anna",
                                   member_number="LIC-1", published=False)
    Membership.objects.create(club=club_a, player=hidden)
    public = b"".join(client.get(members_url(club_a), {"_export": "csv"}).streaming_content)
    assert b"LIC-1" not in public and b"Verborgen" not in public and b"V.,A." in public
    own = b"".join(org_client.get(members_url(club_a), {"_export": "csv"}).streaming_content)
    assert b"LIC-1" in own and b"Verborgen" in own


def test_the_members_xlsx_has_every_row_with_a_fixed_number_of_queries(
        client, club_a, django_assert_max_num_queries):
    make_players(club_a, 120)
    with django_assert_max_num_queries(5):  # the club, a count, the rows
        response = client.get(members_url(club_a), {"_export": "xlsx"})
    assert response.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("Name", "First name") and len(rows) == 121
    assert sheet.freeze_panes == "A2" and sheet["A1"].font.bold


def test_an_xlsx_beyond_the_club_limit_is_refused_and_the_csv_offered(
        client, club_a, settings):
    settings.TROEF_CLUB_MAX_MEMBERS = 20
    make_players(club_a, 21)  # a club that grew before the limit
    response = client.get(members_url(club_a), {"_export": "xlsx"}, follow=True)
    assert response.redirect_chain == [(members_url(club_a), 302)]
    page = response.content.decode()
    assert "This list has 21 rows" in page and "at most 20" in page
    assert "TROEF_CLUB_MAX_MEMBERS" in page and "CSV" in page
    csv_export = client.get(members_url(club_a), {"_export": "csv"})
    assert len(b"".join(csv_export.streaming_content).splitlines()) == 22  # every row


@pytest.mark.parametrize("reveal, exclude", [(False, ("member_number",)), (True, ())])
def test_the_member_tables_own_rows_are_django_tables2s(club_a, reveal, exclude):
    """The export's rows (``club.exports.table_values``) say what the columns say."""
    from club.exports import table_values
    from club.tables import MemberTable

    make_players(club_a, 3)
    Membership.objects.create(club=club_a, active=False, player=Player.objects.create(
        last_name="Verborgen", first_name="Anna", member_number="=1+1", published=False))
    table = MemberTable(Membership.objects.filter(club=club_a).select_related("player"),
                        exclude=exclude)
    table.reveal = reveal
    assert list(table_values(table)) == list(table.as_values())
