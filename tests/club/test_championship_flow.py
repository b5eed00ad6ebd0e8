"""The organiser's whole flow through the views: create, enter, draw, publish, record (via
services), close, advance; plus the public pages and the rules of the round lifecycle."""

import pytest
from django.urls import reverse

from club.models import Championship, Entry, MatchResult, Round, Seat, Stage, Table
from club.services.simulation import play_table
from tests.factories import make_club, make_players, make_round

pytestmark = pytest.mark.django_db


def post_ok(client, url, data=None):
    response = client.post(url, data or {})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


def test_whole_organiser_flow_for_an_individual_event(org_client, organiser):
    club = make_club("flow", organiser=organiser)
    players = make_players(club, 15, prefix="Flow")
    house = reverse("championship-create", args=[club.slug])
    from club.models import RuleSet
    post_ok(org_client, house, {
        "name": "Kampioenschap", "season": "2026-2027", "rule_set": RuleSet.objects.get(
            club=None, preset="house").pk, "entry_type": "individual", "draw_method": "random",
        "bye_scoring": "average_win", "public": "on", "format_kind": "one_game",
        "rank_1": "match_points", "rank_2": "points_diff", "rank_3": "points_for"})
    champ = Championship.objects.get(name="Kampioenschap")
    assert champ.stages.count() == 1 and champ.match_format["kind"] == "one_game"

    # enter 15 members and one new player on the fly: 16 players, 4 tables
    post_ok(org_client, reverse("championship-entries", args=[champ.pk]), {
        "players": [p.pk for p in players], "new_players": "Nieuw, Speler"})
    assert champ.entries.count() == 16

    stage = champ.stages.get()
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "42"})
    rnd = Round.objects.get(stage=stage)
    assert rnd.status == "draft" and rnd.seed == 42
    first_draw = sorted(Seat.objects.filter(table__round=rnd).values_list(
        "table__number", "position", "entry_id"))
    # redraw the draft with another seed, then with 42 again: the same tables come back
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "7"})
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "42"})
    assert sorted(Seat.objects.filter(table__round=rnd).values_list(
        "table__number", "position", "entry_id")) == first_draw
    assert Round.objects.filter(stage=stage).count() == 1

    # the public cannot see a draft; publishing shows it
    from django.test import Client
    public = Client()
    assert public.get(reverse("round-detail", args=[rnd.pk])).status_code == 403
    post_ok(org_client, reverse("round-action", args=[rnd.pk, "publish"]))
    page = public.get(reverse("round-detail", args=[rnd.pk]))
    assert page.status_code == 200 and "42" in page.content.decode()

    # a second round cannot be drawn before this one is closed
    org_client.post(reverse("stage-draw", args=[stage.pk]))
    assert Round.objects.filter(stage=stage).count() == 1

    for table in Table.objects.filter(round=rnd):
        assert play_table(table, seed=table.number, user=organiser) > 0
    assert MatchResult.objects.filter(table__round=rnd, finished=True).count() == 16
    post_ok(org_client, reverse("round-close", args=[rnd.pk]))
    rnd.refresh_from_db()
    assert rnd.status == "closed"

    standings = public.get(reverse("championship-standings", args=[champ.pk]))
    assert standings.status_code == 200
    rows = standings.context["page"].rows
    assert len(rows) == 16 and rows[0].values["match_points"] == 2

    # round 2 gives everyone new partners (16 players: always possible)
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "43"})
    rnd2 = Round.objects.get(stage=stage, number=2)
    partners = {}
    for r in (rnd, rnd2):
        for table in Table.objects.filter(round=r):
            seats = {s.position: s.entry_id for s in table.seats.all()}
            for a, b in ((0, 2), (1, 3)):
                pair = frozenset((seats[a], seats[b]))
                assert pair not in partners, "repeat partner"
                partners[pair] = r.number
    post_ok(org_client, reverse("round-action", args=[rnd2.pk, "publish"]))
    for table in Table.objects.filter(round=rnd2):
        play_table(table, seed=100 + table.number, user=organiser)
    post_ok(org_client, reverse("round-close", args=[rnd2.pk]))

    # advance the best 8 to a final
    post_ok(org_client, reverse("stage-advance", args=[stage.pk]),
            {"kind": "final", "advance": "top_n", "advance_count": "8"})
    final = Stage.objects.get(championship=champ, number=2)
    assert final.entries.count() == 8
    best = [row.entry for row in standings_rows(champ, stage)][:8]
    assert set(final.entries.values_list("pk", flat=True)) == set(best)
    post_ok(org_client, reverse("stage-draw", args=[final.pk]), {"seed": "1"})
    assert Table.objects.filter(round__stage=final).count() == 2


def standings_rows(champ, stage):
    from club.selectors.standings import standings_page

    active = set(Entry.objects.filter(championship=champ, active=True).values_list("pk", flat=True))
    return [row for row in standings_page(champ, stage).rows if row.entry in active]


def test_fixed_pairs_round_robin_with_a_withdrawal(org_client, organiser):
    from tests.factories import make_championship

    club = make_club("rr", organiser=organiser)
    champ = make_championship(club, entries=5, entry_type="pairs", draw_method="round_robin")
    stage = champ.stages.get()
    met = set()
    for number in (1, 2):
        post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": str(number)})
        rnd = Round.objects.get(stage=stage, number=number)
        assert Table.objects.filter(round=rnd, is_bye=True).count() == 1  # 5 pairs: one bye
        for table in rnd.tables.filter(is_bye=False):
            pair = frozenset(table.seats.values_list("entry_id", flat=True))
            assert len(pair) == 2 and pair not in met
            met.add(pair)
        post_ok(org_client, reverse("round-action", args=[rnd.pk, "publish"]))
        for table in rnd.tables.filter(is_bye=False):
            play_table(table, seed=number, user=organiser)
        post_ok(org_client, reverse("round-close", args=[rnd.pk]))
    withdrawn = champ.entries.first()
    post_ok(org_client, reverse("entry-active", args=[withdrawn.pk]), {"active": "0"})
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "3"})
    rnd3 = Round.objects.get(stage=stage, number=3)
    assert not Seat.objects.filter(table__round=rnd3, entry=withdrawn).exists()
    # finished rounds are untouched by the withdrawal
    assert Seat.objects.filter(table__round__number__lt=3, entry=withdrawn).exists()


def test_other_clubs_organiser_cannot_run_the_championship(client, django_user_model):
    from tests.factories import make_championship

    champ = make_championship(make_club("x"), entries=4)
    other = django_user_model.objects.create_user("intruder", password="x-12345678")
    client.force_login(other)
    stage = champ.stages.get()
    assert client.post(reverse("stage-draw", args=[stage.pk])).status_code == 403
    assert client.get(reverse("championship-entries", args=[champ.pk])).status_code == 403
    assert not Round.objects.filter(stage=stage).exists()


def test_late_entry_and_substitute_are_drawn_into_the_next_round(org_client, organiser):
    from tests.factories import make_championship

    club = make_club("late", organiser=organiser)
    champ = make_championship(club, entries=8, entry_type="individual")
    stage = champ.stages.get()
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "5"})
    rnd = Round.objects.get(stage=stage)
    post_ok(org_client, reverse("round-action", args=[rnd.pk, "publish"]))
    for table in rnd.tables.all():
        play_table(table, seed=table.number, user=organiser)
    post_ok(org_client, reverse("round-close", args=[rnd.pk]))
    first_round = sorted(Seat.objects.filter(table__round=rnd).values_list("entry_id", "position"))

    late, sub = make_players(club, 2, prefix="Late")
    post_ok(org_client, reverse("championship-entries", args=[champ.pk]), {"players": [late.pk]})
    assert Entry.objects.get(player=late).joined_round == 2
    leaving = champ.entries.exclude(player=late).first()
    post_ok(org_client, reverse("championship-substitute", args=[champ.pk]),
            {"entry": leaving.pk, "player": sub.pk})
    leaving.refresh_from_db()
    assert not leaving.active and Entry.objects.get(player=sub).substitute_for == leaving
    # the same member cannot come in twice
    response = org_client.post(reverse("championship-substitute", args=[champ.pk]),
                               {"entry": champ.entries.filter(active=True).first().pk,
                                "player": sub.pk})
    assert response.status_code == 400 and "player" in response.context["substitute_form"].errors

    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "6"})
    seated = set(Seat.objects.filter(table__round__number=2, table__round__stage=stage)
                 .values_list("entry__player_id", flat=True))
    assert {late.pk, sub.pk} <= seated and leaving.player_id not in seated
    assert sorted(Seat.objects.filter(table__round=rnd).values_list(
        "entry_id", "position")) == first_round


def test_organiser_round_page_links_each_sheet_and_the_pdfs(org_client, organiser):
    from tests.factories import make_championship

    champ = make_championship(make_club("links", organiser=organiser), entries=4)
    rnd = make_round(champ)
    page = org_client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    for table in rnd.tables.all():
        assert reverse("table-sheet", args=[table.pk]) in page
    assert reverse("reports-round", args=[rnd.pk]) in page
    detail = org_client.get(reverse("championship-detail", args=[champ.pk])).content.decode()
    assert reverse("reports-championship", args=[champ.pk]) in detail


def test_the_advance_form_shows_once_the_stages_rounds_are_closed(org_client, organiser):
    """Issue 14 point 6: the advance form was offered while rounds were still open."""
    from django.urls import reverse

    from club.models import Round, Table
    from club.services.closing import close_round
    from tests.factories import make_championship, make_club, make_round

    champ = make_championship(make_club("advance-club", organiser=organiser), entries=4)
    url = reverse("championship-detail", args=[champ.pk])
    assert "Advance to the next stage" not in org_client.get(url).content.decode()  # no round
    rnd = make_round(champ)
    page = org_client.get(url).content.decode()
    assert "Advance to the next stage" not in page and "Close every round" in page
    # nobody played: the organiser says so when closing
    close_round(Round.objects.get(pk=rnd.pk), remaining=Table.Decision.NOT_PLAYED)
    page = org_client.get(url).content.decode()
    assert "Advance to the next stage" in page
    assert '<label for="id_kind">' in page and '<label for="id_advance">' in page
