"""Games and sheets: targets, fixed numbers of deals, draws, lapsing ties, dealer rotation."""

import pytest

from engine.rules import RuleSet
from scoring import DealResult, Game, Sheet, replay_sheet

HOUSE = RuleSet.preset("house")
CANCELLED = DealResult(points=None, trump=None, cancelled=True)


def won(side, margin=10, trump="h"):
    """A deal side ``side`` wins by ``margin`` game points (trump, no doubling)."""
    points = (30 + margin, 30 - margin)
    return DealResult(points=points if side == 0 else points[::-1], trump=trump)


def tie():
    return DealResult(points=(30, 30), trump="c")


def test_the_first_side_to_reach_101_after_a_complete_deal_wins():
    game = Game("house")
    for _ in range(3):
        game.add(won(1, 30))  # 90 for side 1
    assert game.totals == (0, 90) and not game.finished and game.winner is None
    game.add(won(0, 20))
    assert not game.finished
    game.add(won(1, 11))  # 101 exactly
    assert game.finished and game.winner == 1 and game.totals == (20, 101)


def test_rows_keep_running_totals_and_numbers():
    game = Game("house")
    for result in (won(0, 8), tie(), CANCELLED, won(1, 5)):
        game.add(result)
    rows = game.deals
    assert [row.number for row in rows] == [1, 2, 3, 4]
    assert [row.totals for row in rows] == [(8, 0), (8, 0), (8, 0), (8, 10)]
    assert [row.score.outcome for row in rows] == ["won", "tie", "cancelled", "won"]
    assert game.deals_played == 3


@pytest.mark.parametrize("rules, deals, totals, winner", [
    (HOUSE.replace(target=51), [(0, 30), (0, 20), (0, 1)], (51, 0), 0),  # short game to 51
    # 3 deals: 60 points reach no target, the deals decide; most points wins
    (HOUSE.replace(target=None, deals=3), [(0, 30), (0, 30), (1, 5)], (60, 5), 0),
    (HOUSE.replace(target=None, deals=2), [(0, 7), (1, 7)], (7, 7), None),  # equal: a draw
])
def test_a_game_ends_with_its_last_deal_only(rules, deals, totals, winner):
    game = Game(rules)
    for side, margin in deals:
        assert not game.finished
        game.add(won(side, margin))
    assert game.finished and game.totals == totals and game.winner == winner


def test_fixed_deals_game_a_tie_pending_after_the_last_deal_lapses():
    game = Game(HOUSE.replace(target=None, deals=2))
    game.add(won(0, 4))
    score = game.add(tie())
    assert game.finished and game.winner == 0
    assert score.pending == 1 and game.pending == 1


def test_fixed_deals_cancelled_deals_do_not_count():
    game = Game(HOUSE.replace(target=None, deals=2))
    game.add(won(0, 4))
    game.add(CANCELLED)
    assert not game.finished
    game.add(won(1, 1))
    assert game.finished and len(game.deals) == 3


def test_dealer_side_alternates_and_a_cancelled_deal_passes_the_deal_on():
    game = Game("house", first_dealer_side=1)
    for result in (won(0), CANCELLED, won(1), DealResult(points=(40, 20), trump="d", dealer_side=1)):
        game.add(result)
    assert [row.dealer_side for row in game.deals] == [1, 0, 1, 1]
    assert game.next_dealer_side == 1
    assert Game("house").next_dealer_side is None


def test_game_accepts_a_rule_set_or_a_preset_name():
    assert Game("flemish").rules == RuleSet.preset("flemish")
    assert Game(HOUSE.replace(target=61)).rules.target == 61
    assert Game().rules.name == "house"


def test_sheet_starts_the_next_game_when_one_ends_and_keeps_rotating_the_dealer():
    sheet = Sheet(HOUSE.replace(target=20), first_dealer_side=0)
    for result in (won(0, 15), won(1, 4), won(0, 5), won(1, 1)):
        sheet.add(result)
    first, second = sheet.games
    assert first.totals == (20, 4) and first.winner == 0
    assert second.totals == (0, 1) and not second.finished
    assert second.first_dealer_side == 1  # three deals dealt on the sheet before it
    assert sheet.current is second and sheet.deal_count == 4


def test_replay_sheet_rebuilds_every_game_and_drops_the_empty_one():
    deals = [won(0, 30)] * 4 + [won(1, 30)] * 4
    games = replay_sheet(deals, "house")
    assert [(g.totals, g.winner) for g in games] == [((120, 0), 0), ((0, 120), 1)]
    assert replay_sheet([], "house") == []


def test_replay_sheet_is_stable_when_a_deal_changes():
    deals = [won(0, 30)] * 4
    assert len(replay_sheet(deals, "house")) == 1
    deals[1] = won(1, 1)
    games = replay_sheet(deals, "house")
    assert games[0].totals == (90, 1) and not games[0].finished
