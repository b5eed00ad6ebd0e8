"""Derived MatchResult rows rebuilt from a table's deals (club.services.results)."""

import pytest

from club.models import Deal, MatchResult, Round, Table
from club.selectors.replay import deal_result
from club.services.results import rebuild_table_results
from scoring import DealResult
from tests.factories import make_championship, make_club, make_round

pytestmark = pytest.mark.django_db


def _table(entry_type="pairs", entries=4, **champ):
    c = make_championship(make_club(), entries=entries, entry_type=entry_type, **champ)
    rnd = make_round(c)
    return Table.objects.select_related("round__stage__championship__rule_set").filter(
        round=rnd).order_by("number").first()


def _deal(table, number, points=None, trump="h", **facts):
    other = None if points is None else 60 - points
    return Deal.objects.create(table=table, number=number, dealer=(number - 1) % 4, trump=trump,
                               points=points, points_other=other, **facts)


def test_deal_result_maps_the_row():
    deal = Deal(number=1, dealer=3, trump=None, doubling=2, points=38, points_other=22, tricks=5)
    assert deal_result(deal) == DealResult(points=(38, 22), trump=None, doubling=2,
                                           tricks=(5, 3), dealer_side=1)
    cancelled = Deal(number=2, dealer=0, trump="c", cancelled=True)
    assert deal_result(cancelled).points is None
    assert deal_result(cancelled).cancelled is True


def test_unfinished_then_finished_pairs():
    table = _table()
    _deal(table, 1, 38)  # 8-0
    rows = {r.side: r for r in rebuild_table_results(table)}
    assert (rows[0].points_for, rows[0].points_against, rows[0].result, rows[0].finished) == (
        8, 0, "", False)
    stored = MatchResult.objects.filter(table=table)
    assert stored.count() == 2  # one per pair
    _deal(table, 2, trump=None, points=0, all_tricks=1)  # no trump, all tricks: 0-120
    rebuild_table_results(table)
    by_side = {r.side: r for r in stored.all()}
    assert by_side[1].result == "win" and by_side[0].result == "loss"
    assert by_side[1].finished and (by_side[1].games_won, by_side[1].games_lost) == (1, 0)
    assert (by_side[0].points_for, by_side[0].points_against) == (8, 120)


def test_individual_one_row_per_player_and_query_budget(django_assert_max_num_queries):
    table = _table("individual", 4)
    _deal(table, 1, 45)
    deals = list(table.deals.all())
    seats = list(table.seats.all())
    # the stale rows deleted, the rows upserted
    with django_assert_max_num_queries(2):
        rebuild_table_results(table, deals=deals, seats=seats)
    rows = MatchResult.objects.filter(table=table)
    assert rows.count() == 4
    assert sorted(rows.values_list("side", "points_for")) == [(0, 15), (0, 15), (1, 0), (1, 0)]


def test_time_limited_round_counts_the_game_in_progress_once_closed():
    table = _table()
    rnd = table.round
    rnd.time_limit = 90
    rnd.save()
    _deal(table, 1, 20)  # 0-10
    rebuild_table_results(table)
    assert MatchResult.objects.get(table=table, side=1).result == ""
    rnd.status = Round.Status.CLOSED
    rnd.save()
    rebuild_table_results(table)
    result = MatchResult.objects.get(table=table, side=1)
    assert (result.result, result.finished, result.games_won) == ("win", True, 1)


def test_bad_stored_deal_does_not_crash_and_scores_the_prefix():
    table = _table()
    _deal(table, 1, 38)
    Deal.objects.create(table=table, number=2, dealer=1, trump="h", points=38, points_other=38)
    rows = {r.side: r for r in rebuild_table_results(table)}
    assert rows[0].points_for == 8


def test_bye_table_gets_bye_rows_and_keeps_their_values():
    table = _table()
    Table.objects.filter(pk=table.pk).update(is_bye=True)
    table.refresh_from_db()
    rebuild_table_results(table)
    rows = MatchResult.objects.filter(table=table)
    assert rows.count() == 2 and all(r.is_bye for r in rows)
    rows.update(points_for=42)
    rebuild_table_results(table)
    assert set(rows.values_list("points_for", flat=True)) == {42}
