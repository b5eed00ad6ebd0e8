"""The hall's projector for an auction championship: its standings by total (the
partnership standings refuse a total below zero: the answer was a 500) and each table's
players with their totals on one line."""

from __future__ import annotations

import pytest

from club.models import MatchResult, Table
from tests.helpers.auction import played_round

pytestmark = pytest.mark.django_db


def test_projector_data_of_an_auction_evening(client):
    rnd = played_round()
    champ = rnd.stage.championship
    champ.public = True
    champ.save()
    MatchResult.objects.filter(table__round=rnd).update(points_for=-5)  # below zero
    MatchResult.objects.filter(table__round=rnd, side=1).update(points_for=7)
    response = client.get(f"/championships/{champ.pk}/projector/data/")
    assert response.status_code == 200
    data = response.json()
    assert data["standings"]["columns"][2:] == ["Total", "Place points", "Rounds"]
    rows = data["standings"]["rows"]
    assert len(rows) == 7 and [r[2] for r in rows[:2]] == ["7", "7"]
    tables = data["round"]["tables"]
    assert [t["number"] for t in tables] == [1, 2]
    four = Table.objects.get(round=rnd, number=1)
    line = tables[0]["sides"][0]
    for seat in four.seats.select_related("player").order_by("position"):
        assert seat.player.last_name in line
    assert line.count(" · ") == 3 and " 7" in line and "-5" in line
    assert tables[0]["state"] == "finished" and tables[0]["score"] == [None, None]


def test_a_private_auction_evening_projector_answers_403_to_the_public(client):
    rnd = played_round()
    response = client.get(f"/championships/{rnd.stage.championship.pk}/projector/data/")
    assert response.status_code == 403


def test_the_api_standings_of_an_auction_evening(client):
    rnd = played_round()
    champ = rnd.stage.championship
    champ.public = True
    champ.save()
    MatchResult.objects.filter(table__round=rnd, side=3).update(points_for=-200)
    response = client.get(f"/api/championships/{champ.pk}/standings/")
    assert response.status_code == 200, response.content[:300]
    data = response.json()
    assert data["order"] == ["total", "place_points", "firsts"]
    assert data["count"] == 7 and data["results"][0]["values"]["total"] == 96
    assert data["results"][-1]["values"]["total"] == -200
    by_places = client.get(f"/api/championships/{champ.pk}/standings/", {"order": "places"})
    assert by_places.json()["order"][0] == "place_points"


@pytest.mark.parametrize("advance", ["top_n", "table_winners"])
def test_an_auction_stage_advances_by_total_score(advance):
    from club.models import Round, Stage
    from club.services.championships import advance as advance_stage

    rnd = played_round()
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    stage = rnd.stage
    MatchResult.objects.filter(table__round=rnd, side=3).update(points_for=-200)
    nxt = advance_stage(stage, kind=Stage.Kind.FINAL, advance=advance, count=3)
    chosen = set(nxt.entries.values_list("player__first_name", flat=True))
    # B of the table of 3 (96) and B of the table of 4 (80) lead; the table winners are they.
    if advance == "top_n":
        assert len(chosen) == 3 and {"First5", "First1"} <= chosen
    else:
        assert chosen == {"First5", "First1"}
