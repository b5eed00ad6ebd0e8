"""The rule-set edit form's data for a stored rule set, with changes (club/forms_rules.py)."""

from __future__ import annotations

from club.forms_rules import RuleSetForm


def form_data(rule_set, **changes):
    """What the edit page would post for ``rule_set``, with ``changes``; lists (dealing
    packets) as the form writes them, "3, 2, 3"."""
    data = {}
    for key, value in RuleSetForm.initial_from(rule_set).items():
        if value is None or value is False:
            continue
        data[key] = ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}
