"""A partnership sheet's words that depend on the rule set: who made each doubling call,
and what a tie leads to (RULES.md §§4, 6, 7, 14). Pages, forms, the live preview and the
printed sheet all say them from here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.rules import RuleSet
from scoring import DealScore


def call_labels(doubling: str, count: int) -> list[str]:
    """Each doubling call's question on the sheet ("doubled (mee) by"), by the rule set's
    doubling (RULES.md §4)."""
    if doubling == "mee_tegen":
        return [_("doubled (mee) by"), _("redoubled (tegen) by")][:count]
    if doubling in ("knock", "knock_back"):
        return [_("knocked by"), _("knocked back by")][:count]
    return [_("knock %(number)d by") % {"number": n} for n in range(1, count + 1)]


def call_word(doubling: str, index: int) -> str:
    """The word of call ``index`` (from 0) in a row's notes: mee, tegen, knock."""
    if doubling == "mee_tegen":
        return _("mee") if index == 0 else _("tegen")
    if doubling == "knock_back" and index == 1:
        return _("knock back")
    return _("knock")


def tie_label(score: DealScore, rules: RuleSet, *, ends_game: bool,
              points: int | None = None) -> str:
    """What a tied deal leads to under ``rules``: the next deal's multiplier and how a
    further tie counts, or, on a game's last deal (a fixed number of deals), that the
    pending multiplier lapses (RULES.md §7). ``points``: each side's points (30, or 34
    with a point per trick)."""
    tied = _("tie %(a)s–%(a)s") % {"a": points} if points is not None else _("tie")
    if ends_game:
        return _("%(tie)s: the game is over, nothing carries over") % {"tie": tied}
    if rules.tie_policy == "stacked":
        return _("%(tie)s: next deal ×%(m)s (each further tie ×%(k)s again)") % {
            "tie": tied, "m": score.pending, "k": rules.tie_multiplier}
    if rules.tie_policy == "whole":
        return _("%(tie)s: next deal ×%(m)s (this deal's whole multiplier)") % {
            "tie": tied, "m": score.pending}
    return _("%(tie)s: next deal ×%(m)s (a further tie keeps ×%(m)s)") % {
        "tie": tied, "m": score.pending}


def points_label(rules: RuleSet) -> str:
    """What the two figures of a deal are: card points, or with the trick bonus card points
    and one a trick (68 in play, RULES.md §14): the web sheet's and the printed sheet's
    column, the entry's fields."""
    return _("Points (cards + tricks)") if rules.trick_bonus else _("Card points")


def direction_label(rules: RuleSet) -> str:
    """Which way play and the deal go round (RULES.md §2), for the sheet's heading."""
    if rules.direction == "counterclockwise":
        return _("play goes counter-clockwise")
    return _("play goes clockwise")
