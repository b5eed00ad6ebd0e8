"""Template filters of Troef's pages."""

from __future__ import annotations

import json

from django import template

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
