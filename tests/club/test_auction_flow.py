"""An auction Manille evening end to end (issue 16): an auction2 evening for 11 players, drawn
at tables of 4, 4 and 3 each for themselves, deals entered through the sheet page, the match
rows and the standings checked against ``scoring``, refusals in words, nothing half-saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Deal, DealChange, MatchResult, Round, Seat, Table
from club.services.verify import verify_championship
from scoring.auction import AuctionDeal, replay_auction
from tests.factories import make_championship, make_club
from tests.helpers.auction import entry, make_evening, post_ok, sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(org_client, organiser):
    return make_evening(org_client, organiser)


def seats(table):
    return list(Seat.objects.filter(table=table).order_by("position"))


def test_the_draw_splits_eleven_into_tables_of_four_four_three(evening):
    champ, rnd = evening
    tables = Table.objects.filter(round=rnd, is_bye=False).order_by("number")
    sizes = [Seat.objects.filter(table=t).count() for t in tables]
    assert sorted(sizes, reverse=True) == [4, 4, 3]
    everyone = Seat.objects.filter(table__round=rnd).values_list("entry_id", flat=True)
    assert sorted(everyone) == sorted(champ.entries.values_list("pk", flat=True))
    for table in tables:  # each for themselves: a seat's side is its position
        assert all(s.side == s.position for s in seats(table))
        assert 0 <= table.first_dealer < len(seats(table))


def test_a_second_round_avoids_repeat_table_mates_where_it_can(org_client, evening):
    champ, rnd = evening
    rnd.status = Round.Status.CLOSED
    rnd.save()
    post_ok(org_client, reverse("stage-draw", args=[champ.stages.get().pk]), {"seed": "17"})
    second = Round.objects.get(stage__championship=champ, number=2)
    met = set()
    for table in Table.objects.filter(round=rnd):
        ids = [s.entry_id for s in seats(table)]
        met |= {frozenset((a, b)) for a in ids for b in ids if a != b}
    again = 0
    for table in Table.objects.filter(round=second):
        ids = [s.entry_id for s in seats(table)]
        again += sum(frozenset((a, b)) in met for i, a in enumerate(ids) for b in ids[i + 1:])
    # 11 players at 4-4-3 after 4-4-3: some pairs must meet again, but far fewer than 15.
    assert again <= 6


def test_deals_entered_by_the_page_score_as_scoring_says(org_client, evening):
    champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    at = seats(table)
    assert len(at) == 4
    page = org_client.get(sheet(table))
    assert page.status_code == 200
    body = page.content.decode()
    for seat in at:
        assert seat.player.full_name in body  # one column per player
    played = [(1, 20, "h", 25), (None, None, "", None), (3, "A", "s", 68), (0, 30, "n", 28)]
    for declarer, bid, trump, count in played:
        post_ok(org_client, sheet(table), entry(table, declarer=declarer, bid=bid,
                                                trump=trump, count=count,
                                                all_tricks="on" if bid == "A" else ""))
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert len(deals) == 4 and deals[1].declarer is None and deals[2].contract_all
    assert [d.dealer for d in deals] == [(table.first_dealer + i) % 4 for i in range(4)]
    expected = replay_auction(
        [AuctionDeal(4, None if d is None else (d - (table.first_dealer + i) % 4) % 4,
                     None if b is None else ("all" if b == "A" else b), 0, c,
                     all_tricks=b == "A")
         for i, (d, b, _t, c) in enumerate(played)],
        "auction2", 4, first_dealer=table.first_dealer)
    rows = {r.side: r for r in MatchResult.objects.filter(table=table)}
    assert [rows[p].points_for for p in range(4)] == list(expected.totals)
    assert min(r.points_for for r in rows.values()) < 0 or 0 in expected.totals
    assert DealChange.objects.filter(table=table, action="entered").count() == 4
    assert verify_championship(champ) == []
    MatchResult.objects.filter(table=table, side=0).update(points_for=999)
    assert len(verify_championship(champ)) >= 1  # a stored total that the deals do not give


def test_a_refusal_is_a_sentence_by_its_field_and_nothing_is_saved(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    response = org_client.post(sheet(table), entry(table, declarer=1, bid=10, trump="h",
                                                   count=30))
    assert response.status_code == 400
    assert "lowest bid" in response.content.decode()
    response = org_client.post(sheet(table), entry(table, declarer=1, bid=20, trump="h",
                                                   count=99))
    assert response.status_code == 400
    assert "more than the points in play" in response.content.decode()
    response = org_client.post(sheet(table), entry(table, declarer="", bid=20))
    assert response.status_code == 400
    response = org_client.post(sheet(table), entry(table, declarer=9, bid=20, count=20))
    assert response.status_code == 400
    response = org_client.post(sheet(table), entry(table, declarer=1, bid="x", count=20))
    assert response.status_code == 400 and "A for all tricks" in response.content.decode()
    assert not Deal.objects.filter(table=table).exists()
    assert not MatchResult.objects.filter(table=table).exclude(points_for=0).exists()


def test_correct_and_delete_a_deal(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    post_ok(org_client, sheet(table) + "deals/1/",
            entry(table, declarer=2, bid=20, trump="h", count=15))
    deal = Deal.objects.get(table=table)
    assert deal.declarer == 2 and deal.points == 15
    rows = {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}
    assert rows[2] == -20 and rows[1] == 0
    post_ok(org_client, sheet(table) + "deals/1/delete/",
            {"version": Table.objects.get(pk=table.pk).version})
    assert not Deal.objects.filter(table=table).exists()
    assert DealChange.objects.filter(table=table).count() == 3


def test_preview_gives_the_points_and_the_refusal(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    answer = org_client.get(sheet(table) + "preview/", entry(
        table, declarer=1, bid=20, trump="h", count=25)).json()
    assert answer["ok"] and sorted(answer["points"]) == [0, 0, 0, 20]
    answer = org_client.get(sheet(table) + "preview/", entry(
        table, declarer=1, bid=20, trump="h", count=99)).json()
    assert not answer["ok"] and "count" in answer["errors"]
    assert not Deal.objects.filter(table=table).exists()


def test_tricks_page_is_not_found_on_an_auction_sheet(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).first()
    assert org_client.get(sheet(table) + "tricks/").status_code == 404


def test_standings_by_total_and_by_places_agree_with_scoring(org_client, evening):
    from scoring.auction_standings import BY_PLACES, TableResult, auction_standings

    champ, rnd = evening
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    plays = [[(1, 20, "h", 25), (2, 18, "c", 30)], [(0, 19, "s", 10)], [(2, 24, "d", 40)]]
    expected = []
    for table, played in zip(tables, plays, strict=True):
        for declarer, bid, trump, count in played:
            post_ok(org_client, sheet(table), entry(table, declarer=declarer, bid=bid,
                                                    trump=trump, count=count))
        totals = {r.entry_id: r.points_for for r in MatchResult.objects.filter(table=table)}
        expected.append(TableResult(1, table.number, totals))
    names = {e.pk: e.player.full_name for e in champ.entries.select_related("player")}
    page = org_client.get(reverse("championship-standings", args=[champ.pk]))
    assert page.status_code == 200
    rows = page.context["rows"]
    want = auction_standings(expected, seed=champ.seed, players=list(names))
    assert [(r["rank"], r["name"]) for r in rows] == [(w.rank, names[w.entry]) for w in want.rows]
    assert rows[0]["values"]["total"] == max(t for tr in expected for t in tr.totals.values())
    page = org_client.get(reverse("championship-standings", args=[champ.pk]), {"order": "places"})
    want = auction_standings(expected, BY_PLACES, seed=champ.seed, players=list(names))
    assert [r["name"] for r in page.context["rows"]] == [names[w.entry] for w in want.rows]
    assert page.context["order"] == "places"


def test_trump_is_named_by_a_declarer_and_by_nobody_on_a_deal_thrown_in(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    response = org_client.post(sheet(table), entry(table, declarer="", trump="h"))
    assert response.status_code == 400 and "thrown in has no trump" in response.content.decode()
    response = org_client.post(sheet(table), entry(table, declarer=1, bid=20, count=30))
    assert response.status_code == 400 and "Choose the trump" in response.content.decode()
    assert not Deal.objects.filter(table=table).exists()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="n", count=30))
    assert Deal.objects.get(table=table).trump is None  # no trump


def test_an_auction_rule_set_needs_individual_entries_and_the_random_draw(org_client, club_a):
    from club.forms_championships import ChampionshipForm
    from club.models import RuleSet

    auction = RuleSet.objects.get(club=None, preset="auction2")
    data = {"name": "Veiling", "rule_set": auction.pk, "entry_type": "pairs",
            "draw_method": "swiss", "bye_scoring": "average_win", "table_size": 4,
            "table_fit": "most", "format_kind": "one_game", "rank_1": "match_points"}
    form = ChampionshipForm(data, club=club_a)
    assert not form.is_valid()
    assert "each for themselves" in str(form.errors["entry_type"])
    assert "drawn at random" in str(form.errors["draw_method"])
    form = ChampionshipForm({**data, "entry_type": "individual", "draw_method": "random",
                             "table_size": 8}, club=club_a)
    assert not form.is_valid() and "table_size" in form.errors
    form = ChampionshipForm({**data, "entry_type": "individual", "draw_method": "random"},
                            club=club_a)
    assert form.is_valid(), form.errors


def test_round_and_championship_pages_show_an_auction_round(org_client, evening):
    champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    page = org_client.get(reverse("round-detail", args=[rnd.pk]))
    assert page.status_code == 200
    view = next(tv for tv in page.context["page"].tables if tv.table.pk == table.pk)
    assert len(view.sides) == 4 and all(len(side) == 1 for side in view.sides)
    assert org_client.get(champ.get_absolute_url()).status_code == 200


def test_the_round_page_says_why_each_auction_table(org_client, evening):
    _champ, rnd = evening
    page = org_client.get(reverse("round-detail", args=[rnd.pk]))
    reasons = [line for tv in page.context["page"].tables for line in tv.reasons]
    assert any("11 players at tables of 4, 4, 3" in line for line in reasons), reasons
    assert any("Nobody at this table has sat" in line for line in reasons)


@pytest.mark.parametrize("preset, spoken, words", [
    ("blind", False, "Blind Manille: every card is played blind"),
    ("house", True, "Spoken Manille: players may speak"),
])
def test_blind_and_spoken_sheets_say_so(org_client, organiser, preset, spoken, words):
    from club.models import RuleSet
    from tests.factories import make_round

    club = make_club(f"g-{preset}", organiser=organiser)
    rules = RuleSet.objects.get(club=None, preset=preset)
    if spoken:
        rules = RuleSet.objects.create(club=club, name="Spoken", preset=preset,
                                       options={**rules.options, "spoken": True})
    champ = make_championship(club, entries=4, rules=rules)
    table = make_round(champ).tables.first()
    page = org_client.get(sheet(table))
    assert page.status_code == 200 and words in page.content.decode()
    plain = make_championship(club, entries=4, rules="house", name="Plain")
    assert words not in org_client.get(sheet(make_round(plain).tables.first())).content.decode()


def test_confirmation_and_a_correction_with_a_reason(client, org_client, evening, organiser):
    from club.models import ClubRole
    from tests.factories import make_user

    champ, rnd = evening
    champ.confirmation_required = True
    champ.save()
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    refused = org_client.post(sheet(table) + "confirm/",
                              {"version": Table.objects.get(pk=table.pk).version})
    assert refused.status_code == 400  # the one who entered it does not confirm it
    second = make_user("second")
    ClubRole.objects.create(user=second, club=champ.club, role=ClubRole.Role.SCORER)
    client.force_login(second)
    post_ok(client, sheet(table) + "confirm/", {"version": Table.objects.get(pk=table.pk).version})
    assert Table.objects.get(pk=table.pk).confirmed
    without = client.post(sheet(table) + "deals/1/",
                          entry(table, declarer=2, bid=20, trump="h", count=25))
    assert without.status_code == 400 and "needs a reason" in without.content.decode()
    post_ok(client, sheet(table) + "deals/1/", entry(table, declarer=2, bid=20, trump="h",
                                                     count=25, reason="wrong declarer"))
    change = DealChange.objects.filter(table=table, action="corrected").get()
    assert change.old["declarer"] == 1 and change.new["declarer"] == 2
    assert not Table.objects.get(pk=table.pk).confirmed
    changes = org_client.get(sheet(table) + "changes/")
    assert changes.status_code == 200 and "wrong declarer" in changes.content.decode()


def test_the_change_log_says_an_auction_deal_in_words(org_client, evening):
    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    at = seats(table)
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    post_ok(org_client, sheet(table), entry(table))
    post_ok(org_client, sheet(table) + "deals/1/",
            entry(table, declarer=2, bid=20, trump="h", count=25))
    body = org_client.get(sheet(table) + "changes/").content.decode()
    assert f"{at[1].player.full_name}: 20 ♥, count 25" in body
    assert "thrown in" in body
    assert f"{at[1].player.full_name} → {at[2].player.full_name}" in body


def test_close_with_a_total_below_zero_then_draw_the_next_round(org_client, evening, organiser):
    from club.services.closing import close_round

    champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=5))
    assert MatchResult.objects.get(table=table, side=1).points_for == -20
    assert org_client.get(reverse("round-closing", args=[rnd.pk])).status_code == 200
    close_round(rnd, organiser, remaining="played")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    assert MatchResult.objects.get(table=table, side=1).points_for == -20  # the game so far
    post_ok(org_client, reverse("stage-draw", args=[champ.stages.get().pk]), {"seed": "3"})
    second = Round.objects.get(stage__championship=champ, number=2)
    assert Table.objects.filter(round=second).count() == 3
    assert verify_championship(champ) == []


def test_a_player_forfeits_at_an_auction_table(org_client, evening, organiser):
    from club.services.closing import close_round, decide_table

    _champ, rnd = evening
    table = Table.objects.filter(round=rnd).order_by("number").first()
    post_ok(org_client, sheet(table), entry(table, declarer=1, bid=20, trump="h", count=25))
    decide_table(table, organiser, "forfeit", side=3, reason="left early")
    close_round(rnd, organiser, remaining="played")
    rows = {r.side: r.result for r in MatchResult.objects.filter(table=table)}
    assert rows == {0: "win", 1: "win", 2: "win", 3: "loss"}
