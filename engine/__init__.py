"""Manille card play: cards, rule sets, legal play, deals and simulation. Pure Python."""

from engine.rules import PRESETS, RuleSet, RuleSetError

__all__ = ["PRESETS", "RuleSet", "RuleSetError"]
