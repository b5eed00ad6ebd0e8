"""Auction standings (scoring.auction_standings): places and place points at each table add
up with shared places, totals add up over rounds, both orders rank as stated with ties
broken as the partnership standings break them, and each refusal names its rule."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.auction_standings import BY_PLACES, BY_TOTAL, COLUMNS, TableResult, auction_standings
from scoring.errors import StandingsError
from scoring.standings import draw_lot

totals = st.lists(st.integers(-60, 60), min_size=3, max_size=7)


@given(values=totals)
def test_place_points_at_a_table_add_up_and_ties_share(values):
    table = TableResult(1, 1, dict(enumerate(values)))
    points, places = table.place_points(), table.places()
    n = len(values)
    assert sum(points.values()) == n * (n - 1) / 2
    for a in range(n):
        for b in range(n):
            if values[a] == values[b]:
                assert points[a] == points[b] and places[a] == places[b]
            elif values[a] > values[b]:
                assert points[a] > points[b] and places[a] < places[b]
    # Shared places skip the next ones (1, 1, 3): the places are those of a competition.
    assert sorted(places.values()) == sorted(1 + sum(v > w for v in values) for w in values)
    # A shared place's points are the mean of the places' points it covers.
    for a in range(n):
        tied = sum(v == values[a] for v in values)
        covered = [n - (places[a] + k) for k in range(tied)]
        assert points[a] == sum(covered) / tied


@given(rounds=st.lists(st.lists(totals, min_size=1, max_size=3), min_size=1, max_size=4),
       seed=st.integers(0, 1000))
def test_totals_and_places_add_up_over_rounds(rounds, seed):
    tables, players = [], set()
    for r, round_tables in enumerate(rounds, 1):
        for t, values in enumerate(round_tables, 1):
            # Players are the same ids each round (seat k of table t), so totals accumulate.
            mapping = {(t, k): v for k, v in enumerate(values)}
            players.update(mapping)
            tables.append(TableResult(r, t, mapping))
    standings = auction_standings(tables, seed=seed)
    assert {row.entry for row in standings} == players
    total_points = sum(row.values["place_points"] for row in standings)
    assert total_points == sum(t.size * (t.size - 1) / 2 for t in tables)
    for row in standings:
        mine = [t.totals[row.entry] for t in tables if row.entry in t.totals]
        assert row.values["total"] == sum(mine)
        assert row.values["rounds"] == len(mine)
        assert row.values["best"] == max(mine)
        assert set(COLUMNS) <= set(row.values)
        assert 0 <= row.values["place_share"] <= 100
    firsts = sum(row.values["firsts"] for row in standings)
    assert firsts == sum(sum(p == 1 for p in t.places().values()) for t in tables)


@given(rounds=st.lists(st.lists(totals, min_size=1, max_size=3), min_size=1, max_size=3),
       order=st.sampled_from([BY_TOTAL, BY_PLACES]), seed=st.integers(0, 50),
       lots=st.booleans())
def test_ranks_follow_the_order_and_ties_share_a_rank_ordered_by_lot(rounds, order, seed, lots):
    tables = [TableResult(r, t, {(t, k): v for k, v in enumerate(values)})
              for r, rt in enumerate(rounds, 1) for t, values in enumerate(rt, 1)]
    rows = list(auction_standings(tables, order, seed=seed, lots_break_ties=lots))
    key = [tuple(row.values[k] for k in order) for row in rows]
    assert key == sorted(key, reverse=True)
    for i, (a, b) in enumerate(itertools.pairwise(rows)):
        if key[i] == key[i + 1]:
            assert a.tied and b.tied
            assert (a.lot, str(a.entry)) <= (b.lot, str(b.entry))
            assert a.lot == draw_lot(seed, a.entry)
            assert (b.rank == a.rank + 1) if lots else (b.rank == a.rank)
        else:
            assert b.rank == i + 2


def test_the_two_orders_differ_where_they_should():
    tables = [TableResult(1, 1, {"ann": 40, "bob": 10, "cis": -50}),
              TableResult(2, 1, {"ann": -5, "bob": 5, "cis": 0}),
              TableResult(1, 2, {"dan": 20, "eva": 0, "fon": -20}),
              TableResult(2, 2, {"dan": 2, "eva": 1, "fon": 0})]
    by_total = [r.entry for r in auction_standings(tables)]
    by_places = [r.entry for r in auction_standings(tables, BY_PLACES)]
    assert by_total[0] == "ann"  # 35 in total
    assert by_places[0] == "dan"  # first at both tables: 4 place points
    row = auction_standings(tables).row("bob")
    assert row.values["place_points"] == 3.0 and row.values["places"] == ((1, 2, 3), (2, 1, 3))


def test_a_player_without_a_table_is_listed_with_nothing():
    tables = [TableResult(1, 1, {"a": 1, "b": 0, "c": -1})]
    rows = auction_standings(tables, players=["z"])
    z = rows.row("z")
    assert (z.values["rounds"], z.values["total"], z.values["place_points"]) == (0, 0, 0)
    assert z.values["best"] is None
    # Level with b on the total (0), below b on place points: after b, before c.
    assert [r.entry for r in rows] == ["a", "b", "z", "c"]


@pytest.mark.parametrize("totals_, code", [
    ({"a": 1, "b": 2}, "players_invalid"),
    ({str(i): 0 for i in range(8)}, "players_invalid"),
    ({"a": 1, "b": 2, "c": 1.5}, "total_invalid"),
    ({"a": 1, "b": 2, "c": True}, "total_invalid"),
])
def test_bad_tables_are_refused(totals_, code):
    with pytest.raises(StandingsError) as error:
        TableResult(1, 1, totals_)
    assert error.value.code == code and error.value.field == "totals"


def test_a_table_twice_or_a_player_at_two_tables_is_refused():
    one = TableResult(1, 1, {"a": 1, "b": 2, "c": 3})
    with pytest.raises(StandingsError) as error:
        auction_standings([one, TableResult(1, 1, {"d": 1, "e": 2, "f": 3})])
    assert error.value.code == "result_repeated"
    with pytest.raises(StandingsError) as error:
        auction_standings([one, TableResult(1, 2, {"a": 1, "e": 2, "f": 3})])
    assert error.value.code == "result_repeated" and "round 1" in str(error.value)
    # The same player at a table of another round is fine.
    assert len(auction_standings([one, TableResult(2, 1, {"a": 1, "e": 2, "f": 3})])) == 5


@pytest.mark.parametrize("order, code", [("total", "order_type"), (["wins"], "metric_unknown"),
                                         (["total", "total"], "metric_repeated")])
def test_bad_orders_are_refused(order, code):
    with pytest.raises(StandingsError) as error:
        auction_standings([], order)
    assert error.value.code == code and error.value.field == "order"
