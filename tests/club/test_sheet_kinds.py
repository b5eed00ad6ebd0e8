"""The sheet kinds (club/sheets/kinds.py): every kind names parts that exist, every game's
rule set has its kind, and the web app asks the kind instead of testing for a game."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

import club
from club.sheets.kinds import AUCTION, KINDS, PARTNERSHIP, SheetKind, kind_of_rules
from engine.rules import GAME_PRESETS, GAMES, PRESETS

ROOT = Path(club.__file__).parent
#: Where a game's name is looked up: the kind chosen from it, and each auction game's sheet.
CHOOSERS = {"sheets/kinds.py", "sheets/auction_games.py"}


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_every_part_a_kind_names_exists(kind: SheetKind):
    for field in fields(kind):
        if field.name.endswith("_path") and getattr(kind, field.name):
            part = getattr(kind, field.name.removesuffix("_path"))
            assert callable(part), field.name


def test_every_game_has_its_kind():
    assert {kind.key for kind in KINDS} == {"partnership", "auction"}
    for name, rules in {**PRESETS, **GAME_PRESETS}.items():
        expected = AUCTION if name.startswith("auction") else PARTNERSHIP
        assert kind_of_rules(rules) is expected, name
    assert {rules.game for rules in {**PRESETS, **GAME_PRESETS}.values()} == set(GAMES)
    assert PARTNERSHIP.tricks_entry and PARTNERSHIP.dealer_typed and PARTNERSHIP.rated
    assert not (AUCTION.tricks_entry or AUCTION.dealer_typed or AUCTION.rated)
    assert AUCTION.draw is not None and PARTNERSHIP.draw is None


def test_every_auction_game_has_its_sheet():
    from club.sheets.auction_games import GAMES, game_sheet

    assert set(GAMES) == {name for name in GAME_PRESETS if name.startswith("auction")}
    for name in GAMES:
        sheet = game_sheet(GAME_PRESETS[name])
        assert sheet.key == name and sheet.hands(GAME_PRESETS[name]) and str(sheet.name)
        assert sheet.facts(GAME_PRESETS[name])
        assert (sheet.exchange_column is None) == (sheet.exchange_legend is None)


def test_the_web_app_asks_the_kind_and_never_tests_for_a_game():
    asks = re.compile(r"is_auction|rules\.auction|rules\(\)\.auction|game\s*[!=]=\s*\"auction|"
                      r"AUCTION_GAMES")
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("migrations/") or name in CHOOSERS:
            continue
        found += [f"{name}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1)
                  if asks.search(line)]
    assert found == []
