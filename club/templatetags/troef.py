"""Template filters of Troef's pages."""

from __future__ import annotations

import json

from django import template

from club.rule_labels import rule_set_name as name
from club.sheet_labels import rule_sentences as sentences
from scoring.deal import points_text

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping[key]``, or "" when it has none (a dict looked up by a variable)."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""


@register.filter
def json_attr(value) -> str:
    """``value`` as JSON for a data attribute (the template's escaping quotes it)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@register.filter
def rule_set_name(rule_set) -> str:
    """A rule set's name as pages show it: a preset's label translated
    (:func:`club.rule_labels.rule_set_name`)."""

    return name(rule_set)


@register.filter
def rule_sentences(rules) -> list[str]:
    """The rules a player needs to check a sheet's scores, in words
    (:func:`club.sheet_labels.rule_sentences`, as the printed sheet says them)."""
    return sentences(rules)


@register.filter
def points(value) -> str:
    """Game points as written everywhere: a half as "4½" (RULES.md §6, tables of three)."""
    return points_text(value)
