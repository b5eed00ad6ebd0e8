"""The score sheet through its pages: enter, refuse, correct, delete, confirm, audit."""

import pytest
from django.db import connection

from club.models import ClubRole, Deal, DealChange, MatchResult, Table
from tests.factories import make_club, make_user
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    return sheet_table(organiser)


def post(client, table, suffix="", **fields):
    return client.post(url(table, suffix), deal_data(table, **fields))


def results(table):
    return {r.side: r for r in MatchResult.objects.filter(table=table)}


# -- permissions -------------------------------------------------------------------------

def test_anonymous_goes_to_login(client, table):
    response = client.get(url(table))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.post(url(table), deal_data(table))
    assert response.status_code == 302 and not Deal.objects.exists()


def test_other_clubs_organiser_gets_403_and_staff_may_edit(client, table):
    other = make_user("other")
    ClubRole.objects.create(user=other, club=make_club("elsewhere"))
    client.force_login(other)
    assert client.get(url(table)).status_code == 403
    assert client.post(url(table), deal_data(table)).status_code == 403
    assert client.get(url(table, "changes/")).status_code == 403
    champ = table.round.stage.championship
    assert client.get(f"/championships/{champ.pk}/sheet-changes/").status_code == 403
    assert not Deal.objects.exists()
    client.force_login(make_user("boss", is_staff=True))
    assert client.get(url(table)).status_code == 200


def test_missing_table_is_404(org_client, table):
    assert org_client.get("/tables/999999/sheet/").status_code == 404


# -- entering ----------------------------------------------------------------------------

def test_page_prefills_the_dealer_in_playing_order(org_client, table):
    Table.objects.filter(pk=table.pk).update(first_dealer=2)
    page = org_client.get(url(table))
    assert page.status_code == 200
    assert page.context["form"].initial["dealer"] == 2
    post(org_client, table, dealer=2)
    post(org_client, table, dealer=3, cancelled="on", trump="", points="")  # passes the deal on
    page = org_client.get(url(table))
    assert page.context["form"].initial["dealer"] == 0
    assert page.context["page"].next_number == 3


def test_enter_a_deal_scores_it_and_logs_it(org_client, organiser, table):
    response = post(org_client, table, trump="h", points=38)
    assert response.status_code == 302
    deal = Deal.objects.get(table=table)
    assert (deal.number, deal.trump, deal.points, deal.points_other) == (1, "h", 38, 22)
    table.refresh_from_db()
    assert table.version == 1 and table.entered_by == organiser
    assert (results(table)[0].points_for, results(table)[1].points_for) == (8, 0)
    change = DealChange.objects.get(table=table)
    assert (change.action, change.user, change.new["points"], change.old) == (
        "entered", organiser, 38, None)
    page = org_client.get(url(table))
    assert "38" in page.content.decode() and page.context["page"].games[0].rows[0].totals == (8, 0)


def test_other_sides_points_may_be_typed_instead(org_client, table):
    post(org_client, table, points="", points_other=45, trump="n")
    deal = Deal.objects.get(table=table)
    assert (deal.points, deal.points_other, deal.trump) == (15, 45, None)
    assert results(table)[1].points_for == 30  # (45 - 30) x 2 no trump


@pytest.mark.parametrize("fields, field, words", [
    ({"points": 38, "points_other": 30}, "points", "add up to 60"),
    ({"doubling": 2}, "doubling", "not allowed by the rule set"),
    ({"trump": ""}, "trump", "Choose the trump"),
    ({"points": ""}, "points", "Enter the card points"),
    ({"renonce": 1}, "points", "renonce decides the deal"),
    ({"points": 50, "all_tricks": 0}, "all_tricks", "takes every card point"),
    # one side's points above those in play, the other box empty (issue 28: it said
    # "Card points are whole numbers")
    ({"points": 61}, "points", "must add up to 60 (the card points in play), not 61"),
    ({"points": "", "points_other": 115}, "points_other", "add up to 60"),
])
def test_bad_deal_is_refused_next_to_its_field_and_changes_nothing(org_client, table, fields,
                                                                  field, words):
    before = snapshot(table)
    response = post(org_client, table, **fields)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors and words in " ".join(errors[field])
    assert words in response.content.decode()
    assert snapshot(table) == before


def test_renonce_and_cancelled_deals(org_client, table):
    post(org_client, table, trump="c", points="", renonce=0)  # side 0 revokes: 30 to side 1
    post(org_client, table, trump="", points="", cancelled="on")
    post(org_client, table, trump="s", points=30)  # 30-30: next deal x2
    post(org_client, table, trump="d", points=40)  # (40-30) x 2 = 20
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [d.renonce for d in deals] == [0, None, None, None]
    assert deals[1].cancelled and deals[1].points is None
    rows = [r for g in org_client.get(url(table)).context["page"].games for r in g.rows]
    assert [r.totals for r in rows] == [(0, 30), (0, 30), (0, 30), (20, 30)]
    assert (results(table)[0].points_for, results(table)[1].points_for) == (20, 30)


def test_game_closes_at_the_target_and_the_match_takes_no_more(org_client, table):
    for _ in range(3):  # no trump all tricks: 120 each time, the game ends after the first
        response = post(org_client, table, trump="n", points=60, all_tricks=0)
    assert response.status_code == 400
    assert "The match is over" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1
    result = results(table)[0]
    assert (result.result, result.finished, result.games_won) == ("win", True, 1)
    page = org_client.get(url(table))
    assert page.context["form"] is None and "Match over." in page.content.decode()


def test_next_game_starts_on_the_same_sheet(org_client, organiser):
    table = sheet_table(organiser, match_format={"kind": "best_of", "count": 3, "minutes": None})
    post(org_client, table, trump="n", points=60, all_tricks=0)
    post(org_client, table, trump="h", points=20)
    games = org_client.get(url(table)).context["page"].games
    assert [(g.number, g.finished, g.totals) for g in games] == [(1, True, (120, 0)),
                                                                (2, False, (0, 10))]
    assert results(table)[0].result == ""


# -- corrections -------------------------------------------------------------------------

def test_edit_recomputes_everything_after_and_keeps_old_and_new(org_client, organiser, table):
    post(org_client, table, points=30)  # tie: next x2
    post(org_client, table, points=40)  # 20
    response = post(org_client, table, "deals/1/", points=38, dealer=0)
    assert response.status_code == 302
    rows = [r for g in org_client.get(url(table)).context["page"].games for r in g.rows]
    assert [r.totals for r in rows] == [(8, 0), (18, 0)]  # deal 2 lost its x2
    assert results(table)[0].points_for == 18
    change = DealChange.objects.get(action="edited")
    assert (change.deal_number, change.old["points"], change.new["points"], change.user) == (
        1, 30, 38, organiser)


def test_edit_that_breaks_a_later_deal_is_refused(org_client, organiser):
    table = sheet_table(organiser)
    post(org_client, table, points=38)
    post(org_client, table, points=40)
    before = snapshot(table)
    # Deal 1 becoming a no-trump all-tricks win ends the match before deal 2.
    response = post(org_client, table, "deals/1/", trump="n", points=60, all_tricks=0, dealer=0)
    assert response.status_code == 400
    assert "Deal 2" in response.content.decode()
    assert snapshot(table) == before


def test_delete_from_the_middle_moves_the_later_deals_up(org_client, table):
    for points in (38, 40, 45):
        post(org_client, table, points=points)
    response = org_client.post(url(table, "deals/2/delete/"), {"version": 3, "reason": ""})
    assert response.status_code == 302
    assert list(Deal.objects.filter(table=table).order_by("number").values_list(
        "number", "points")) == [(1, 38), (2, 45)]
    assert results(table)[0].points_for == 8 + 15
    change = DealChange.objects.get(action="deleted")
    assert (change.deal_number, change.old["points"], change.new) == (2, 40, None)


def test_stale_version_is_a_conflict_showing_the_current_sheet(org_client, table):
    post(org_client, table, points=38)
    before = snapshot(table)
    response = org_client.post(url(table), deal_data(table, version=0, points=44))
    assert response.status_code == 409
    body = response.content.decode()
    assert "changed by someone else" in body and "38" in body
    assert response.context["form"].data["version"] == "1"  # resubmitting works
    assert response.context["form"].data["points"] == "44"  # what was typed is kept
    assert snapshot(table) == before


# -- confirmation ------------------------------------------------------------------------

def test_confirmation_by_another_person_then_corrections_need_a_reason(client, organiser):
    table = sheet_table(organiser, confirmation_required=True)
    client.force_login(organiser)
    post(client, table, points=38)
    refused = client.post(url(table, "confirm/"), {"version": 1})
    assert refused.status_code == 400 and "another person confirms" in refused.content.decode()
    second = make_user("second")
    ClubRole.objects.create(user=second, club=table.round.stage.championship.club)
    client.force_login(second)
    assert client.post(url(table, "confirm/"), {"version": 1}).status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == second and table.confirmed
    before = snapshot(table)
    response = post(client, table, "deals/1/", points=40, dealer=0)
    assert response.status_code == 400 and "needs a reason" in response.content.decode()
    assert snapshot(table) == before
    response = post(client, table, "deals/1/", points=40, dealer=0, reason="misread 38")
    assert response.status_code == 302
    table.refresh_from_db()
    assert not table.confirmed and table.entered_by == second  # a new version to confirm
    change = DealChange.objects.get(action="corrected")
    assert (change.reason, change.old["points"], change.new["points"]) == ("misread 38", 38, 40)
    client.force_login(organiser)
    assert client.post(url(table, "confirm/"), {"version": table.version}).status_code == 302


def test_audit_pages_list_every_change(org_client, organiser, table):
    post(org_client, table, points=38)
    post(org_client, table, "deals/1/", points=41, dealer=0)
    org_client.post(url(table, "deals/1/delete/"), {"version": 2})
    page = org_client.get(url(table, "changes/"))
    assert page.status_code == 200
    body = page.content.decode()
    # The log names the sides (the pairs seated on side 0 and 1), not "side 1/2".
    side0 = table.seats.get(position=0).entry.name
    moved = f"points {side0}: 38 → 41"
    for words in ("entered", "edited", "deleted", moved, organiser.username):
        assert words in body
    assert "side 1" not in body
    champ = table.round.stage.championship
    page = org_client.get(f"/championships/{champ.pk}/sheet-changes/")
    assert page.status_code == 200 and moved in page.content.decode()
    export = org_client.get(f"/championships/{champ.pk}/sheet-changes/?_export=csv")
    assert export.status_code == 200 and "38 → 41" in export.getvalue().decode()  # streamed (issue 27)


# -- preview -----------------------------------------------------------------------------

def test_preview_scores_with_the_server_rules_and_saves_nothing(org_client, table):
    post(org_client, table, points=30)
    data = deal_data(table, points=38, trump="n")
    data.pop("reason")
    response = org_client.get(url(table, "preview/"), data)
    assert response.json() == {"ok": True, "number": 2, "points": [32, 0], "totals": [32, 0],
                               "multiplier": 4, "outcome": "won", "pending": 1,
                               "game_over": False, "game_winner": None, "match_over": False}
    bad = org_client.get(url(table, "preview/"), deal_data(table, points=38, points_other=38))
    assert bad.json()["ok"] is False and "points" in bad.json()["errors"]
    assert Deal.objects.filter(table=table).count() == 1


def test_entering_one_deal_costs_at_most_ten_queries(org_client, table,
                                                     django_assert_max_num_queries):
    post(org_client, table, points=38)
    data = deal_data(table, points=40)
    with django_assert_max_num_queries(10) as queries:
        response = org_client.post(url(table), data)
    assert response.status_code == 302
    assert Deal.objects.filter(table=table).count() == 2
    # the user, the table with its seats, the deals; then the write: one statement on
    # PostgreSQL (club.services.locked_write), lock + deal + audit + results elsewhere
    writes = 1 if connection.vendor == "postgresql" else 4
    assert len(queries) == 3 + writes, [q["sql"][:60] for q in queries.captured_queries]


def test_sheet_page_costs_a_fixed_number_of_queries(org_client, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for _ in range(2):
        for points in (38, 30, 25, 44, 31):
            post(org_client, table, points=points)
        with CaptureQueriesContext(connection) as queries:
            assert org_client.get(url(table)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 6


def test_individual_table_names_the_sides_by_players_and_writes_four_rows(org_client, organiser):
    table = sheet_table(organiser, entry_type="individual")
    assert post(org_client, table, points=45).status_code == 302
    rows = MatchResult.objects.filter(table=table)
    assert sorted(rows.values_list("side", "points_for")) == [(0, 15), (0, 15), (1, 0), (1, 0)]
    page = org_client.get(url(table))
    seats = list(table.seats.select_related("player").order_by("position"))
    assert page.context["side_names"][0] == f"{seats[0].player.last_name} & {seats[2].player.last_name}"


def test_closed_time_limited_round_counts_the_game_in_progress(org_client, organiser):
    from club.models import Round

    table = sheet_table(organiser)
    Round.objects.filter(pk=table.round_id).update(time_limit=90)
    post(org_client, table, points=20)  # 0-10
    assert results(table)[1].result == ""
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    response = post(org_client, table, points=40)
    assert response.status_code == 400 and "needs a reason" in response.content.decode()
    # A deal played before time was called but forgotten: a correction with a reason.
    assert post(org_client, table, points=40, reason="forgotten deal").status_code == 302
    result = results(table)[1]  # 10-10 when time was called: the game in progress is level
    assert (result.result, result.finished, result.points_for) == ("draw", True, 10)
    assert post(org_client, table, "deals/1/", points=19, dealer=0, reason="misread"
                ).status_code == 302
    result = results(table)[1]
    assert (result.result, result.finished, result.points_for) == ("win", True, 11)
    assert DealChange.objects.filter(table=table, action="corrected").count() == 2


def test_a_bye_has_no_sheet_to_enter(org_client, table):
    Table.objects.filter(pk=table.pk).update(is_bye=True)
    before = snapshot(table)
    response = post(org_client, table, points=38)
    assert response.status_code == 400
    assert "A bye has no score sheet" in response.content.decode()
    assert snapshot(table) == before


def test_the_sheet_names_the_championships_rule_set(org_client, table):
    rule_set = table.round.stage.championship.rule_set
    page = org_client.get(url(table)).content.decode()
    assert f"· {rule_set.name} ·" in page and rule_set.name != rule_set.rules().name


def test_the_tie_note_says_the_rule_sets_pending_multiplier(org_client, organiser):
    """The sheet said "tie: next deal ×2" whatever the rule set: ties stacked (×4 after two)
    or a tie multiplier of 3 now show as the rule set makes them."""
    from club.models import RuleSet

    club_rules = RuleSet.objects.create(name="Stacked threes", preset="house",
                                        options={"tie_multiplier": 3, "tie_policy": "stacked"})
    table = sheet_table(organiser, rules=club_rules)
    post(org_client, table, points=30)
    post(org_client, table, points=30)
    body = org_client.get(url(table)).content.decode()
    assert "tie 30–30: next deal ×3 (each further tie ×3 again)" in body
    assert "tie 30–30: next deal ×9" in body
    assert "tie: next deal ×2" not in body
    preview = org_client.get(url(table, "preview/"), deal_data(table, points=30)).json()
    assert preview["outcome"] == "tie" and preview["pending"] == 27
