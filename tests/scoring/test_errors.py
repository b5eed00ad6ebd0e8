"""Every validation error: a ValueError with the field at fault, a stable code and a clear message."""

import pytest

from engine.rules import RuleSet
from scoring import (
    DealResult,
    DealResultError,
    Game,
    GameFinishedError,
    ScoringError,
    Sheet,
    replay_sheet,
    score_deal,
)

HOUSE = RuleSet.preset("house")
BONUS = HOUSE.replace(trick_bonus=True)
PAGAT3 = RuleSet.preset("pagat").replace(players=3)


def assert_error(error, field, code):
    assert isinstance(error, ValueError) and isinstance(error, ScoringError)
    assert (error.field, error.code) == (field, code)
    if field:
        assert str(error).startswith(f"{field}: ")
    assert len(error.message) > 15


# Type errors are refused when the DealResult is built.
@pytest.mark.parametrize("facts, field, code", [
    ({"points": ("38", "22"), "trump": "h"}, "points", "points_type"),
    ({"points": (38, 22, 0), "trump": "h"}, "points", "points_type"),
    ({"points": 60, "trump": "h"}, "points", "points_type"),
    ({"points": (True, 59), "trump": "h"}, "points", "points_type"),
    ({"points": (-1, 61), "trump": "h"}, "points", "points_negative"),
    ({"points": (30, 30), "trump": "x"}, "trump", "trump_invalid"),
    ({"points": (30, 30), "trump": 3}, "trump", "trump_invalid"),
    ({"points": (30, 30), "trump": "h", "doubling": 0}, "doubling", "doubling_type"),
    ({"points": (30, 30), "trump": "h", "doubling": "2"}, "doubling", "doubling_type"),
    ({"points": None, "trump": "h", "renonce": 2}, "renonce", "side_invalid"),
    ({"points": (60, 0), "trump": "h", "all_tricks": True}, "all_tricks", "side_invalid"),
    ({"points": (30, 30), "trump": "h", "dealer_side": 2}, "dealer_side", "side_invalid"),
    ({"points": None, "trump": None, "cancelled": "yes"}, "cancelled", "flag_type"),
    ({"points": (30, 30), "trump": "h", "blind": 1}, "blind", "flag_type"),
    ({"points": (30, 30), "trump": "h", "tricks": (4, "4")}, "tricks", "tricks_type"),
    ({"points": (30, 30), "trump": "h", "tricks": (-1, 9)}, "tricks", "tricks_negative"),
])
def test_deal_result_refuses_wrong_types(facts, field, code):
    with pytest.raises(DealResultError) as info:
        DealResult(**facts)
    assert_error(info.value, field, code)


# Facts that do not add up, or that the rule set does not allow, are refused when scored.
@pytest.mark.parametrize("rules, facts, field, code", [
    (HOUSE, {"points": (38, 20), "trump": "h"}, "points", "points_total"),
    (HOUSE, {"points": (40, 28), "trump": "h"}, "points", "points_total"),
    (PAGAT3, {"points": (30, 19), "trump": "h"}, "points", "points_total"),
    (PAGAT3, {"points": (31, 30), "trump": "h"}, "points", "points_total"),
    (HOUSE, {"points": None, "trump": "h"}, "points", "points_missing"),
    (HOUSE, {"points": (59, 1), "trump": "h", "all_tricks": 0}, "all_tricks", "all_tricks_points"),
    (HOUSE, {"points": (60, 0), "trump": "h", "all_tricks": 0, "tricks": (7, 1)},
     "all_tricks", "all_tricks_tricks"),
    (HOUSE, {"points": (40, 20), "trump": "h", "doubling": 2}, "doubling", "doubling_not_allowed"),
    (HOUSE, {"points": (40, 20), "trump": "h", "blind": True}, "blind", "blind_not_allowed"),
    (HOUSE, {"points": (40, 20), "trump": "h", "en_face": True}, "en_face", "en_face_not_allowed"),
    (RuleSet.preset("french"), {"points": None, "trump": None, "cancelled": True},
     "cancelled", "cancel_not_allowed"),
    (HOUSE, {"points": (30, 30), "trump": None, "cancelled": True}, "points", "points_not_allowed"),
    (HOUSE, {"points": None, "trump": None, "cancelled": True, "renonce": 0},
     "renonce", "renonce_not_allowed"),
    (HOUSE, {"points": (30, 30), "trump": "h", "renonce": 0}, "points", "points_not_allowed"),
    (HOUSE, {"points": None, "trump": "h", "renonce": 0, "all_tricks": 1},
     "all_tricks", "all_tricks_not_allowed"),
    (HOUSE, {"points": None, "trump": "h", "renonce": 0, "tricks": (4, 4)},
     "tricks", "tricks_not_allowed"),
    (BONUS, {"points": (44, 24), "trump": "h"}, "tricks", "tricks_missing"),
    (BONUS, {"points": (44, 24), "trump": "h", "tricks": (5, 2)}, "tricks", "tricks_total"),
    (BONUS, {"points": (1, 67), "trump": "h", "tricks": (2, 6)}, "points", "points_below_tricks"),
    (HOUSE, {"points": (5, 55), "trump": "h", "tricks": (0, 8)}, "tricks", "tricks_points"),
])
def test_score_deal_refuses_facts_that_do_not_add_up(rules, facts, field, code):
    with pytest.raises(DealResultError) as info:
        score_deal(DealResult(**facts), rules)
    assert_error(info.value, field, code)


def test_messages_name_the_rule_set_and_the_numbers():
    with pytest.raises(DealResultError) as info:
        score_deal(DealResult(points=(40, 20), trump="h", doubling=2), "house")
    assert "'house'" in str(info.value) and "x2" in str(info.value)
    with pytest.raises(DealResultError) as info:
        score_deal(DealResult(points=(38, 20), trump="h"), "house")
    assert "60" in str(info.value) and "58" in str(info.value)


@pytest.mark.parametrize("pending", [0, -2, 1.5, True])
def test_pending_must_be_a_whole_multiplier(pending):
    with pytest.raises(DealResultError) as info:
        score_deal(DealResult(points=(40, 20), trump="h"), "house", pending)
    assert_error(info.value, "pending", "pending_invalid")


def test_a_deal_must_be_a_deal_result():
    with pytest.raises(DealResultError) as info:
        score_deal({"points": (40, 20), "trump": "h"}, "house")
    assert_error(info.value, None, "deal_type")
    with pytest.raises(DealResultError) as info:
        Game("house").add((40, 20))
    assert_error(info.value, None, "deal_type")


@pytest.mark.parametrize("data, field, code", [
    ({"points": (40, 20), "trump": "h", "score": 10}, "score", "unknown_field"),
    ({"points": (40, 20)}, "trump", "field_missing"),
])
def test_from_dict_names_unknown_and_missing_fields(data, field, code):
    with pytest.raises(DealResultError) as info:
        DealResult.from_dict(data)
    assert_error(info.value, field, code)


def test_no_trump_over_the_quota_is_refused_and_changes_nothing():
    game = Game(HOUSE.replace(no_trump_quota=1), first_dealer_side=0)
    game.add(DealResult(points=(40, 20), trump=None))  # side 0 deals
    game.add(DealResult(points=(40, 20), trump=None))  # side 1 deals
    before = (game.totals, len(game.deals), game.no_trump_calls)
    with pytest.raises(DealResultError) as info:
        game.add(DealResult(points=(40, 20), trump=None))  # side 0 again: over the quota
    assert_error(info.value, "trump", "no_trump_quota")
    assert (game.totals, len(game.deals), game.no_trump_calls) == before == ((40, 0), 2, (1, 1))
    assert game.add(DealResult(points=(40, 20), trump="c")).points == (10, 0)


def test_no_trump_quota_needs_to_know_the_dealer():
    game = Game(HOUSE.replace(no_trump_quota=2))
    with pytest.raises(DealResultError) as info:
        game.add(DealResult(points=(40, 20), trump=None))
    assert_error(info.value, "dealer_side", "dealer_side_missing")
    assert game.add(DealResult(points=(40, 20), trump=None, dealer_side=1)).points == (20, 0)
    assert game.no_trump_calls == (0, 1)


def test_adding_to_a_finished_game_raises_game_finished():
    game = Game(HOUSE.replace(target=20))
    game.add(DealResult(points=(60, 0), trump="h"))
    with pytest.raises(GameFinishedError) as info:
        game.add(DealResult(points=(40, 20), trump="h"))
    assert_error(info.value, None, "game_finished")
    assert "reached 20" in str(info.value)
    assert game.totals == (30, 0) and len(game.deals) == 1


def test_a_refused_deal_changes_nothing_in_the_game():
    game = Game("house")
    game.add(DealResult(points=(30, 30), trump="h"))
    with pytest.raises(DealResultError):
        game.add(DealResult(points=(30, 31), trump="h"))
    assert (game.totals, game.pending, len(game.deals)) == ((0, 0), 2, 1)


def test_sheet_errors_carry_the_deal_number():
    deals = [DealResult(points=(40, 20), trump="h")] * 3 + [DealResult(points=(40, 21), trump="h")]
    with pytest.raises(DealResultError) as info:
        replay_sheet(deals, "house")
    assert info.value.deal == 4 and info.value.code == "points_total"
    assert str(info.value).startswith("deal 4: points: ")
    sheet = Sheet("house")
    with pytest.raises(DealResultError):
        sheet.add(DealResult(points=(40, 20), trump=None, doubling=2))
    assert sheet.deal_count == 0


def test_game_refuses_an_impossible_first_dealer():
    with pytest.raises(DealResultError) as info:
        Game("house", first_dealer_side=2)
    assert_error(info.value, "first_dealer_side", "side_invalid")


def test_an_unknown_rule_set_name_is_a_scoring_error():
    for call in (lambda: score_deal(DealResult(points=(40, 20), trump="h"), "bridge"),
                 lambda: Game("bridge")):
        with pytest.raises(ScoringError) as info:
            call()
        assert_error(info.value, "rules", "rules_unknown")
