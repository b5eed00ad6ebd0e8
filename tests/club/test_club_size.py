"""A club's size is bounded (issue 27, break 1): a club of 40,000 imported players froze the
site. Beyond ``TROEF_CLUB_MAX_MEMBERS`` the import, adding a player and new players on the
entries page are refused with a message naming the limit, and nothing is written. The
setting is made small here (50) so that the tests stay fast."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.models import Membership, Player
from club.services.player_import import import_rows
from tests.factories import make_championship, make_players

pytestmark = pytest.mark.django_db

LIMIT = 50


@pytest.fixture
def small_limit(settings):
    settings.TROEF_CLUB_MAX_MEMBERS = LIMIT


def rows(count: int, start: int = 0, numbered: bool = False) -> str:
    return "name,first name,member number\n" + "".join(
        f"Name{i},First{i},{f'N{i}' if numbered else ''}\n" for i in range(start, start + count))


def upload(client, club, text: str):
    return client.post(reverse("club-player-import", args=[club.slug]),
                       {"file": SimpleUploadedFile("players.csv", text.encode())})


def test_a_file_beyond_the_limit_imports_nothing_and_names_the_limit(
        small_limit, org_client, club_a):
    make_players(club_a, 40)
    response = upload(org_client, club_a, rows(11))  # 40 + 11 = 51 > 50
    assert response.status_code == 400
    body = response.content.decode()
    assert "at most 50 members" in body and "TROEF_CLUB_MAX_MEMBERS" in body
    assert "Club A has 40 members; adding 11 would make 51" in body
    assert Membership.objects.filter(club=club_a).count() == 40
    assert Player.objects.count() == 40  # no player of the file either


def test_a_file_that_fills_the_club_exactly_is_imported(small_limit, org_client, club_a):
    make_players(club_a, 40)
    response = upload(org_client, club_a, rows(10))
    assert response.status_code == 302
    assert Membership.objects.filter(club=club_a).count() == LIMIT


def test_rows_of_players_already_members_take_no_room(small_limit, organiser, club_a):
    assert import_rows(organiser, club_a, [r.split(",") for r in
                                           rows(LIMIT, numbered=True).splitlines()]).ok
    again = import_rows(organiser, club_a, [r.split(",") for r in
                                            rows(LIMIT, numbered=True).splitlines()])
    assert again.ok and again.already == LIMIT
    one_more = import_rows(organiser, club_a, [r.split(",") for r in
                                               rows(1, start=LIMIT).splitlines()])
    assert not one_more.ok
    assert one_more.errors[0][1] == "club" and "at most 50 members" in one_more.errors[0][2]


def test_adding_a_player_beyond_the_limit_is_refused(small_limit, org_client, club_a):
    make_players(club_a, LIMIT)
    response = org_client.post(reverse("club-player-add", args=[club_a.slug]),
                               {"last_name": "Peeters", "first_name": "Jan"})
    assert response.status_code == 400
    body = response.content.decode()
    assert "at most 50 members" in body and "TROEF_CLUB_MAX_MEMBERS" in body
    assert not Player.objects.filter(last_name="Peeters").exists()
    assert Membership.objects.filter(club=club_a).count() == LIMIT


def test_a_player_added_below_the_limit_is_a_member(small_limit, org_client, club_a):
    make_players(club_a, LIMIT - 1)
    response = org_client.post(reverse("club-player-add", args=[club_a.slug]),
                               {"last_name": "Peeters", "first_name": "Jan"})
    assert response.status_code == 302
    assert Membership.objects.filter(club=club_a, player__last_name="Peeters").exists()


def test_new_players_on_the_entries_page_beyond_the_limit_are_refused(
        small_limit, org_client, club_a):
    make_players(club_a, LIMIT - 1)
    champ = make_championship(club_a, entries=0, entry_type="individual")
    response = org_client.post(reverse("championship-entries", args=[champ.pk]),
                               {"new_players": "Peeters, Jan\nMaes, Luc"})
    assert response.status_code == 400
    assert "at most 50 members" in response.content.decode()
    assert champ.entries.count() == 0
    assert not Player.objects.filter(last_name__in=["Peeters", "Maes"]).exists()
