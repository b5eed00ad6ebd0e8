"""Fixed-pair draws: random, Swiss and round robin; seeds, byes, flags, changes mid-event."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import (
    MOVED_DOWN,
    MOVED_UP,
    OPPONENT_WITHDRAWN,
    REMATCH,
    REPEAT_BYE,
    DrawError,
    Entry,
    berger_round,
    check_draw,
    draw,
    record_round,
    start_numbers,
)

FAST = settings(max_examples=60, deadline=None, derandomize=True)


def play(entries, method, rounds, seed=0, options=None, history=None):
    """Draw and play ``rounds`` rounds (the first side of each table wins at random)."""
    rng = random.Random(seed)
    history = list(history or [])
    for r in range(rounds):
        d = draw(entries, method, seed=seed * 100 + r, history=history, options=options)
        check_draw(d, entries)
        entries = record_round(entries, d, [rng.choice(t.seats) for t in d.tables])
        history.append(d)
    return entries, history


# --- Berger tables and round robin ---------------------------------------------------------


def test_berger_tables_match_the_published_fide_tables():
    # FIDE Handbook C.05 annex 1, Berger tables for 6 players.
    fide = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert [berger_round(6, r) for r in range(1, 6)] == fide
    assert [berger_round(4, r) for r in range(1, 4)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 11, 12])
def test_round_robin_meets_everyone_exactly_once(n):
    entries = [Entry(f"e{i}") for i in range(n)]
    history = []
    meetings: list[frozenset] = []
    byes: list = []
    rounds = n - 1 if n % 2 == 0 else n
    for _ in range(rounds):
        d = draw(entries, "round_robin", seed=1, history=history)
        check_draw(d, entries)
        meetings += [frozenset(t.seats) for t in d.tables]
        byes += d.bye_ids()
        history.append(d)
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(p) for p in combinations([e.id for e in entries], 2)), key=sorted
    )
    assert sorted(byes) == (sorted(e.id for e in entries) if n % 2 else [])
    with pytest.raises(DrawError) as error:
        draw(entries, "round_robin", seed=1, history=history)
    assert (error.value.field, error.value.code) == ("round_number", "round_robin_complete")


def test_double_round_robin_swaps_sides_in_the_second_cycle():
    entries = [Entry(i) for i in range(4)]
    first = draw(entries, "round_robin", seed=0, options={"round_number": 2, "cycles": 2})
    second = draw(entries, "round_robin", seed=0, options={"round_number": 5, "cycles": 2})
    assert [t.seats[::-1] for t in first.tables] == [t.seats for t in second.tables]


def test_round_robin_withdrawal_late_entry_and_substitute_keep_the_schedule():
    listed = [Entry(x) for x in "abcde"]  # odd: position 6 is empty (a bye)
    _, history = play(listed, "round_robin", 2, options={"slots": 6})
    before = list(history)
    # c withdraws, s replaces d, late entry f takes the empty position 6.
    changed = [listed[0], listed[1], replace(listed[2], active=False), listed[3], listed[4], Entry("f")]
    changed[3] = replace(changed[3], active=False)
    changed.append(Entry("s", replaces="d"))
    d = draw(changed, "round_robin", seed=5, history=history, options={"slots": 6})
    assert history == before
    schedule = {frozenset(p) for p in berger_round(6, 3)}
    position = {"a": 1, "b": 2, "c": 3, "s": 4, "e": 5, "f": 6}
    assert {frozenset(position[x] for x in t.seats) for t in d.tables} <= schedule
    check_draw(d, changed)
    # Whoever was due to play c has a bye, flagged with the reason.
    c_opponent = next(p for p in berger_round(6, 3) if 3 in p)
    due = next(x for x, pos in position.items() if pos in c_opponent and pos != 3)
    assert {b.entry: b.flags for b in d.byes} == {due: frozenset({"bye", OPPONENT_WITHDRAWN})}


def test_round_robin_refuses_more_entries_than_positions():
    with pytest.raises(DrawError) as error:
        draw([Entry(i) for i in range(5)], "round_robin", seed=0, options={"slots": 4})
    assert (error.value.field, error.value.code) == ("slots", "round_robin_full")


def test_start_numbers_are_seeded_and_a_permutation():
    ids = [f"p{i}" for i in range(10)]
    assert sorted(start_numbers(ids, 3)) == sorted(ids)
    assert start_numbers(ids, 3) == start_numbers(list(reversed(ids)), 3)
    assert len({tuple(start_numbers(ids, s)) for s in range(10)}) > 5


# --- random and Swiss ------------------------------------------------------------------------


@FAST
@given(st.integers(2, 14), st.integers(0, 10**6), st.sampled_from(["random", "swiss"]))
def test_same_seed_same_draw_whatever_the_order_of_entries(n, seed, method):
    entries = [Entry(i, score=i % 3, points=i) for i in range(n)]
    shuffled = list(entries)
    random.Random(seed).shuffle(shuffled)
    assert draw(entries, method, seed=seed) == draw(shuffled, method, seed=seed)


@pytest.mark.parametrize("method", ["random", "swiss"])
def test_a_different_seed_usually_gives_a_different_draw(method):
    entries = [Entry(i) for i in range(10)]
    draws = {tuple(frozenset(t.seats) for t in draw(entries, method, seed=s).tables) for s in range(20)}
    assert len(draws) >= 15


def test_seed_is_drawn_and_reported_when_not_given():
    entries = [Entry(i) for i in range(6)]
    d = draw(entries, "random")
    assert isinstance(d.seed, int)
    assert draw(entries, "random", seed=d.seed) == d


@FAST
@given(st.integers(3, 13).filter(lambda n: n % 2), st.integers(0, 1000))
def test_byes_go_to_different_entries_while_possible(n, seed):
    entries = [Entry(i) for i in range(n)]
    _, history = play(entries, "swiss", n + 2, seed=seed)
    byes = [d.bye_ids()[0] for d in history]
    assert len(set(byes[:n])) == n
    assert all(REPEAT_BYE not in d.byes[0].flags for d in history[:n])
    assert all(REPEAT_BYE in d.byes[0].flags for d in history[n:])


def test_swiss_bye_goes_to_the_lowest_ranked_entry_without_one():
    entries = [Entry(i, score=3 - i // 2, points=100 - i) for i in range(7)]
    assert draw(entries, "swiss", seed=1).bye_ids() == (6,)
    entries[6] = replace(entries[6], byes=1)
    assert draw(entries, "swiss", seed=1).bye_ids() == (5,)
    # Inside a score group a given rank overrides game points: 4 ranks below 5 here.
    ranked = [replace(e, rank=7 - k) for k, e in enumerate(entries)]
    assert draw(ranked, "swiss", seed=1).bye_ids() == (4,)


@FAST
@given(
    st.lists(st.integers(0, 4), min_size=2, max_size=16).filter(lambda s: len(s) % 2 == 0), st.integers(0, 99)
)
def test_swiss_without_history_crosses_as_few_score_groups_as_possible(scores, seed):
    entries = [Entry(i, score=s) for i, s in enumerate(scores)]
    d = draw(entries, "swiss", seed=seed)
    groups = sorted(set(scores), reverse=True)
    g = {i: groups.index(s) for i, s in enumerate(scores)}
    cost = sum((g[a] - g[b]) ** 2 for a, b in (t.seats for t in d.tables))
    ordered = sorted(g.values())
    assert cost == sum((x - y) ** 2 for x, y in zip(ordered[::2], ordered[1::2]))
    for t in d.tables:
        a, b = t.seats
        assert scores[a] >= scores[b]  # the higher entry first, tables in standing order
        moved = scores[a] != scores[b]
        assert (MOVED_DOWN in t.flags, MOVED_UP in t.flags) == (moved, moved)
        assert t.flags_of(a) == ({MOVED_DOWN} if moved else set())
        assert t.flags_of(b) == ({MOVED_UP} if moved else set())


def test_swiss_adjacent_and_fold_within_a_score_group():
    entries = [Entry(i, score=1, points=50 - i) for i in range(8)]
    adjacent = draw(entries, "swiss", seed=0, options={"within_group": "adjacent"})
    fold = draw(entries, "swiss", seed=0, options={"within_group": "fold"})
    assert [t.seats for t in adjacent.tables] == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert [t.seats for t in fold.tables] == [(0, 4), (1, 5), (2, 6), (3, 7)]


def test_swiss_avoids_a_rematch_by_moving_between_groups():
    # a and b lead alone and have met: each must play down a group instead.
    entries = [
        Entry("a", score=2, opponents=frozenset("b")),
        Entry("b", score=2, opponents=frozenset("a")),
        Entry("c", score=1),
        Entry("d", score=1),
    ]
    d = draw(entries, "swiss", seed=4)
    assert all(REMATCH not in t.flags and {MOVED_UP, MOVED_DOWN} <= t.flags for t in d.tables)
    assert {frozenset(t.seats) for t in d.tables} & {frozenset("ab"), frozenset("cd")} == set()


def test_unavoidable_rematch_is_flagged():
    entries = [Entry("a", opponents=frozenset("b")), Entry("b", opponents=frozenset("a"))]
    (table,) = draw(entries, "random", seed=0).tables
    assert REMATCH in table.flags


def test_changes_mid_event_draw_the_next_round_from_the_current_state():
    entries = [Entry(f"p{i}") for i in range(10)]
    entries, history = play(entries, "swiss", 3, seed=7)
    frozen = list(history)
    entries[2] = replace(entries[2], active=False)  # withdrawal
    entries.append(Entry("late", score=0))  # late entry
    d = draw(entries, "swiss", seed=8, history=history)
    assert history == frozen and d.round_number == 4
    check_draw(d, entries)
    assert "p2" not in d.seated() and "late" in d.seated() + list(d.bye_ids())
    assert not any(REMATCH in t.flags for t in d.tables)
    # Tables from the earlier rounds are untouched values, and nobody meets a past opponent.
    met = {frozenset(t.seats) for h in history for t in h.tables}
    assert not met & {frozenset(t.seats) for t in d.tables}


def test_duck_typed_entries_are_accepted():
    class Pair:
        def __init__(self, pk, score):
            self.id, self.score, self.opponents = pk, score, {pk ^ 1}

    d = draw([Pair(k, k // 2) for k in range(4)], "swiss", seed=0)
    # 0-1 and 2-3 met, each inside its score group: both tables cross the groups.
    assert sorted(sorted(t.seats) for t in d.tables) in ([[0, 2], [1, 3]], [[0, 3], [1, 2]])
    assert all(REMATCH not in t.flags for t in d.tables)
