"""The REST API's own records: personal API tokens and the answers of idempotent writes.

A token's secret is shown once, when it is made; only its SHA-256 is stored (with a short
prefix to recognise it on the user's page). An idempotent write (an ``Idempotency-Key``
header) stores its first answer so that a replay of the same key returns that answer
instead of writing again (:mod:`club.api.idempotency`); the records are swept after
``TROEF_API_IDEMPOTENCY_DAYS`` days (``manage.py sweep_api_requests``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="api_tokens", verbose_name=_("user"))
    name = models.CharField(_("name"), max_length=80,
                            help_text=_("What the token is for, e.g. “results display”."))
    prefix = models.CharField(_("prefix"), max_length=16,
                              help_text=_("The secret's first characters, to recognise it."))
    #: SHA-256 (hex) of the whole secret; the secret itself is never stored.
    secret_hash = models.CharField(_("secret hash"), max_length=64, unique=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked is None


class IdempotentRequest(models.Model):
    """The first answer to a write sent with an ``Idempotency-Key``, per identity and key."""

    #: Who sent it: ``user:<id>`` (a token or a session) or ``table:<id>`` (a table's code).
    identity = models.CharField(_("identity"), max_length=40)
    key = models.CharField(_("idempotency key"), max_length=255)
    method = models.CharField(_("method"), max_length=8)
    path = models.CharField(_("path"), max_length=1000)
    #: SHA-256 (hex) of the request's body (canonical JSON when it parses).
    body_hash = models.CharField(_("body hash"), max_length=64)
    status = models.PositiveSmallIntegerField(_("status"))
    response = models.JSONField(_("response"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotent request")
        verbose_name_plural = _("idempotent requests")
        constraints = [models.UniqueConstraint(fields=["identity", "key"],
                                               name="idempotency_key_once_per_identity")]

    def __str__(self) -> str:
        return f"{self.identity} {self.key}: {self.method} {self.path} -> {self.status}"
