"""Players belong to their clubs (issue 13, point 1).

The attack: as club B's organiser (or as a user with no role who creates his own club),
take over club A's player: import or add a row carrying A's member number (the player joins
B), then rename him through B's permission; A's pages and closed sheets show the new name.
Every path that attaches, edits or renames a player is tried here: each refuses, names the
reason, and writes nothing. A player in several clubs is edited only by someone organising
every one of them, or by staff.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.access import can_edit_player, players_not_editable
from club.models import Club, ClubRole, Entry, Membership, Pair, Player
from club.services.players import PlayerRefused, add_player_to_club
from tests.factories import make_championship, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(client):
    """Club A with its organiser and a player (member number A-1); club B with its own."""
    owner_a, owner_b = make_user("owner-a"), make_user("owner-b")
    club_a = Club.objects.create(name="Club A", slug="club-a")
    club_b = Club.objects.create(name="Club B", slug="club-b")
    ClubRole.objects.create(user=owner_a, club=club_a)
    ClubRole.objects.create(user=owner_b, club=club_b)
    jan = Player.objects.create(last_name="Peeters", first_name="Jan", member_number="A-1")
    Membership.objects.create(club=club_a, player=jan)
    return {"a": club_a, "b": club_b, "owner_a": owner_a, "owner_b": owner_b, "jan": jan}


def logged(client, user):
    client.force_login(user)
    return client


def unchanged(jan: Player, club: Club) -> None:
    jan.refresh_from_db()
    assert (jan.last_name, jan.first_name, jan.member_number) == ("Peeters", "Jan", "A-1")
    assert not Membership.objects.filter(club=club, player=jan).exists()


def import_file(client, club, text):
    return client.post(reverse("club-player-import", args=[club.slug]),
                       {"file": SimpleUploadedFile("p.csv", text.encode())})


# -- the import and the add form: a member number of another club is refused ------------


def test_import_refuses_a_member_number_of_another_club(client, world):
    response = import_file(logged(client, world["owner_b"]), world["b"],
                           "name,first name,member number\nHijack,Mr,A-1\nNew,One,B-1\n")
    assert response.status_code == 400
    errors = response.context["report"].errors
    assert [(row, field) for row, field, _m in errors] == [(2, "member number")]
    # refused without saying that the number exists in another club (issue 27)
    assert errors[0][2] == "this member number cannot be used"
    unchanged(world["jan"], world["b"])
    assert not Player.objects.filter(member_number="B-1").exists()  # nothing at all


def test_add_form_refuses_a_member_number_of_another_club(client, world):
    response = logged(client, world["owner_b"]).post(
        reverse("club-player-add", args=[world["b"].slug]),
        {"last_name": "Hijack", "first_name": "Mr", "member_number": "A-1"})
    assert response.status_code == 400
    message = " ".join(response.context["form"].errors["member_number"])
    # refused without saying that the number is another club's (issue 27, break 9)
    assert "A-1" in message and "cannot be used in this club" in message
    assert "another club" not in message and "Club A" not in message
    unchanged(world["jan"], world["b"])
    assert Player.objects.count() == 1


def test_the_service_refuses_too(world):
    """Views parse, services write: the service itself refuses, whatever view calls it."""
    with pytest.raises(PlayerRefused) as refused:
        add_player_to_club(world["owner_b"], world["b"], last_name="X", first_name="Y",
                           member_number="A-1")
    assert refused.value.field == "member_number"
    with pytest.raises(PlayerRefused):
        add_player_to_club(world["owner_b"], world["a"], last_name="X", first_name="Y")
    unchanged(world["jan"], world["b"])
    assert Player.objects.count() == 1


def test_a_user_with_no_role_creates_a_club_then_tries(client, world):
    nobody = make_user("nobody")
    client = logged(client, nobody)
    assert client.post(reverse("club-create"),
                       {"name": "Mine", "slug": "mine", "town": ""}).status_code == 302
    mine = Club.objects.get(slug="mine")
    assert import_file(client, mine, "name,first name,member number\nX,Y,A-1\n").status_code == 400
    assert client.post(reverse("club-player-add", args=[mine.slug]),
                       {"last_name": "X", "first_name": "Y", "member_number": "A-1"}
                       ).status_code == 400
    assert client.post(reverse("player-edit", args=[world["jan"].pk]),
                       {"last_name": "Hijacked", "first_name": "Mr", "member_number": "A-1"}
                       ).status_code == 403
    unchanged(world["jan"], mine)


# -- editing: every club of the player ---------------------------------------------------


def test_a_player_in_two_clubs_is_edited_only_by_an_organiser_of_both(client, world):
    jan = world["jan"]
    Membership.objects.create(club=world["b"], player=jan)  # e.g. from before this fix
    url = reverse("player-edit", args=[jan.pk])
    data = {"last_name": "Hijacked", "first_name": "Mr", "member_number": "A-1"}
    client = logged(client, world["owner_b"])
    assert client.get(url).status_code == 403
    assert client.post(url, data).status_code == 403
    jan.refresh_from_db()
    assert jan.last_name == "Peeters"
    assert url not in client.get(reverse("player-detail", args=[jan.pk])).content.decode()
    # an organiser of both clubs may, and so may staff
    ClubRole.objects.create(user=world["owner_a"], club=world["b"])
    client = logged(client, world["owner_a"])
    assert url in client.get(reverse("player-detail", args=[jan.pk])).content.decode()
    assert client.post(url, {**data, "last_name": "Peeters-Maes"}).status_code == 302
    client = logged(client, make_user("staff", is_staff=True))
    assert client.post(url, {**data, "last_name": "Staff"}).status_code == 302
    jan.refresh_from_db()
    assert jan.last_name == "Staff"


def test_an_inactive_membership_still_counts(world):
    """A former member's name is on the club's closed sheets: he is still theirs."""
    Membership.objects.filter(player=world["jan"]).update(active=False)
    assert not can_edit_player(world["owner_b"], world["jan"])
    Membership.objects.create(club=world["b"], player=world["jan"])
    assert not can_edit_player(world["owner_b"], world["jan"])
    assert not can_edit_player(world["owner_a"], world["jan"])  # B is not hers


def test_a_player_of_no_club_is_left_to_staff(world):
    loner = Player.objects.create(last_name="Loner", first_name="L")
    assert players_not_editable(world["owner_a"], [loner.pk, world["jan"].pk]) == {loner.pk}
    assert not players_not_editable(make_user("staff", is_staff=True), [loner.pk])


def test_editing_refuses_a_member_number_of_another_club(client, world):
    mine = Player.objects.create(last_name="Maes", first_name="Luc", member_number="B-1")
    Membership.objects.create(club=world["b"], player=mine)
    response = logged(client, world["owner_b"]).post(
        reverse("player-edit", args=[mine.pk]),
        {"last_name": "Maes", "first_name": "Luc", "member_number": "A-1"})
    assert response.status_code == 400
    message = " ".join(response.context["form"].errors["member_number"])
    assert "cannot be used in this club" in message and "another club" not in message
    mine.refresh_from_db()
    assert mine.member_number == "B-1"


# -- memberships, pairs, entries, substitutes: only the club's own members ----------------


def test_membership_edit_neither_reaches_nor_attaches_another_clubs_player(client, world):
    client = logged(client, world["owner_b"])
    jan = world["jan"]
    assert client.post(reverse("club-membership-edit", args=[world["a"].slug, jan.pk]),
                       {"active": ""}).status_code == 403
    assert client.post(reverse("club-membership-edit", args=[world["b"].slug, jan.pk]),
                       {"active": "on"}).status_code == 404
    assert Membership.objects.get(player=jan).active
    unchanged(jan, world["b"])


def test_a_pair_takes_only_the_clubs_members(client, world):
    mine = Player.objects.create(last_name="Maes", first_name="Luc")
    Membership.objects.create(club=world["b"], player=mine)
    response = logged(client, world["owner_b"]).post(
        reverse("club-pair-add", args=[world["b"].slug]),
        {"first": mine.pk, "second": world["jan"].pk, "name": "Stolen"})
    assert response.status_code == 400 and "second" in response.context["form"].errors
    assert not Pair.objects.exists()


def test_entries_and_substitutes_take_only_the_clubs_members(client, world):
    champ = make_championship(world["b"], entries=4, entry_type="individual")
    client = logged(client, world["owner_b"])
    jan = world["jan"]
    response = client.post(reverse("championship-entries", args=[champ.pk]), {"players": [jan.pk]})
    assert response.status_code == 400 and "players" in response.context["form"].errors
    leaving = champ.entries.first()
    response = client.post(reverse("championship-substitute", args=[champ.pk]),
                           {"entry": leaving.pk, "player": jan.pk})
    assert response.status_code == 400
    assert not Entry.objects.filter(player=jan).exists()
    leaving.refresh_from_db()
    assert leaving.active
    unchanged(jan, world["b"])
