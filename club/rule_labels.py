"""Rule-set presets in the user's words: ``engine``'s preset keys ("house", "flemish" ...)
never reach a page, a form, a sheet or a PDF.

A preset's row (``RuleSet`` with no club) stores an English name from its migration; pages
show :func:`rule_set_name` instead, the preset's label translated. A club's own rule set
shows the name the club gave it. An ``engine.RuleSet`` value carries the preset key as its
name until a club renames it: :func:`rules_name` says it in words for the messages that
name the rule set ("The rule set “House rules” does not allow blind trump.").
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy


@cache
def preset_labels() -> dict[str, Any]:
    """Preset key (``engine.rules.PRESETS`` and ``GAME_PRESETS``) -> its name (lazy)."""
    return {
        "house": gettext_lazy("House rules"),
        "flemish": pgettext_lazy("rule set", "Flemish"),
        "pagat": pgettext_lazy("rule set", "Pagat"),
        "french": pgettext_lazy("rule set", "French"),
        "auction1": gettext_lazy("Auction Manille 1 (privilege and widow)"),
        "auction2": gettext_lazy("Auction Manille 2 (bidding, sevens removed)"),
        "auction3": gettext_lazy("Auction Manille 3 (open widow)"),
        "blind": gettext_lazy("Blind Manille"),
    }


def preset_label(key: str) -> str:
    """A preset key in words (a key this version does not know: "rule set" in words)."""
    label = preset_labels().get(key)
    return str(label) if label is not None else str(gettext_lazy("rule set"))


def rule_set_name(rule_set: Any) -> str:
    """A ``club.RuleSet`` row's name as pages show it: a preset's translated label, else
    the club's own name for it."""
    if rule_set is None:
        return ""
    if getattr(rule_set, "club_id", None) is None and rule_set.preset in preset_labels():
        return preset_label(rule_set.preset)
    return rule_set.name


def rules_name(rules: Any) -> str:
    """An ``engine.RuleSet``'s name in words: a preset key becomes the preset's label."""
    name = getattr(rules, "name", "") or ""
    return preset_label(name) if name in preset_labels() else name
