"""A poule championship through the organiser's pages (RULES.md section 11): poules of four
pairs, three rounds in which each pair meets its poule, then the poule winners and the best
runners-up go on to a knockout stage drawn its own way."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.urls import reverse

from club.models import Championship, RuleSet, Seat, Stage, Table
from club.services import championships as service
from club.services.closing import close_round
from club.services.draws import draw_round, publish_round, stage_poules
from club.services.simulation import play_table
from tests.factories import make_championship, make_club

pytestmark = pytest.mark.django_db


def post_ok(client, url, data=None):
    response = client.post(url, data or {})
    assert response.status_code == 302, response.content.decode()[:1500]
    return response


@pytest.fixture
def poule_championship(organiser):
    club = make_club("poules", organiser=organiser)
    return make_championship(club, entries=10, draw_method=Championship.DrawMethod.POULES)


def play_stage(client, organiser, stage, rounds=3):
    for number in range(rounds):
        post_ok(client, reverse("stage-draw", args=[stage.pk]), {"seed": 40 + number})
        rnd = stage.rounds.get(number=number + 1)
        post_ok(client, reverse("round-action", args=[rnd.pk, "publish"]))
        for table in Table.objects.filter(round=rnd, is_bye=False):
            play_table(table, seed=table.pk, user=organiser)
        post_ok(client, reverse("round-close", args=[rnd.pk]))


def pairs_met(stage):
    met = Counter()
    for table in Table.objects.filter(round__stage=stage, is_bye=False):
        entries = sorted(set(Seat.objects.filter(table=table).values_list("entry_id", flat=True)))
        met[tuple(entries)] += 1
    return met


def test_poules_then_the_winners_and_best_runners_up_to_a_knockout(org_client, organiser,
                                                                   poule_championship):
    champ = poule_championship
    stage = champ.stages.get()
    play_stage(org_client, organiser, stage)
    poules = stage_poules(stage)
    assert sorted(Counter(poules.values()).values()) == [3, 3, 4]  # 10 pairs
    expected = {tuple(sorted(pair)) for letter in set(poules.values())
                for pair in combinations([e for e, p in poules.items() if p == letter], 2)}
    assert set(pairs_met(stage)) == expected and set(pairs_met(stage).values()) == {1}
    page = org_client.get(reverse("round-detail", args=[stage.rounds.first().pk])).content.decode()
    assert "poule A" in page and "poule C" in page
    byes = Seat.objects.filter(table__round=stage.rounds.first(), table__is_bye=True)
    names = {seat.entry.name for seat in byes}
    assert len(names) == 2  # one pair sits out in each poule of three
    byes_line = page.split(">Byes<", 1)[1].split("<p>", 1)[1].split("</p>", 1)[0]
    assert sorted(byes_line.split(", ")) == sorted(names)  # each bye named once

    # a fourth round is refused with the reason, nothing drawn
    response = org_client.post(reverse("stage-draw", args=[stage.pk]), {"seed": 1}, follow=True)
    assert "Every round of the poules has been played" in response.content.decode()
    assert stage.rounds.count() == 3

    standings = org_client.get(reverse("championship-standings", args=[champ.pk]))
    assert ">Poule<" in standings.content.decode()
    rows = standings.context["table"].rows
    assert [row.record["poule"] for row in rows] == [
        poules[row_entry] for row_entry in (r.entry for r in standings.context["page"].rows)]

    post_ok(org_client, reverse("stage-advance", args=[stage.pk]),
            {"kind": "final", "advance": "poule_winners", "advance_count": "4",
             "draw_method": "random"})
    final = champ.stages.get(number=2)
    assert final.draw_method == "random"
    chosen = set(final.entries.values_list("pk", flat=True))
    ranked = [row.entry for row in service.current_standings(champ, stage).rows]
    places = {letter: [e for e in ranked if poules[e] == letter] for letter in set(poules.values())}
    winners = {order[0] for order in places.values()}
    best_runner_up = min((order[1] for order in places.values()), key=ranked.index)
    assert chosen == winners | {best_runner_up}
    rnd = draw_round(final, seed=5)
    assert rnd.draw_method == "random" and rnd.tables.filter(is_bye=False).count() == 2


def test_advance_refusals_name_the_reason(org_client, organiser, poule_championship):
    stage = poule_championship.stages.get()
    play_stage(org_client, organiser, stage)
    with pytest.raises(service.ChampionshipError, match="At least the 3 poule winners"):
        service.advance(stage, kind="final", advance="poule_winners", count=2)
    with pytest.raises(service.ChampionshipError, match="Only 6 poule winners and runners-up"):
        service.advance(stage, kind="final", advance="poule_winners", count=7)
    with pytest.raises(service.ChampionshipError, match="scorer-stays"):
        service.advance(stage, kind="final", advance="top_n", count=4, draw_method="scorer_stays")
    assert poule_championship.stages.count() == 1


def test_poules_need_fixed_pairs_and_a_poule_stage(org_client, organiser):
    club = make_club("indiv", organiser=organiser)
    response = org_client.post(reverse("championship-create", args=[club.slug]), {
        "name": "Poules?", "season": "2026", "rule_set": RuleSet.objects.get(
            club=None, preset="house").pk, "entry_type": "individual", "draw_method": "poules",
        "bye_scoring": "average_win", "format_kind": "one_game", "rank_1": "match_points"})
    assert response.status_code == 400
    assert "Individual events draw at random" in response.context["form"].errors["draw_method"][0]
    champ = make_championship(club, entries=4)
    stage = champ.stages.get()
    rnd = draw_round(stage, seed=1)
    publish_round(rnd)
    for table in rnd.tables.filter(is_bye=False):
        play_table(table, seed=1, user=organiser)
    close_round(rnd)
    with pytest.raises(service.ChampionshipError, match="not played in poules"):
        service.advance(stage, kind="final", advance=Stage.Advance.POULE_WINNERS, count=2)
