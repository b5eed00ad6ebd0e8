"""Who has a role in a club: changing and removing roles, accounts made with a one-time
password handed over on paper, and the audit entries of each (invitations are
:mod:`club.services.invitations`).

Whether the acting user may do it is asked of :mod:`club.access` (each function raises
``PermissionDenied`` when not); what the club must keep (at least one owner) is checked
here, under a lock on the club row, so two owners demoting each other at the same moment
cannot leave the club without one. Changing or removing a role withdraws the open
invitations its holder sent for roles they may no longer give.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.access import can_change_role, can_manage_role, can_reset_password, roles_given_by
from club.models import AuditEntry, Club, ClubRole, Invitation, TemporaryPassword

Role = ClubRole.Role

#: One-time passwords: lower case without 0/o, 1/l/i, 5/s, 2/z, 8/b, u/v: read aloud or
#: from paper without doubt. 4 groups of 4 from 23 symbols: 72 bits.
PASSWORD_ALPHABET = "acdefghjkmnpqrtwxy34679"
PASSWORD_GROUPS = 4
PASSWORD_GROUP_LENGTH = 4


class MemberError(Exception):
    """A refusal to say on the page (in the user's language), nothing changed."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def audit(club: Club, user, action: str, subject: str, reason: str = "",
          **detail) -> AuditEntry:
    """Add an entry to the club's audit log (actions: ``club.models.audit.ACTIONS``)."""
    return AuditEntry.objects.create(
        club=club, user=user if user is not None and user.is_authenticated else None,
        action=action, subject=subject[:200], reason=reason[:300], detail=detail)


def one_time_password() -> str:
    """A readable random password, e.g. ``kq7m-x3pa-9tdw-h4ne``."""
    return "-".join("".join(secrets.choice(PASSWORD_ALPHABET)
                            for _i in range(PASSWORD_GROUP_LENGTH))
                    for _g in range(PASSWORD_GROUPS))


def _valid_password_for(user) -> str:
    for _attempt in range(20):  # a random 72-bit password practically always passes
        password = one_time_password()
        try:
            validate_password(password, user)
        except ValidationError:
            continue
        return password
    raise RuntimeError("no one-time password passed the password validators")


def _lock(club: Club) -> None:
    Club.objects.select_for_update().filter(pk=club.pk).exists()


def _owners(club: Club) -> int:
    return ClubRole.objects.filter(club=club, role=Role.OWNER).count()


def _role_row(club: Club, member) -> ClubRole:
    row = ClubRole.objects.filter(club=club, user_id=member.pk).first()
    if row is None:
        raise MemberError(_("%(user)s has no role in this club.") % {"user": member.get_username()})
    return row


def role_label(role: str) -> str:
    return str(Role(role).label)


@transaction.atomic
def change_role(actor, club: Club, member, role: str, reason: str = "") -> ClubRole:
    """Give ``member`` (who has a role in ``club``) the role ``role`` instead."""
    if role not in Role.values:
        raise MemberError(_("Role: choose one of the listed roles."), "role")
    _lock(club)
    row = _role_row(club, member)
    if row.role == role:
        return row
    if not can_change_role(actor, club, member, row.role, role):
        raise PermissionDenied
    if row.role == Role.OWNER and _owners(club) == 1:
        raise MemberError(_("%(user)s is the club's last owner: make someone else an owner "
                            "first.") % {"user": member.get_username()}, "role")
    old, row.role = row.role, role
    row.save(update_fields=["role"])
    audit(club, actor, "role.changed", member.get_username(), reason, old=old, new=role)
    _withdraw_invitations_sent_by(actor, club, member, "role.changed")
    return row


@transaction.atomic
def remove_role(actor, club: Club, member, reason: str = "") -> None:
    """Take ``member``'s role in ``club`` away (or, for oneself, leave the club)."""
    _lock(club)
    row = _role_row(club, member)
    if not can_change_role(actor, club, member, row.role, None):
        raise PermissionDenied
    if row.role == Role.OWNER and _owners(club) == 1:
        raise MemberError(_("%(user)s is the club's last owner: make someone else an owner "
                            "first.") % {"user": member.get_username()})
    row.delete()
    audit(club, actor, "role.removed", member.get_username(), reason, old=row.role)
    _withdraw_invitations_sent_by(actor, club, member, "role.removed")


def _withdraw_invitations_sent_by(actor, club: Club, member, cause: str) -> int:
    """After ``member``'s role in ``club`` was changed or removed (``cause``, the audit
    action): withdraw the invitations they sent that are neither used nor withdrawn (expired
    ones too: sending again would revive them) for a role they may no longer give. Each is
    logged as ``invitation.withdrawn`` by ``actor``. Inside the caller's transaction, the
    club locked. The accept page checks the sender's right again
    (:func:`club.access.invitation_stands`)."""
    allowed = set(roles_given_by(member, club))
    withdrawn = 0
    for invitation in (Invitation.objects.select_for_update()
                       .filter(club=club, invited_by_id=member.pk, accepted_at=None,
                               revoked_at=None).order_by("pk")):
        if invitation.role in allowed:
            continue
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit(club, actor, "invitation.withdrawn", invitation.email,
              _("sent by %(user)s, who may no longer give this role")
              % {"user": member.get_username()},
              role=invitation.role, sender=member.get_username(), cause=cause)
        withdrawn += 1
    return withdrawn


def give_role(actor, club: Club, user, role: str, *, via: str) -> ClubRole:
    """Give ``user`` (with no role in ``club`` yet) ``role``; inside the caller's
    transaction, after its permission check. ``via``: what gave it, for the audit."""
    _lock(club)
    if ClubRole.objects.filter(club=club, user_id=user.pk).exists():
        raise MemberError(_("%(user)s already has a role in this club: nothing was changed.")
                          % {"user": user.get_username()})
    row = ClubRole.objects.create(club=club, user=user, role=role)
    audit(club, actor, "role.added", user.get_username(), role=role, via=via)
    return row


def create_account(actor, club: Club, *, username: str, role: str, first_name: str = "",
                   last_name: str = "", email: str = "") -> tuple[object, str]:
    """A new user with ``role`` in ``club`` and a one-time password (returned, shown once,
    never stored readable): they choose their own at their first login."""
    if not can_manage_role(actor, club, role):
        raise PermissionDenied
    model = get_user_model()
    try:
        with transaction.atomic():
            user = model(username=username, first_name=first_name, last_name=last_name,
                         email=email)
            password = _valid_password_for(user)
            user.set_password(password)
            user.save()
            TemporaryPassword.objects.create(user=user, set_by=actor)
            audit(club, actor, "account.created", username, role=role)
            give_role(actor, club, user, role, via="account")
    except IntegrityError:  # the same username taken at the same moment
        raise MemberError(_("Username: %(name)s is taken; choose another.")
                          % {"name": username}, "username") from None
    return user, password


@transaction.atomic
def new_one_time_password(actor, club: Club, member) -> str:
    """A new one-time password for ``member`` (who forgot theirs): only when ``member`` has
    a role in ``club`` alone (:func:`club.access.can_reset_password`). Their sessions end
    (the password is in the session hash)."""
    if not can_reset_password(actor, club, member):
        raise PermissionDenied
    password = _valid_password_for(member)
    member.set_password(password)
    member.save(update_fields=["password"])
    TemporaryPassword.objects.update_or_create(user_id=member.pk, defaults={"set_by": actor})
    audit(club, actor, "account.password", member.get_username())
    return password


def password_chosen(user) -> None:
    """``user`` chose their own password: a one-time password no longer stands."""
    TemporaryPassword.objects.filter(user_id=user.pk).delete()
