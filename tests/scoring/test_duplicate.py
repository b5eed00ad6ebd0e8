"""Duplicate scoring: board scores through score_deal, match points in one direction,
Neuberg for boards played fewer times, datum, rankings, par, and the refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Board, DDResult, board_double_dummy
from scoring import DealResult, score_deal
from scoring.duplicate import (
    BoardResult,
    DuplicateError,
    board_scores,
    par,
    score_boards,
)


def result(board, pair0, pair1, points, trump="h", **facts):
    return BoardResult(board, pair0, pair1, DealResult(points=points, trump=trump, **facts))


def test_board_scores_are_the_deals_game_points_and_no_tie_carries():
    rows = board_scores([result(1, "A", "B", (30, 30)), result(2, "A", "B", (38, 22))],
                        [1, 2], "house")
    by = {(r.board, r.pair): r.net for r in rows}
    assert by[(1, "A")] == by[(1, "B")] == 0
    assert by[(2, "A")] == 8 and by[(2, "B")] == -8  # not 16: the 30-30 before carries nothing


def test_doubling_no_trump_all_tricks_and_renonce_score_as_on_a_sheet():
    results = [
        result(1, "A", "B", (35, 25), trump=None, doubling=4),
        result(1, "C", "D", (60, 0), trump=None, all_tricks=0),
        result(1, "E", "F", None, renonce=1),
    ]
    rows = {r.pair: r.net for r in board_scores(results, [1], "flemish")}
    assert rows["A"] == score_deal(results[0].deal, "flemish").points[0] == 40
    assert rows["C"] == 120 and rows["E"] == 30 and rows["F"] == -30


def test_match_points_two_a_pair_beaten_one_a_tie_in_the_same_direction():
    results = [result(1, "A", "B", (38, 22)), result(1, "C", "D", (41, 19)),
               result(1, "E", "F", (38, 22)), result(1, "G", "H", (20, 40))]
    rows = {r.pair: (r.match_points, r.top, r.direction) for r in board_scores(results, [1])}
    assert rows["C"] == (6.0, 6, 0)
    assert rows["A"] == rows["E"] == (3.0, 6, 0)
    assert rows["G"] == (0.0, 6, 0)
    assert rows["H"] == (6.0, 6, 1) and rows["B"] == (3.0, 6, 1)
    # each direction shares out n(n-1) match points
    for direction in (0, 1):
        assert sum(v[0] for v in rows.values() if v[2] == direction) == 12


def test_neuberg_for_a_board_played_fewer_times():
    full = [result(1, p, q, pts) for p, q, pts in
            [("A", "B", (38, 22)), ("C", "D", (41, 19)), ("E", "F", (30, 30))]]
    short = [result(2, "A", "B", (38, 22)), result(2, "C", "D", (41, 19))]
    rows = {(r.board, r.pair): r.match_points for r in board_scores(full + short, [1, 2])}
    # N = 3, n = 2: MP' = (MP + 1) * 3 / 2 - 1
    assert rows[(2, "C")] == (2 + 1) * 3 / 2 - 1 == 3.5
    assert rows[(2, "A")] == 0.5
    assert rows[(1, "C")] == 4.0
    once = board_scores(full + [result(3, "A", "B", (50, 10))], [1, 2, 3])
    assert {r.match_points for r in once if r.board == 3} == {2.0}  # an average: N - 1


@given(st.lists(st.integers(0, 60), min_size=1, max_size=8))
def test_percentages_average_fifty_in_each_direction(points):
    results = [result(1, f"n{i}", f"e{i}", (p, 60 - p)) for i, p in enumerate(points)]
    rows = score_boards(results, [1])
    total = sum(row.percentage for row in rows)
    assert total == pytest.approx(50 * len(rows), abs=0.01 * len(rows))
    for row in rows:
        assert 0 <= row.percentage <= 100


def test_datum_is_the_difference_to_the_boards_average():
    results = [result(1, "A", "B", (38, 22)), result(1, "C", "D", (41, 19)),
               result(1, "E", "F", (30, 30))]
    rows = {r.pair: r.datum for r in board_scores(results, [1])}
    average = (8 + 11 + 0) / 3
    assert rows["A"] == pytest.approx(8 - average, abs=1e-3)
    assert rows["D"] == pytest.approx(-11 + average, abs=1e-3)
    ranked = score_boards(results, [1], by="datum")
    assert [row.pair for row in ranked][:2] == ["F", "C"]  # F: 0 against an average of -6.33


def test_rankings_share_a_rank_on_equal_figures():
    results = [result(1, "A", "B", (38, 22)), result(1, "C", "D", (38, 22)),
               result(1, "E", "F", (20, 40))]
    rows = score_boards(results, [1])
    ranks = {row.pair: row.rank for row in rows}
    assert ranks == {"F": 1, "A": 2, "C": 2, "B": 4, "D": 4, "E": 6}
    assert [row.percentage for row in rows] == [100.0, 75.0, 75.0, 25.0, 25.0, 0.0]


@pytest.mark.parametrize("results, boards, code, field", [
    ([result(3, "A", "B", (38, 22))], [1, 2], "board_unknown", "board"),
    ([result(1, "A", "B", (38, 22)), result(1, "A", "C", (38, 22))], [1],
     "board_played_twice", "pair0"),
    ([result(1, "A", "B", (38, 22)), result(1, "C", "B", (38, 22))], [1],
     "board_played_twice", "pair1"),
    ([result(1, "A", "A", (38, 22))], [1], "entry_meets_itself", "pair1"),
    (["not a result"], [1], "result_invalid", "results"),
])
def test_refusals_name_the_field_and_the_code(results, boards, code, field):
    with pytest.raises(DuplicateError) as caught:
        board_scores(results, boards)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def test_a_bad_deal_is_refused_by_score_deal():
    with pytest.raises(ValueError) as caught:
        board_scores([result(1, "A", "B", (38, 20))], [1])
    assert caught.value.code == "points_total"


def test_par_is_the_dealers_sides_best_trump_undoubled():
    table = {"c": (35, 25), "d": (20, 40), "h": (38, 22), "s": (30, 30), None: (36, 24)}
    best = par(table, 0, "house")
    assert best.trump is None and best.score == (12, 0) and best.points == (36, 24)
    assert best.choices == {"c": 5, "d": -10, "h": 8, "s": 0, None: 12}
    other = par(table, 1, "house")  # side 1 deals: it wants side 0 low
    assert other.trump == "d" and other.score == (0, 10)
    capot = par({t: DDResult(t, 1, (60, 0), 0) for t in ("c", "d", "h", "s", None)}, 0)
    assert capot.trump is None and capot.score == (120, 0)


def test_par_refusals():
    with pytest.raises(DuplicateError) as caught:
        par({"c": (30, 30)}, 0)
    assert caught.value.code == "par_trump_missing"
    with pytest.raises(DuplicateError) as caught:
        par({}, 2)
    assert caught.value.code == "side_invalid"
    from engine import RuleSet
    with pytest.raises(DuplicateError) as caught:
        par({}, 0, RuleSet(trick_bonus=True))
    assert caught.value.code == "par_trick_bonus"


def test_a_boards_hand_record_and_par_from_the_solver():
    board = Board.parse("1 dealer 0: Kc 8c Jd Kh Jh 8h 10s Ks / 10c Ac 10d Qd 8d 10h 9h 9s / "
                        "Qc 7c 7d Ah 7h As Qs Js / Jc 9c Ad Kd 9d Qh 8s 7s")
    table = board_double_dummy(board, "house")
    assert table["h"].points == (26, 34)  # tests/engine/dd_data: the reference's answer
    best = par(table, board.dealer_side, "house")
    assert best.choices[best.trump] == max(best.choices.values())
