"""The §13 games and §14 options on RuleSet: presets, checks, round trips, legal play."""

from __future__ import annotations

import json

import pytest

from engine import PRESETS, RuleSet, RuleSetError, legal_cards
from engine.rules import GAME_PRESETS


def test_the_partnership_presets_are_unchanged_and_the_game_presets_are_apart():
    assert list(PRESETS) == ["house", "flemish", "pagat", "french"]
    assert list(GAME_PRESETS) == ["auction1", "auction2", "auction3", "blind"]
    for name in [*PRESETS, *GAME_PRESETS]:
        rules = RuleSet.preset(name)
        assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert all(r.game == "partnership" and not r.spoken for r in PRESETS.values())


def test_an_old_stored_rule_set_reads_back_with_the_defaults():
    old = {k: v for k, v in PRESETS["flemish"].to_dict().items()
           if k in ("name", "players", "doubling", "no_undertrump", "target")}
    assert RuleSet.from_dict(old) == PRESETS["flemish"]


@pytest.mark.parametrize(("game", "sizes"), [
    ("auction1", {3: 10, 4: 7, 5: 6, 6: 5, 7: 4}),
    ("auction2", {3: 10, 4: 8, 5: 6, 6: 5, 7: 4}),
    ("auction3", {3: 9, 4: 7, 5: 6, 6: 5, 7: 4}),
])
def test_hand_sizes_of_the_auction_games(game, sizes):
    for players, cards in sizes.items():
        assert RuleSet.preset(game).replace(players=players).cards_per_player == cards


@pytest.mark.parametrize(("changes", "field", "code"), [
    ({"game": "auction2", "players": 8}, "players", "option_invalid"),
    ({"game": "blind"}, "follow_suit", "blind_no_obligations"),
    ({"stakes": (3, 2, 1)}, "stakes", "option_not_in_game"),
    ({"open_widow_doubling": True, "game": "auction2", "trick_bonus": True, "target": None,
      "deals": 8}, "open_widow_doubling", "option_not_in_game"),
    ({"game": "auction1", "target": None, "deals": 8}, "trick_bonus", "auction_counts_tricks"),
    ({"game": "auction1", "trick_bonus": True, "target": None, "deals": 8,
      "doubling": "knock"}, "doubling", "auction_no_doubling"),
    ({"game": "auction1", "trick_bonus": True}, "deals", "auction_needs_deals"),
    ({"beat_led_suit": False, "beat_on_trump_lead_only": True}, "beat_on_trump_lead_only",
     "beat_option_needs_beat"),
    ({"max_knocks": 0}, "max_knocks", "max_knocks_invalid"),
    ({"max_knocks": 11}, "max_knocks", "max_knocks_invalid"),  # the sheet records ten calls
    ({"packets": (3, 3, 3)}, "packets", "packets_invalid"),
    ({"game": "poker"}, "game", "game_unknown"),
    ({"game": "auction2", "players": 3, "trick_bonus": True, "target": None, "deals": 9,
      "spare_cards": "exchange"}, "spare_cards", "option_not_in_game"),
])
def test_impossible_game_options_name_the_field(changes, field, code):
    with pytest.raises(RuleSetError) as caught:
        RuleSet(**changes)
    assert (caught.value.field, caught.value.code) == (field, code)
    assert isinstance(caught.value, ValueError)


def test_auction_options_and_lists_from_json():
    rules = RuleSet.preset("auction1").replace(stakes=[4, 2, 1], packets=[3, 4])
    assert rules.stakes == (4, 2, 1) and rules.packets == (3, 4)
    hash(rules)
    with pytest.raises(RuleSetError, match="stakes"):
        RuleSet.preset("auction1").replace(stakes=(1, 2, 3, 4, 5, 6))


def test_unlimited_knocking_beyond_x64():
    rules = RuleSet.preset("french").replace(doubling="knock_unlimited", max_knocks=8)
    assert rules.allowed_doublings()[-1] == 256
    assert RuleSet.preset("french").replace(doubling="knock_unlimited").allowed_doublings()[-1] == 64


def test_beat_only_on_a_trump_lead():
    rules = RuleSet(beat_on_trump_lead_only=True)
    # Plain-suit lead by an opponent: only follow suit.
    assert {str(c) for c in legal_cards(["Qc", "7c"], ["Jc"], "d", rules)} == {"Qc", "7c"}
    # Trump lead: beat.
    assert {str(c) for c in legal_cards(["Qd", "7d"], ["Jd"], "d", rules)} == {"Qd"}
    # No trump: any lead is "trump" for this rule.
    assert {str(c) for c in legal_cards(["Qc", "7c"], ["Jc"], None, rules)} == {"Qc"}


def test_beat_a_partner_on_a_trump_lead():
    rules = RuleSet(beat_partner_on_trump_lead=True)
    # Partner (position 0 of a 2-card trick... the lead, two seats before) wins with Jd.
    assert {str(c) for c in legal_cards(["Qd", "7d"], ["Jd", "8d"], "d", rules)} == {"Qd"}
    assert {str(c) for c in legal_cards(["Qd", "7d"], ["Jd", "8d"], "d")} == {"Qd", "7d"}
    # Plain-suit lead: the partner's card need not be beaten.
    assert {str(c) for c in legal_cards(["Qc", "7c"], ["Jc", "8c"], "d", rules)} == {"Qc", "7c"}


def test_blind_manille_any_card():
    assert {str(c) for c in legal_cards(["Qc", "7h"], ["Jc"], "d", "blind")} == {"Qc", "7h"}


def test_only_blind_manille_has_no_renonce():
    assert not RuleSet.preset("blind").can_revoke
    assert all(RuleSet.preset(name).can_revoke for name in ("house", "flemish", "french"))
