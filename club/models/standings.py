"""Derived standings: ``scoring``'s ranking of a championship (or one of its stages) stored
as one snapshot, rebuilt from the match rows whenever the championship's results change
(its ``results_version`` moves on). One row, so a page reads it in one query at any size."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models.championships import Championship


class StandingsSnapshot(models.Model):
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="standings_snapshots",
                                     verbose_name=_("championship"))
    stage_number = models.PositiveSmallIntegerField(_("stage"), default=0,
                                                    help_text=_("0: the whole championship."))
    version = models.PositiveIntegerField(_("results version"))
    #: [[entry id, rank, tied, {metric: value}], ...] in display order.
    rows = models.JSONField(_("rows"), default=list)
    computed = models.DateTimeField(_("computed"), auto_now=True)

    class Meta:
        verbose_name = _("standings")
        verbose_name_plural = _("standings")
        constraints = [models.UniqueConstraint(fields=["championship", "stage_number"],
                                               name="one_standings_per_stage")]
