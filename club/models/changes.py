"""The audit trail of recorded results, one shape for every kind: who changed a result,
when, its old and new values and why. A sheet's deals log into
:class:`club.models.DealChange`, a duplicate traveller's lines into
:class:`club.models.TravellerChange`; both are :class:`ResultChange`, only ever added."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.bounds import MAX_REASON


class ChangeAction(models.TextChoices):
    ENTERED = "entered", _("entered")
    EDITED = "edited", _("edited")
    DELETED = "deleted", _("deleted")
    CONFIRMED = "confirmed", _("confirmed")
    CORRECTED = "corrected", _("corrected after confirmation")
    UNCONFIRMED = "unconfirmed", _("confirmation withdrawn")


class ResultChange(models.Model):
    """One change of a recorded result: the action, who, when, old and new values, why."""

    Action = ChangeAction

    action = models.CharField(_("action"), max_length=12, choices=ChangeAction.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+", verbose_name=_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    old = models.JSONField(_("old values"), null=True, blank=True)
    new = models.JSONField(_("new values"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=MAX_REASON, blank=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]
