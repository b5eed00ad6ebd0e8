"""Poules of four (RULES.md section 11): drawn once at the first round, every pair meets each
other pair of its poule exactly once over three rounds, never a pair of another poule."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import (
    OPPONENT_WITHDRAWN,
    DrawError,
    Entry,
    draw,
    poule_map,
    poule_sizes,
    record_round,
)

FAST = settings(max_examples=60, deadline=None)


def play_poules(count: int, seed: int) -> tuple[list, list[Entry]]:
    """Three rounds of poules for ``count`` pairs, each drawn with its own seed."""
    entries = [Entry(f"p{i}") for i in range(count)]
    history = []
    for number in range(3):
        d = draw(entries, "poules", seed=seed + 1000 * number, history=history)
        history.append(d)
        entries = record_round(entries, d)
    return history, entries


@FAST
@given(count=st.integers(4, 40).filter(lambda n: n != 5), seed=st.integers(0, 10**6))
def test_every_pair_meets_its_poule_once_and_nobody_else(count, seed):
    history, _ = play_poules(count, seed)
    poules = poule_map(history)
    assert sorted(poules) == sorted(f"p{i}" for i in range(count))
    sizes = Counter(poules.values())
    assert sorted(sizes.values(), reverse=True) == poule_sizes(count)
    met = Counter()
    for d in history:
        for table in d.tables:
            a, b = table.seats
            assert poules[a] == poules[b] == table.group
            met[frozenset((a, b))] += 1
        sitting = d.bye_ids()
        assert all(sizes[poules[e]] == 3 for e in sitting)  # only poules of three sit out
    expected = {frozenset(pair) for letter in sizes
                for pair in combinations([e for e, p in poules.items() if p == letter], 2)}
    assert set(met) == expected and set(met.values()) == {1}


def test_the_poules_stay_whatever_the_later_seeds():
    history, _ = play_poules(12, seed=3)
    again = [draw([Entry(f"p{i}") for i in range(12)], "poules", seed=3)]
    assert poule_map(history) == poule_map(again) == poule_map(history[:1])
    assert sorted(Counter(poule_map(history).values()).items()) == [("A", 4), ("B", 4), ("C", 4)]


def test_seven_pairs_make_a_poule_of_four_and_one_of_three():
    history, entries = play_poules(7, seed=11)
    assert sorted(Counter(poule_map(history).values()).values()) == [3, 4]
    assert [len(d.byes) for d in history] == [1, 1, 1]
    assert len({d.byes[0].entry for d in history}) == 3  # each pair of the three sits out once
    assert all(e.byes <= 1 for e in entries)


def test_a_withdrawn_pair_keeps_its_place_and_its_opponent_sits_out():
    entries = [Entry(f"p{i}") for i in range(8)]
    first = draw(entries, "poules", seed=4)
    entries = record_round(entries, first)
    gone = first.tables[0].seats[0]
    entries = [replace(e, active=False) if e.id == gone else e for e in entries]
    second = draw(entries, "poules", seed=5, history=[first])
    assert gone not in second.seated()
    assert len(second.byes) == 1 and OPPONENT_WITHDRAWN in second.byes[0].flags
    assert poule_map([first, second]) == poule_map([first])


def test_a_substitute_plays_in_the_place_of_the_pair_it_replaces():
    entries = [Entry(f"p{i}") for i in range(4)]
    first = draw(entries, "poules", seed=8)
    gone = first.tables[0].seats[1]
    entries = [replace(e, active=False) if e.id == gone else e for e in entries]
    entries.append(Entry("sub", replaces=gone))
    second = draw(entries, "poules", seed=9, history=[first])
    assert "sub" in second.seated() and gone not in second.seated()


def test_refusals_name_the_reason():
    with pytest.raises(DrawError, match="5 pairs do not make poules") as error:
        draw([Entry(i) for i in range(5)], "poules", seed=1)
    assert error.value.field == "entries"
    history, entries = play_poules(8, seed=2)
    with pytest.raises(DrawError, match="past the end of the poules") as error:
        draw(entries, "poules", seed=9, history=history)
    assert error.value.code == "poules_complete"
    late = [*entries[:8], Entry("late")]
    with pytest.raises(DrawError, match="joined after the poules were drawn"):
        draw(late, "poules", seed=9, history=history[:1])


def test_the_draw_is_reproducible_and_says_its_poule():
    entries = [Entry(i) for i in range(8)]
    a = draw(entries, "poules", seed=21)
    b = draw(list(reversed(entries)), "poules", seed=21)
    assert a == b
    assert all("(poule " in line for line in a.explain())
