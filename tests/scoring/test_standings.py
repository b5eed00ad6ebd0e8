"""Standings: metric values, ranking orders, shared ranks, head-to-head, lots."""

import random
from fractions import Fraction

import pytest

from scoring import (
    METRICS,
    DealResult,
    MatchFormat,
    MatchRecord,
    Metric,
    StandingsError,
    get_metric,
    rank_entries,
    register,
    score_match,
)


def match(round_, a, b, result_a, points_a, points_b):
    """Both records of a one-game match between pairs a and b."""
    other = {"win": "loss", "loss": "win", "draw": "draw"}[result_a]
    games = {"win": (1, 0), "loss": (0, 1), "draw": (0, 0)}[result_a]
    return [MatchRecord(a, round_, result_a, games[0], games[1], points_a, points_b, (b,)),
            MatchRecord(b, round_, other, games[1], games[0], points_b, points_a, (a,))]


# A small event worked out by hand (see the tallies in each test).
EVENT = (match(1, "A", "B", "win", 101, 60) + match(1, "C", "D", "win", 101, 80)
         + match(2, "A", "C", "win", 101, 90) + match(2, "B", "D", "win", 101, 40)
         + match(3, "A", "D", "loss", 70, 101) + match(3, "B", "C", "draw", 60, 60))


def ranking(standings):
    return [(row.rank, row.entry) for row in standings]


def test_metric_values_of_the_hand_worked_event():
    columns = ["match_points", "wins", "draws", "losses", "games_won", "games_lost", "points_for",
               "points_against", "points_diff", "rounds_played", "matches_played"]
    standings = rank_entries(EVENT, ["match_points"], columns=columns)
    table = {row.entry: [row.values[key] for key in columns] for row in standings}
    assert table == {
        "A": [4, 2, 0, 1, 2, 1, 272, 251, 21, 3, 3],
        "B": [3, 1, 1, 1, 1, 1, 221, 201, 20, 3, 3],
        "C": [3, 1, 1, 1, 1, 1, 251, 241, 10, 3, 3],
        "D": [2, 1, 0, 2, 1, 2, 221, 272, -51, 3, 3],
    }


def test_ratios_are_exact_fractions():
    standings = rank_entries(EVENT, ["win_pct", "points_per_round"])
    a = standings.row("A")
    assert a.values["win_pct"] == Fraction(200, 3)
    assert a.values["points_per_round"] == Fraction(272, 3)
    assert rank_entries([], entries=["Z"], columns=["win_pct"]).row("Z").values["win_pct"] == 0


def test_equal_entries_share_a_rank_1_2_2_4():
    standings = rank_entries(EVENT, ["match_points"])
    assert [row.rank for row in standings] == [1, 2, 2, 4]
    assert [row.tied for row in standings] == [False, True, True, False]
    assert {row.entry for row in standings.rows[1:3]} == {"B", "C"}


def test_a_second_metric_breaks_the_tie():
    assert ranking(rank_entries(EVENT, ["match_points", "points_diff"])) == \
        [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert ranking(rank_entries(EVENT, ["match_points", "points_for"])) == \
        [(1, "A"), (2, "C"), (3, "B"), (4, "D")]


def test_lower_is_better_metrics_rank_the_lowest_first():
    assert [row.entry for row in rank_entries(EVENT, ["points_against"])] == ["B", "C", "A", "D"]
    assert [row.entry for row in rank_entries(EVENT, ["losses", "points_for"])] == ["A", "C", "B", "D"]


def test_configurable_match_points():
    standings = rank_entries(EVENT, ["match_points"], match_points=(3, 1, 0))
    assert [row.values["match_points"] for row in standings] == [6, 4, 4, 3]


def test_opponents_strength_sums_the_opponents_match_points():
    standings = rank_entries(EVENT, ["opponents_strength"])
    assert {row.entry: row.values["opponents_strength"] for row in standings} == \
        {"A": 8, "B": 9, "C": 9, "D": 10}
    assert standings.rows[0].entry == "D"


def test_head_to_head_counts_only_matches_between_the_tied_entries():
    # P, S two points each, Q, R four each; Q beat R and S beat P.
    records = (match(1, "P", "Q", "win", 0, 0) + match(1, "R", "S", "win", 0, 0)
               + match(2, "S", "P", "win", 0, 0) + match(2, "Q", "R", "win", 0, 0)
               + match(3, "R", "P", "win", 0, 0) + match(3, "Q", "S", "win", 0, 0))
    standings = rank_entries(records, ["match_points", "head_to_head"])
    assert ranking(standings) == [(1, "Q"), (2, "R"), (3, "S"), (4, "P")]
    h2h = {row.entry: row.values["head_to_head"] for row in standings}
    assert h2h == {"Q": 2, "R": 0, "S": 2, "P": 0}  # R's win over P does not count against Q


def test_head_to_head_between_entries_that_drew_leaves_them_tied():
    standings = rank_entries(EVENT, ["match_points", "head_to_head"])
    assert [row.rank for row in standings] == [1, 2, 2, 4]
    assert standings.row("A").values["head_to_head"] is None  # alone: not applied
    assert standings.row("B").values["head_to_head"] == 1


def test_lots_are_drawn_from_the_seed_and_the_entry_ids():
    entries = [f"pair-{n}" for n in range(12)]
    first = rank_entries([], ["match_points"], seed=2024, entries=entries)
    again = rank_entries([], ["match_points"], seed=2024, entries=entries[::-1])
    assert [row.entry for row in first] == [row.entry for row in again]
    assert {row.rank for row in first} == {1}
    other_seeds = {tuple(row.entry for row in rank_entries([], [], seed=s, entries=entries))
                   for s in range(5)}
    assert len(other_seeds) > 1


def test_lots_may_break_the_shared_rank():
    entries = ["a", "b", "c"]
    shared = rank_entries([], ["wins"], seed="spring", entries=entries)
    broken = rank_entries([], ["wins"], seed="spring", entries=entries, lots_break_ties=True)
    assert [row.entry for row in shared] == [row.entry for row in broken]
    assert [row.rank for row in broken] == [1, 2, 3]
    lots = [row.lot for row in broken]
    assert lots == sorted(lots)


def test_individual_standings_follow_players_through_changing_partners():
    table = MatchFormat.one_game()
    rules = "house"
    capot = {0: [DealResult(points=(60, 0), trump=None, all_tricks=0)],
             1: [DealResult(points=(0, 60), trump=None, all_tricks=1)]}
    rounds = [((("ann", "cy"), ("bo", "di")), 0), ((("ann", "bo"), ("cy", "di")), 1),
              ((("ann", "di"), ("bo", "cy")), 0)]
    records = []
    for number, (sides, winner) in enumerate(rounds, 1):
        records += score_match(capot[winner], table, rules).records(sides, number)
    standings = rank_entries(records, ["wins"])
    assert {row.entry: (row.rank, row.values["wins"]) for row in standings} == \
        {"ann": (1, 2), "cy": (1, 2), "di": (1, 2), "bo": (4, 0)}


def test_entries_without_records_rank_with_zero_values():
    standings = rank_entries(EVENT, ["match_points"], entries=["E"])
    assert standings.rows[-1].entry == "E" and standings.rows[-1].rank == 5


@pytest.mark.parametrize("kwargs, field, code", [
    ({"order": ["match_points", "elo"]}, "order", "metric_unknown"),
    ({"order": ["wins", "wins"]}, "order", "metric_repeated"),
    ({"order": "wins"}, "order", "order_type"),
    ({"order": ["wins"], "match_points": (2, 1)}, "match_points", "match_points_invalid"),
])
def test_ranking_option_errors(kwargs, field, code):
    with pytest.raises(StandingsError) as info:
        rank_entries(EVENT, **kwargs)
    assert (info.value.field, info.value.code) == (field, code)


@pytest.mark.parametrize("kwargs, field, code", [
    ({"result": "won"}, "result", "result_invalid"),
    ({"games_won": -1}, "games_won", "count_invalid"),
    ({"points_for": "10"}, "points_for", "count_invalid"),
    ({"opponents": ("A",)}, "opponents", "entry_meets_itself"),
])
def test_match_record_errors(kwargs, field, code):
    data = {"entry": "A", "round": 1, "result": "win", **kwargs}
    with pytest.raises(StandingsError) as info:
        MatchRecord(**data)
    assert (info.value.field, info.value.code) == (field, code)


def test_unknown_entry_row_is_an_error():
    with pytest.raises(StandingsError) as info:
        rank_entries(EVENT).row("Z")
    assert info.value.code == "entry_unknown"


@pytest.fixture
def custom_metric():
    metric = register(Metric("test_games_diff", "Game difference", "G±",
                             lambda t, c: t.games_won - t.games_lost))
    yield metric
    del METRICS[metric.key]


def test_a_club_can_register_its_own_metric(custom_metric):
    assert get_metric("test_games_diff") is custom_metric
    standings = rank_entries(EVENT, ["test_games_diff", "points_for"])
    assert [(row.entry, row.values["test_games_diff"]) for row in standings] == \
        [("A", 1), ("C", 0), ("B", 0), ("D", -1)]
    with pytest.raises(StandingsError) as info:
        register(Metric("test_games_diff", "Again", "X", lambda t, c: 0))
    assert info.value.code == "metric_repeated"


def test_a_metric_needs_exactly_one_way_to_measure():
    with pytest.raises(StandingsError) as info:
        register(Metric("test_nothing", "Nothing", "N"))
    assert info.value.code == "metric_invalid" and "test_nothing" not in METRICS


def test_standings_do_not_depend_on_record_order():
    shuffled = list(EVENT)
    random.Random(5).shuffle(shuffled)
    order = ["match_points", "head_to_head", "opponents_strength"]
    assert rank_entries(shuffled, order, seed=9).rows == rank_entries(EVENT, order, seed=9).rows


def test_rounds_of_several_stages_are_named_keys_not_encoded_numbers():
    from scoring import RoundKey, StandingsError

    records = [MatchRecord("a", RoundKey(1, 1), "win"), MatchRecord("a", RoundKey(2, 1), "loss")]
    row = rank_entries(records, ["match_points"], columns=["rounds_played"]).rows[0]
    assert row.values["rounds_played"] == 2
    assert str(RoundKey(2, 1)) == "2.1" and str(RoundKey(1, 3)) == "3"
    with pytest.raises(StandingsError) as info:
        MatchRecord("a", RoundKey(1, -1), "win")
    assert info.value.field == "round"
