"""Club rule sets: copies of a preset or of another rule set, edited until frozen."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import RuleSet
from club.rule_labels import rule_set_name
from engine.rules import RuleSet as EngineRuleSet

#: Championships are played at tables of four (the sheets, draws and PDFs are for four).
CHAMPIONSHIP_PLAYERS = 4


class RuleSetRefused(ValueError):
    """An edit the rule set's use does not allow; ``field`` names the option."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _free_name(club, name: str) -> str:
    """``name``, or ``name (2)``, ``(3)``... if taken, cut to fit the column."""
    limit = RuleSet._meta.get_field("name").max_length
    taken = set(RuleSet.objects.filter(club=club).values_list("name", flat=True))
    candidate, number = name[:limit], 2
    while candidate in taken:
        suffix = f" ({number})"
        candidate = name[:limit - len(suffix)] + suffix
        number += 1
    return candidate


@transaction.atomic
def copy_rule_set(club, source: RuleSet, name: str | None = None) -> RuleSet:
    """The club's own copy of ``source`` (a preset or any rule set), free to edit."""
    return RuleSet.objects.create(
        club=club, preset=source.preset,
        name=_free_name(club, name or _("%(name)s (%(club)s)") % {"name": rule_set_name(source),
                                                                   "club": club.name}),
        options=source.options)


@transaction.atomic
def save_rule_set(rule_set: RuleSet, name: str, rules: EngineRuleSet) -> tuple[RuleSet, bool]:
    """Save edited options. A frozen rule set (a championship using it has published a
    round, or has a recorded deal) is never changed: the edit becomes a new copy. Returns
    (the saved rule set, copied)."""
    rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
    options = rules.replace(name=name[:80]).to_dict()
    if rule_set.frozen:
        copy = RuleSet.objects.create(club=rule_set.club, preset=rule_set.preset,
                                      name=_free_name(rule_set.club, name), options=options)
        return copy, True
    if rules.players != CHAMPIONSHIP_PLAYERS and rule_set.championships.exists():
        raise RuleSetRefused("players", _(
            "Championships use this rule set, and they are played at tables of four: keep 4 "
            "players, or make a copy of the rule set for other tables."))
    if name != rule_set.name:
        rule_set.name = _free_name(rule_set.club, name)
    rule_set.options = options
    rule_set.save(update_fields=["name", "options"])
    return rule_set, False
