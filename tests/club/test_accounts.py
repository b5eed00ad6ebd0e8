"""Roles in a club (club.access, club.services.members), the members page, accounts with a
one-time password, and the password change and reset pages."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from club import access
from club.models import AuditEntry, ClubRole, TemporaryPassword
from club.services import members
from club.services.members import PASSWORD_ALPHABET, MemberError
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.accounts import fresh  # noqa: F401 (an autouse fixture)

pytestmark = pytest.mark.django_db
Role = ClubRole.Role


@pytest.fixture
def people(db):
    """Club A with one of each role, club B with its own organiser."""
    users = {name: make_user(name) for name in
             ("owner", "organiser", "scorer", "viewer", "b_org", "nobody")}
    club = make_club("club-a")
    for name in ("owner", "organiser", "scorer", "viewer"):
        ClubRole.objects.create(user=users[name], club=club, role=name)
    other = make_club("club-b")
    ClubRole.objects.create(user=users["b_org"], club=other, role=Role.ORGANISER)
    return club, other, users


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- club.access --------------------------------------------------------------------------

def test_what_each_role_may_do(people):
    club, _other, u = people
    staff = make_user("staff", is_staff=True)
    table = {
        # user: (edit club, enter sheets, see private, manage members)
        "owner": (True, True, True, True),
        "organiser": (True, True, True, True),
        "scorer": (False, True, True, False),
        "viewer": (False, False, True, False),
        "b_org": (False, False, False, False),
        "nobody": (False, False, False, False),
    }
    for name, want in table.items():
        user = u[name]
        got = (access.can_edit_club(user, club), access.can_enter_sheets(user, club),
               access.can_see_private(user, club), access.can_manage_members(user, club))
        assert got == want, name
        r = access.rights(user, club)  # the one-query form agrees
        assert (r.edit, r.score, r.see_private, r.manage_members) == want, name
    assert access.can_edit_club(staff, club) and access.can_enter_sheets(staff, club)
    assert access.organised_club_ids(u["scorer"]) == set()
    assert access.organised_club_ids(u["organiser"]) == {club.pk}


def test_who_gives_which_role(people):
    club, _other, u = people
    assert set(access.roles_given_by(u["owner"], club)) == set(Role)
    assert set(access.roles_given_by(u["organiser"], club)) == {Role.SCORER, Role.VIEWER}
    for name in ("scorer", "viewer", "b_org", "nobody"):
        assert access.roles_given_by(u[name], club) == [], name
    assert not access.can_manage_role(u["organiser"], club, Role.OWNER)
    assert not access.can_manage_role(u["organiser"], club, Role.ORGANISER)
    assert access.can_manage_role(u["organiser"], club, Role.SCORER)


def test_private_championship_pages_by_role(people):
    """A private championship: its page, standings and published rounds for every role of
    the club (one query for the rights); its set-up pages for owners and organisers; its
    sheets for scorers too."""
    club, _other, u = people
    championship = make_championship(club, entries=4, public=False)
    rnd = make_round(championship)
    table = rnd.tables.first()
    pages = {"see": [reverse("championship-detail", args=[championship.pk]),
                     reverse("championship-standings", args=[championship.pk]),
                     reverse("round-detail", args=[rnd.pk])],
             "score": [reverse("table-sheet", args=[table.pk]),
                       reverse("championship-sheet-changes", args=[championship.pk])],
             "edit": [reverse("championship-entries", args=[championship.pk])]}
    may = {"owner": {"see", "score", "edit"}, "organiser": {"see", "score", "edit"},
           "scorer": {"see", "score"}, "viewer": {"see"}, "b_org": set(), "nobody": set()}
    for name, allowed in may.items():
        client = client_for(u[name])
        for kind, urls in pages.items():
            for url in urls:
                status = client.get(url).status_code
                assert (status == 200) == (kind in allowed), (name, url, status)
    round_page = client_for(u["scorer"]).get(reverse("round-detail", args=[rnd.pk]))
    assert reverse("table-sheet", args=[table.pk]) in round_page.content.decode()
    viewer_page = client_for(u["viewer"]).get(reverse("round-detail", args=[rnd.pk]))
    assert reverse("table-sheet", args=[table.pk]) not in viewer_page.content.decode()
    listed = client_for(u["viewer"]).get(club.get_absolute_url()).content.decode()
    assert championship.get_absolute_url() in listed
    assert championship.get_absolute_url() not in client_for(u["b_org"]).get(
        club.get_absolute_url()).content.decode()


def test_the_sheet_flag_follows_the_role(people):
    """The sheet's one SQL read (club_scorer_sql) and its ORM twin agree with
    can_enter_sheets: owners, organisers and scorers, not viewers."""
    from club.selectors.sheet_rows import seat_rows

    club, _other, u = people
    championship = make_championship(club, entries=4)
    table = make_round(championship).tables.first()
    for name in ("owner", "organiser", "scorer", "viewer", "b_org", "nobody"):
        rows = seat_rows(u[name].pk, table_id=table.pk)
        assert rows and all(flag == (name in ("owner", "organiser", "scorer"))
                            for _seat, flag in rows), name


# -- roles through the service ------------------------------------------------------------

def test_owner_changes_any_role_and_it_is_audited(people):
    club, _other, u = people
    members.change_role(u["owner"], club, u["viewer"], Role.ORGANISER, "helps on Fridays")
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.ORGANISER
    entry = AuditEntry.objects.get(action="role.changed")
    assert (entry.club, entry.user, entry.subject, entry.reason) == (
        club, u["owner"], "viewer", "helps on Fridays")
    assert entry.detail == {"old": "viewer", "new": "organiser"}


def test_organiser_cannot_make_or_touch_owners_and_organisers(people):
    club, _other, u = people
    before = sorted(ClubRole.objects.values_list("user__username", "role"))
    with pytest.raises(PermissionDenied):
        members.change_role(u["organiser"], club, u["viewer"], Role.OWNER)
    with pytest.raises(PermissionDenied):
        members.change_role(u["organiser"], club, u["viewer"], Role.ORGANISER)
    with pytest.raises(PermissionDenied):
        members.change_role(u["organiser"], club, u["owner"], Role.VIEWER)
    with pytest.raises(PermissionDenied):
        members.remove_role(u["organiser"], club, u["owner"])
    members.change_role(u["organiser"], club, u["viewer"], Role.SCORER)
    members.remove_role(u["organiser"], club, u["scorer"])
    after = sorted(ClubRole.objects.values_list("user__username", "role"))
    assert after == sorted([r for r in before if r[0] not in ("viewer", "scorer")]
                           + [("viewer", "scorer")])


def test_the_last_owner_stays(people):
    club, _other, u = people
    staff = make_user("staff", is_staff=True)
    with pytest.raises(PermissionDenied):  # nobody changes their own role
        members.change_role(u["owner"], club, u["owner"], Role.ORGANISER)
    with pytest.raises(MemberError, match="last owner"):  # leaving, but the last owner
        members.remove_role(u["owner"], club, u["owner"])
    with pytest.raises(MemberError, match="last owner"):  # not even staff
        members.change_role(staff, club, u["owner"], Role.VIEWER)
    with pytest.raises(MemberError, match="last owner"):
        members.remove_role(staff, club, u["owner"])
    members.change_role(u["owner"], club, u["organiser"], Role.OWNER)
    members.change_role(u["organiser"], club, u["owner"], Role.VIEWER)  # two owners: fine
    with pytest.raises(MemberError, match="last owner"):
        members.remove_role(u["organiser"], club, u["organiser"])
    roles = dict(ClubRole.objects.filter(club=club).values_list("user__username", "role"))
    assert roles["organiser"] == Role.OWNER and roles["owner"] == Role.VIEWER
    assert ClubRole.objects.filter(club=club, role=Role.OWNER).count() == 1


def test_an_owner_leaves_when_another_owner_stays(people):
    club, _other, u = people
    members.change_role(u["owner"], club, u["organiser"], Role.OWNER)
    members.remove_role(u["owner"], club, u["owner"])
    assert not ClubRole.objects.filter(club=club, user=u["owner"]).exists()
    assert AuditEntry.objects.filter(action="role.removed", subject="owner").exists()


def test_another_clubs_organiser_changes_nothing(people):
    club, _other, u = people
    with pytest.raises(PermissionDenied):
        members.change_role(u["b_org"], club, u["viewer"], Role.SCORER)
    with pytest.raises(PermissionDenied):
        members.remove_role(u["b_org"], club, u["viewer"])
    with pytest.raises(PermissionDenied):
        members.create_account(u["b_org"], club, username="intruder", role=Role.VIEWER)
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.VIEWER
    assert not get_user_model().objects.filter(username="intruder").exists()


# -- the members page ---------------------------------------------------------------------

def test_members_page_for_owners_and_organisers_only(people):
    club, _other, u = people
    url = reverse("club-members", args=[club.slug])
    for name, status in (("owner", 200), ("organiser", 200), ("scorer", 403), ("viewer", 403),
                         ("b_org", 403), ("nobody", 403)):
        assert client_for(u[name]).get(url).status_code == status, name
    assert Client().get(url).status_code == 302
    page = client_for(u["owner"]).get(url).content.decode()
    for name in ("owner", "organiser", "scorer", "viewer"):
        assert name in page
    assert "b_org" not in page
    club_page = client_for(u["organiser"]).get(club.get_absolute_url()).content.decode()
    assert url in club_page
    assert url not in client_for(u["scorer"]).get(club.get_absolute_url()).content.decode()


def test_role_change_through_the_page(people):
    club, _other, u = people
    client = client_for(u["organiser"])
    change = reverse("club-role-change", args=[club.slug, u["viewer"].pk])
    assert client.post(change, {"role": "scorer"}).status_code == 302
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.SCORER
    assert client.post(change, {"role": "owner"}).status_code == 403
    assert client.post(change, {"role": "emperor"}).status_code == 400
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.SCORER
    # another club's user, and a user of this club through another club's address: 404
    assert client.post(reverse("club-role-change", args=[club.slug, u["b_org"].pk]),
                       {"role": "viewer"}).status_code == 404
    b = client_for(u["b_org"])
    assert b.post(change, {"role": "viewer"}).status_code == 403
    assert b.post(reverse("club-role-remove", args=[club.slug, u["viewer"].pk])).status_code == 403
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.SCORER
    # the last owner, through the page: 400 with the reason
    owner = client_for(u["owner"])
    response = owner.post(reverse("club-role-remove", args=[club.slug, u["owner"].pk]))
    assert response.status_code == 400 and "last owner" in response.content.decode()


def test_the_page_offers_only_what_is_allowed(people):
    club, _other, u = people
    page = client_for(u["organiser"]).get(reverse("club-members", args=[club.slug]))
    rows = {row.user.username: row for row in page.context["page"].roles}
    assert rows["owner"].choices == [] and not rows["owner"].removable
    assert [v for v, _l in rows["viewer"].choices] == ["scorer"]
    assert rows["organiser"].choices == [] and rows["organiser"].removable  # leave
    owner_rows = {row.user.username: row for row in client_for(u["owner"]).get(
        reverse("club-members", args=[club.slug])).context["page"].roles}
    assert [v for v, _l in owner_rows["viewer"].choices] == ["scorer", "organiser", "owner"]


# -- accounts with a one-time password ----------------------------------------------------

def test_one_time_passwords_are_readable_and_random():
    seen = {members.one_time_password() for _i in range(50)}
    assert len(seen) == 50
    for password in seen:
        assert re.fullmatch(r"[a-z0-9]{4}(-[a-z0-9]{4}){3}", password)
        assert not set(password.replace("-", "")) - set(PASSWORD_ALPHABET)
        assert not set(password) & set("0o1li")


def test_create_account_shows_the_password_once_and_forces_a_change(people):
    club, _other, u = people
    client = client_for(u["organiser"])
    url = reverse("club-account-create", args=[club.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, {"username": "newbie", "first_name": "Nel", "last_name": "Bie",
                                 "email": "", "role": "scorer"})
    assert response.status_code == 200
    password = response.context["password"]
    assert password in response.content.decode()
    assert response["Cache-Control"].count("no-store")
    newbie = get_user_model().objects.get(username="newbie")
    assert newbie.check_password(password) and newbie.first_name == "Nel"
    assert TemporaryPassword.objects.get(user=newbie).set_by == u["organiser"]
    assert ClubRole.objects.get(club=club, user=newbie).role == Role.SCORER
    assert set(AuditEntry.objects.filter(club=club).values_list("action", "subject")) >= {
        ("account.created", "newbie"), ("role.added", "newbie")}
    # nowhere else shows it again
    assert password not in client.get(reverse("club-members", args=[club.slug])).content.decode()

    # the new member logs in: every page sends them to the password change first
    member = Client()
    response = member.post(reverse("login"), {"username": "newbie", "password": password})
    assert response.status_code == 302
    for url in (reverse("home"), club.get_absolute_url(), reverse("account")):
        response = member.get(url)
        assert response.status_code == 302 and response.url == reverse("password_change"), url
    page = member.get(reverse("password_change"))
    assert page.status_code == 200 and "one-time password" in page.content.decode()
    weak = member.post(reverse("password_change"), {
        "old_password": password, "new_password1": "123", "new_password2": "123"})
    assert weak.status_code == 400
    assert TemporaryPassword.objects.filter(user=newbie).exists()
    done = member.post(reverse("password_change"), {
        "old_password": password, "new_password1": "Manille-is-fun-42",
        "new_password2": "Manille-is-fun-42"})
    assert done.status_code == 302
    assert not TemporaryPassword.objects.filter(user=newbie).exists()
    assert member.get(reverse("home")).status_code == 200
    assert member.get(reverse("account")).status_code == 200


def test_forced_change_costs_no_query_per_request(people, django_assert_num_queries):
    """The flag is in the (signed-cookie) session: a page costs what it cost before."""
    _club, _other, u = people
    user = u["viewer"]
    TemporaryPassword.objects.create(user=user)
    client = client_for(user)
    with django_assert_num_queries(0):
        response = client.get(reverse("club-list"))
    assert response.status_code == 302


def test_organiser_cannot_create_an_organiser_account(people):
    club, _other, u = people
    client = client_for(u["organiser"])
    url = reverse("club-account-create", args=[club.slug])
    response = client.post(url, {"username": "boss", "role": "owner"})
    assert response.status_code == 400 and "Role" in response.content.decode()
    response = client.post(url, {"username": "Scorer", "role": "viewer"})  # taken (any case)
    assert response.status_code == 400 and "taken" in response.content.decode()
    response = client.post(url, {"username": "bad name!", "role": "viewer"})
    assert response.status_code == 400
    assert get_user_model().objects.count() == 6


def test_new_one_time_password_only_for_a_member_of_this_club_alone(people):
    club, other, u = people
    client = client_for(u["organiser"])
    # the viewer has a role here only: a new one-time password, their sessions end
    viewer_session = client_for(u["viewer"])
    response = client.post(reverse("club-member-password", args=[club.slug, u["viewer"].pk]))
    assert response.status_code == 200
    password = response.context["password"]
    u["viewer"].refresh_from_db()
    assert u["viewer"].check_password(password)
    assert TemporaryPassword.objects.filter(user=u["viewer"]).exists()
    assert AuditEntry.objects.filter(action="account.password", subject="viewer").exists()
    assert viewer_session.get(reverse("account")).status_code == 302  # logged out
    # a member who also has a role in club B: refused, their password unchanged
    ClubRole.objects.create(user=u["scorer"], club=other, role=Role.VIEWER)
    before = get_user_model().objects.get(pk=u["scorer"].pk).password
    url = reverse("club-member-password", args=[club.slug, u["scorer"].pk])
    assert client.post(url).status_code == 403
    assert get_user_model().objects.get(pk=u["scorer"].pk).password == before
    # an organiser cannot reset an owner's; nobody their own; not another club's member
    assert client.post(reverse("club-member-password",
                               args=[club.slug, u["owner"].pk])).status_code == 403
    assert client.post(reverse("club-member-password",
                               args=[club.slug, u["organiser"].pk])).status_code == 403
    assert client.post(reverse("club-member-password",
                               args=[club.slug, u["b_org"].pk])).status_code == 404
    assert client_for(u["b_org"]).post(reverse(
        "club-member-password", args=[club.slug, u["viewer"].pk])).status_code == 403


# -- the user's own page and the password reset -------------------------------------------

def test_account_page_lists_the_users_clubs(people):
    club, other, u = people
    ClubRole.objects.create(user=u["scorer"], club=other, role=Role.VIEWER)
    page = client_for(u["scorer"]).get(reverse("account"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Club-A" in text and "Club-B" in text and reverse("password_change") in text
    assert reverse("club-members", args=[club.slug]) not in text
    assert Client().get(reverse("account")).status_code == 302


def test_password_reset_answers_the_same_and_is_throttled(people, settings):
    settings.TROEF_RESET_MAX_PER_EMAIL = 2
    settings.TROEF_RESET_MAX_PER_ADDRESS = 5
    user = u = people[2]["viewer"]
    u.email = "viewer@example.org"
    u.save()
    client = Client()
    url = reverse("password_reset")
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()
    known = client.post(url, {"email": "viewer@example.org"})
    unknown = client.post(url, {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 302
    assert known.url == unknown.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["viewer@example.org"]
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    # the per-address limit on one e-mail address: the same answer, no more e-mail
    client.post(url, {"email": "viewer@example.org"})
    third = client.post(url, {"email": "viewer@example.org"})
    assert third.status_code == 302 and third.url == reverse("password_reset_done")
    assert len(mail.outbox) == 2
    # the client's address: 429, whatever the e-mail address
    client.post(url, {"email": "x@example.org"})
    refused = client.post(url, {"email": "viewer@example.org"})
    assert refused.status_code == 429 and "Too many" in refused.content.decode()
    # the link works once and clears a one-time password
    TemporaryPassword.objects.create(user=user)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    new = {"new_password1": "Troef-reset-2026", "new_password2": "Troef-reset-2026"}
    assert client.post(form.redirect_chain[-1][0], new).status_code == 302
    user.refresh_from_db()
    assert user.check_password("Troef-reset-2026")
    assert not TemporaryPassword.objects.filter(user=user).exists()
    again = Client().get(link, follow=True)
    assert "does not work" in again.content.decode()


def test_leaving_a_club_from_ones_own_page(people):
    club, other, u = people
    scorer = client_for(u["scorer"])
    assert reverse("account-leave", args=[club.slug]) in scorer.get(
        reverse("account")).content.decode()
    assert scorer.post(reverse("account-leave", args=[other.slug])).status_code == 404
    assert scorer.post(reverse("account-leave", args=[club.slug])).status_code == 302
    assert not ClubRole.objects.filter(club=club, user=u["scorer"]).exists()
    assert AuditEntry.objects.filter(action="role.removed", subject="scorer",
                                     user=u["scorer"]).exists()
    last = client_for(u["owner"]).post(reverse("account-leave", args=[club.slug]))
    assert last.status_code == 400 and "last owner" in last.content.decode()
    assert ClubRole.objects.filter(club=club, user=u["owner"], role=Role.OWNER).exists()


def test_the_reason_typed_on_the_page_is_in_the_audit(people):
    club, _other, u = people
    client = client_for(u["owner"])
    page = client.get(reverse("club-members", args=[club.slug])).content.decode()
    assert 'name="reason"' in page
    client.post(reverse("club-role-change", args=[club.slug, u["viewer"].pk]),
                {"role": "scorer", "reason": "keeps the sheets on Fridays"})
    entry = AuditEntry.objects.get(action="role.changed")
    assert entry.reason == "keeps the sheets on Fridays" and entry.subject == "viewer"
    page = client.get(reverse("club-members", args=[club.slug])).content.decode()
    assert "keeps the sheets on Fridays" in page and "(viewer → scorer)" in page
    assert client.post(reverse("club-role-change", args=[club.slug, u["viewer"].pk]),
                       {"role": "viewer", "reason": "x" * 301}).status_code == 400
    assert ClubRole.objects.get(club=club, user=u["viewer"]).role == Role.SCORER


def test_role_pickers_start_at_the_smallest_role():
    """A careless click never hands over the club: the invitation's and the new account's
    role start at scorer, and the change select starts empty."""
    from club.forms_members import InviteForm
    from club.models import ClubRole

    form = InviteForm(roles=list(ClubRole.Role))
    assert [value for value, _label in form.fields["role"].choices] == [
        "scorer", "viewer", "organiser", "owner"]
