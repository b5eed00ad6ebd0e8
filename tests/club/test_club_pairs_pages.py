"""A club's page lists its pairs a page at a time (issue 27, break 1's rest): a club with
thousands of pairs answers its page at once, 50 pairs a page, and its pages are reached by
the pairs table's own ``pairs-page`` (the members table keeps its own ``page``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Pair
from club.views.clubs import PAIRS_PER_PAGE
from tests.factories import make_club, make_players

pytestmark = pytest.mark.django_db


def _club_with_pairs(count):
    club = make_club("pairs-club")
    players = make_players(club, count * 2)
    Pair.objects.bulk_create(Pair(club=club, first=players[2 * i], second=players[2 * i + 1],
                                  name=f"Pair {i:04d}") for i in range(count))
    return club


def _pair_rows(html: str) -> int:
    return html.count("Pair 0")


def test_the_club_page_shows_one_page_of_pairs(client):
    club = _club_with_pairs(PAIRS_PER_PAGE + 7)
    first = client.get(f"/clubs/{club.slug}/")
    assert first.status_code == 200
    assert _pair_rows(first.content.decode()) == PAIRS_PER_PAGE
    assert "pairs-page=2" in first.content.decode()
    second = client.get(f"/clubs/{club.slug}/?pairs-page=2")
    assert _pair_rows(second.content.decode()) == 7


def test_a_page_of_pairs_costs_the_same_queries_whatever_the_club_size(client):
    small = _club_with_pairs(PAIRS_PER_PAGE + 1)
    with CaptureQueriesContext(connection) as few:
        client.get(f"/clubs/{small.slug}/")
    Pair.objects.filter(club=small).delete()
    big = _club_with_pairs(1_000)
    with CaptureQueriesContext(connection) as many:
        answer = client.get(f"/clubs/{big.slug}/")
    assert len(many) == len(few)
    assert len(answer.content) < 400_000


@pytest.mark.parametrize("page", ["abc", "0", "999", "-1"])
def test_a_page_out_of_range_is_an_answer_not_an_error(client, page):
    club = _club_with_pairs(3)
    answer = client.get(f"/clubs/{club.slug}/?pairs-page={page}")
    assert answer.status_code == 200
    assert _pair_rows(answer.content.decode()) == 3
