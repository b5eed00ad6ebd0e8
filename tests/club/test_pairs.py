"""Pairs: no pair twice (either order), a name that can be changed, removed when unused and
kept (deactivated) when it has played, and named by its players when it has no name."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from club.models import Entry, Pair
from tests.factories import make_championship, make_club, make_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(organiser):
    return make_club("pairs-club", organiser=organiser)


def test_the_same_two_players_in_either_order_are_refused(org_client, club):
    ann, bob = make_players(club, 2)
    add = reverse("club-pair-add", args=[club.slug])
    assert org_client.post(add, {"first": ann.pk, "second": bob.pk}).status_code == 302
    again = org_client.post(add, {"first": bob.pk, "second": ann.pk, "name": "Again"})
    assert again.status_code == 400
    assert "already a pair of this club" in again.content.decode()
    assert Pair.objects.count() == 1


def test_a_pairs_name_can_be_changed_and_an_unnamed_pair_shows_its_players(org_client, club):
    ann, bob = make_players(club, 2)
    pair = Pair.objects.create(club=club, first=ann, second=bob)
    page = org_client.get(club.get_absolute_url()).content.decode()
    assert escape(pair.players_label) in page and "<td>—</td>" not in page
    edit = reverse("club-pair-edit", args=[club.slug, pair.pk])
    response = org_client.post(edit, {"first": ann.pk, "second": bob.pk, "name": "De Azen"})
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.name == "De Azen"


def test_an_unused_pair_is_deleted_and_a_used_one_kept_and_not_offered(org_client, club):
    champ = make_championship(club, entries=2)
    used = Entry.objects.filter(championship=champ).first().pair
    spare = Pair.objects.create(club=club, first=make_players(club, 2, prefix="S")[0],
                                second=make_players(club, 1, prefix="T")[0])
    assert org_client.post(reverse("club-pair-remove", args=[club.slug, spare.pk])).status_code == 302
    assert not Pair.objects.filter(pk=spare.pk).exists()
    assert org_client.post(reverse("club-pair-remove", args=[club.slug, used.pk])).status_code == 302
    used.refresh_from_db()
    assert not used.active and Entry.objects.filter(pair=used).exists()
    form = org_client.get(reverse("championship-create", args=[club.slug]))
    assert form.status_code == 200
    org_client.post(reverse("club-pair-remove", args=[club.slug, used.pk]), {"restore": "1"})
    used.refresh_from_db()
    assert used.active


def test_a_used_pairs_players_stay(org_client, club):
    champ = make_championship(club, entries=2)
    used = Entry.objects.filter(championship=champ).first().pair
    other = make_players(club, 1, prefix="X")[0]
    edit = reverse("club-pair-edit", args=[club.slug, used.pk])
    org_client.post(edit, {"first": other.pk, "second": used.second_id, "name": "Renamed"})
    used.refresh_from_db()
    assert used.first_id != other.pk and used.name == "Renamed"


def test_another_clubs_pair_is_a_404(org_client, club, club_b):
    ann, bob = make_players(club_b, 2)
    foreign = Pair.objects.create(club=club_b, first=ann, second=bob)
    assert org_client.get(reverse("club-pair-edit", args=[club.slug, foreign.pk])).status_code == 404
    assert org_client.post(reverse("club-pair-remove", args=[club.slug, foreign.pk])).status_code == 404
    assert Pair.objects.filter(pk=foreign.pk).exists()
