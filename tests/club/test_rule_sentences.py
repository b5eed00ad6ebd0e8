"""The rules needed to check a score, in words (issue 28 point 2): each option that changes
a score's arithmetic, changed from a preset, changes what the sheets say, and says it in a
player's words (club.sheet_labels.rule_sentences, used by the web and the printed sheet)."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.sheet_labels import rule_sentences
from engine.rules import GAME_PRESETS, PRESETS, RuleSet

pytestmark = pytest.mark.pure


def said(rules: RuleSet) -> str:
    with translation.override("en"):
        return " ".join(rule_sentences(rules))


HOUSE = RuleSet.preset("house")


@pytest.mark.parametrize("changes, words", [
    ({"multipliers_add": True}, "multipliers add (no trump and all tricks: ×3)"),
    ({"target": 51}, "first side to reach 51 game points"),
    ({"target": None, "deals": 12}, "A game is 12 deals"),
    ({"no_trump_quota": 2}, "No trump at most 2 times per side per game"),
    ({"no_trump_quota": 0}, "No trump may not be called"),
    ({"renonce_penalty": "flat30"}, "Renonce: the other side scores a flat 30 game points"),
    ({"tie_policy": "stacked"}, "each further tie ×2 again"),
    ({"tie_policy": "whole"}, "the tied deal's whole multiplier (×2; a tied no-trump deal: ×4)"),
    ({"tie_multiplier": 3}, "the next deal ×3"),
    ({"no_trump_multiplier": 3}, "no trump ×3"),
    ({"all_tricks_multiplier": 3}, "all tricks ×3"),
    ({"doubling": "mee_tegen"}, "mee ×2, tegen ×4"),
    ({"doubling": "knock", "multipliers_add": True}, ("knock ×2; multipliers add (no trump and "
                                                     "knock: ×3)")),
    ({"doubling": "knock_back"}, "knock ×2, knock back ×4"),
    ({"doubling": "knock", "double_no_trump": False}, "A no-trump deal cannot be doubled"),
    ({"blind_trump": True}, "blind trump ×2"),
    ({"trick_bonus": True}, "card points + 1 a trick, 68 in play"),
    ({"players": 3}, "card points, 50–60 in play"),
])
def test_each_option_that_changes_a_score_is_said_in_words(changes, words):
    before, after = said(HOUSE), said(HOUSE.replace(**changes))
    assert words in after
    assert words not in before


@pytest.mark.parametrize("preset, changes, words", [
    ("auction1", {}, "Target 21: made, each pays him the stake"),
    ("auction1", {}, "Stake by cards drawn: 0:5, 1:4, 2:3, 3:2, 4:1"),
    ("auction1", {"stakes": (6, 4, 2)}, "Stake by cards drawn: 0:6, 1:4, 2:2"),
    ("auction1", {"declarer_target": 25}, "Target 25"),
    ("auction2", {}, "Lowest bid 17 · all tricks (AT) worth 136"),
    ("auction2", {"lowest_bid": 20, "all_tricks_value": 100}, ("Lowest bid 20 · all tricks (AT) "
                                                              "worth 100")),
    ("auction3", {"open_widow_doubling": True}, ("×2 for an all-tricks bid, ×2 without "
                                                "exchanging")),
])
def test_an_auction_game_says_its_own_stakes_target_and_lowest_bid(preset, changes, words):
    rules = RuleSet.preset(preset).replace(**changes)
    assert words in said(rules)


@pytest.mark.parametrize("name", [*PRESETS, *GAME_PRESETS])
def test_every_preset_says_how_its_deals_score_in_every_language(name):
    rules = RuleSet.preset(name)
    for language in ("en", "nl", "fr"):
        with translation.override(language):
            sentences = rule_sentences(rules)
        assert sentences and all(s.strip() for s in sentences)
        if not rules.auction:  # the game, a deal, the multipliers, ties
            assert any("101" in s for s in sentences)
            assert any("×2" in s for s in sentences)


def test_the_presets_that_differ_say_so():
    house, flemish, french = (said(RuleSet.preset(n)) for n in ("house", "flemish", "french"))
    assert "mee ×2, tegen ×4" in flemish and "mee" not in house
    assert "knock ×2" in french and "blind trump ×2" in french
    assert "flat 30" in french and "flat 30" not in flemish
