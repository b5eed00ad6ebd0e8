"""Ending a user's sessions (see :mod:`club.models.accounts`), and the session's note that
the user logged in with a one-time password."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from club.models.accounts import SessionGeneration, TemporaryPassword


def end_sessions(user_id: int) -> None:
    """Every session of the user made before now stops working (on every device)."""
    with transaction.atomic():
        if SessionGeneration.objects.filter(user_id=user_id).update(
                generation=F("generation") + 1):
            return
        _, created = SessionGeneration.objects.get_or_create(user_id=user_id,
                                                             defaults={"generation": 1})
        if not created:  # made by a logout at the same moment
            SessionGeneration.objects.filter(user_id=user_id).update(
                generation=F("generation") + 1)


#: In the session while the user's password is a one-time password: every page but the
#: password change (and logging out) sends them there (``club.middleware``). Set at login,
#: so a request costs no query for it.
MUST_CHANGE_PASSWORD = "troef_must_change_password"


def note_one_time_password(sender, request, user, **kwargs) -> None:
    """At login (``user_logged_in``): whether the user must choose a password first."""
    if request is None or not hasattr(request, "session") or user is None:
        return
    if TemporaryPassword.objects.filter(user_id=user.pk).exists():
        request.session[MUST_CHANGE_PASSWORD] = True
    else:
        request.session.pop(MUST_CHANGE_PASSWORD, None)
