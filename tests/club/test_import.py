"""CSV import of players: all rows or none, every bad row reported by row and field."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.models import Membership, Player
from club.services.players import import_players_csv

pytestmark = pytest.mark.django_db


def upload(client, club, text, encoding="utf-8"):
    return client.post(reverse("club-player-import", args=[club.slug]),
                       {"file": SimpleUploadedFile("players.csv", text.encode(encoding))})


def test_one_bad_row_imports_nothing_and_names_row_and_field(org_client, club_a):
    text = ("name,first name,member number,club\n"
            "Peeters,Jan,100,\n"
            "Janssens,,101,\n"      # row 3: no first name
            "Maes,Luc,102,club-a\n")
    response = upload(org_client, club_a, text)
    assert response.status_code == 400
    assert response.context["report"].errors == [(3, "first name", "a first name is required")]
    body = response.content.decode()
    assert "Nothing was imported" in body and "first name" in body
    assert Player.objects.count() == 0 and Membership.objects.count() == 0


def test_good_file_imports_every_row(org_client, club_a):
    text = "Naam;Voornaam;Lidnummer;Club\nPeeters;Jan;100;\nMaes;Luc;;Club A\n"
    response = upload(org_client, club_a, text)
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("last_name", flat=True)) == ["Maes", "Peeters"]
    assert Membership.objects.filter(club=club_a).count() == 2


def test_existing_member_number_links_the_player(organiser, club_a):
    existing = Player.objects.create(last_name="Peeters", first_name="Jan", member_number="100")
    report = import_players_csv(organiser, club_a, b"name,first name,member number\nPeeters,Jan,100\n")
    assert report.ok and (report.created, report.linked) == (0, 1)
    assert Membership.objects.filter(club=club_a, player=existing).exists()


@pytest.mark.parametrize("text, row, field", [
    ("name,first name,member number,club\nA,b,1,\nC,d,1,\n", 3, "member number"),
    ("name,first name,member number,club\nA,b,1,Nowhere\n", 2, "club"),
    ("name,first name,member number,club\nA,b,1,club-b\n", 2, "club"),
    ("first name,member number\nb,1\n", 1, "name"),
    ("name,first name\n" + "x" * 81 + ",b\n", 2, "name"),
])
def test_bad_rows_are_reported(organiser, club_a, club_b, text, row, field):
    report = import_players_csv(organiser, club_a, text.encode())
    assert not report.ok
    assert (row, field) in [(r, f) for r, f, _m in report.errors]
    assert Player.objects.count() == 0


def test_empty_and_binary_files_are_refused(organiser, club_a):
    assert import_players_csv(organiser, club_a, b"").errors[0][1] == "file"
    assert not import_players_csv(organiser, club_a, b"name,first name\n").ok
    assert Player.objects.count() == 0
