"""Deal scoring: the worked examples of RULES.md §10 and every option of every preset (§6)."""

from fractions import Fraction

import pytest

from engine.rules import RuleSet
from scoring import DealResult, DealScore, Game, check_deal, points_in_play, score_deal

HOUSE = RuleSet.preset("house")
FLEMISH = RuleSet.preset("flemish")
FRENCH = RuleSet.preset("french")
PAGAT = RuleSet.preset("pagat")


def deal(points=None, trump="h", **facts):
    return DealResult(points=points, trump=trump, **facts)


# -- RULES.md §10, one test per worked example --------------------------------------------


def test_example_1_house_hearts_38_22_scores_8_0():
    assert score_deal(deal((38, 22), "h"), "house").points == (8, 0)


def test_example_2_house_no_trump_38_22_scores_16_0():
    assert score_deal(deal((38, 22), None), "house").points == (16, 0)


def test_example_3_house_tie_then_diamonds_22_38_scores_0_16():
    game = Game("house")
    assert game.add(deal((30, 30), "s")).points == (0, 0)
    assert game.add(deal((22, 38), "d")).points == (0, 16)
    assert game.totals == (0, 16)


def test_example_4_house_no_trump_all_tricks_60_0_scores_120_0():
    assert score_deal(deal((60, 0), None, all_tricks=0), "house").points == (120, 0)


def test_example_5_flemish_clubs_doubled_41_19_scores_22_0():
    assert score_deal(deal((41, 19), "c", doubling=2), "flemish").points == (22, 0)


def test_example_6_flemish_no_trump_redoubled_35_25_scores_40_0():
    assert score_deal(deal((35, 25), None, doubling=4), "flemish").points == (40, 0)


def test_example_7_flemish_hearts_first_side_revokes_scores_0_30():
    assert score_deal(deal(None, "h", renonce=0), "flemish").points == (0, 30)


def test_example_8_house_two_ties_then_clubs_45_15_single_pending():
    game = Game("house")
    scores = [game.add(d).points for d in
              (deal((30, 30), "h"), deal((30, 30), "s"), deal((45, 15), "c"))]
    assert scores == [(0, 0), (0, 0), (30, 0)]


# -- the DealScore value ----------------------------------------------------------------


def test_deal_score_unpacks_as_points_and_pending():
    score = score_deal(deal((30, 30)), "house")
    (a, b), pending = score
    assert (a, b, pending) == (0, 0, 2)
    assert score.outcome == "tie" and score.winner is None


def test_deal_score_reports_winner_and_combined_multiplier():
    score = score_deal(deal((25, 35), None, doubling=4), "flemish", pending=2)
    assert score == DealScore(points=(0, 5 * 2 * 4 * 2), pending=1, multiplier=16, outcome="won")
    assert score.winner == 1


# -- ties: single and stacked pending multipliers -----------------------------------------


@pytest.mark.parametrize("policy, pendings, final", [
    ("single", [2, 2, 2], 15 * 2),
    ("stacked", [2, 4, 8], 15 * 8),
])
def test_repeated_ties_keep_or_stack_the_pending_multiplier(policy, pendings, final):
    rules = HOUSE.replace(tie_policy=policy)
    pending, seen = 1, []
    for _ in range(3):
        score = score_deal(deal((30, 30)), rules, pending)
        assert score.points == (0, 0)
        pending = score.pending
        seen.append(pending)
    assert seen == pendings
    decided = score_deal(deal((45, 15)), rules, pending)
    assert decided.points == (final, 0) and decided.pending == 1


def test_tie_multiplier_option_sets_the_pending_value():
    assert score_deal(deal((30, 30)), HOUSE.replace(tie_multiplier=3)).pending == 3


def test_a_won_deal_with_pending_combines_it_with_no_trump():
    assert score_deal(deal((40, 20), None), "house", pending=2).points == (40, 0)


# -- renonce penalties ----------------------------------------------------------------------


def test_renonce_sixty_credits_all_points_times_the_deals_multipliers():
    score = score_deal(deal(None, None, doubling=4, renonce=0), "flemish", pending=2)
    assert score.points == (0, 30 * 2 * 4 * 2)
    assert score.pending == 1 and score.outcome == "renonce"


def test_renonce_sixty_with_blind_trump_counts_the_blind_multiplier():
    rules = FRENCH.replace(renonce_penalty="sixty")
    assert score_deal(deal(None, "s", blind=True, renonce=1), rules).points == (60, 0)


def test_renonce_flat30_gives_a_flat_30_whatever_the_multipliers():
    score = score_deal(deal(None, None, doubling=2, renonce=1), "french", pending=2)
    assert score.points == (30, 0)
    assert score.pending == 1


def test_renonce_under_trick_bonus_credits_half_of_68():
    rules = HOUSE.replace(trick_bonus=True)
    assert score_deal(deal(None, "c", renonce=1), rules).points == (34, 0)


def test_renonce_uses_and_clears_the_pending_multiplier():
    game = Game("house")
    game.add(deal((30, 30)))
    assert game.add(deal(None, "d", renonce=1)).points == (60, 0)
    assert game.pending == 1


# -- cancelled deals ------------------------------------------------------------------------


def test_cancelled_deal_scores_nothing_and_keeps_the_pending_multiplier():
    score = score_deal(DealResult(points=None, trump=None, cancelled=True), "house", pending=2)
    assert score.points == (0, 0) and score.pending == 2 and score.outcome == "cancelled"


def test_cancelled_deal_between_a_tie_and_a_win_keeps_the_tie_x2():
    game = Game("flemish")
    game.add(deal((30, 30)))
    game.add(DealResult(points=None, trump=None, cancelled=True))
    assert game.pending == 2
    assert game.add(deal((40, 20), "c")).points == (20, 0)


# -- all tricks and 60 points ---------------------------------------------------------------


def test_sixty_points_without_all_tricks_is_not_capot():
    assert score_deal(deal((60, 0), "h"), "house").points == (30, 0)
    assert score_deal(deal((60, 0), "h", tricks=(7, 1)), "house").points == (30, 0)


def test_all_tricks_entered_or_derived_from_tricks_doubles():
    assert score_deal(deal((60, 0), "h", all_tricks=0), "house").points == (60, 0)
    derived = check_deal(deal((0, 60), "h", tricks=(0, 8)), "house")
    assert derived.all_tricks == 1
    assert score_deal(deal((0, 60), "h", tricks=(0, 8)), "house").points == (0, 60)


def test_all_tricks_multiplier_option():
    rules = HOUSE.replace(all_tricks_multiplier=3)
    assert score_deal(deal((60, 0), "h", all_tricks=0), rules).points == (90, 0)


# -- trick bonus (68 / 34) ------------------------------------------------------------------


def test_trick_bonus_puts_68_in_play_and_the_threshold_at_34():
    rules = HOUSE.replace(trick_bonus=True)
    assert points_in_play(rules) == (68, 68)
    assert score_deal(deal((44, 24), "s", tricks=(6, 2)), rules).points == (10, 0)
    assert score_deal(deal((34, 34), "s", tricks=(4, 4)), rules).pending == 2


def test_trick_bonus_all_tricks_scores_34_times_2():
    rules = HOUSE.replace(trick_bonus=True)
    assert score_deal(deal((68, 0), "s", tricks=(8, 0)), rules).points == (68, 0)


# -- additive multipliers -------------------------------------------------------------------


def test_additive_multipliers_no_trump_and_all_tricks_make_x3():
    rules = HOUSE.replace(multipliers_add=True)
    assert score_deal(deal((60, 0), None, all_tricks=0), rules).points == (90, 0)


def test_additive_multipliers_no_trump_and_redouble_make_x4():
    """No trump adds 1, the double 1 and the redouble 1 (RULES.md §14): x4, not x5."""
    rules = FLEMISH.replace(multipliers_add=True)
    assert score_deal(deal((35, 25), None, doubling=4), rules).points == (20, 0)


# -- doubling variants ----------------------------------------------------------------------


@pytest.mark.parametrize("rules, doubling, allowed", [
    (HOUSE, 2, False),
    (FLEMISH, 4, True),
    (FLEMISH, 8, False),
    (FRENCH, 2, True),
    (FRENCH, 4, False),
    (FRENCH.replace(doubling="knock_back"), 4, True),
    (FRENCH.replace(doubling="knock_unlimited"), 16, True),
])
def test_doubling_levels_per_variant(rules, doubling, allowed):
    if allowed:
        assert score_deal(deal((40, 20), "c", doubling=doubling), rules).points == (10 * doubling, 0)
    else:
        with pytest.raises(ValueError) as info:
            score_deal(deal((40, 20), "c", doubling=doubling), rules)
        assert (info.value.field, info.value.code) == ("doubling", "doubling_not_allowed")


# -- blind trump and en face (French) -------------------------------------------------------


def test_blind_trump_doubles_and_blind_no_trump_is_x4():
    assert score_deal(deal((40, 20), "h", blind=True), "french").points == (20, 0)
    assert score_deal(deal((40, 20), None, blind=True), "french").points == (40, 0)


def test_en_face_is_allowed_in_french_and_changes_no_score():
    assert score_deal(deal((40, 20), "h", en_face=True), "french").points == (10, 0)


# -- 3 and 6 players: 2 cards out of play ---------------------------------------------------


def test_three_players_threshold_is_exactly_half_the_recorded_sum():
    # RULES.md §6 (issue 28): T is exact, no longer rounded down.
    rules = PAGAT.replace(players=3)
    assert points_in_play(rules) == (50, 60)
    assert score_deal(deal((31, 28)), rules).points == (Fraction(3, 2), 0)  # sum 59, T = 29.5
    assert score_deal(deal((20, 35)), rules).points == (0, Fraction(15, 2))  # sum 55, T = 27.5
    assert score_deal(deal((28, 28)), rules).pending == 2


def test_six_players_all_tricks_with_cards_out_of_play():
    rules = PAGAT.replace(players=6)
    assert score_deal(deal((0, 54), None, all_tricks=1), rules).points == (0, 27 * 4)


def test_three_players_renonce_credits_thirty():
    assert score_deal(deal(None, "c", renonce=0), PAGAT.replace(players=3)).points == (0, 30)


# -- storage --------------------------------------------------------------------------------


def test_deal_result_round_trips_through_a_dict():
    original = deal((44, 24), None, doubling=2, tricks=(6, 2), dealer_side=1)
    data = original.to_dict()
    assert data["points"] == [44, 24]
    assert DealResult.from_dict(data) == original


def test_trump_accepts_symbols_and_capitals():
    assert [DealResult(points=(30, 30), trump=t).trump for t in ("♣", "D", "♥", "s")] == \
        ["c", "d", "h", "s"]
