"""Invitations to take a role in a club: sent by e-mail with a link holding a one-time
token (only its sha256 is stored), valid :data:`VALID_DAYS` days, used once, withdrawn or
sent again (a new token: the old link stops working) by the club's owners and organisers.
It stands on its sender's right to give its role: when they lose it their open invitations
are withdrawn (:mod:`club.services.members`), and accepting checks it again.

The e-mail goes through Django's e-mail framework inside the transaction: when it cannot
be sent, nothing is saved and the page says so.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from club.access import can_manage_role, invitation_stands
from club.models import Club, Invitation
from club.selectors.members import token_hash
from club.services.members import MemberError, audit, give_role, role_label

log = logging.getLogger(__name__)

VALID_DAYS = 7

#: Builds the absolute address of the accept page from a token (the view knows the host).
AcceptUrl = Callable[[str], str]


class InvitationError(MemberError):
    """An invitation that cannot be used or sent; the message says why."""


def state(invitation: Invitation, now=None) -> str:
    """``pending``, ``used``, ``withdrawn`` or ``expired``."""
    if invitation.accepted_at is not None:
        return "used"
    if invitation.revoked_at is not None:
        return "withdrawn"
    if invitation.expires <= (now or timezone.now()):
        return "expired"
    return "pending"


def _new_token(invitation: Invitation) -> str:
    token = secrets.token_urlsafe(32)
    invitation.token_hash = token_hash(token)
    invitation.expires = timezone.now() + timedelta(days=VALID_DAYS)
    return token


def _send(invitation: Invitation, token: str, accept_url: AcceptUrl, actor) -> None:
    context = {"club": invitation.club, "role": role_label(invitation.role),
               "url": accept_url(token), "days": VALID_DAYS,
               "by": actor.get_full_name() or actor.get_username()}
    subject = _("Invitation to %(club)s on Troef") % {"club": invitation.club.name}
    subject = " ".join(subject.split())  # a typed name never breaks the header
    body = render_to_string("club/invitation_email.txt", context)
    try:
        send_mail(subject, body, None, [invitation.email])
    except (OSError, smtplib.SMTPException) as error:
        log.warning("Invitation e-mail to %s not sent: %s", invitation.email, error)
        raise InvitationError(_("The e-mail could not be sent (%(error)s): nothing was saved. "
                                "Try again later.") % {"error": type(error).__name__}) from None


@transaction.atomic
def invite(actor, club: Club, email: str, role: str, accept_url: AcceptUrl) -> Invitation:
    """Invite ``email`` to take ``role`` in ``club``: the invitation and its e-mail."""
    if not can_manage_role(actor, club, role):
        raise PermissionDenied
    invitation = Invitation(club=club, email=email, role=role, invited_by=actor)
    token = _new_token(invitation)
    invitation.save()
    audit(club, actor, "invitation.sent", email, role=role)
    _send(invitation, token, accept_url, actor)
    return invitation


def _locked(club: Club, pk: int) -> Invitation:
    """The club's invitation ``pk``, locked (another club's is "not found", never
    touched)."""
    invitation = (Invitation.objects.select_for_update().select_related("club")
                  .filter(club=club, pk=pk).first())
    if invitation is None:
        raise Invitation.DoesNotExist
    return invitation


@transaction.atomic
def resend(actor, club: Club, pk: int, accept_url: AcceptUrl) -> Invitation:
    """Send a pending or expired invitation again with a new token and a new week."""
    invitation = _locked(club, pk)
    if not can_manage_role(actor, club, invitation.role):
        raise PermissionDenied
    if state(invitation) in ("used", "withdrawn"):
        raise InvitationError(_("This invitation was already used or withdrawn."))
    token = _new_token(invitation)
    invitation.save(update_fields=["token_hash", "expires"])
    audit(club, actor, "invitation.resent", invitation.email, role=invitation.role)
    _send(invitation, token, accept_url, actor)
    return invitation


@transaction.atomic
def withdraw(actor, club: Club, pk: int) -> Invitation:
    """Withdraw an invitation that was not used: its link stops working."""
    invitation = _locked(club, pk)
    if not can_manage_role(actor, club, invitation.role):
        raise PermissionDenied
    if invitation.accepted_at is not None:
        raise InvitationError(_("This invitation was already used."))
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit(club, actor, "invitation.withdrawn", invitation.email, role=invitation.role)
    return invitation


def _pending(token: str) -> Invitation:
    """The pending invitation of ``token``, locked, whose sender may still give its role
    (:func:`club.access.invitation_stands`: an invitation of a sender who lost that right
    is refused even when it was not withdrawn); else :class:`InvitationError`."""
    invitation = (Invitation.objects.select_for_update(of=("self",))
                  .select_related("club", "invited_by")
                  .filter(token_hash=token_hash(token)).first())
    if invitation is None or state(invitation) != "pending":
        raise InvitationError(_("This invitation link is not valid any more."))
    if not invitation_stands(invitation):
        raise InvitationError(_("The person who sent this invitation may no longer give this "
                                "role, so it cannot be accepted: ask the club for a new "
                                "invitation. Nothing was changed."))
    return invitation


def _accept(invitation: Invitation, user) -> None:
    give_role(invitation.invited_by, invitation.club, user, invitation.role, via="invitation")
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    audit(invitation.club, user, "invitation.accepted", invitation.email,
          role=invitation.role, account=user.get_username())


@transaction.atomic
def accept(token: str, user) -> Invitation:
    """``user`` (logged in) takes the invitation's role. A user who has a role in the club
    already is refused and the invitation stays unused."""
    invitation = _pending(token)
    _accept(invitation, user)
    return invitation


def accept_with_new_account(token: str, *, username: str, password: str):
    """A new account (the password already validated by the form), taking the
    invitation's role; the invitation's address becomes the account's."""
    try:
        with transaction.atomic():
            invitation = _pending(token)
            user = get_user_model().objects.create_user(username, email=invitation.email,
                                                        password=password)
            _accept(invitation, user)
    except IntegrityError:
        raise MemberError(_("Username: %(name)s is taken; choose another.")
                          % {"name": username}, "username") from None
    return user, invitation
