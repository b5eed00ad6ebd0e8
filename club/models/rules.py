"""Rule sets as data: a stored copy of an ``engine.RuleSet``; presets shipped by migration."""

from __future__ import annotations

from django.apps import apps
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine.rules import RuleSet as EngineRuleSet


class RuleSet(models.Model):
    """A named set of rule options. Presets have no club; a club edits its own copies."""

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, null=True, blank=True,
                             related_name="rule_sets", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=80)
    preset = models.CharField(_("based on"), max_length=20, default="house")
    options = models.JSONField(_("options"), default=dict)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["club_id", "name"]
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="rule_set_name_per_club")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ruleset-detail", args=[self.pk])

    @property
    def is_preset(self) -> bool:
        return self.club_id is None

    def rules(self) -> EngineRuleSet:
        """The engine's value for these options (validated)."""
        # Cached per options dict: assigning new options (a form, a copy) rebuilds it.
        source, cached = getattr(self, "_rules_source", None), getattr(self, "_rules", None)
        if cached is None or source is not self.options:
            cached = EngineRuleSet.from_dict(self.options)
            self._rules, self._rules_source = cached, self.options
        return cached

    @property
    def frozen(self) -> bool:
        """Frozen once a championship using it has published a round (RULES.md §9: a
        championship fixes its rules before its first round), or has a recorded deal: edits
        then make a copy."""
        Round, Deal = apps.get_model("club", "Round"), apps.get_model("club", "Deal")
        return self.is_preset or Round.objects.filter(
            stage__championship__rule_set=self).exclude(status=Round.Status.DRAFT).exists() or \
            Deal.objects.filter(table__round__stage__championship__rule_set=self).exists()
