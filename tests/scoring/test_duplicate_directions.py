"""Two-direction Mitchell (RULES.md §15: a pair is compared only with the pairs of its
direction): North-South and East-West ranked in two lists, each with its percentages; a
Howell keeps one list."""

from __future__ import annotations

import itertools
import random

import pytest

from scoring.deal_facts import DealResult
from scoring.duplicate import BoardResult, DuplicateError, score_boards, score_directions
from scoring.movements import boards_of, howell, mitchell


def played(movement, per_round: int = 2, seed: int = 7) -> tuple[list[BoardResult], list[int]]:
    """Every table of every round plays its group, random card points (no 30-30)."""
    rng = random.Random(seed)
    results = []
    for seatings in movement.rounds:
        for seating in seatings:
            if seating.sit_out:
                continue
            for board in boards_of(seating.group, per_round):
                points = rng.choice([p for p in range(61) if p != 30])
                results.append(BoardResult(board, seating.ns, seating.ew,
                                           DealResult((points, 60 - points), "h")))
    return results, list(range(1, movement.boards(per_round) + 1))


@pytest.mark.parametrize("pairs", [10, 12, 14])
def test_a_mitchell_ranks_north_south_and_east_west_apart(pairs):
    movement = mitchell(pairs)
    results, boards = played(movement)
    north_south, east_west = score_directions(results, boards, "house")
    tables = movement.tables
    assert sorted(row.pair for row in north_south) == list(range(1, tables + 1))
    assert sorted(row.pair for row in east_west) == list(range(tables + 1, pairs + 1))
    assert {row.direction for row in north_south} == {0}
    assert {row.direction for row in east_west} == {1}
    for rows in (north_south, east_west):
        # within a direction the percentages average 50 (every pair plays every board)
        assert sum(row.percentage for row in rows) / len(rows) == pytest.approx(50, abs=0.01)
        assert rows[0].rank == 1
        assert [row.percentage for row in rows] == sorted((row.percentage for row in rows),
                                                          reverse=True)
        # ranks restart in each list and are shared only on equal figures
        for before, after in itertools.pairwise(rows):
            assert after.rank == (before.rank if after.percentage == before.percentage
                                  else rows.index(after) + 1)
    # the same percentages as the one list: only the ranking is split
    combined = {row.pair: row.percentage for row in score_boards(results, boards, "house")}
    assert {row.pair: row.percentage for row in north_south + east_west} == combined


def test_the_datum_is_ranked_in_each_direction_too():
    results, boards = played(mitchell(10), seed=3)
    north_south, east_west = score_directions(results, boards, "house", by="datum")
    for rows in (north_south, east_west):
        assert [row.datum for row in rows] == sorted((row.datum for row in rows), reverse=True)
        assert sum(row.datum for row in rows) == pytest.approx(0, abs=0.01)


def test_a_howell_keeps_one_list_and_cannot_be_split():
    results, boards = played(howell(8), per_round=1)
    rows = score_boards(results, boards, "house")
    assert len(rows) == 8 and {row.direction for row in rows} == {None}
    assert sum(row.percentage for row in rows) / 8 == pytest.approx(50, abs=0.01)
    with pytest.raises(DuplicateError) as error:
        score_directions(results, boards, "house")
    assert error.value.code == "pair_changed_direction"


def test_a_short_mitchell_with_a_phantom_still_splits():
    movement = mitchell(9, rounds=3)
    results, boards = played(movement, per_round=1)
    north_south, east_west = score_directions(results, boards, "house")
    assert len(north_south) == 5 and len(east_west) == 4
