"""Throttle counts kept in the database while the shared cache is down (:mod:`club.throttle`):
login failures per username and per address, password reset and invitation counts. Each
worker process would otherwise count on its own; the database is the one store they all
still share. A row's count holds until ``expires``; expired rows are reused or swept."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ThrottleCount(models.Model):
    key = models.CharField(_("key"), max_length=100, primary_key=True)
    count = models.PositiveIntegerField(_("count"), default=0)
    expires = models.DateTimeField(_("expires"), db_index=True)

    class Meta:
        verbose_name = _("throttle count")
        verbose_name_plural = _("throttle counts")

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
