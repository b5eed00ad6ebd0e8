"""A big club's pages list no one until searched (issue 27, break 1): the entries page of a
40,000-player club was 6.3 MB (26 s), a new pair's page 3.8 MB (19 s), every member an
option. Above ``TROEF_LIST_ALL_MAX`` (made small here) the entries checklist, the
substitute's choice and a pair's two players are found by name (words in any order,
accents and case aside), a page of matches at a time; a small club's pages are as before."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Membership, Pair, Player
from club.selectors.member_search import PER_PAGE
from tests.factories import make_championship, make_players

pytestmark = pytest.mark.django_db

THRESHOLD = 20


@pytest.fixture
def big(settings, club_a):
    """Club A with 60 members (above the threshold of 20), three of them Peeters-like."""
    settings.TROEF_LIST_ALL_MAX = THRESHOLD
    make_players(club_a, 57)
    wanted = []
    for first, last in (("Jan", "Peeters"), ("Marie", "Peeters"), ("Éric", "Peétermans")):
        player = Player.objects.create(first_name=first, last_name=last)
        Membership.objects.create(club=club_a, player=player)
        wanted.append(player)
    return wanted


def boxes(page: str, name: str = "players") -> list[int]:
    return [int(v) for v in re.findall(rf'type="checkbox" name="{name}" value="(\d+)"', page)]


def options(page: str, name: str) -> list[int]:
    select = re.search(rf'<select name="{name}".*?</select>', page, re.DOTALL).group(0)
    return [int(v) for v in re.findall(r'<option value="(\d+)"', select)]


def test_the_entries_page_of_a_big_club_lists_no_one_but_offers_a_search(
        big, org_client, club_a):
    champ = make_championship(club_a, entries=0, entry_type="individual")
    page = org_client.get(reverse("championship-entries", args=[champ.pk])).content.decode()
    assert boxes(page) == []
    assert options(page, "player") == []  # the substitute's choice too
    assert 'role="search"' in page and 'name="q"' in page
    assert "There are 60 to choose from" in page


def test_the_search_finds_words_in_any_order_accents_and_case_aside(big, org_client, club_a):
    champ = make_championship(club_a, entries=0, entry_type="individual")
    url = reverse("championship-entries", args=[champ.pk])
    page = org_client.get(url, {"q": "PEET"}).content.decode()
    assert sorted(boxes(page)) == sorted(p.pk for p in big)
    assert "3 found" in page
    page = org_client.get(url, {"q": "peeters jan"}).content.decode()
    assert boxes(page) == [big[0].pk]
    assert options(page, "player") == [big[0].pk]
    response = org_client.post(url + "?q=peeters+jan", {"players": [big[0].pk]})
    assert response.status_code == 302 and response["Location"].endswith("?q=peeters+jan")
    assert list(champ.entries.values_list("player_id", flat=True)) == [big[0].pk]


def test_the_matches_come_a_page_at_a_time(big, org_client, club_a):
    make_players(club_a, PER_PAGE + 10, prefix="Many")  # 60 "Many..." players
    champ = make_championship(club_a, entries=0, entry_type="individual")
    url = reverse("championship-entries", args=[champ.pk])
    first = org_client.get(url, {"q": "many"}).content.decode()
    second = org_client.get(url, {"q": "many", "page": "2"}).content.decode()
    assert len(boxes(first)) == PER_PAGE and len(boxes(second)) == 10
    assert not set(boxes(first)) & set(boxes(second))
    assert "page 1 of 2" in first and 'href="?q=many&amp;page=2"' in first


def test_a_refused_entries_form_keeps_its_ticks_from_the_search(big, org_client, club_a):
    champ = make_championship(club_a, entries=0, entry_type="individual")
    response = org_client.post(reverse("championship-entries", args=[champ.pk]),
                               {"players": [big[1].pk], "new_players": "no comma"})
    assert response.status_code == 400
    assert boxes(response.content.decode()) == [big[1].pk]


def test_a_small_club_lists_every_member_as_before(settings, org_client, club_a):
    settings.TROEF_LIST_ALL_MAX = THRESHOLD
    players = make_players(club_a, THRESHOLD)
    champ = make_championship(club_a, entries=0, entry_type="individual")
    page = org_client.get(reverse("championship-entries", args=[champ.pk])).content.decode()
    assert sorted(boxes(page)) == sorted(p.pk for p in players)
    assert 'role="search"' not in page


def test_pairs_of_a_big_club_are_found_by_name_too(big, org_client, club_a):
    first, second = big[0], big[2]
    pair = Pair.objects.create(club=club_a, first=first, second=second)
    for i in range(THRESHOLD):
        Pair.objects.create(club=club_a, first=big[1], second=first, name=f"Other {i}")
    champ = make_championship(club_a, entries=0)
    url = reverse("championship-entries", args=[champ.pk])
    assert boxes(org_client.get(url).content.decode(), "pairs") == []
    page = org_client.get(url, {"q": "eric jan"}).content.decode()
    assert boxes(page, "pairs") == [pair.pk]


def test_a_new_pair_of_a_big_club_offers_a_search_not_every_member(big, org_client, club_a):
    url = reverse("club-pair-add", args=[club_a.slug])
    page = org_client.get(url).content.decode()
    assert options(page, "first") == [] and options(page, "second") == []
    assert 'name="first_q"' in page and 'name="second_q"' in page
    page = org_client.get(url, {"first_q": "jan peeters", "second_q": "peetermans"}
                          ).content.decode()
    assert options(page, "first") == [big[0].pk] and options(page, "second") == [big[2].pk]
    response = org_client.post(url + "?first_q=jan", {"first": big[0].pk,
                                                      "second": big[2].pk, "name": ""})
    assert response.status_code == 302
    assert Pair.objects.filter(club=club_a, first=big[0], second=big[2]).exists()


def test_a_pairs_page_keeps_its_players_offered(big, org_client, club_a):
    pair = Pair.objects.create(club=club_a, first=big[0], second=big[1])
    page = org_client.get(reverse("club-pair-edit", args=[club_a.slug, pair.pk])
                          ).content.decode()
    assert options(page, "first") == [big[0].pk] and options(page, "second") == [big[1].pk]
    assert re.search(rf'<option value="{big[0].pk}" selected>', page)


@pytest.mark.parametrize("params", [{"q": "x" * 5000}, {"q": "peeters", "page": "9" * 30},
                                    {"q": "peeters", "page": "-1"}, {"q": "²"},
                                    {"first_q": "é" * 300, "second_q": ""}])
def test_odd_searches_are_pages_not_errors(big, org_client, club_a, params):
    champ = make_championship(club_a, entries=0, entry_type="individual")
    for url in (reverse("championship-entries", args=[champ.pk]),
                reverse("club-pair-add", args=[club_a.slug])):
        assert org_client.get(url, params).status_code == 200
