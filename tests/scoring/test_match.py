"""Match formats and outcomes: one game, best of N, N games, N deals, time limits."""

import pytest

from engine.rules import RuleSet
from scoring import DealResult, MatchError, MatchFormat, score_match

HOUSE = RuleSet.preset("house")
SHORT = HOUSE.replace(target=30)  # one capot (60-0 in trump) wins a game: 30 points


def capot(side):
    return DealResult(points=(60, 0) if side == 0 else (0, 60), trump="h")


def won(side, margin):
    points = (30 + margin, 30 - margin)
    return DealResult(points=points if side == 0 else points[::-1], trump="h")


def test_one_game_match():
    deals = [won(1, 20), won(0, 10), won(1, 20), won(1, 30), won(1, 30), won(1, 1)]
    assert score_match(deals[:-1], MatchFormat.one_game(), "house").accepts_deals  # 100: not yet
    outcome = score_match(deals, MatchFormat.one_game(), "house")
    assert outcome.finished and not outcome.accepts_deals
    assert outcome.result == ("loss", "win") and outcome.winner == 1
    assert outcome.games_won == (0, 1) and outcome.points == (10, 101)


def test_unfinished_match_accepts_deals_and_has_no_result():
    outcome = score_match([won(0, 5)], MatchFormat.one_game(), "house")
    assert outcome.accepts_deals and outcome.result is None
    assert outcome.side(0).result is None and outcome.side(0).points_for == 5


def test_best_of_three_ends_at_two_games_won():
    outcome = score_match([capot(0), capot(0)], MatchFormat.best_of(3), SHORT)
    assert outcome.finished and outcome.games_won == (2, 0) and outcome.result == ("win", "loss")
    assert len(outcome.games) == 2


def test_best_of_three_going_the_distance():
    outcome = score_match([capot(0), capot(1), capot(1)], MatchFormat.best_of(3), SHORT)
    assert outcome.result == ("loss", "win") and outcome.games_won == (1, 2)
    assert outcome.side(1).games_lost == 1 and outcome.side(0).points_against == 60


def test_a_deal_after_the_match_is_decided_is_refused_with_its_number():
    with pytest.raises(MatchError) as info:
        score_match([capot(0), capot(0), capot(1)], MatchFormat.best_of(3), SHORT)
    assert (info.value.field, info.value.code, info.value.deal) == ("deals", "match_finished", 3)


def test_n_games_plays_every_game():
    fmt = MatchFormat.games(3)
    assert score_match([capot(0), capot(0)], fmt, SHORT).accepts_deals
    outcome = score_match([capot(0), capot(0), capot(1)], fmt, SHORT)
    assert outcome.finished and outcome.games_won == (2, 1) and outcome.result == ("win", "loss")


def test_n_games_with_drawn_games_can_draw():
    rules = HOUSE.replace(target=None, deals=1)
    outcome = score_match([won(0, 5), DealResult(points=(30, 30), trump="s")],
                          MatchFormat.games(2), rules)
    assert outcome.games_won == (1, 0) and outcome.result == ("win", "loss")
    outcome = score_match([won(0, 5), won(1, 5)], MatchFormat.games(2), rules)
    assert outcome.result == ("draw", "draw") and outcome.points == (5, 5)


def test_n_deals_match_ignores_the_target_and_draws_on_equal_points():
    deals = [capot(0)] * 4 + [capot(1)] * 4  # 120 each: past the 101 target
    outcome = score_match(deals, MatchFormat.deals(8), "house")
    assert outcome.finished and outcome.points == (120, 120) and outcome.result == ("draw", "draw")
    assert not score_match(deals[:7], MatchFormat.deals(8), "house").finished


def test_n_deals_match_most_points_wins():
    outcome = score_match([won(0, 3), won(1, 2)], MatchFormat.deals(2), "flemish")
    assert outcome.result == ("win", "loss") and outcome.games_won == (1, 0)


def test_time_limit_counts_finished_games_and_the_game_in_progress_by_points():
    fmt = MatchFormat.time_limit(90)
    deals = [capot(0), capot(1), won(1, 7)]
    running = score_match(deals, fmt, SHORT)
    assert running.accepts_deals and running.games_won == (1, 1)
    called = score_match(deals, fmt, SHORT, time_called=True)
    assert called.finished and called.time_called
    assert called.games_won == (1, 2) and called.result == ("loss", "win")
    assert called.points == (30, 37)


def test_time_limit_level_game_in_progress_counts_for_nobody():
    deals = [capot(0), won(1, 5), won(0, 5)]
    outcome = score_match(deals, MatchFormat.time_limit(60), SHORT, time_called=True)
    assert outcome.games_won == (1, 0) and outcome.result == ("win", "loss")
    empty = score_match([], MatchFormat.time_limit(60), SHORT, time_called=True)
    assert empty.result == ("draw", "draw") and empty.games == ()


def test_time_called_on_a_best_of_three_decides_it_by_the_game_in_progress():
    outcome = score_match([capot(0), capot(1), won(0, 3)], MatchFormat.best_of(3), SHORT,
                          time_called=True)
    assert outcome.games_won == (2, 1) and outcome.result == ("win", "loss")


def test_match_format_round_trips_and_labels():
    for fmt in (MatchFormat.one_game(), MatchFormat.best_of(5), MatchFormat.games(2),
                MatchFormat.deals(16), MatchFormat.time_limit(90), MatchFormat("one_game", minutes=90)):
        assert MatchFormat.from_dict(fmt.to_dict()) == fmt
    assert [MatchFormat.games(2).label, MatchFormat.deals(16).label, MatchFormat.time_limit(90).label] \
        == ["2 games", "16 deals", "90 minutes"]


@pytest.mark.parametrize("kwargs, field, code", [
    ({"kind": "league"}, "kind", "format_kind"),
    ({"kind": "best_of"}, "count", "count_invalid"),
    ({"kind": "games", "count": 0}, "count", "count_invalid"),
    ({"kind": "deals", "count": True}, "count", "count_invalid"),
    ({"kind": "one_game", "count": 2}, "count", "count_not_allowed"),
    ({"kind": "time"}, "minutes", "minutes_missing"),
    ({"kind": "time", "minutes": -5}, "minutes", "minutes_invalid"),
])
def test_match_format_errors(kwargs, field, code):
    with pytest.raises(MatchError) as info:
        MatchFormat(**kwargs)
    assert (info.value.field, info.value.code) == (field, code)


def test_match_format_from_dict_names_an_unknown_option():
    with pytest.raises(MatchError) as info:
        MatchFormat.from_dict({"kind": "one_game", "rounds": 2})
    assert (info.value.field, info.value.code) == ("rounds", "unknown_field")
    with pytest.raises(MatchError) as info:
        score_match([], "best_of_3", "house")
    assert info.value.code == "format_type"


def test_records_for_fixed_pairs():
    outcome = score_match([capot(0), capot(1), capot(1)], MatchFormat.best_of(3), SHORT)
    a, b = outcome.records((("pair-1",), ("pair-2",)), round=4)
    assert (a.entry, a.round, a.result, a.games_won, a.games_lost, a.opponents, a.partners) == \
        ("pair-1", 4, "loss", 1, 2, ("pair-2",), ())
    assert (b.result, b.points_for, b.points_against) == ("win", 60, 30)


def test_records_for_an_individual_table_give_each_player_partners_and_opponents():
    outcome = score_match([capot(1)], MatchFormat.one_game(), SHORT)
    records = outcome.records((("ann", "cy"), ("bo", "di")), round=1)
    by_player = {r.entry: r for r in records}
    assert by_player["bo"].partners == ("di",) and by_player["bo"].opponents == ("ann", "cy")
    assert [by_player[p].result for p in ("ann", "bo", "cy", "di")] == ["loss", "win", "loss", "win"]


def test_records_of_an_unfinished_match_are_refused():
    with pytest.raises(MatchError) as info:
        score_match([won(0, 5)], MatchFormat.one_game(), "house").records((("a",), ("b",)), 1)
    assert info.value.code == "match_unfinished"


@pytest.mark.parametrize("points", [(1, 2, 0), (2, 1), (2, -1, -2), (True, 0, 0), (101, 0, 0),
                                    "2,1,0"])
def test_match_points_must_be_win_draw_loss_in_order(points):
    with pytest.raises(MatchError) as info:
        MatchFormat("one_game", match_points=points)
    assert (info.value.field, info.value.code) == ("match_points", "match_points_invalid")


def test_match_points_read_back_from_json():
    fmt = MatchFormat.from_dict({"kind": "one_game", "match_points": [3, 1, 0]})
    assert fmt.match_points == (3, 1, 0)
    assert MatchFormat.from_dict(fmt.to_dict()) == fmt
