"""The draw of auction tables (scoring.pairing.auction_tables): every player seated once at
tables of 3 to 7 sized by the stated rule, reproducible from the seed, the fewest repeat
table-mates (the fewest possible on small fields, never more than random seatings on large
ones), reasons that are facts, and each refusal naming its rule."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import reasons as why
from scoring.pairing.auction_tables import (
    SIZES,
    draw_auction,
    mates,
    record_tables,
    seating_cost,
    table_sizes,
)
from scoring.pairing.base import DrawError, Entry, prepare


def played(count: int, rounds: int, size: int = 4, seed: int = 0):
    entries = [Entry(i) for i in range(count)]
    history = []
    for r in range(rounds):
        d = draw_auction(entries, seed=seed + r, history=history, options={"size": size})
        history.append(d)
        entries = record_tables(entries, d)
    return entries, history


def cost_of(entries, draw) -> int:
    pool = prepare(entries)
    index = {e.id: i for i, e in enumerate(pool)}
    return seating_cost(mates(pool), [[index[x] for x in t.seats] for t in draw.tables])


def brute_force_best(entries, sizes) -> int:
    """The fewest repeat table-mates over every seating (small fields only)."""
    pool = prepare(entries)
    met = mates(pool)

    def best(free, open_sizes):
        if not free:
            return 0
        head, rest = free[0], free[1:]
        result = None
        for size in set(open_sizes):
            left_sizes = list(open_sizes)
            left_sizes.remove(size)
            for others in combinations(rest, size - 1):
                table = (head, *others)
                here = sum(b in met[a] for a, b in combinations(table, 2))
                value = here + best([i for i in rest if i not in others], left_sizes)
                result = value if result is None else min(result, value)
        return result

    return best(list(range(len(pool))), list(sizes))


@given(players=st.integers(3, 200), size=st.sampled_from(SIZES), fit=st.sampled_from(["most", "closest"]))
def test_sizes_are_3_to_7_and_seat_everyone(players, size, fit):
    sizes = table_sizes(players, size, fit)
    assert sum(sizes) == players
    assert all(3 <= s <= 7 for s in sizes)
    assert list(sizes) == sorted(sizes, reverse=True)


@given(players=st.integers(3, 60), size=st.sampled_from(SIZES))
def test_most_fit_has_as_many_preferred_tables_as_any_plan(players, size):
    """No split of the field into tables of 3-7 has more tables of the preferred size, and
    among those with as many, none is closer to it (sum of squared differences)."""
    sizes = table_sizes(players, size, "most")
    count = sizes.count(size)
    distance = sum((s - size) ** 2 for s in sizes)
    for plan in _all_plans(players):
        assert plan.count(size) <= count
        if plan.count(size) == count:
            assert sum((s - size) ** 2 for s in plan) >= distance


@given(players=st.integers(3, 60), size=st.sampled_from(SIZES))
def test_closest_fit_is_the_closest_plan(players, size):
    sizes = table_sizes(players, size, "closest")
    distance = sum((s - size) ** 2 for s in sizes)
    assert all(sum((s - size) ** 2 for s in plan) >= distance for plan in _all_plans(players))


def _all_plans(players, smallest=3):
    if players == 0:
        yield ()
        return
    for s in range(smallest, 8):
        if s <= players:
            for rest in _all_plans(players - s, s):
                yield (s, *rest)


def test_stated_examples():
    assert table_sizes(8) == (4, 4)
    assert table_sizes(9) == (5, 4)
    assert table_sizes(10) == (4, 3, 3)
    assert table_sizes(10, 5) == (5, 5)
    assert table_sizes(8, 5) == (5, 3)
    assert table_sizes(8, 5, "closest") == (4, 4)
    assert table_sizes(12, 6) == (6, 6)
    assert table_sizes(7, 3) == (4, 3)


@settings(max_examples=40)
@given(count=st.integers(3, 40), rounds=st.integers(0, 4), size=st.sampled_from(SIZES),
       seed=st.integers(0, 10**6), inactive=st.sets(st.integers(0, 39), max_size=3))
def test_every_active_player_is_seated_exactly_once(count, rounds, size, seed, inactive):
    entries, history = played(count, rounds, size, seed)
    entries = [Entry(e.id, opponents=e.opponents, active=e.id not in inactive) for e in entries]
    active = [e.id for e in entries if e.active]
    if len(active) < 3:
        with pytest.raises(DrawError) as error:
            draw_auction(entries, seed=seed)
        assert error.value.code == "too_few_players"
        return
    d = draw_auction(entries, seed=seed, history=history, options={"size": size})
    seated = d.seated()
    assert sorted(seated) == sorted(active)
    assert not d.byes
    assert tuple(len(t.seats) for t in d.tables) == table_sizes(len(active), size)
    assert [t.number for t in d.tables] == list(range(1, len(d.tables) + 1))
    assert d.round_number == rounds + 1


@settings(max_examples=25)
@given(count=st.integers(3, 30), seed=st.integers(0, 10**6), rounds=st.integers(0, 3))
def test_the_same_seed_gives_the_same_draw_whatever_the_order(count, seed, rounds):
    entries, history = played(count, rounds, seed=seed)
    a = draw_auction(entries, seed=seed, history=history)
    b = draw_auction(list(reversed(entries)), seed=seed, history=history)
    assert [t.seats for t in a.tables] == [t.seats for t in b.tables]
    assert [t.reasons for t in a.tables] == [t.reasons for t in b.tables]


def test_another_seed_gives_another_draw():
    entries = [Entry(i) for i in range(20)]
    draws = {tuple(t.seats for t in draw_auction(entries, seed=s).tables) for s in range(6)}
    assert len(draws) == 6


@settings(max_examples=30)
@given(count=st.integers(3, 11), rounds=st.integers(1, 4), size=st.sampled_from([3, 4, 5]),
       seed=st.integers(0, 10**6))
def test_small_fields_get_the_fewest_repeat_table_mates_possible(count, rounds, size, seed):
    entries, history = played(count, rounds, size, seed)
    d = draw_auction(entries, seed=seed + 99, history=history, options={"size": size})
    sizes = [len(t.seats) for t in d.tables]
    assert cost_of(entries, d) == brute_force_best(entries, sizes)


@settings(max_examples=20)
@given(count=st.integers(13, 60), rounds=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_large_fields_repeat_no_more_than_random_seatings(count, rounds, seed):
    entries, history = played(count, rounds, seed=seed)
    d = draw_auction(entries, seed=seed + 99, history=history)
    mine = cost_of(entries, d)
    rng = random.Random(seed)
    pool = prepare(entries)
    met = mates(pool)
    sizes = [len(t.seats) for t in d.tables]
    for _ in range(30):
        order = list(range(len(pool)))
        rng.shuffle(order)
        tables, start = [], 0
        for s in sizes:
            tables.append(order[start:start + s])
            start += s
        assert mine <= seating_cost(met, tables)


def test_a_second_round_of_two_tables_of_four_splits_every_first_table():
    entries, history = played(8, 1)
    d = draw_auction(entries, seed=5, history=history)
    first = [set(t.seats) for t in history[0].tables]
    for table in d.tables:
        assert all(len(set(table.seats) & old) == 2 for old in first)
    assert cost_of(entries, d) == 4


@settings(max_examples=30)
@given(count=st.integers(3, 25), rounds=st.integers(0, 4), seed=st.integers(0, 10**6))
def test_reasons_are_facts_about_the_input(count, rounds, seed):
    entries, history = played(count, rounds, seed=seed)
    met = {e.id: set(e.opponents) for e in entries}
    d = draw_auction(entries, seed=seed, history=history)
    sizes = [len(t.seats) for t in d.tables]
    for table in d.tables:
        codes = [code for code, _ in table.reasons]
        assert set(codes) <= set(why.CODES)
        params = dict(table.reasons)
        assert params[why.RANDOM] == {"seed": seed}
        assert params[why.AUCTION_SIZES] == {"size": 4, "fit": "most", "sizes": sizes,
                                              "players": count}
        here = set(table.seats)
        again = [[a, b] for a, b in combinations(table.seats, 2) if b in met[a]]
        if again:
            assert sorted(map(sorted, params[why.AUCTION_REPEAT_MATES]["pairs"])) == sorted(
                map(sorted, again))
            assert "repeat_opponent" in table.flags
        else:
            assert why.AUCTION_MATES_NEW in codes and not table.flags
        avoided = {p["entry"]: p["with"] for c, p in table.reasons if c == why.AVOIDED_REMATCH}
        for x in table.seats:
            elsewhere = sorted(y for y in met[x] if y not in here)
            assert avoided.get(x, []) == elsewhere


@pytest.mark.parametrize("count", [0, 1, 2])
def test_too_few_players_are_refused(count):
    with pytest.raises(DrawError) as error:
        draw_auction([Entry(i) for i in range(count)], seed=1)
    assert error.value.code == "too_few_players" and error.value.field == "entries"
    assert isinstance(error.value, ValueError)


def test_inactive_players_do_not_count_towards_a_table():
    entries = [Entry(0), Entry(1), Entry(2, active=False), Entry(3, active=False)]
    with pytest.raises(DrawError) as error:
        draw_auction(entries, seed=1)
    assert error.value.code == "too_few_players"


@pytest.mark.parametrize("options, field, code", [
    ({"size": 2}, "size", "option_choice"),
    ({"size": 8}, "size", "option_choice"),
    ({"size": "4"}, "size", "option_type"),
    ({"fit": "even"}, "fit", "option_choice"),
    ({"restarts": 0}, "restarts", "option_choice"),
    ({"tables": 3}, "tables", "unknown_option"),
])
def test_bad_options_are_refused_naming_the_option(options, field, code):
    with pytest.raises(DrawError) as error:
        draw_auction([Entry(i) for i in range(8)], seed=1, options=options)
    assert (error.value.field, error.value.code) == (field, code)


def test_a_player_listed_twice_and_a_bad_seed_are_refused():
    with pytest.raises(DrawError) as error:
        draw_auction([Entry(1), Entry(1), Entry(2), Entry(3)], seed=1)
    assert error.value.code == "duplicate_entry"
    with pytest.raises(DrawError) as error:
        draw_auction([Entry(i) for i in range(4)], seed="x")
    assert error.value.code == "seed_type"


@pytest.mark.parametrize("players, size, fit", [(2, 4, "most"), (True, 4, "most"),
                                                 (8, 9, "most"), (8, 4, "nearest")])
def test_table_sizes_refusals(players, size, fit):
    with pytest.raises(DrawError) as error:
        table_sizes(players, size, fit)
    assert error.value.code in ("too_few_players", "option_choice")


def test_record_tables_makes_everyone_at_a_table_meet_everyone_else():
    entries, history = played(7, 1)
    table = history[0].tables[0]
    by_id = {e.id: e for e in entries}
    for x in table.seats:
        assert by_id[x].opponents == set(table.seats) - {x}
