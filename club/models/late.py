"""Deals that reached a round after it closed (issue 26): kept, never dropped, until the
organiser applies one (after reopening the round) or discards it with a reason
(:mod:`club.services.late_deals`)."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _


class LateDeal(models.Model):
    """A deal sent to a table whose round was closed: the facts as the sheet's entry
    checked them (``facts``, the service's shape) and as the client sent them (``sent``,
    the API's DealIn: its version and reason too), who sent it, when and with which
    Idempotency-Key; then the organiser's decision."""

    class State(models.TextChoices):
        WAITING = "waiting", _("waiting")
        APPLIED = "applied", _("applied")
        DISCARDED = "discarded", _("discarded")

    table = models.ForeignKey("club.Table", on_delete=models.CASCADE, related_name="late_deals",
                              verbose_name=_("table"))
    facts = models.JSONField(_("deal"), encoder=DjangoJSONEncoder)
    sent = models.JSONField(_("as sent"), encoder=DjangoJSONEncoder, default=dict)
    by_code = models.BooleanField(_("by the table's code"), default=False)
    sent_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+", verbose_name=_("sent by"))
    received_at = models.DateTimeField(_("received at"), auto_now_add=True)
    key = models.CharField(_("Idempotency-Key"), max_length=255, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices,
                             default=State.WAITING)
    number = models.PositiveSmallIntegerField(_("deal number"), null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+",
                                   verbose_name=_("decided by"))
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)

    class Meta:
        ordering = ["received_at", "pk"]
        verbose_name = _("late deal")
        verbose_name_plural = _("late deals")
        indexes = [models.Index(fields=["table", "state"], name="late_deal_table_state")]

    def __str__(self) -> str:
        return _("Late deal %(id)s") % {"id": self.pk}
