"""Movements for duplicate events (scoring.movements): property tests over every field."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.movements import (
    HOWELL_PAIRS,
    MITCHELL_PAIRS,
    MovementError,
    boards_of,
    howell,
    mitchell,
    movement,
)

mitchell_fields = st.integers(MITCHELL_PAIRS[0], MITCHELL_PAIRS[1])
howell_fields = st.integers(HOWELL_PAIRS[0], HOWELL_PAIRS[1])


def check_common(m, per_round=2):
    """No pair at two tables in a round; no pair plays a board twice; a pair never meets
    itself; every real pair plays in every round but at most one sit-out a round each."""
    played: Counter = Counter()
    for seatings in m.rounds:
        assert [s.table for s in seatings] == list(range(1, m.tables + 1))
        seated = [p for s in seatings for p in (s.ns, s.ew) if p is not None]
        assert len(seated) == len(set(seated)), "a pair at two tables in one round"
        assert set(seated) <= set(range(1, m.pairs + 1))
        for s in seatings:
            assert 1 <= s.group <= m.groups
            if s.sit_out:
                continue
            assert s.ns != s.ew
            for board in boards_of(s.group, per_round):
                played[(s.ns, board)] += 1
                played[(s.ew, board)] += 1
    assert max(played.values()) == 1, "a pair plays a board twice"
    return played


@given(mitchell_fields)
def test_mitchell_full(pairs):
    m = mitchell(pairs)
    check_common(m)
    assert len(m.rounds) == m.tables == m.groups == (pairs + 1) // 2
    # each group at one table a round (one set of boards suffices)
    for seatings in m.rounds:
        assert sorted(s.group for s in seatings) == list(range(1, m.groups + 1))
        assert all(not s.shared for s in seatings)
    # North-South pairs stay at their table
    for seatings in m.rounds:
        assert [s.ns for s in seatings] == list(range(1, m.tables + 1))
    # every group played once a round: tables times, one less with the phantom
    expected = m.tables - (pairs % 2)
    assert set(m.plays.values()) == {expected}
    # every East-West pair plays every group once (the skip at an even number of tables)
    ew_groups = Counter((s.ew, s.group) for r in m.rounds for s in r if s.ew is not None)
    assert set(ew_groups.values()) == {1}
    assert len(ew_groups) == (pairs - m.tables) * m.groups


@given(mitchell_fields, st.data())
def test_mitchell_partial(pairs, data):
    tables = (pairs + 1) // 2
    rounds = data.draw(st.integers(1, tables))
    m = mitchell(pairs, rounds)
    assert len(m.rounds) == rounds
    check_common(m)


@given(howell_fields)
def test_howell_full(pairs):
    h = howell(pairs)
    played = check_common(h, per_round=1)
    # every pair meets every other pair once
    met = Counter(frozenset((s.ns, s.ew)) for r in h.rounds for s in r if not s.sit_out)
    assert set(met.values()) == {1}
    assert len(met) == pairs * (pairs - 1) // 2
    # every pair plays every group once, except the round it sits out (odd field)
    for pair in range(1, pairs + 1):
        groups = [board for (p, board) in played if p == pair]
        assert len(groups) == h.groups - (pairs % 2)
    # each board played the same number of times (the stated number)
    assert set(h.plays.values()) == {pairs // 2 if pairs % 2 == 0 else (pairs - 1) // 2}
    # byes: in an odd field every pair sits out exactly once
    if pairs % 2:
        sat = Counter(p for r in h.rounds for s in r if s.sit_out for p in (s.ns, s.ew) if p)
        assert sorted(sat) == list(range(1, pairs + 1)) and set(sat.values()) == {1}


@pytest.mark.parametrize("pairs", [p for p in range(HOWELL_PAIRS[0], HOWELL_PAIRS[1] + 1)
                                   if p not in (4, 5, 6, 9, 10)])
def test_howell_needs_one_set_of_boards_where_a_strong_starter_exists(pairs):
    h = howell(pairs)
    for seatings in h.rounds:
        groups = [s.group for s in seatings if not s.sit_out]
        assert len(groups) == len(set(groups))
        assert all(not s.shared for s in seatings)


@pytest.mark.parametrize("pairs", [4, 6, 10])
def test_howell_names_the_tables_that_share_a_group(pairs):
    h = howell(pairs)
    shared = 0
    for seatings in h.rounds:
        by_group = Counter(s.group for s in seatings if not s.sit_out)
        for s in seatings:
            assert set(s.shared) == {t.table for t in seatings
                                     if t.group == s.group and t is not s and not t.sit_out}
            shared += bool(s.shared)
        assert sum(n - 1 for n in by_group.values()) <= len(seatings)
    assert shared > 0


@pytest.mark.parametrize("call, code, field", [
    (lambda: mitchell(4), "movement_pairs", "pairs"),
    (lambda: mitchell(61), "movement_pairs", "pairs"),
    (lambda: howell(2), "movement_pairs", "pairs"),
    (lambda: howell(21), "movement_pairs", "pairs"),
    (lambda: howell(8, rounds=8), "movement_rounds", "rounds"),
    (lambda: mitchell(24, rounds=0), "movement_rounds", "rounds"),
    (lambda: mitchell("24"), "movement_number", "pairs"),
    (lambda: mitchell(True), "movement_number", "pairs"),
    (lambda: movement("relay", 8), "movement_unknown", "movement"),
])
def test_refusals_name_the_field(call, code, field):
    with pytest.raises(MovementError) as caught:
        call()
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def test_the_24_pair_evening():
    """12 tables, 12 rounds of 2 boards: every pair plays the 24 boards. After 6 rounds the
    East-West pairs skip a table, so table 1 meets pair 13 again on other boards (in the
    last round) and never meets pair 19: the price of a full skip Mitchell."""
    m = mitchell(24)
    assert (m.tables, len(m.rounds), m.boards(2)) == (12, 12, 24)
    assert [r[0].ew for r in m.rounds] == [13, 24, 23, 22, 21, 20, 18, 17, 16, 15, 14, 13]
    assert [r[0].group for r in m.rounds] == list(range(1, 13))
    # stopping one round short, nobody meets anybody twice
    short = mitchell(24, rounds=11)
    met = Counter((s.ns, s.ew) for r in short.rounds for s in r)
    assert set(met.values()) == {1}
