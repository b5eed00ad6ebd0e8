"""Season ladders (best N events, minimum attendance, rode lantaarn) and club rankings."""

from fractions import Fraction

import pytest

from scoring import (
    EventResult,
    MatchRecord,
    StandingsError,
    club_ranking,
    event_results,
    rank_entries,
    red_lantern,
    season_ladder,
)

SEASON = ([EventResult("ann", e, s) for e, s in (("sep", 10), ("oct", 4), ("nov", 8))]
          + [EventResult("bob", e, s) for e, s in (("sep", 9), ("nov", 9))]
          + [EventResult("cy", "oct", 20)]
          + [EventResult("dee", e, s) for e, s in (("sep", 1), ("oct", 2), ("nov", 3))])


def test_ladder_counts_all_events_by_default():
    rows = season_ladder(SEASON)
    assert [(row.rank, row.player, row.total) for row in rows] == \
        [(1, "ann", 22), (2, "cy", 20), (3, "bob", 18), (4, "dee", 6)]


def test_ladder_counts_only_the_best_n_events():
    rows = {row.player: row for row in season_ladder(SEASON, best=2)}
    assert rows["ann"].total == 18 and rows["ann"].counted == ("sep", "nov")
    assert rows["bob"].total == 18 and rows["ann"].rank == rows["bob"].rank == 2
    assert rows["cy"].rank == 1 and rows["dee"].total == 5 and rows["dee"].rank == 4
    assert rows["ann"].attended == 3


def test_ladder_lists_players_below_the_minimum_attendance_last_without_a_rank():
    rows = season_ladder(SEASON, best=2, min_events=2)
    assert [(row.player, row.rank, row.qualified) for row in rows] == \
        [("ann", 1, True), ("bob", 1, True), ("dee", 3, True), ("cy", None, False)] or \
        [(row.player, row.rank, row.qualified) for row in rows] == \
        [("bob", 1, True), ("ann", 1, True), ("dee", 3, True), ("cy", None, False)]


def test_ladder_lots_may_break_shared_places():
    rows = season_ladder(SEASON, best=2, min_events=2, seed=11, lots_break_ties=True)
    assert [row.rank for row in rows[:3]] == [1, 2, 3]


def test_red_lantern_is_the_last_ranked_place():
    assert red_lantern(season_ladder(SEASON, min_events=2)) == ["dee"]
    assert red_lantern(season_ladder(SEASON, min_events=9)) == []


@pytest.mark.parametrize("kwargs, field, code", [
    ({"best": 0}, "best", "best_invalid"),
    ({"min_events": -1}, "min_events", "min_events_invalid"),
])
def test_ladder_option_errors(kwargs, field, code):
    with pytest.raises(StandingsError) as info:
        season_ladder(SEASON, **kwargs)
    assert (info.value.field, info.value.code) == (field, code)


def test_ladder_refuses_two_results_for_one_event():
    with pytest.raises(StandingsError) as info:
        season_ladder([EventResult("ann", "sep", 1), EventResult("ann", "sep", 2)])
    assert (info.value.field, info.value.code) == ("event", "result_repeated")


def test_event_results_turn_one_events_standings_into_season_input():
    standings = rank_entries([MatchRecord("ann", 1, "win", points_for=80),
                              MatchRecord("bob", 1, "loss", points_for=40)],
                             ["match_points"], columns=["points_for"])
    assert event_results(standings, "sep", "points_for") == \
        [EventResult("ann", "sep", 80), EventResult("bob", "sep", 40)]
    with pytest.raises(StandingsError) as info:
        event_results(standings, "sep", "wins")
    assert info.value.code == "metric_not_shown"


def test_clubs_rank_by_their_players_average_percentage_of_matches_won():
    records = [MatchRecord(p, r, res) for p, r, res in (
        ("ann", 1, "win"), ("ann", 2, "win"), ("bob", 1, "loss"), ("bob", 2, "win"),  # 100, 50
        ("cy", 1, "win"), ("cy", 2, "loss"), ("cy", 3, "draw"), ("cy", 4, "win"),  # 50
        ("guest", 1, "win"), ("dee", 1, "loss"))]  # the guest has no club
    rows = club_ranking(records, {"ann": "Aalst", "bob": "Aalst", "cy": "Brugge", "dee": "Gent"})
    assert [(row.rank, row.club, row.percentage, row.players) for row in rows] == \
        [(1, "Aalst", Fraction(75), 2), (2, "Brugge", Fraction(50), 1), (3, "Gent", Fraction(0), 1)]


def test_clubs_with_equal_averages_share_a_rank():
    records = [MatchRecord("ann", 1, "win"), MatchRecord("bob", 1, "win")]
    rows = club_ranking(records, {"ann": "A", "bob": "B"}, seed=1)
    assert [row.rank for row in rows] == [1, 1]
