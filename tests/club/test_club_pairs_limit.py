"""A club's number of pairs is bounded (issue 27, break 1), as its members are: beyond
``TROEF_CLUB_MAX_PAIRS`` every path that makes a pair for a club (the pair page, the admin,
a championship import, the demo, the duplicate rehearsal) is refused with a message naming
the limit, and nothing is written. A removed pair that has played is kept, so it still
counts: bringing it back adds no pair. The entries page enters existing pairs and makes
none. The setting is made small here (2) so that the tests stay fast."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Championship, Club, DuplicateEvent, Entry, Pair, Player
from club.services.club_size import ClubFull
from club.services.transfer import ImportError_, export_championship, import_championship
from tests.factories import make_championship, make_players, make_user

pytestmark = pytest.mark.django_db

LIMIT = 2
REFUSED = "Club A has 2 pairs; adding 1 would make 3, and a club has at most 2 pairs"


@pytest.fixture
def small_limit(settings):
    settings.TROEF_CLUB_MAX_PAIRS = LIMIT


def add_pair(client, club, first, second):
    return client.post(reverse("club-pair-add", args=[club.slug]),
                       {"first": first.pk, "second": second.pk})


def test_the_pair_page_adds_pairs_up_to_the_limit_and_refuses_one_more(
        small_limit, org_client, club_a):
    players = make_players(club_a, 6)
    assert add_pair(org_client, club_a, players[0], players[1]).status_code == 302
    assert add_pair(org_client, club_a, players[2], players[3]).status_code == 302
    assert Pair.objects.filter(club=club_a).count() == LIMIT  # exactly at the limit: accepted
    response = add_pair(org_client, club_a, players[4], players[5])
    assert response.status_code == 400
    body = response.content.decode()
    assert REFUSED in body and "(TROEF_CLUB_MAX_PAIRS). Nothing was added." in body
    assert "New pair in Club A" in body  # the pair page, its form kept
    assert Pair.objects.filter(club=club_a).count() == LIMIT
    assert not Pair.objects.filter(first=players[4]).exists()


def test_a_full_club_does_not_stop_another_club(small_limit, organiser, org_client, club_a,
                                                club_b):
    from club.models import ClubRole

    ClubRole.objects.create(user=organiser, club=club_b, role=ClubRole.Role.OWNER)
    a, b = make_players(club_a, 6, prefix="A"), make_players(club_b, 2, prefix="B")
    Pair.objects.create(club=club_a, first=a[0], second=a[1])
    Pair.objects.create(club=club_a, first=a[2], second=a[3])
    assert add_pair(org_client, club_a, a[4], a[5]).status_code == 400
    assert add_pair(org_client, club_b, b[0], b[1]).status_code == 302
    assert Pair.objects.filter(club=club_b).count() == 1
    assert Pair.objects.filter(club=club_a).count() == LIMIT


def test_a_removed_pair_still_counts_and_is_brought_back_at_the_limit(
        small_limit, org_client, club_a):
    champ = make_championship(club_a, entries=2)  # two pairs that have played: the limit
    used = Entry.objects.filter(championship=champ).first().pair
    remove = reverse("club-pair-remove", args=[club_a.slug, used.pk])
    assert org_client.post(remove).status_code == 302
    used.refresh_from_db()
    assert not used.active  # kept for its results: still one of the club's pairs
    spare = make_players(club_a, 2, prefix="S")
    response = add_pair(org_client, club_a, spare[0], spare[1])
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert org_client.post(remove, {"restore": "1"}).status_code == 302
    used.refresh_from_db()
    assert used.active and Pair.objects.filter(club=club_a).count() == LIMIT


def test_editing_a_pair_of_a_full_club_is_not_refused(small_limit, org_client, club_a):
    players = make_players(club_a, 4)
    pair = Pair.objects.create(club=club_a, first=players[0], second=players[1])
    Pair.objects.create(club=club_a, first=players[2], second=players[3])
    response = org_client.post(reverse("club-pair-edit", args=[club_a.slug, pair.pk]),
                               {"first": players[0].pk, "second": players[1].pk,
                                "name": "De Azen"})
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.name == "De Azen"


def test_the_entries_page_of_a_full_club_enters_its_pairs_and_makes_none(
        small_limit, org_client, club_a):
    champ = make_championship(club_a, entries=0)
    players = make_players(club_a, 4)
    pairs = [Pair.objects.create(club=club_a, first=players[0], second=players[1]),
             Pair.objects.create(club=club_a, first=players[2], second=players[3])]
    response = org_client.post(reverse("championship-entries", args=[champ.pk]),
                               {"pairs": [p.pk for p in pairs], "new_players": "Peeters, Jan"})
    assert response.status_code == 302
    assert champ.entries.count() == 2
    assert Pair.objects.filter(club=club_a).count() == LIMIT
    assert not Player.objects.filter(last_name="Peeters").exists()


def test_the_admin_refuses_a_pair_beyond_the_limit(small_limit, client, club_a, club_b):
    client.force_login(make_user("staff", is_staff=True, is_superuser=True))
    a, b = make_players(club_a, 6, prefix="A"), make_players(club_b, 2, prefix="B")
    add = reverse("admin:club_pair_add")
    for first, second in ((a[0], a[1]), (a[2], a[3])):
        assert client.post(add, {"club": club_a.pk, "first": first.pk, "second": second.pk,
                                 "name": "", "active": "on"}).status_code == 302
    response = client.post(add, {"club": club_a.pk, "first": a[4].pk, "second": a[5].pk,
                                 "name": "", "active": "on"})
    assert response.status_code == 200 and REFUSED in response.content.decode()
    assert Pair.objects.filter(club=club_a).count() == LIMIT
    assert client.post(add, {"club": club_b.pk, "first": b[0].pk, "second": b[1].pk,
                             "name": "", "active": "on"}).status_code == 302


def test_an_imported_championship_whose_pairs_do_not_fit_imports_nothing(settings, club_a):
    data = export_championship(make_championship(club_a, entries=2))  # its club holds 2
    settings.TROEF_CLUB_MAX_PAIRS = 3  # the import would add 2 more: 4
    with pytest.raises(ImportError_, match=r"at most 3 pairs \(TROEF_CLUB_MAX_PAIRS\)"):
        import_championship(data)
    assert Pair.objects.filter(club=club_a).count() == 2
    assert Championship.objects.filter(club=club_a).count() == 1
    settings.TROEF_CLUB_MAX_PAIRS = 4  # exactly at the limit: imported
    import_championship(data)
    assert Pair.objects.filter(club=club_a).count() == 4
    assert Championship.objects.filter(club=club_a).count() == 2


def test_the_demo_club_does_not_fit_below_its_pairs_and_writes_nothing(settings):
    from club.services.demo import DEMO_SLUG, create_demo_club

    settings.TROEF_CLUB_MAX_PAIRS = 5  # the demo club has 6 pairs
    with pytest.raises(ClubFull, match="at most 5 pairs"):
        create_demo_club()
    assert not Club.objects.filter(slug=DEMO_SLUG).exists() and not Pair.objects.exists()
    settings.TROEF_CLUB_MAX_PAIRS = 6
    club = create_demo_club()
    assert create_demo_club() == club  # again: it has its pairs, it adds none
    assert Pair.objects.filter(club=club).count() == 6


def test_the_demo_duplicate_evening_is_refused_in_a_full_demo_club(settings):
    from django.contrib.auth import get_user_model

    from club.services.demo import DEMO_USERNAME, create_demo_club
    from club.services.demo_duplicate import create_demo_duplicate

    settings.TROEF_CLUB_MAX_PAIRS = 6
    club = create_demo_club()
    user = get_user_model().objects.get(username=DEMO_USERNAME)
    with pytest.raises(ClubFull, match="at most 6 pairs"):
        create_demo_duplicate(club, user)
    assert Pair.objects.filter(club=club).count() == 6
    assert not DuplicateEvent.objects.exists()


def test_the_duplicate_rehearsal_beyond_the_limit_makes_no_club(small_limit):
    from club.services.duplicate_sim import rehearse_duplicate

    clubs = Club.objects.count()
    with pytest.raises(ClubFull, match="at most 2 pairs"):
        rehearse_duplicate(pairs=6)
    assert Club.objects.count() == clubs and not Pair.objects.exists()
