"""Draw values, options, errors, history recording and bye scoring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import (
    BYE,
    MOVED_UP,
    REPEAT_BYE,
    Bye,
    ByeResult,
    Draw,
    DrawBug,
    DrawError,
    DrawTable,
    Entry,
    bye_result,
    check_draw,
    draw,
    record_round,
)


@pytest.mark.parametrize(
    ("method", "options", "field", "code"),
    [
        ("swiss", {"within": "random"}, "within", "unknown_option"),
        ("swiss", {"within_group": "alphabetical"}, "within_group", "option_choice"),
        ("individual", {"restarts": "many"}, "restarts", "option_type"),
        ("individual", {"restarts": True}, "restarts", "option_type"),
        ("random", {"odd": "byes"}, "odd", "unknown_option"),
        ("round_robin", {"cycles": 1.5}, "cycles", "option_type"),
    ],
)
def test_bad_options_name_the_field_and_rule(method, options, field, code):
    with pytest.raises(DrawError) as error:
        draw([Entry(i) for i in range(8)], method, seed=1, options=options)
    assert (error.value.field, error.value.code) == (field, code)
    assert field in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("seed", ["12", 1.0, True])
def test_seed_must_be_a_whole_number(seed):
    with pytest.raises(DrawError) as error:
        draw([Entry(1), Entry(2)], "random", seed=seed)
    assert (error.value.field, error.value.code) == ("seed", "seed_type")


def test_duplicate_entry_and_unknown_method_and_missing_id():
    with pytest.raises(DrawError) as error:
        draw([Entry(1), Entry(1)], "random", seed=0)
    assert error.value.code == "duplicate_entry"
    with pytest.raises(DrawError) as error:
        draw([Entry(1), Entry(2)], "knockout", seed=0)
    assert (error.value.field, error.value.code) == ("method", "unknown_method")
    with pytest.raises(DrawError) as error:
        draw([object()], "random", seed=0)
    assert error.value.code == "entry_id"


def test_check_draw_catches_a_missing_a_double_or_an_inactive_entry():
    entries = [Entry("a"), Entry("b"), Entry("c", active=False)]
    good = Draw(1, "random", 1, (DrawTable(1, ("a", "b")),))
    check_draw(good, entries)
    for bad in (
        Draw(1, "random", 1, (DrawTable(1, ("a", "a")),)),
        Draw(1, "random", 1, (), (Bye("a"),)),
        Draw(1, "random", 1, (DrawTable(1, ("a", "c")),), (Bye("b"),)),
    ):
        with pytest.raises(DrawBug):
            check_draw(bad, entries)


def test_withdrawn_entries_are_never_drawn():
    entries = [Entry(i, active=i != 3) for i in range(6)]
    d = draw(entries, "random", seed=2)
    assert 3 not in d.seated() and 3 not in d.bye_ids()
    assert len(d.tables) == 2 and len(d.byes) == 1


def test_record_round_notes_partners_opponents_byes_and_tables_of_three():
    d = Draw(
        1,
        "individual",
        1,
        (DrawTable(1, ("a", "b", "c", "d")), DrawTable(2, ("e", "f", "g"))),
        (Bye("h"),),
    )
    entries = record_round([Entry(x) for x in "abcdefgh"], d, winners=["a", "c"])
    by_id = {e.id: e for e in entries}
    assert by_id["a"].partners == {"c"} and by_id["a"].opponents == {"b", "d"}
    assert by_id["b"].partners == {"d"} and by_id["b"].opponents == {"a", "c"}
    assert by_id["e"].partners == {"f", "g"} == by_id["e"].opponents
    assert (by_id["e"].threes, by_id["a"].threes) == (1, 0)
    assert (by_id["h"].byes, by_id["h"].score, by_id["a"].score, by_id["b"].score) == (1, 1, 1, 0)


def test_explain_gives_one_line_per_table_and_bye_with_reasons():
    d = Draw(
        3,
        "swiss",
        2,
        (DrawTable(1, ("x", "y"), frozenset({MOVED_UP}), (("y", MOVED_UP),)),),
        (Bye("z", frozenset({BYE, REPEAT_BYE})),),
    )
    lines = d.explain()
    assert lines[0].startswith("table 1: x - y; moved up") and "y moved up" in lines[0]
    assert lines[1].startswith("bye z: sits out") and "second bye" in lines[1]


def test_entry_coerce_reads_any_object_with_the_attributes():
    class Player:
        id = 17
        partners = [3, 4]
        active = False

    entry = Entry.coerce(Player())
    assert entry == Entry(17, partners=frozenset({3, 4}), active=False)


# --- bye scoring ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)), min_size=1, max_size=20), st.integers(0, 5)
)
def test_average_win_is_the_rounded_mean_of_the_winning_sides(results, match_points):
    result = bye_result("average_win", results, match_points=match_points)
    winners = [max(a, b) for a, b in results]
    mean = sum(winners) / len(winners)
    assert result.won and result.match_points == match_points
    assert abs(result.game_points - mean) <= 0.5
    assert min(winners) <= result.game_points <= max(winners)
    # Issue 28: against it the losing sides' mean, so it ranks like an average win.
    losers = [min(a, b) for a, b in results]
    assert abs(result.points_against - sum(losers) / len(losers)) <= 0.5
    assert min(losers) <= result.points_against <= max(losers)
    assert result.points_against <= result.game_points


def test_bye_scoring_choices():
    assert bye_result("average_win", [(10, 0), (0, 11)]) == ByeResult(True, 1, 11)  # 10.5 rounds up
    assert bye_result("average_win", [], game_points=30) == ByeResult(True, 1, 30)
    assert bye_result("fixed", [(101, 0)], match_points=2, game_points=60) == ByeResult(True, 2, 60)
    assert bye_result("nothing", [(101, 0)], match_points=2) == ByeResult(False, 0, 0)
    # against: the losing sides' mean, rounded half up; 0 for a fixed bye or with no table
    assert bye_result("average_win", [(101, 60), (88, 101), (101, 7)]).points_against == 52
    assert bye_result("average_win", [(10, 1), (0, 11), (5, 2)]).points_against == 1
    assert bye_result("average_win", [(10, 1), (2, 11)]).points_against == 2  # 1.5 up
    assert bye_result("fixed", [(101, 60)], game_points=60).points_against == 0
    assert bye_result("average_win", [], game_points=30).points_against == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "field", "code"),
    [
        (("double", []), {}, "bye_scoring", "bye_scoring"),
        (("fixed", []), {"game_points": -1}, "game_points", "bye_points"),
        (("fixed", []), {"match_points": 1.5}, "match_points", "bye_points"),
        (("average_win", [(10, -2)]), {}, "results", "table_result"),
    ],
)
def test_bye_scoring_errors(args, kwargs, field, code):
    with pytest.raises(DrawError) as error:
        bye_result(*args, **kwargs)
    assert (error.value.field, error.value.code) == (field, code)
