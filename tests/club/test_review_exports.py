"""Review of the club's lists and exports: the club page's pairs cost the same queries
whatever their number (no query per pair for its club), a streamed export resolves each
column once (not per cell) and says what django-tables2 says, the duplicate session's log
streams its CSV like the sheets' log, and the player import reads the club's memberships
only once it holds the club's lock."""

from __future__ import annotations

import inspect
from unittest import mock

import pytest
from django.db import connection
from django.db.models import Count, Q
from django.db.models.query import QuerySet
from django.http import StreamingHttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.exports import table_values
from club.models import Club, ClubRole, DealChange, Membership, Pair, Player
from club.services.duplicate_travellers import enter_traveller
from club.services.player_import import import_players_csv
from club.tables import ClubTable, MemberTable, PairTable
from club.views.sheet_changes import ChangeTable
from tests.factories import (
    make_championship,
    make_club,
    make_players,
    make_round,
    make_user,
)
from tests.helpers.duplicate import make_event

pytestmark = pytest.mark.django_db


# -- 1. the club page's pairs ------------------------------------------------------------


def _add_pairs(club, count, prefix):
    players = make_players(club, 2 * count, prefix=prefix)
    Pair.objects.bulk_create(Pair(club=club, first=players[2 * i], second=players[2 * i + 1],
                                  name=f"{prefix} pair {i:03d}") for i in range(count))


def _page_queries(client, club) -> int:
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(reverse("club-detail", args=[club.slug]))
    assert answer.status_code == 200
    return len(queries)


def test_the_club_page_reads_no_club_per_pair_for_its_organisers(org_client, club_a):
    """The organisers' pairs table links each pair's edit page by its club's slug."""
    _add_pairs(club_a, 3, "A")
    few = _page_queries(org_client, club_a)
    _add_pairs(club_a, 17, "B")
    page = org_client.get(reverse("club-detail", args=[club_a.slug])).content.decode()
    assert page.count(f"/clubs/{club_a.slug}/pairs/") >= 20  # 20 edit links
    assert _page_queries(org_client, club_a) == few


# -- 3. the streamed export's rows -------------------------------------------------------


def _members(club):
    return Membership.objects.filter(club=club).select_related("player")


@pytest.mark.parametrize("reveal, exclude", [(False, ("member_number",)), (True, ())])
def test_the_member_rows_are_django_tables2s(club_a, reveal, exclude):
    make_players(club_a, 3)
    Membership.objects.create(club=club_a, active=False, player=Player.objects.create(
        last_name="Verborgen", first_name="Anna", member_number="=1+1", published=False))
    Membership.objects.create(club=club_a, player=Player.objects.create(
        last_name="Open", first_name="Bo", member_number="", published=True))
    table = MemberTable(_members(club_a), exclude=exclude)
    table.reveal = reveal
    assert list(table_values(table)) == list(table.as_values())


def test_club_pair_and_change_rows_are_django_tables2s(organiser, club_a):
    club_a.town = ""  # an empty cell: None, as django-tables2 gives it
    club_a.save()
    players = make_players(club_a, 4)
    Pair.objects.create(club=club_a, first=players[0], second=players[1], name="")
    Pair.objects.create(club=club_a, first=players[2], second=players[3], name="Duo",
                        active=False)
    table = make_round(make_championship(club_a, entries=4)).tables.first()
    for number, action in enumerate(("entered", "edited", "deleted"), 1):
        DealChange.objects.create(table=table, deal_number=number, action=action,
                                  user=organiser if number != 2 else None,
                                  new={"points": 30}, reason="=cmd")
    for made in (
        ClubTable(Club.objects.annotate(
            members=Count("memberships", filter=Q(memberships__active=True)))),
        PairTable(Pair.objects.filter(club=club_a).select_related("club", "first", "second")),
        ChangeTable(DealChange.objects.select_related("user", "table__round")),
    ):
        assert list(table_values(made)) == list(made.as_values()), type(made).__name__


def test_an_export_inspects_its_columns_once_not_per_row(club_a):
    """django-tables2 reads each cell's function signature for every cell."""

    def inspections(count: int) -> int:
        Pair.objects.all().delete()
        _add_pairs(club_a, count, f"S{count}")
        table = PairTable(Pair.objects.filter(club=club_a).select_related(
            "club", "first", "second"))
        with mock.patch("inspect.signature", wraps=inspect.signature) as spy:
            rows = list(table_values(table))
        assert len(rows) == count + 1
        return spy.call_count

    assert inspections(30) == inspections(3)


# -- 4. the duplicate session's change log -----------------------------------------------


def test_the_sessions_change_log_csv_streams(settings):
    organiser = make_user("log-org")
    session = make_event(pairs=8, organiser=organiser).sessions.get()
    table = session.tables.get(round=1, number=2)
    line = {"trump": "h", "points": 38, "points_other": 22}
    enter_traveller(organiser, session.pk, table.pk, table.boards[0], line, version=0)
    enter_traveller(organiser, session.pk, table.pk, table.boards[0],
                    {**line, "points": 20, "points_other": 40}, version=1, reason="recount")
    client = Client()
    client.force_login(organiser)
    url = reverse("duplicate-changes", args=[session.pk])
    answer = client.get(url, {"_export": "csv"})
    assert answer.status_code == 200 and isinstance(answer, StreamingHttpResponse)
    text = b"".join(answer.streaming_content).decode("utf-8-sig")
    assert "recount" in text and "38 → 20" in text and len(text.splitlines()) == 3
    assert answer["Content-Disposition"].endswith(f'-{session.pk}.csv"')
    settings.TROEF_CLUB_MAX_MEMBERS = 1  # the XLSX is bounded as the sheets' log's
    refused = client.get(url, {"_export": "xlsx"}, follow=True)
    assert refused.redirect_chain and "TROEF_CLUB_MAX_MEMBERS" in refused.content.decode()


# -- 5. the player import's lock ---------------------------------------------------------


def test_an_import_reads_the_memberships_once_it_holds_the_clubs_lock(organiser, club_a):
    """An import that waited for the club's lock behind another one sees the members that
    one added: the player is counted as already a member, not refused as a conflict."""
    other = make_club("other-club", organiser=organiser)
    known = Player.objects.create(last_name="Peeters", first_name="Jan", member_number="100")
    Membership.objects.create(club=other, player=known)
    assert ClubRole.objects.filter(user=organiser, club=club_a).exists()
    locking = QuerySet.select_for_update

    def lock(queryset, *args, **kwargs):
        if queryset.model is Club:  # meanwhile, another import made him a member
            Membership.objects.get_or_create(club=club_a, player=known)
        return locking(queryset, *args, **kwargs)

    with mock.patch.object(QuerySet, "select_for_update", lock):
        report = import_players_csv(organiser, club_a, (
            b"name,first name,member number\nPeeters,Jan,100\nMaes,Luc,\n"))
    assert report.ok, report.errors
    assert (report.created, report.linked, report.already) == (1, 0, 1)
    assert Membership.objects.filter(club=club_a).count() == 2
