"""Invitations by e-mail (club.services.invitations and their pages): a one-time token whose
sha256 alone is stored, valid 7 days, used once, withdrawn or sent again; accepting with
one's account or a new one; refusals that change nothing and say nothing of other clubs."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from club.models import AuditEntry, ClubRole, Invitation
from club.services import invitations, members
from tests.factories import make_club, make_user
from tests.helpers.accounts import fresh  # noqa: F401 (the same autouse fixture as test_accounts)

pytestmark = pytest.mark.django_db
Role = ClubRole.Role


@pytest.fixture
def people(db):
    users = {name: make_user(name) for name in ("owner", "organiser", "scorer", "b_org")}
    club = make_club("club-a")
    for name in ("owner", "organiser", "scorer"):
        ClubRole.objects.create(user=users[name], club=club, role=name)
    other = make_club("club-b")
    ClubRole.objects.create(user=users["b_org"], club=other, role=Role.OWNER)
    return club, other, users


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invite(client, club, email="new@example.org", role="scorer"):
    return client.post(reverse("club-invite", args=[club.slug]), {"email": email, "role": role})


def link_in(message) -> str:
    return re.search(r"https?://[^/\s]+(/invitations/\S+/)", message.body).group(1)


def test_an_invitation_is_an_email_with_a_one_time_link(people):
    club, _other, u = people
    response = invite(client_for(u["organiser"]), club)
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["new@example.org"] and "Club-A" in message.subject
    link = link_in(message)
    token = link.split("/")[2]
    invitation = Invitation.objects.get()
    assert invitation.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(Invitation.objects.values_list())  # only the hash is stored
    assert timedelta(days=6, hours=23) < invitation.expires - timezone.now() <= timedelta(days=7)
    assert (invitation.club, invitation.role, invitation.invited_by) == (club, "scorer",
                                                                        u["organiser"])
    entry = AuditEntry.objects.get(action="invitation.sent")
    assert (entry.club, entry.user, entry.subject) == (club, u["organiser"], "new@example.org")
    page = client_for(u["owner"]).get(reverse("club-members", args=[club.slug]))
    assert "new@example.org" in page.content.decode()


def test_accept_with_a_new_account_then_the_link_is_used(people):
    club, _other, u = people
    invite(client_for(u["organiser"]), club, role="viewer")
    link = link_in(mail.outbox[0])
    visitor = Client()
    page = visitor.get(link)
    assert page.status_code == 200
    assert reverse("login") in page.content.decode()  # or log in and come back
    weak = visitor.post(link, {"username": "newbie", "password1": "123", "password2": "123"})
    assert weak.status_code == 400
    mismatch = visitor.post(link, {"username": "newbie", "password1": "Manille-2026-x",
                                   "password2": "Manille-2026-y"})
    assert mismatch.status_code == 400
    taken = visitor.post(link, {"username": "Scorer", "password1": "Manille-2026-x",
                                "password2": "Manille-2026-x"})
    assert taken.status_code == 400
    assert not get_user_model().objects.filter(username="newbie").exists()
    done = visitor.post(link, {"username": "newbie", "password1": "Manille-2026-x",
                               "password2": "Manille-2026-x"})
    assert done.status_code == 302 and done.url == club.get_absolute_url()
    newbie = get_user_model().objects.get(username="newbie")
    assert newbie.email == "new@example.org"
    assert ClubRole.objects.get(club=club, user=newbie).role == Role.VIEWER
    invitation = Invitation.objects.get()
    assert invitation.accepted_by == newbie and invitation.accepted_at is not None
    assert visitor.get(reverse("account")).status_code == 200  # logged in
    assert {"invitation.accepted", "role.added"} <= set(
        AuditEntry.objects.filter(club=club).values_list("action", flat=True))
    # used once
    again = Client().get(link)
    assert again.status_code == 410 and "used already" in again.content.decode()
    assert client_for(u["b_org"]).post(link).status_code == 410
    assert not ClubRole.objects.filter(club=club, user=u["b_org"]).exists()


def test_accept_with_ones_account(people):
    club, other, u = people
    invite(client_for(u["owner"]), club, role="organiser")
    link = link_in(mail.outbox[0])
    b = client_for(u["b_org"])
    assert "Accept as b_org" in b.get(link).content.decode()
    assert b.post(link).status_code == 302
    assert ClubRole.objects.get(club=club, user=u["b_org"]).role == Role.ORGANISER
    assert ClubRole.objects.get(club=other, user=u["b_org"]).role == Role.OWNER


def test_a_member_already_changes_nothing(people):
    club, _other, u = people
    invite(client_for(u["owner"]), club, role="organiser")
    link = link_in(mail.outbox[0])
    response = client_for(u["scorer"]).post(link)
    assert response.status_code == 400 and "already has a role" in response.content.decode()
    assert ClubRole.objects.get(club=club, user=u["scorer"]).role == Role.SCORER
    invitation = Invitation.objects.get()
    assert invitation.accepted_at is None  # still usable by the one it was meant for
    assert not AuditEntry.objects.filter(action="invitation.accepted").exists()


def test_expired_withdrawn_and_unknown_links(people):
    club, _other, u = people
    organiser = client_for(u["organiser"])
    invite(organiser, club, "late@example.org")
    invite(organiser, club, "gone@example.org")
    late, gone = link_in(mail.outbox[0]), link_in(mail.outbox[1])
    Invitation.objects.filter(email="late@example.org").update(
        expires=timezone.now() - timedelta(seconds=1))
    pk = Invitation.objects.get(email="gone@example.org").pk
    assert organiser.post(reverse("club-invitation-action",
                                  args=[club.slug, pk, "withdraw"])).status_code == 302
    assert AuditEntry.objects.filter(action="invitation.withdrawn",
                                     subject="gone@example.org").exists()
    visitor = Client()
    expired = visitor.get(late)
    assert expired.status_code == 410 and "expired" in expired.content.decode()
    withdrawn = visitor.get(gone)
    assert withdrawn.status_code == 410 and "withdrew" in withdrawn.content.decode()
    posted = visitor.post(gone, {"username": "x1", "password1": "Manille-2026-x",
                                 "password2": "Manille-2026-x"})
    assert posted.status_code == 410
    unknown = visitor.get(reverse("invitation-accept", args=["no-such-token"]))
    assert unknown.status_code == 404
    assert "Club" not in unknown.content.decode().split("<main")[1].split("</main>")[0]
    huge = visitor.get(reverse("invitation-accept", args=["x" * 5000]))
    assert huge.status_code == 404
    assert not get_user_model().objects.filter(username="x1").exists()


def test_resend_makes_a_new_link_and_the_old_one_stops(people):
    club, _other, u = people
    organiser = client_for(u["organiser"])
    invite(organiser, club)
    old = link_in(mail.outbox[0])
    pk = Invitation.objects.get().pk
    Invitation.objects.filter(pk=pk).update(expires=timezone.now() - timedelta(days=1))
    assert organiser.post(reverse("club-invitation-action",
                                  args=[club.slug, pk, "resend"])).status_code == 302
    new = link_in(mail.outbox[1])
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200
    assert Invitation.objects.get().expires > timezone.now() + timedelta(days=6)
    assert AuditEntry.objects.filter(action="invitation.resent").exists()


def test_failed_links_are_throttled(people, settings):
    settings.TROEF_INVITATION_MAX_FAILURES = 3
    club, _other, u = people
    invite(client_for(u["organiser"]), club)
    good = link_in(mail.outbox[0])
    visitor = Client()
    for i in range(3):
        assert visitor.get(reverse("invitation-accept", args=[f"guess-{i}"])).status_code == 404
    throttled = visitor.get(good)
    assert throttled.status_code == 429 and "Too many" in throttled.content.decode()
    # another address is not throttled
    assert Client(REMOTE_ADDR="10.9.9.9").get(good).status_code == 200


def test_who_may_invite_whom(people):
    club, other, u = people
    organiser = client_for(u["organiser"])
    for role in ("owner", "organiser"):  # an organiser cannot make an owner or organiser
        response = invite(organiser, club, role=role)
        assert response.status_code == 400 and "Role" in response.content.decode()
    assert invite(organiser, club, email="not an address").status_code == 400
    assert invite(client_for(u["scorer"]), club).status_code == 403
    b = client_for(u["b_org"])  # the owner of club B: nothing in club A
    assert invite(b, club).status_code == 403
    assert b.get(reverse("club-members", args=[club.slug])).status_code == 403
    assert invite(client_for(u["owner"]), club, role="owner").status_code == 302
    assert Invitation.objects.count() == 1 and len(mail.outbox) == 1
    # another club's invitation through this club's address: not found, untouched
    invite(b, other, email="b@example.org")
    b_pk = Invitation.objects.get(club=other).pk
    for action in ("withdraw", "resend"):
        url = reverse("club-invitation-action", args=[club.slug, b_pk, action])
        assert organiser.post(url).status_code == 404
        url = reverse("club-invitation-action", args=[other.slug, b_pk, action])
        assert organiser.post(url).status_code == 403
    assert Invitation.objects.get(pk=b_pk).revoked_at is None
    # an organiser does not withdraw an invitation to be owner
    owner_pk = Invitation.objects.get(club=club).pk
    url = reverse("club-invitation-action", args=[club.slug, owner_pk, "withdraw"])
    assert organiser.post(url).status_code == 403
    assert Invitation.objects.get(pk=owner_pk).revoked_at is None


def test_a_failed_email_saves_nothing(people, settings):
    settings.EMAIL_BACKEND = "tests.club.test_invitations.BrokenBackend"
    club, _other, u = people
    response = invite(client_for(u["organiser"]), club)
    assert response.status_code == 400 and "could not be sent" in response.content.decode()
    assert not Invitation.objects.exists()
    assert not AuditEntry.objects.filter(action="invitation.sent").exists()


class BrokenBackend:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no SMTP server")


def test_a_club_name_never_breaks_the_mail_header(people):
    club, _other, u = people
    club.name = "Club\r\nBcc: victim@example.org"
    club.save()
    assert invite(client_for(u["owner"]), club).status_code == 302
    assert "\n" not in mail.outbox[0].subject and "Bcc" in mail.outbox[0].subject
    assert "victim@example.org" not in mail.outbox[0].recipients()


# -- an invitation stands on its sender's right to give the role (issue 27, break 4) -------


def test_removing_the_sender_withdraws_their_open_invitations(people):
    club, _other, u = people
    organiser = client_for(u["organiser"])
    invite(organiser, club, "one@example.org", "scorer")
    invite(organiser, club, "late@example.org", "viewer")
    invite(client_for(u["owner"]), club, "kept@example.org", "viewer")
    one, _late, kept = (link_in(message) for message in mail.outbox)
    # expired, but "send again" would revive it: withdrawn too
    Invitation.objects.filter(email="late@example.org").update(
        expires=timezone.now() - timedelta(days=1))
    response = client_for(u["owner"]).post(
        reverse("club-role-remove", args=[club.slug, u["organiser"].pk]),
        {"reason": "moved away"})
    assert response.status_code == 302
    state = {i.email: i.revoked_at is not None for i in Invitation.objects.all()}
    assert state == {"one@example.org": True, "late@example.org": True,
                     "kept@example.org": False}
    entries = AuditEntry.objects.filter(action="invitation.withdrawn")
    assert sorted(entries.values_list("subject", flat=True)) == ["late@example.org",
                                                                 "one@example.org"]
    assert all(e.user == u["owner"] and e.detail["sender"] == "organiser" for e in entries)
    assert Client().get(one).status_code == 410
    assert Client().get(kept).status_code == 200
    page = client_for(u["owner"]).get(reverse("club-members", args=[club.slug])).content.decode()
    assert "Invitation withdrawn" in page  # in the log of recent changes


def test_lowering_the_sender_withdraws_what_they_may_no_longer_give(people):
    club, _other, u = people
    members.change_role(u["owner"], club, u["organiser"], Role.OWNER)
    promoted = client_for(u["organiser"])
    invite(promoted, club, "org@example.org", "organiser")
    invite(promoted, club, "view@example.org", "viewer")
    members.change_role(u["owner"], club, u["organiser"], Role.ORGANISER)
    assert Invitation.objects.get(email="org@example.org").revoked_at is not None
    assert Invitation.objects.get(email="view@example.org").revoked_at is None  # still allowed
    members.change_role(u["owner"], club, u["organiser"], Role.SCORER)
    assert Invitation.objects.get(email="view@example.org").revoked_at is not None
    assert sorted(AuditEntry.objects.filter(action="invitation.withdrawn")
                  .values_list("subject", flat=True)) == ["org@example.org", "view@example.org"]


def test_accepting_checks_the_sender_may_still_give_the_role(people):
    """Belt and braces: a role changed around the services (the admin, a script) or a
    sender whose account is gone: the invitation is refused when accepted."""
    club, _other, u = people
    organiser = client_for(u["organiser"])
    invite(organiser, club, "new@example.org", "scorer")
    invite(organiser, club, "b@example.org", "viewer")
    new, for_b = link_in(mail.outbox[0]), link_in(mail.outbox[1])
    ClubRole.objects.filter(club=club, user=u["organiser"]).update(role=Role.VIEWER)
    refused = Client().post(new, {"username": "newbie", "password1": "Manille-2026-x",
                                  "password2": "Manille-2026-x"})
    assert refused.status_code == 400
    assert "may no longer give this role" in refused.content.decode()
    assert not get_user_model().objects.filter(username="newbie").exists()
    b = client_for(u["b_org"])
    refused = b.post(for_b)
    assert refused.status_code == 400
    assert "may no longer give this role" in refused.content.decode()
    assert not ClubRole.objects.filter(club=club, user=u["b_org"]).exists()
    assert not Invitation.objects.filter(accepted_at__isnull=False).exists()
    # the sender's account deleted: refused too
    ClubRole.objects.filter(club=club, user=u["organiser"]).update(role=Role.ORGANISER)
    u["organiser"].delete()
    assert b.post(for_b).status_code == 400
    assert not ClubRole.objects.filter(club=club, user=u["b_org"]).exists()


def test_the_refusal_is_translated(people):
    club, _other, u = people
    invite(client_for(u["organiser"]), club, "new@example.org", "scorer")
    link = link_in(mail.outbox[0])
    ClubRole.objects.filter(club=club, user=u["organiser"]).delete()
    with translation.override("nl"), pytest.raises(members.MemberError) as refused:
        invitations.accept(link.split("/")[2], u["b_org"])
    assert "may no longer give this role" not in str(refused.value)
    assert str(refused.value).strip()
