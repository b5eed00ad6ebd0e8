"""Scoring errors as the sheet shows them: the form field at fault and a translated message.

``scoring`` raises errors with an English message, a ``field`` and a stable ``code``; the
sheet maps the field to its form field and the code to a translated sentence that names
the rule. An unknown code falls back to the English message.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.rules import RuleSet
from scoring import MatchFormat, ScoringError, points_in_play

#: scoring's field -> the sheet form's field ("__all__": not one field).
FORM_FIELDS = {
    "points": "points", "trump": "trump", "doubling": "doubling", "all_tricks": "all_tricks",
    "renonce": "renonce", "cancelled": "cancelled", "blind": "blind", "en_face": "en_face",
    "tricks": "tricks", "dealer_side": "dealer",
}


def _messages() -> dict[str, str]:
    return {
        "points_total": _("The two sides' card points must add up to %(expected)s "
                          "(the card points in play), not %(total)s."),
        "points_missing": _("Enter the card points: a deal that was played needs them "
                            "(or mark it cancelled, or a renonce)."),
        "points_not_allowed": _("Leave the card points empty: %(why)s."),
        "all_tricks_not_allowed": _("Leave all tricks empty: %(why)s."),
        "renonce_not_allowed": _("Leave the renonce empty: %(why)s."),
        "tricks_not_allowed": _("Leave the tricks empty: %(why)s."),
        "doubling_not_allowed": _("Doubling ×%(value)s is not allowed by the rule set "
                                  "“%(rules)s” (allowed: %(allowed)s)."),
        "blind_not_allowed": _("The rule set “%(rules)s” does not allow blind trump."),
        "en_face_not_allowed": _("The rule set “%(rules)s” does not let the dealer pass the "
                                 "trump choice to the partner (en face)."),
        "cancel_not_allowed": _("The rule set “%(rules)s” does not cancel a deal when the "
                                "dealer's partner looks early."),
        "all_tricks_points": _("A side that takes all tricks takes every card point: the "
                               "other side cannot have any."),
        "all_tricks_tricks": _("All tricks does not match the tricks recorded."),
        "tricks_total": _("The two sides' tricks must add up to %(tricks)s."),
        "tricks_missing": _("The rule set “%(rules)s” gives one point per trick: enter the "
                            "tricks each side took."),
        "tricks_points": _("A side that took no trick cannot have card points."),
        "points_below_tricks": _("With the trick bonus a side's points include one point per "
                                 "trick it took."),
        "no_trump_quota": _("This side has already called no trump %(quota)s time(s) this game, "
                            "the most the rule set “%(rules)s” allows."),
        "dealer_side_missing": _("The rule set caps no-trump calls: the dealer must be known."),
        "match_finished": _("The match is over (%(format)s): the sheet takes no more deals."),
        "game_finished": _("The game is over: the next deal starts a new game."),
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
        "rules": rules.name,
        "allowed": ", ".join(f"×{m}" for m in rules.allowed_doublings()),
        "tricks": rules.tricks_per_deal,
        "quota": rules.no_trump_quota,
        "format": format_label,
    }
    template = _messages().get(error.code)
    message = template % params if template else _("%(field)s: %(message)s") % {
        "field": error.field or _("deal"), "message": error.message}
    return FORM_FIELDS.get(error.field or "", "__all__"), message


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
