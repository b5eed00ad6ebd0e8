"""A club's members page (owners and organisers): who has which role, invitations, new
accounts with a one-time password, and the audit entries about them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club import access
from club.forms_members import AccountForm, InviteForm, RoleForm, role_choices
from club.models import Club, Invitation
from club.selectors.members import member_of, members_page
from club.services import invitations, members
from club.services.members import MemberError


def accept_url(request):
    """The absolute address of the accept page for a token, on this request's host."""
    return lambda token: request.build_absolute_uri(reverse("invitation-accept", args=[token]))


class MembersMixin(View):
    """The club's owners and organisers (and staff); others 403, anonymous users log in."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        self.club = get_object_or_404(Club, slug=kwargs["slug"])
        if not access.can_manage_members(request.user, self.club):
            raise PermissionDenied
        self.given = access.roles_given_by(request.user, self.club)
        return super().dispatch(request, *args, **kwargs)

    def page(self, *, status: int = 200, errors=(), invite_form=None):
        user, club = self.request.user, self.club
        data = members_page(club)
        for row in data.roles:
            row.is_me = row.user_id == user.pk
            row.choices = role_choices(
                [value for value in access.Role if value != row.role
                 and access.can_change_role(user, club, row.user, row.role, value)])
            row.removable = access.can_change_role(user, club, row.user, row.role, None)
            row.resettable = access.can_reset_password(user, club, row.user)
        for invitation in data.invitations:
            invitation.manageable = invitation.role in self.given
        return render(self.request, "club/members.html", {
            "club": club, "page": data, "errors": errors,
            "invite_form": invite_form or InviteForm(roles=self.given),
        }, status=status)

    def refused(self, error: Exception):
        return self.page(status=400, errors=[str(error)])

    def member(self, user_id: int):
        member = member_of(self.club, user_id)
        if member is None:
            raise Http404(_("No such member."))
        return member


class MembersView(MembersMixin):
    def get(self, request, slug):
        return self.page()


class RoleChangeView(MembersMixin):
    def get(self, request, slug, user):
        return redirect("club-members", slug)

    def post(self, request, slug, user):
        member = self.member(user)
        form = RoleForm(request.POST, roles=list(access.Role))
        if not form.is_valid():
            return self.page(status=400, errors=[e for errs in form.errors.values() for e in errs])
        try:
            members.change_role(request.user, self.club, member, form.cleaned_data["role"],
                                form.cleaned_data["reason"])
        except MemberError as error:
            return self.refused(error)
        messages.success(request, _("%(user)s is now %(role)s.") % {
            "user": member.get_username(), "role": members.role_label(form.cleaned_data["role"])})
        return redirect("club-members", slug)


class RoleRemoveView(MembersMixin):
    def get(self, request, slug, user):
        return redirect("club-members", slug)

    def post(self, request, slug, user):
        member = self.member(user)
        try:
            members.remove_role(request.user, self.club, member,
                                request.POST.get("reason", "")[:300])
        except MemberError as error:
            return self.refused(error)
        messages.success(request, _("%(user)s no longer has a role in the club.")
                         % {"user": member.get_username()})
        if member.pk == request.user.pk:
            return redirect(self.club)
        return redirect("club-members", slug)


class InviteView(MembersMixin):
    def get(self, request, slug):
        return redirect("club-members", slug)

    def post(self, request, slug):
        form = InviteForm(request.POST, roles=self.given)
        if not form.is_valid():
            return self.page(status=400, invite_form=form)
        try:
            invitations.invite(request.user, self.club, form.cleaned_data["email"],
                               form.cleaned_data["role"], accept_url(request))
        except MemberError as error:
            return self.page(status=400, errors=[str(error)], invite_form=form)
        messages.success(request, _("Invitation sent to %(email)s, valid %(days)d days.") % {
            "email": form.cleaned_data["email"], "days": invitations.VALID_DAYS})
        return redirect("club-members", slug)


class InvitationActionView(MembersMixin):
    """POST resend or withdraw one of the club's invitations."""

    def get(self, request, slug, pk, action):
        return redirect("club-members", slug)

    def post(self, request, slug, pk, action):
        try:
            if action == "resend":
                invitation = invitations.resend(request.user, self.club, pk, accept_url(request))
                messages.success(request, _("Invitation sent again to %(email)s.")
                                 % {"email": invitation.email})
            elif action == "withdraw":
                invitation = invitations.withdraw(request.user, self.club, pk)
                messages.success(request, _("Invitation to %(email)s withdrawn.")
                                 % {"email": invitation.email})
            else:
                raise Http404
        except Invitation.DoesNotExist:
            raise Http404(_("No such invitation.")) from None
        except MemberError as error:
            return self.refused(error)
        return redirect("club-members", slug)


def password_page(request, club: Club, member, password: str, *, new: bool):
    """The one-time password, shown once (the page is never cached: a logged-in page)."""
    return render(request, "club/one_time_password.html", {
        "club": club, "member": member, "password": password, "new": new})


class AccountCreateView(MembersMixin):
    def get(self, request, slug, form=None, status=200):
        return render(request, "club/account_form.html", {
            "club": self.club, "form": form or AccountForm(roles=self.given), "title": _(
                "New account with a one-time password"),
            "intro": _("The next page shows the password once: print it or write it down "
                       "for the new member, who chooses their own at the first login.")},
            status=status)

    def post(self, request, slug):
        form = AccountForm(request.POST, roles=self.given)
        if not form.is_valid():
            return self.get(request, slug, form=form, status=400)
        data = form.cleaned_data
        try:
            member, password = members.create_account(
                request.user, self.club, username=data["username"], role=data["role"],
                first_name=data["first_name"], last_name=data["last_name"],
                email=data["email"])
        except MemberError as error:
            form.add_error(error.field, str(error))
            return self.get(request, slug, form=form, status=400)
        return password_page(request, self.club, member, password, new=True)


class MemberPasswordView(MembersMixin):
    """POST: a new one-time password for a member who forgot theirs (see
    :func:`club.access.can_reset_password`)."""

    def get(self, request, slug, user):
        return redirect("club-members", slug)

    def post(self, request, slug, user):
        member = self.member(user)
        password = members.new_one_time_password(request.user, self.club, member)
        return password_page(request, self.club, member, password, new=False)
