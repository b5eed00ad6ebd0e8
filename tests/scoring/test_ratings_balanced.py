"""The balanced individual draw (issue 19): equal expected strength per side, strong players
with weak partners, and still no repeat partners; the same interface as the other draws."""

from __future__ import annotations

import random
import statistics

import pytest

from scoring.pairing import (
    REPEAT_PARTNER,
    TABLE_OF_THREE,
    DrawError,
    Entry,
    check_draw,
    draw_individual,
    record_round,
    table_plan,
)
from scoring.pairing.balanced import draw_balanced


def field(n, seed=0):
    rng = random.Random(seed)
    return [Entry(f"j{i:03d}") for i in range(n)], {f"j{i:03d}": rng.gauss(25, 3) for i in range(n)}


def imbalance(d, ratings):
    """Per table of four: the difference of the two sides' summed ratings."""
    return [abs(sum(ratings[p] for p in a) - sum(ratings[p] for p in b))
            for a, b in (t.sides for t in d.tables if len(t.seats) == 4)]


def play(generator, entries, rounds, ratings, seed=0):
    history = []
    for r in range(rounds):
        d = generator(entries, seed=seed * 100 + r, history=history, options={"ratings": ratings}
                      if generator is draw_balanced else None)
        check_draw(d, entries)
        entries = record_round(entries, d)
        history.append(d)
    return entries, history


@pytest.mark.parametrize("n", [64, 40])
def test_ten_rounds_balanced_with_no_repeat_partner(n):
    entries, ratings = field(n, seed=n)
    _, balanced = play(draw_balanced, entries, 10, ratings)
    _, drawn = play(draw_individual, entries, 10, ratings)
    partnered = set()
    for d in balanced:
        for t in d.tables:
            assert REPEAT_PARTNER not in t.flags
            for side in t.sides:
                pair = frozenset(side)
                assert pair not in partnered
                partnered.add(pair)
    spread = statistics.pstdev(ratings.values())
    ours = statistics.mean(x for d in balanced for x in imbalance(d, ratings))
    random_draw = statistics.mean(x for d in drawn for x in imbalance(d, ratings))
    # About a tenth of the random draw's imbalance (0.17 against 1.7 standard deviations).
    assert ours < 0.25 * spread and ours < random_draw / 5


def test_strong_players_partner_weak_ones():
    entries, ratings = field(64, seed=3)
    d = draw_balanced(entries, seed=1, options={"ratings": ratings})
    order = sorted(ratings, key=ratings.get, reverse=True)
    top, bottom = set(order[:16]), set(order[-16:])
    partner = {a: b for t in d.tables for a, b in (t.sides[0], t.sides[1])}
    partner |= {b: a for a, b in partner.items()}
    assert sum(partner[p] in bottom for p in top) >= 12
    target = 2 * statistics.mean(ratings.values())
    sides = [sum(ratings[p] for p in side) for t in d.tables for side in t.sides]
    assert max(abs(s - target) for s in sides) < statistics.pstdev(ratings.values())


def test_same_seed_same_draw_whatever_the_order_of_entries():
    entries, ratings = field(24)
    one = draw_balanced(entries, seed=9, options={"ratings": ratings})
    two = draw_balanced(list(reversed(entries)), seed=9, options={"ratings": dict(reversed(ratings.items()))})
    assert one == two and one.method == "balanced" and one.round_number == 1
    assert one.options["odd"] == "byes"


@pytest.mark.parametrize("n, odd", [(13, "byes"), (14, "threes"), (7, "threes"), (5, "byes")])
def test_counts_that_are_not_a_multiple_of_four(n, odd):
    entries, ratings = field(n)
    entries, history = play(draw_balanced, entries, 1, ratings)
    d = draw_balanced(entries, seed=5, history=history, options={"ratings": ratings, "odd": odd})
    check_draw(d, entries)
    fours, threes, byes = table_plan(n, odd)
    assert sorted(len(t.seats) for t in d.tables) == [3] * threes + [4] * fours
    assert all((TABLE_OF_THREE in t.flags) == (len(t.seats) == 3) for t in d.tables)
    assert len(d.byes) == byes
    if byes:  # the byes go to players who had none yet
        had = {e.id for e in entries if e.byes}
        assert not set(d.bye_ids()) & had or len(had) == n


def test_a_player_without_a_rating_counts_as_the_fields_mean():
    entries, ratings = field(8)
    ratings.pop("j000")
    d = draw_balanced(entries, seed=2, options={"ratings": ratings})
    check_draw(d, entries)
    assert draw_balanced(entries, seed=2).tables  # no ratings at all: every player equal


def test_flags_tell_the_truth_when_repeats_cannot_be_avoided():
    entries, ratings = field(4)
    entries, history = play(draw_balanced, entries, 3, ratings)  # 4 players: 3 partnerings
    d = draw_balanced(entries, seed=7, history=history, options={"ratings": ratings})
    assert REPEAT_PARTNER in d.tables[0].flags
    assert "individual.repeat_partner" in [code for code, _ in d.tables[0].reasons]


@pytest.mark.parametrize("options, field_name, code", [
    ({"ratings": {"j000": "strong"}}, "ratings", "option_type"),
    ({"ratings": {"j000": float("inf")}}, "ratings", "option_type"),
    ({"ratings": [1, 2]}, "ratings", "option_type"),
    ({"odd": "pairs"}, "odd", "option_choice"),
    ({"balance": True}, "balance", "unknown_option"),
])
def test_bad_options_name_their_field(options, field_name, code):
    entries, _ = field(8)
    with pytest.raises(DrawError) as error:
        draw_balanced(entries, seed=1, options=options)
    assert (error.value.field, error.value.code) == (field_name, code)


def test_championship_size_is_quick_enough_to_draw():
    entries, ratings = field(560, seed=5)
    d = draw_balanced(entries, seed=1, options={"ratings": ratings})
    check_draw(d, entries)
    assert statistics.mean(imbalance(d, ratings)) < 0.1 * statistics.pstdev(ratings.values())
