"""The demo's championships, and the pages built on played rounds: a player's results,
the season ladder and the club ranking."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from club.models import Championship, Deal, MatchResult, Player, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db, demo_built):
    return Championship.objects.order_by("pk")


def test_demo_has_a_pairs_and_an_individual_event_with_rounds_played(demo):
    kinds = {c.entry_type: c for c in demo}
    assert set(kinds) == {"pairs", "individual"}
    for championship in demo:
        rounds = Round.objects.filter(stage__championship=championship)
        assert rounds.count() == 3
        assert Deal.objects.filter(table__round__stage__championship=championship).count() > 20
        finished = MatchResult.objects.filter(table__round__stage__championship=championship,
                                              finished=True)
        assert finished.filter(result="win").exists()
    call_command("demo", stdout=io.StringIO())  # idempotent
    assert Championship.objects.count() == 3  # and the auction evening (test_demo_auction.py)


def test_player_page_lists_results_across_rounds(client, demo):
    player = Player.objects.get(member_number="ZT-001")
    page = client.get(reverse("player-detail", args=[player.pk]))
    results = page.context["results"]
    assert len(results) >= 4  # three rounds in each of two events (byes aside)
    assert all(r.opponents for r in results if not r.result.is_bye)
    assert "Individual club evening" in page.content.decode()


def test_season_ladder_and_club_ranking(client, demo):
    club = demo.first().club
    ladder = client.get(reverse("club-ladder", args=[club.slug]), {"season": "2026-2027"})
    rows = ladder.context["ladders"][0].rows  # match points (the auction's place points apart)
    assert len(rows) == 24
    totals = [row.total for row, _name, _text in rows]
    assert totals == sorted(totals, reverse=True)
    best = client.get(reverse("club-ladder", args=[club.slug]), {"season": "2026-2027", "best": "1"})
    assert max(row.total for row, _n, _t in best.context["ladders"][0].rows) <= max(totals)
    ranking = client.get(reverse("club-ranking"))
    assert [row.club for row in ranking.context["rows"]] == [club.name]


def test_public_ladder_and_club_ranking_leave_private_championships_out(client, demo):
    """The ladder's docstring said it counted public championships only; it counted all."""
    club = demo.first().club
    individual = demo.get(entry_type="individual", rule_set__preset="house")
    demo.update(public=True)
    ladder = client.get(reverse("club-ladder", args=[club.slug]), {"season": "2026-2027"})
    assert {event for ladder_ in ladder.context["ladders"] for row, _n, _t in ladder_.rows
            for event in row.counted} == {c.pk for c in demo}
    demo.exclude(pk=individual.pk).update(public=False)
    ladder = client.get(reverse("club-ladder", args=[club.slug]), {"season": "2026-2027"})
    assert {event for ladder_ in ladder.context["ladders"] for row, _n, _t in ladder_.rows
            for event in row.counted} == {individual.pk}
    demo.update(public=False)
    assert client.get(reverse("club-ladder", args=[club.slug]),
                      {"season": "2026-2027"}).context["ladders"] == []
    assert client.get(reverse("club-ranking")).context["rows"] == []
