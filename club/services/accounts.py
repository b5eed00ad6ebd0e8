"""Ending a user's sessions (see :mod:`club.models.accounts`), and the session's note that
the user logged in with a one-time password."""

from __future__ import annotations

from django.contrib.auth import HASH_SESSION_KEY
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F

from club.models.accounts import SessionGeneration, SessionUser, TemporaryPassword


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


# -- the signals that keep the session generations (club/models/accounts.py; connected in
# club/apps.py) --------------------------------------------------------------------------

def end_sessions_on_logout(sender, request, user, **kwargs) -> None:
    """A logout ends every session of the user, on every device."""
    if user is not None and user.pk is not None:
        end_sessions(user.pk)


def hash_with_generation(sender, request, user, **kwargs) -> None:
    """A login with a user the backend did not load (``Client.force_login``, a view that
    logs in a user it read itself) stored Django's hash: store the one with the generation,
    or the session would end at its next request once the user has logged out before."""
    if isinstance(user, SessionUser) or request is None or not hasattr(request, "session"):
        return
    if HASH_SESSION_KEY in request.session:
        same = SessionUser(pk=user.pk, password=user.password)
        request.session[HASH_SESSION_KEY] = same.get_session_auth_hash()


def password_changed(sender, instance, **kwargs) -> None:
    """A new password already ends every session (it is in the hash): the generation starts
    again at 0, so the hash is Django's own and a view that keeps the changer logged in with
    a user it read itself (the admin's password form) stores the right one."""
    if isinstance(instance, User) and getattr(instance, "_password", None) is not None:
        SessionGeneration.objects.filter(user_id=instance.pk).delete()
        if isinstance(instance, SessionUser):
            instance.generation = 0
