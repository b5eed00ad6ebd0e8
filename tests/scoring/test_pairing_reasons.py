"""Every draw method explains each table and bye, and every explanation is true of the input:
the score group's points are the entries' points, an avoided rematch was a pairing played
before and not played again, the places are the schedule's, new partners never partnered."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from scoring.pairing import Entry, berger_round, draw, poule_map, record_round
from scoring.pairing import reasons as why


def played(method, count, rounds, *, seed=1, options=None, field=None):
    """Entries after ``rounds`` rounds of ``method`` with random winners, and the draws."""
    rng = random.Random(seed)
    entries = field or [Entry(i) for i in range(count)]
    history = []
    for r in range(rounds):
        d = draw(entries, method, seed=seed * 100 + r, history=history, options=options)
        entries = record_round(entries, d, [rng.choice(t.seats) for t in d.tables])
        history.append(d)
    return entries, history


def codes(item):
    return [code for code, _params in item.reasons]


def of(item, code):
    return [params for c, params in item.reasons if c == code]


def met(by_id, a, b):
    return b in by_id[a].opponents or a in by_id[b].opponents


def check_avoided(d, by_id, allowed=None):
    """Each avoided rematch names entries the entry had played, now at other tables."""
    byes = set(d.bye_ids())
    found = 0
    for table in d.tables:
        for params in of(table, why.AVOIDED_REMATCH):
            assert params["entry"] in table.seats
            for other in params["with"]:
                found += 1
                assert met(by_id, params["entry"], other)
                assert other not in table.seats and other not in byes
                if allowed:
                    assert allowed(table, other)
    return found


def check_rematch_reason(d, by_id):
    for table in d.tables:
        a, b = table.seats
        assert (why.REMATCH in codes(table)) == met(by_id, a, b) == ("rematch" in table.flags)


@pytest.mark.parametrize("seed", range(6))
def test_random_draw_says_its_seed_and_the_rematches_it_avoided(seed):
    entries, history = played("random", 11, 4, seed=seed)
    by_id = {e.id: e for e in entries}
    d = draw(entries, "random", seed=seed, history=history)
    for table in d.tables:
        assert of(table, why.RANDOM) == [{"seed": seed}]
    assert check_avoided(d, by_id) > 0
    check_rematch_reason(d, by_id)
    (bye,) = d.byes
    (params,) = of(bye, why.BYE_FEWEST)
    assert params == {"byes": by_id[bye.entry].byes, "seed": seed}
    assert params["byes"] == min(e.byes for e in entries)


@pytest.mark.parametrize("within", ["random", "adjacent", "fold"])
@pytest.mark.parametrize("seed", range(5))
def test_swiss_reasons_are_the_entries_points_places_and_rematches(seed, within):
    entries, history = played("swiss", 13, 4, seed=seed, options={"within_group": within})
    by_id = {e.id: e for e in entries}
    d = draw(entries, "swiss", seed=seed, history=history, options={"within_group": within})
    placed = {}
    for table in d.tables:
        a, b = (by_id[x] for x in table.seats)
        group = of(table, why.SCORE_GROUP)
        floats = of(table, why.FLOAT)
        if a.score == b.score:
            assert group == [{"points": a.score}] and not floats
        else:
            high, low = (a, b) if a.score > b.score else (b, a)
            assert floats == [{"entry": high.id, "points": high.score, "against": low.score}]
            assert not group and "moved_down" in table.flags
        (standing,) = of(table, why.STANDING)
        placed.update(zip(table.seats, standing["places"]))
        assert of(table, why.WITHIN_GROUP) == [{"order": within, "seed": seed}]

        def same_group(t, other):
            return by_id[other].score in {by_id[x].score for x in t.seats}
        check_avoided(d, by_id, same_group)
    check_rematch_reason(d, by_id)
    (bye,) = d.byes
    (params,) = of(bye, why.BYE_LOWEST)
    placed[bye.entry] = params["place"]
    # the places are a standing: every place once, higher scores first
    assert sorted(placed.values()) == list(range(1, 14)) and params["of"] == 13
    by_place = sorted(placed, key=placed.get)
    scores = [by_id[x].score for x in by_place]
    assert scores == sorted(scores, reverse=True)
    assert params["byes"] == by_id[bye.entry].byes == min(e.byes for e in entries)
    below = [x for x in by_place[params["place"]:] if by_id[x].byes == params["byes"]]
    assert of(bye, why.BYE_SKIPPED) == ([{"skipped": below}] if below else [])


def test_swiss_names_a_rematch_it_avoided_inside_the_score_group():
    # a and b lead alone on 2 points but played each other: each meets someone else
    field = [Entry("a", 2, opponents=frozenset("b")), Entry("b", 2, opponents=frozenset("a")),
             Entry("c", 2), Entry("d", 2)]
    d = draw(field, "swiss", seed=1, options={"within_group": "adjacent"})
    by_id = {e.id: e for e in field}
    assert check_avoided(d, by_id) == 2
    table = next(t for t in d.tables if "a" in t.seats)
    assert {"entry": "a", "with": ["b"]} in of(table, why.AVOIDED_REMATCH)


def test_round_robin_reasons_are_the_berger_places():
    field = [Entry(x) for x in "abcdefg"]  # 7: a bye each round
    history = []
    for number in range(1, 8):
        d = draw(field, "round_robin", seed=3, history=history)
        schedule = {frozenset(p) for p in berger_round(8, number)}
        for table in d.tables:
            (params,) = of(table, why.ROUND_ROBIN)
            assert params["round"] == number
            assert frozenset(params["places"]) in schedule
            assert [field[p - 1].id for p in params["places"]] == list(table.seats)
        (bye,) = d.byes
        assert of(bye, why.BYE_SCHEDULE) == [{"round": number}]
        history.append(d)


def test_round_robin_bye_names_the_opponent_who_withdrew():
    field = [Entry(x) for x in "abcd"]
    first = draw(field, "round_robin", seed=1)
    gone = first.tables[0].seats[1]
    field = [Entry(x, active=x != gone) for x in "abcd"]
    d = draw(field, "round_robin", seed=1, options={"round_number": 1})
    (bye,) = d.byes
    assert of(bye, why.BYE_WITHDRAWN) == [{"with": gone}]


def test_poule_reasons_name_the_poule_round_and_places():
    field = [Entry(i) for i in range(10)]
    history = []
    for number in (1, 2, 3):
        d = draw(field, "poules", seed=5, history=history)
        history.append(d)
        poules = poule_map(history)
        for table in d.tables:
            (params,) = of(table, why.POULE)
            assert params["poule"] == table.group == poules[table.seats[0]] == poules[
                table.seats[1]]
            assert params["round"] == number
        for bye in d.byes:
            assert of(bye, why.BYE_SCHEDULE) == [{"round": number}]


def partner_pairs(seats):
    if len(seats) == 4:
        return [(seats[0], seats[2]), (seats[1], seats[3])], [
            (seats[0], seats[1]), (seats[0], seats[3]), (seats[2], seats[1]),
            (seats[2], seats[3])]
    pairs = list(combinations(seats, 2))
    return pairs, pairs


def partnered(by_id, a, b):
    return b in by_id[a].partners or a in by_id[b].partners


@pytest.mark.parametrize("odd", ["byes", "threes"])
@pytest.mark.parametrize("count, rounds", [(13, 3), (9, 6), (40, 5)])
def test_individual_reasons_say_new_and_repeated_partners_truly(count, rounds, odd):
    entries, history = played("individual", count, rounds, options={"odd": odd})
    by_id = {e.id: e for e in entries}
    d = draw(entries, "individual", seed=77, history=history, options={"odd": odd})
    for table in d.tables:
        assert of(table, why.RANDOM) == [{"seed": 77}]
        partners, opponents = partner_pairs(table.seats)
        new = [list(p) for p in partners if not partnered(by_id, *p)]
        again = [list(p) for p in partners if partnered(by_id, *p)]
        assert of(table, why.PARTNERS_NEW) == ([{"pairs": new}] if new else [])
        assert of(table, why.REPEAT_PARTNER) == ([{"pairs": again}] if again else [])
        assert bool(again) == ("repeat_partner" in table.flags)
        clashes = [list(p) for p in opponents if by_id[p[1]].id in by_id[p[0]].opponents]
        if clashes:
            assert of(table, why.REPEAT_OPPONENTS) == [{"pairs": clashes}]
        else:
            assert why.OPPONENTS_NEW in codes(table)
        assert (why.TABLE_OF_THREE in codes(table)) == (len(table.seats) == 3)
    for bye in d.byes:
        (params,) = of(bye, why.BYE_FEWEST)
        assert params["byes"] == by_id[bye.entry].byes


def test_scorer_stays_says_the_table_goes_on_with_its_scorer():
    field = [Entry(i) for i in range(9)]
    entries, history = played("scorer_stays", 9, 2, field=field)
    d = draw(entries, "scorer_stays", seed=9, history=history)
    continued = [t for t in d.tables if "continued" in t.flags]
    assert continued
    for table in continued:
        (params,) = of(table, why.CONTINUED)
        assert params["scorer"] == table.seats[0] and params["of"] == 3
        together = 0
        for earlier in reversed(history):
            if frozenset(table.seats) not in {frozenset(t.seats) for t in earlier.tables}:
                break
            together += 1
        assert params["round"] == together + 1 and together >= 1
        previous = next(t for t in history[-1].tables if t.number == table.number)
        assert previous.seats[0] == table.seats[0]
    for bye in d.byes:
        assert codes(bye) and set(codes(bye)) <= {why.BYE_FEWEST, why.BYE_SWAP}


def test_every_reason_code_is_listed():
    entries, history = played("swiss", 9, 2)
    d = draw(entries, "swiss", seed=1, history=history)
    used = {code for item in (*d.tables, *d.byes) for code in codes(item)}
    assert used <= set(why.CODES)
