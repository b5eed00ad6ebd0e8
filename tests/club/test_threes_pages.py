"""Tables of three on the pages (issue 28 point 5): the exact threshold's halves stored and
shown "4½", a pending tie noted on the web sheet, the chart naming and drawing every player,
and tables of three chosen on the championship form."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from club.models import Championship, MatchResult, Round, RuleSet, Seat, Table
from club.reports import data, documents
from club.services.verify import verify_championship
from tests.factories import make_championship, make_club
from tests.helpers.sheets import url

pytestmark = pytest.mark.django_db


def post_ok(client, path, values=None):
    response = client.post(path, values or {})
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


def deal(table, dealer, trump, points, other, **fields):
    table.refresh_from_db()
    values = {"version": table.version, "dealer": dealer, "trump": trump, "doubling": 1,
              "points": points, "points_other": other, "all_tricks": "", "renonce": "",
              "reason": ""}
    values.update(fields)
    return values


@pytest.fixture
def three(org_client, organiser):
    club = make_club("threes-half", organiser=organiser)
    champ = make_championship(club, entries=14, entry_type="individual", odd_players="threes")
    stage = champ.stages.get()
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "42"})
    rnd = Round.objects.get(stage=stage)
    post_ok(org_client, reverse("round-action", args=[rnd.pk, "publish"]))
    table = next(t for t in Table.objects.filter(round=rnd).order_by("number")
                 if t.seats.count() == 3)
    seats = list(Seat.objects.filter(table=table).select_related("player").order_by("position"))
    return champ, rnd, table, seats


def test_thirty_of_fifty_one_scores_four_and_a_half_stored_and_shown(org_client, three):
    champ, rnd, table, _seats = three
    d0 = table.first_dealer
    post_ok(org_client, url(table), deal(table, d0, "h", 30, 21))
    page = org_client.get(url(table))
    rows = [row for game in page.context["page"].games for row in game.rows]
    assert rows[0].credits[d0] == Fraction(9, 2)
    html = page.content.decode()
    assert "4½" in html and "9/2" not in html
    preview = org_client.get(url(table, "preview/"), deal(table, (d0 + 1) % 3, "c", 21, 30))
    assert preview.json()["ok"]
    post_ok(org_client, reverse("round-close", args=[rnd.pk]), {"remaining": "played"})
    row = MatchResult.objects.get(table=table, side=d0)
    assert row.points_for == Fraction(9, 2) and isinstance(row.points_for, Fraction)
    other = MatchResult.objects.get(table=table, side=(d0 + 1) % 3)
    assert other.points_for == 0 and type(other.points_for) is int
    assert verify_championship(champ) == []
    line = next(line for line in documents.result_lines(data.round_results(rnd.pk)[0])
                if line.number == table.number)
    assert "4½" in line.points
    standings = org_client.get(reverse("championship-standings", args=[champ.pk]))
    assert "4½" in standings.content.decode()


def test_a_half_point_goes_through_the_projector_and_the_api(org_client, three):
    """The live data and the API carry a half as a number (4.5), never a 500 or a cut 4."""
    champ, rnd, table, _seats = three
    d0 = table.first_dealer
    post_ok(org_client, url(table), deal(table, d0, "h", 30, 21))
    data_ = org_client.get(reverse("championship-projector-data", args=[champ.pk]))
    assert data_.status_code == 200
    row = next(t for t in data_.json()["round"]["tables"] if t["number"] == table.number)
    assert "4½" in row["sides"][0]  # each of the three players with their total
    post_ok(org_client, reverse("round-close", args=[rnd.pk]), {"remaining": "played"})
    data_ = org_client.get(reverse("championship-projector-data", args=[champ.pk]))
    assert data_.status_code == 200
    assert "4.5" in data_.content.decode() or "4½" in data_.content.decode()


def test_a_pending_tie_is_noted_at_a_table_of_three(org_client, three):
    _champ, _rnd, table, _seats = three
    d0 = table.first_dealer
    post_ok(org_client, url(table), deal(table, d0, "h", 26, 26))
    rows = [row for game in org_client.get(url(table)).context["page"].games
            for row in game.rows]
    assert "26–26" in rows[0].tie and "×2" in rows[0].tie
    preview = org_client.get(url(table, "preview/"),
                             deal(table, (d0 + 1) % 3, "h", 26, 26)).json()
    assert "tie" in preview, preview


def test_the_chart_names_and_draws_every_player(org_client, three):
    _champ, rnd, table, seats = three
    d0 = table.first_dealer
    post_ok(org_client, url(table), deal(table, d0, "h", 40, 20))
    post_ok(org_client, url(table), deal(table, (d0 + 1) % 3, "h", 20, 40))
    tdata = next(t for t in data.round_results(rnd.pk)[0].tables if t.table.pk == table.pk)
    svg = documents.table_chart(tdata)
    for seat in seats:
        assert seat.player.last_name in svg, seat.player.last_name
    assert svg.count("<path") >= 3 or svg.count("polyline") >= 3


def test_the_championship_form_chooses_tables_of_three(org_client, organiser):
    club = make_club("threes-form", organiser=organiser)
    post_ok(org_client, reverse("championship-create", args=[club.slug]), {
        "name": "Drietallen", "rule_set": RuleSet.objects.get(club=None, preset="house").pk,
        "entry_type": "individual", "draw_method": "random", "bye_scoring": "average_win",
        "odd_players": "threes", "format_kind": "one_game", "rank_1": "match_points",
        "rank_2": "points_diff", "rank_3": "points_for"})
    assert Championship.objects.get(name="Drietallen").odd_players == "threes"
    page = org_client.get(reverse("championship-create", args=[club.slug]))
    assert 'name="odd_players"' in page.content.decode()
