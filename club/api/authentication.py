"""Personal API tokens: ``Authorization: Token <secret>`` (or ``Bearer <secret>``).

A secret is ``troef_`` and 40 random URL-safe characters (240 bits); only its SHA-256 is
stored, so a stolen database gives no usable token, and the lookup is by that hash (an
index: no secret is compared character by character). The request then acts as the
token's user, with exactly the user's permissions. An unknown or revoked token, or one of
a deactivated user, is refused (401), even where anonymous reading is allowed: a client
that believes it is logged in must not silently read as anonymous. ``last_used`` is
written at most once a minute per token.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

from club.models import ApiToken

SECRET_PREFIX = "troef_"
#: Characters of the secret shown on the user's page to recognise a token.
SHOWN = 12
#: ``last_used`` is not written again within this time (no write per request).
TOUCH_EVERY = timedelta(minutes=1)
KEYWORDS = ("token", "bearer")


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(30)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def create_token(user, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``: the row and the secret (shown once, never stored)."""
    secret = new_secret()
    token = ApiToken.objects.create(user=user, name=name.strip()[:80], prefix=secret[:SHOWN],
                                    secret_hash=secret_hash(secret))
    return token, secret


def revoke_token(user, token_id: int) -> bool:
    """Revoke one of ``user``'s tokens; False when there is no such active token of theirs."""
    return bool(ApiToken.objects.filter(pk=token_id, user=user, revoked=None).update(
        revoked=timezone.now()))


class TokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Token <secret>`` or ``Bearer <secret>``."""

    keyword = "Token"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower().decode("latin-1") not in KEYWORDS:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                _("The Authorization header is “Token <secret>”, with one secret."),
                code="token_invalid")
        try:
            secret = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Unknown or revoked API token."),
                                                  code="token_invalid") from None
        token = (ApiToken.objects.select_related("user")
                 .filter(secret_hash=secret_hash(secret), revoked=None).first())
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Unknown or revoked API token."),
                                                  code="token_invalid")
        now = timezone.now()
        if token.last_used is None or now - token.last_used > TOUCH_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        return token.user, token

    def authenticate_header(self, request):
        return self.keyword
