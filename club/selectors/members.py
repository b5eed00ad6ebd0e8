"""Reading who has a role where: a club's members page and a user's own page (what each
role may do is :mod:`club.access`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from club.models import AuditEntry, Club, ClubRole, Invitation

#: The audit entries the members page shows.
MEMBER_ACTIONS = ("role.", "invitation.", "account.")
RECENT = 30


def _label(role) -> str:
    try:
        return str(ClubRole.Role(role).label)
    except ValueError:
        return str(role)


@dataclass
class MembersPage:
    roles: list[ClubRole]
    invitations: list[Invitation]
    audit: list[AuditEntry]


def members_page(club: Club) -> MembersPage:
    """The club's roles with their users, its pending and expired invitations (not the
    used or withdrawn ones), and its recent audit entries about roles, invitations and
    accounts. Three queries."""
    roles = list(ClubRole.objects.filter(club=club).select_related("user")
                 .order_by("role", "user__username"))
    order = {value: i for i, value in enumerate(ClubRole.Role.values)}
    roles.sort(key=lambda row: (order.get(row.role, 99), row.user.username.casefold()))
    invitations = list(Invitation.objects.filter(
        club=club, accepted_at=None, revoked_at=None).select_related("invited_by"))
    now = timezone.now()
    for invitation in invitations:
        invitation.expired = invitation.expires <= now
        invitation.role_label = _label(invitation.role)
    about = Q()
    for start in MEMBER_ACTIONS:
        about |= Q(action__startswith=start)
    audit = list(AuditEntry.objects.filter(about, club=club).select_related("user")[:RECENT])
    for entry in audit:
        detail = entry.detail if isinstance(entry.detail, dict) else {}
        named = [detail[key] for key in ("old", "new") if key in detail] if "new" in detail \
            else [detail[key] for key in ("role", "old") if key in detail]
        entry.roles_text = " → ".join(_label(role) for role in named)
    return MembersPage(roles, invitations, audit)


def roles_of(user) -> list[ClubRole]:
    """The user's roles with their clubs, by club name. One query."""
    return list(ClubRole.objects.filter(user_id=user.pk).select_related("club")
                .order_by("club__name"))


def member_of(club: Club, user_id: int):
    """The user with a role in ``club`` with id ``user_id``, or None (another club's users
    are not found)."""
    row = ClubRole.objects.filter(club=club, user_id=user_id).select_related("user").first()
    return None if row is None else row.user


def token_hash(token: str) -> str:
    """What is stored of an invitation's token: its sha256."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def invitation_for(token: str) -> Invitation | None:
    """The invitation whose link holds ``token`` (whatever its state), or None."""
    if not token or len(token) > 100:
        return None
    return Invitation.objects.select_related("club").filter(token_hash=token_hash(token)).first()
