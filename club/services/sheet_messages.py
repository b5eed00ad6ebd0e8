"""Scoring errors as the sheet shows them: the form field at fault and a translated message.

``scoring`` raises errors with an English message, a ``field`` and a stable ``code``; the
sheet maps the field to its form field, and :mod:`club.messages` the code to a translated
sentence that names the rule, with the sheet's figures (points in play, the rule set).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club import messages
from club.rule_labels import rules_name
from engine.rules import RuleSet
from scoring import MatchFormat, ScoringError, points_in_play

#: scoring's field -> the sheet form's field ("__all__": not one field).
FORM_FIELDS = {
    "points": "points", "trump": "trump", "doubling": "doubling", "all_tricks": "all_tricks",
    "renonce": "renonce", "cancelled": "cancelled", "blind": "blind", "en_face": "en_face",
    "tricks": "tricks", "dealer_side": "dealer", "calls": "doubling",
    # an auction deal (RULES §13; club.forms_auction)
    "declarer": "declarer", "contract": "bid", "count": "count", "exchanged": "exchanged",
}


def _why(code: str, cancelled: bool) -> str:
    if cancelled:
        return _("a cancelled deal records nothing")
    return _("a renonce decides the deal by its penalty")


def explain(error: ScoringError, rules: RuleSet, *, cancelled: bool = False,
            doubling: int = 1, total: int | None = None, format_label: str = "") -> tuple[str, str]:
    """``(form field, message)`` for a scoring error about the deal being entered."""
    low, high = points_in_play(rules)
    params = {
        "expected": str(high) if low == high else f"{low}–{high}",
        "total": "?" if total is None else total,
        "why": _why(error.code, cancelled),
        "value": doubling,
        "rules": rules_name(rules),
        "allowed": ", ".join(f"×{m}" for m in rules.allowed_doublings()),
        "tricks": rules.tricks_per_deal,
        "quota": rules.no_trump_quota,
        "format": format_label,
    }
    code = error.code
    if code == "points_total" and rules.trick_bonus:  # 68 are not all card points
        code = "points_total_bonus"
    if code == "points_type" and low != high:  # one box empty: the other cannot follow
        code = "points_one_box"
    return FORM_FIELDS.get(error.field or "", "__all__"), messages.explain(code, **params)


def format_label(fmt: MatchFormat) -> str:
    """A match format in words (translated)."""
    count = fmt.count or 0
    if fmt.kind == "best_of":
        return ngettext("best of %(count)d game", "best of %(count)d games", count) % {
            "count": count}
    if fmt.kind == "games":
        return ngettext("%(count)d game", "%(count)d games", count) % {"count": count}
    if fmt.kind == "deals":
        return ngettext("%(count)d deal", "%(count)d deals", count) % {"count": count}
    if fmt.kind == "time":
        return _("%(minutes)s minutes") % {"minutes": fmt.minutes}
    return _("one game")
