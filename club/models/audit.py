"""The audit log: who did what in a club, when and why, for what is not a sheet change
(sheet changes are :class:`club.models.DealChange`). Entries are only ever added.

``action`` is a short code; its label is :data:`ACTIONS` (codes are not database choices,
so a new kind of entry needs no migration)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "role.added": _("role given"),
    "role.changed": _("role changed"),
    "role.removed": _("role removed"),
    "invitation.sent": _("invitation sent"),
    "invitation.accepted": _("invitation accepted"),
    "invitation.withdrawn": _("invitation withdrawn"),
    "invitation.resent": _("invitation sent again"),
    "account.created": _("account created with a one-time password"),
    "account.password": _("new one-time password"),
    "round.closed": _("round closed"),
    "round.reopened": _("round reopened"),
    "table.decided": _("decision for an unfinished table"),
    "late_deal.applied": _("deal received after the close applied"),
    "late_deal.discarded": _("deal received after the close discarded"),
    "player.exported": _("player's data exported"),
    "player.anonymised": _("player's data erased"),
    "championship.edited": _("championship changed"),
    "championship.deleted": _("championship deleted"),
}


class AuditEntry(models.Model):
    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="audit",
                             verbose_name=_("club"))
    championship = models.ForeignKey("club.Championship", on_delete=models.CASCADE, null=True,
                                     blank=True, related_name="audit",
                                     verbose_name=_("championship"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+", verbose_name=_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    action = models.CharField(_("action"), max_length=40)
    subject = models.CharField(_("about"), max_length=200, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    detail = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["club", "-at"], name="audit_club_at")]

    def __str__(self) -> str:
        return f"{self.action} {self.subject}"

    @property
    def action_label(self) -> str:
        return str(ACTIONS.get(self.action, self.action))
