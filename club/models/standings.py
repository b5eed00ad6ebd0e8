"""Derived standings: ``scoring``'s ranking of a championship (or one of its stages) stored
as one snapshot, rebuilt from the match rows whenever the championship's results change.
A change shows in the snapshot's key: the championship's ``results_version`` (rounds
published or closed, entries) and the sum of its tables' sheet versions (every deal
entered, edited or deleted moves its table's version on). Deal entry thus never writes
a row shared by the whole championship. One row, so a page reads it in one query."""

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
    key = models.CharField(_("results key"), max_length=40)
    #: [[entry id, rank, tied, {metric: value}], ...] in display order.
    rows = models.JSONField(_("rows"), default=list)
    computed = models.DateTimeField(_("computed"), auto_now=True)

    class Meta:
        verbose_name = _("standings")
        verbose_name_plural = _("standings")
        constraints = [models.UniqueConstraint(fields=["championship", "stage_number"],
                                               name="one_standings_per_stage")]
