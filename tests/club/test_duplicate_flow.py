"""A whole duplicate evening through the pages: an event of 8 pairs in a Howell, created
with the form, every traveller entered by the scorer through the entry page, and the
standings page's percentages equal to scoring.duplicate's on the same facts."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ClubRole, DuplicateEvent, RuleSet, Traveller
from scoring.deal_facts import DealResult
from scoring.duplicate import BoardResult, score_boards
from tests.factories import make_club, make_user
from tests.helpers.duplicate import make_pairs

pytestmark = pytest.mark.django_db


def random_line(rng: random.Random) -> dict:
    trump = rng.choice("cdhsn")
    if rng.random() < 0.05:
        return {"trump": trump, "renonce": str(rng.randint(0, 1)), "points": "",
                "points_other": ""}
    ns = rng.randint(10, 50)
    return {"trump": trump, "points": str(ns), "points_other": str(60 - ns),
            "doubling": "1"}


def test_an_evening_of_eight_pairs_through_the_pages():
    organiser, scorer = make_user("org"), make_user("scorer")
    club = make_club("club", organiser=organiser)
    ClubRole.objects.create(user=scorer, club=club, role="scorer")
    pairs = make_pairs(club, 8)
    org = Client()
    org.force_login(organiser)
    response = org.post(reverse("duplicate-create", args=[club.slug]), {
        "name": "Tuesday duplicate", "rule_set": RuleSet.objects.get(club=None, preset="house").pk,
        "movement": "howell", "boards_per_round": "3", "sessions": "1", "boards": "seed",
        "seed": "flow", "pairs": [p.pk for p in pairs]})
    assert response.status_code == 302, response.content.decode()[:2000]
    event = DuplicateEvent.objects.get()
    session = event.sessions.get()
    assert (session.rounds, session.board_count, event.pairs.count()) == (7, 21, 8)

    client = Client()
    client.force_login(scorer)
    rng = random.Random(18)
    expected = []
    for rnd in range(1, 8):
        page = client.get(reverse("duplicate-round", args=[session.pk, rnd]))
        assert page.status_code == 200
        for table in session.tables.filter(round=rnd).order_by("number"):
            for board in table.boards:
                url = reverse("duplicate-traveller", args=[table.pk, board])
                assert client.get(url).status_code == 200
                line = random_line(rng)
                answer = client.post(url, {**line, "version": "0"})
                assert answer.status_code == 302, answer.content.decode()[:3000]
                points = (None if not line["points"]
                          else (int(line["points"]), int(line["points_other"])))
                expected.append(BoardResult(
                    (1, board), table.pair_ns.number, table.pair_ew.number,
                    DealResult(points=points, trump=None if line["trump"] == "n"
                               else line["trump"],
                               renonce=int(line["renonce"]) if "renonce" in line else None)))
    assert Traveller.objects.count() == 7 * 4 * 3 == len(expected)

    rows = score_boards(expected, [(1, n) for n in range(1, 22)], "house")
    page = client.get(reverse("duplicate-standings", args=[event.pk]))
    assert page.status_code == 200
    shown = [(row.pair.number, row.percentage, row.rank) for row in page.context["rows"]]
    assert shown == [(row.pair, row.percentage, row.rank) for row in rows]
    html = page.content.decode()
    assert f"{rows[0].percentage:.2f}" in html
    # every board played 4 times, each pair 21 boards: tops of 6 a board
    assert {row.boards for row in rows} == {21} and {row.top for row in rows} == {126}
    # a board's page: every table's line and its match points
    board_page = client.get(reverse("duplicate-board", args=[session.pk, 1]))
    assert board_page.status_code == 200 and len(board_page.context["lines"]) == 4
    assert sorted(sum(line.match_points) for line in board_page.context["lines"]) == [6.0] * 4
