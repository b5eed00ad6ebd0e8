"""Logging out everywhere with signed-cookie sessions.

A signed cookie cannot be deleted on the server, so the session says which *generation* of
the user's sessions it belongs to: Django keeps the user's session hash in the session and
checks it against ``user.get_session_auth_hash()`` on every request, and
:class:`SessionUser` mixes the user's :class:`SessionGeneration` into that hash. A logout
raises the generation (``club.services.accounts.end_sessions``), so every cookie made
before, copied or not, stops matching: its request is anonymous. The generation is read in
the same query as the user (``club.auth_backend``); no row means generation 0, whose hash is
Django's own (sessions from before this existed stay valid). A password change already
changes the hash (the password is in it) and starts the generation again at 0.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

_SALT = "club.models.accounts.SessionUser.get_session_auth_hash"


class SessionGeneration(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="session_generation",
                                verbose_name=_("user"))
    generation = models.PositiveBigIntegerField(_("session generation"), default=0)

    class Meta:
        verbose_name = _("session generation")
        verbose_name_plural = _("session generations")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.generation}"


class SessionUser(User):
    """The logged-in user as the auth backend loads it: ``generation`` is set by the read."""

    class Meta:
        proxy = True

    @property
    def generation(self) -> int:
        if "_generation" not in self.__dict__:  # not loaded by the backend's read
            self._generation = (SessionGeneration.objects.filter(user_id=self.pk)
                                .values_list("generation", flat=True).first() or 0)
        return self._generation

    @generation.setter
    def generation(self, value: int) -> None:
        self._generation = value

    def _hash(self, secret: str | None) -> str:
        return salted_hmac(_SALT, f"{self.password}\x00{self.generation}", secret=secret,
                           algorithm="sha256").hexdigest()

    def get_session_auth_hash(self) -> str:
        if not self.generation:
            return super().get_session_auth_hash()
        return self._hash(None)

    def get_session_auth_fallback_hash(self):
        if not self.generation:
            yield from super().get_session_auth_fallback_hash()
            return
        for secret in settings.SECRET_KEY_FALLBACKS:
            yield self._hash(secret)



class Invitation(models.Model):
    """An invitation to take a role in a club: a link with a one-time token (only its hash is
    stored), valid until ``expires``, used once."""

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="invitations",
                             verbose_name=_("club"))
    email = models.EmailField(_("e-mail address"))
    role = models.CharField(_("role"), max_length=20)
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+",
                                   verbose_name=_("invited by"))
    created = models.DateTimeField(_("created"), auto_now_add=True)
    expires = models.DateTimeField(_("valid until"))
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+",
                                    verbose_name=_("accepted by"))
    revoked_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.email} ({self.role}) @ {self.club_id}"


class TemporaryPassword(models.Model):
    """The user's password is a one-time password handed over on paper: it must be changed
    at the next login."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="temporary_password",
                                verbose_name=_("user"))
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="+", verbose_name=_("set by"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("one-time password")
        verbose_name_plural = _("one-time passwords")

    def __str__(self) -> str:
        return str(self.user_id)
