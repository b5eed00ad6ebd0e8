"""Individual events: tables of four with new partners, tables of three, the scorer-stays movement."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import (
    BYE_SWAP,
    CONTINUED,
    REPEAT_OPPONENT,
    REPEAT_PARTNER,
    SUBSTITUTE,
    TABLE_OF_THREE,
    DrawError,
    Entry,
    check_draw,
    draw,
    record_round,
    table_plan,
)


def play(entries, method, rounds, seed=0, options=None, history=None):
    history = list(history or [])
    for r in range(rounds):
        d = draw(entries, method, seed=seed * 1000 + r, history=history, options=options)
        check_draw(d, entries)
        entries = record_round(entries, d)
        history.append(d)
    return entries, history


def partner_pairs(seats):
    return [(seats[0], seats[2]), (seats[1], seats[3])] if len(seats) == 4 else list(combinations(seats, 2))


def opponent_pairs(seats):
    if len(seats) == 4:
        return [(seats[a], seats[b]) for a in (0, 2) for b in (1, 3)]
    return list(combinations(seats, 2))


def assert_flags_tell_the_truth(d, entries, movement=False):
    by_id = {e.id: e for e in entries}
    for t in d.tables:
        partners = any(b in by_id[a].partners for a, b in partner_pairs(t.seats))
        opponents = any(b in by_id[a].opponents for a, b in opponent_pairs(t.seats))
        assert (REPEAT_PARTNER in t.flags) == partners
        if CONTINUED not in t.flags:
            assert (REPEAT_OPPONENT in t.flags) == opponents
        assert (TABLE_OF_THREE in t.flags) == (len(t.seats) == 3)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(4, 30), st.integers(0, 3), st.sampled_from(["byes", "threes"]), st.integers(0, 99))
def test_every_player_seated_once_or_has_a_bye_and_flags_are_true(n, rounds, odd, seed):
    entries = [Entry(f"j{i}") for i in range(n)]
    entries, history = play(entries, "individual", rounds, seed=seed, options={"odd": odd})
    d = draw(entries, "individual", seed=seed, history=history, options={"odd": odd})
    check_draw(d, entries)
    fours, threes, byes = table_plan(n, odd)
    assert Counter(len(t.seats) for t in d.tables) == Counter({4: fours, 3: threes}) - Counter()
    assert len(d.byes) == byes
    assert_flags_tell_the_truth(d, entries)


@pytest.mark.parametrize("seed", range(5))
def test_sixteen_players_second_round_has_no_repeat_partner_or_opponent(seed):
    # A seating with nobody meeting anyone again exists: one player from each first table.
    entries, history = play([Entry(i) for i in range(16)], "individual", 1, seed=seed)
    d = draw(entries, "individual", seed=seed + 50, history=history)
    assert all(not t.flags for t in d.tables)


@pytest.mark.parametrize("n", [13, 14, 18])
def test_tables_of_three_on_larger_fields_still_avoid_repeat_partners(n):
    # 13 and 14 players are past the exhaustive search of tables of three: the local search.
    entries, history = play([Entry(i) for i in range(n)], "individual", 2, seed=n, options={"odd": "threes"})
    d = draw(entries, "individual", seed=3, history=history, options={"odd": "threes"})
    assert not any(REPEAT_PARTNER in t.flags for t in d.tables)


def test_tables_of_three_rotate_among_the_players():
    entries, _history = play(
        [Entry(i) for i in range(15)], "individual", 5, seed=2, options={"odd": "threes"}
    )
    assert sorted(e.threes for e in entries) == [1] * 15


def test_byes_rotate_in_individual_draws():
    _entries, history = play([Entry(i) for i in range(13)], "individual", 13, seed=4)
    assert sorted(b for d in history for b in d.bye_ids()) == list(range(13))


def test_same_seed_same_draw_and_different_seeds_differ():
    entries = [Entry(i) for i in range(12)]
    assert draw(entries, "individual", seed=9) == draw(entries[::-1], "individual", seed=9)
    seatings = {tuple(t.seats for t in draw(entries, "individual", seed=s).tables) for s in range(20)}
    assert len(seatings) >= 15


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    st.integers(8, 24),
    st.integers(1, 3),
    st.sets(st.integers(0, 23), max_size=4),
    st.integers(0, 3),
    st.sampled_from(["individual", "scorer_stays"]),
)
def test_withdrawals_late_entries_and_substitutes_join_the_next_round(n, rounds, gone, late, method):
    entries, history = play([Entry(i) for i in range(n)], method, rounds, seed=n, options={"odd": "threes"})
    finished = list(history)
    gone = sorted(g for g in gone if g < n)
    entries = [replace(e, active=False) if e.id in gone else e for e in entries]
    entries += [Entry(f"late{k}") for k in range(late)]
    entries += [Entry(f"sub{g}", replaces=g) for g in gone[:1]]
    d = draw(entries, method, seed=99, history=history, options={"odd": "threes"})
    assert history == finished and d.round_number == rounds + 1
    check_draw(d, entries)
    assert_flags_tell_the_truth(d, entries)


def test_too_few_players():
    with pytest.raises(DrawError) as error:
        draw([Entry(i) for i in range(3)], "individual", seed=0)
    assert (error.value.field, error.value.code) == ("entries", "too_few_players")
    assert (
        len(draw([Entry(i) for i in range(3)], "individual", seed=0, options={"odd": "threes"}).tables) == 1
    )


# --- scorer stays ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 8, 12, 16])
def test_scorer_stays_three_rounds_each_partners_each_then_new_tables(n):
    _entries, history = play([Entry(i) for i in range(n)], "scorer_stays", 4, seed=n)
    first, _, _, fourth = history
    for table in first.tables:
        rounds = [next(t for t in d.tables if t.number == table.number) for d in history[:3]]
        assert all(set(t.seats) == set(table.seats) and t.seats[0] == table.seats[0] for t in rounds)
        assert all(t.flags == {CONTINUED} for t in rounds[1:])
        partnered = [frozenset(p) for t in rounds for p in partner_pairs(t.seats)]
        assert sorted(partnered, key=sorted) == sorted(
            (frozenset(p) for p in combinations(table.seats, 2)), key=sorted
        )
    if n > 4:
        # The fourth round is drawn afresh: no table is kept, and no partnership repeats.
        assert not {frozenset(t.seats) for t in fourth.tables} & {frozenset(t.seats) for t in first.tables}
        assert not any(CONTINUED in t.flags or REPEAT_PARTNER in t.flags for t in fourth.tables)


def test_scorer_stays_byes_go_to_different_players():
    _entries, history = play([Entry(i) for i in range(17)], "scorer_stays", 9, seed=1)
    byes = [b for d in history for b in d.bye_ids()]
    assert len(set(byes)) == len(byes) == 9


def test_scorer_stays_bye_due_to_a_player_with_byes_swaps_with_a_mover_without():
    entries, history = play([Entry(i) for i in range(12)], "scorer_stays", 1, seed=8)
    # Five late entries, each counted as having had a bye: one of them would sit out again.
    entries += [Entry(f"late{k}", byes=1) for k in range(5)]
    d = draw(entries, "scorer_stays", seed=9, history=history)
    check_draw(d, entries)
    (bye,) = d.bye_ids()
    assert isinstance(bye, int)  # a player who has had no bye yet
    (swapped,) = [t for t in d.tables if BYE_SWAP in t.flags]
    assert swapped.flags == {CONTINUED, BYE_SWAP}
    before = next(t for t in history[0].tables if t.number == swapped.number)
    assert swapped.seats[0] == before.seats[0] and bye in before.seats[1:]
    assert len([x for x in swapped.seats if str(x).startswith("late")]) == 1


def test_scorer_stays_substitute_takes_the_seat_of_the_withdrawn_player():
    entries, history = play([Entry(i) for i in range(8)], "scorer_stays", 1, seed=3)
    table = history[0].tables[0]
    gone = table.seats[2]
    entries = [replace(e, active=False) if e.id == gone else e for e in entries] + [
        Entry("sub", replaces=gone)
    ]
    d = draw(entries, "scorer_stays", seed=4, history=history)
    check_draw(d, entries)
    s0, s1, s2, s3 = (x if x != gone else "sub" for x in table.seats)
    moved = next(t for t in d.tables if t.number == table.number)
    assert moved.seats == (s0, s3, s1, s2)
    assert moved.flags == {CONTINUED, SUBSTITUTE}
    other = next(t for t in d.tables if t.number != table.number)
    assert other.flags == {CONTINUED}


def test_scorer_stays_withdrawal_and_late_entry_redraw_only_what_they_break():
    entries, history = play([Entry(i) for i in range(12)], "scorer_stays", 1, seed=6)
    before = list(history)
    broken = history[0].tables[1]
    entries = [replace(e, active=False) if e.id == broken.seats[1] else e for e in entries]
    entries.append(Entry("late"))
    d = draw(entries, "scorer_stays", seed=7, history=history, options={"odd": "threes"})
    assert history == before
    check_draw(d, entries)
    kept = [t for t in d.tables if CONTINUED in t.flags]
    assert kept and all(broken.seats[1] not in t.seats for t in d.tables)
    assert all(t.number != broken.number for t in kept)
    assert "late" in d.seated()
    assert_flags_tell_the_truth(d, entries, movement=True)
