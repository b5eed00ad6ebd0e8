"""Club management: permissions, pages, tables and exports."""

import pytest
from django.urls import reverse

from club.models import Club, ClubRole, Membership, Pair, Player

pytestmark = pytest.mark.django_db


def test_organiser_of_club_a_gets_403_editing_club_b(org_client, club_a, club_b):
    for name in ("club-edit", "club-player-add", "club-player-import", "club-pair-add"):
        assert org_client.get(reverse(name, args=[club_b.slug])).status_code == 403
    response = org_client.post(reverse("club-edit", args=[club_b.slug]),
                               {"name": "Hijacked", "slug": "club-b", "town": ""})
    assert response.status_code == 403
    club_b.refresh_from_db()
    assert club_b.name == "Club B"


def test_organiser_edits_own_club(org_client, club_a):
    response = org_client.post(reverse("club-edit", args=[club_a.slug]),
                               {"name": "Club A+", "slug": "club-a", "town": "Brugge"})
    assert response.status_code == 302
    club_a.refresh_from_db()
    assert (club_a.name, club_a.town) == ("Club A+", "Brugge")


def test_anonymous_is_sent_to_log_in(client, club_a):
    url = reverse("club-edit", args=[club_a.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login")) and "next=" in response.url
    assert client.get(reverse("club-create")).status_code == 302


def test_anonymous_reads_public_pages(client, club_a):
    assert client.get(reverse("home")).status_code == 200
    assert client.get(reverse("club-list")).status_code == 200
    assert client.get(reverse("club-detail", args=[club_a.slug])).status_code == 200


def test_staff_edits_every_club(client, club_b, django_user_model):
    staff = django_user_model.objects.create_user("staff", password="x-123456789", is_staff=True)
    client.force_login(staff)
    assert client.get(reverse("club-edit", args=[club_b.slug])).status_code == 200


def test_creating_a_club_makes_the_user_its_owner(org_client, organiser):
    response = org_client.post(reverse("club-create"), {"name": "Nieuw", "slug": "nieuw", "town": ""})
    assert response.status_code == 302
    club = Club.objects.get(slug="nieuw")
    assert ClubRole.objects.get(club=club, user=organiser).role == ClubRole.Role.OWNER


def test_add_player_and_membership(org_client, club_a):
    response = org_client.post(reverse("club-player-add", args=[club_a.slug]),
                               {"last_name": "Peeters", "first_name": "Jan", "member_number": "A1"})
    assert response.status_code == 302
    player = Player.objects.get(member_number="A1")
    assert Membership.objects.get(club=club_a, player=player).active
    # the same member number twice is refused with a message naming the field
    response = org_client.post(reverse("club-player-add", args=[club_a.slug]),
                               {"last_name": "Other", "first_name": "X", "member_number": "A1"})
    assert response.status_code == 400
    assert "member_number" in response.context["form"].errors
    assert Player.objects.count() == 1


def test_player_in_two_clubs_with_own_active_flag(org_client, club_a, club_b):
    player = Player.objects.create(last_name="Maes", first_name="Luc")
    Membership.objects.create(club=club_a, player=player)
    Membership.objects.create(club=club_b, player=player, active=False)
    response = org_client.post(reverse("club-membership-edit", args=[club_a.slug, player.pk]),
                               {"active": ""})
    assert response.status_code == 302
    assert not Membership.objects.get(club=club_a, player=player).active
    page = org_client.get(reverse("player-detail", args=[player.pk]))
    assert "Club A" in page.content.decode() and "Club B" in page.content.decode()


def test_pair_needs_two_different_members(org_client, club_a):
    p1 = Player.objects.create(last_name="A", first_name="a")
    p2 = Player.objects.create(last_name="B", first_name="b")
    for p in (p1, p2):
        Membership.objects.create(club=club_a, player=p)
    url = reverse("club-pair-add", args=[club_a.slug])
    response = org_client.post(url, {"first": p1.pk, "second": p1.pk, "name": ""})
    assert response.status_code == 400 and "second" in response.context["form"].errors
    assert org_client.post(url, {"first": p1.pk, "second": p2.pk, "name": "AB"}).status_code == 302
    assert Pair.objects.get().players_label == "a A & b B"


def test_member_table_sorts_and_exports(client, club_a):
    for last in ("Zeger", "Aerts", "Maes"):
        Membership.objects.create(club=club_a,
                                  player=Player.objects.create(last_name=last, first_name="x"))
    url = reverse("club-detail", args=[club_a.slug])
    page = client.get(url, {"sort": "-last_name"}).content.decode()
    assert page.index("Zeger") < page.index("Maes") < page.index("Aerts")
    csv = client.get(url, {"_export": "csv"})
    assert csv["Content-Type"].startswith("text/csv")
    lines = csv.getvalue().decode("utf-8-sig").splitlines()  # streamed
    assert lines[0].startswith("Name,First name") and len(lines) == 4
    xlsx = client.get(url, {"_export": "xlsx"})
    assert xlsx.content[:2] == b"PK"


def test_login_is_throttled_after_repeated_failures(client, organiser, settings):
    settings.TROEF_LOGIN_MAX_FAILURES = 3
    from django.core.cache import cache

    cache.clear()
    for _ in range(3):
        assert client.post(reverse("login"), {"username": "org", "password": "wrong"}).status_code == 200
    blocked = client.post(reverse("login"), {"username": "org", "password": "pw-org-12345"})
    assert blocked.status_code == 429
    assert "_auth_user_id" not in client.session
    cache.clear()
    assert client.post(reverse("login"), {"username": "org", "password": "pw-org-12345"}).status_code == 302


def test_member_numbers_stay_off_public_pages(client, organiser, club_a):
    """Issue 14 point 4: the public club page listed every member with the member number."""
    from club.models import Membership, Player

    player = Player.objects.create(last_name="Peeters", first_name="Jan", member_number="LIC-4711")
    Membership.objects.create(club=club_a, player=player)
    url = reverse("club-detail", args=[club_a.slug])
    for response in (client.get(url), client.get(url, {"_export": "csv"}),
                     client.get(reverse("player-detail", args=[player.pk]))):
        assert response.status_code == 200 and b"LIC-4711" not in response.getvalue()
    client.force_login(organiser)
    assert b"LIC-4711" in client.get(url).content
    assert b"LIC-4711" in client.get(url, {"_export": "csv"}).getvalue()
    assert b"LIC-4711" in client.get(reverse("player-detail", args=[player.pk])).content
