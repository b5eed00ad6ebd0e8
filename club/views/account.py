"""A user's own pages: their clubs and roles, accepting an invitation, and Django's password
change and reset views with Troef's templates, throttling and one-time passwords."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views import View

from club import access, throttle
from club.forms_members import NewAccountForm
from club.models import Club
from club.selectors.members import invitation_for, roles_of
from club.services import invitations, members
from club.services.accounts import MUST_CHANGE_PASSWORD
from club.services.members import MemberError
from club.views.base import RefusedIs400

INVITATION_FAILURES = "invitation-fail"
RESET_BY_ADDRESS = "reset-addr"
RESET_BY_EMAIL = "reset-email"


class AccountView(LoginRequiredMixin, View):
    def get(self, request):
        return render(request, "account/account.html", {
            "roles": roles_of(request.user),
            "must_change": bool(request.session.get(MUST_CHANGE_PASSWORD))})


class LeaveClubView(LoginRequiredMixin, View):
    """POST: give up one's own role in a club (refused for its last owner)."""

    def get(self, request, slug):
        return redirect("account")

    def post(self, request, slug):
        club = get_object_or_404(Club, slug=slug)
        if access.role_of(request.user, club) is None:
            raise Http404(_("You have no role in this club."))
        try:
            members.remove_role(request.user, club, request.user)
        except MemberError as error:
            return render(request, "account/account.html", {
                "roles": roles_of(request.user), "error": str(error),
                "must_change": False}, status=400)
        messages.success(request, _("You left %(club)s.") % {"club": club.name})
        return redirect("account")


class InvitationAcceptView(View):
    """The page an invitation's link opens: accept with the account one is logged in with,
    or make an account here (or log in and come back). A link that is unknown, used,
    withdrawn or expired gets a page saying so and counts against the client's address:
    after ``TROEF_INVITATION_MAX_FAILURES`` in the login window, every link answers 429."""

    def dispatch(self, request, *args, **kwargs):
        self.address = throttle.client_address(request)
        if throttle.count(INVITATION_FAILURES, self.address) >= \
                settings.TROEF_INVITATION_MAX_FAILURES:
            return render(request, "account/invitation_invalid.html", {"state": "throttled"},
                          status=429)
        self.invitation = invitation_for(kwargs["token"])
        self.state = "unknown" if self.invitation is None else invitations.state(self.invitation)
        if self.state != "pending":
            throttle.add(INVITATION_FAILURES, self.address, settings.TROEF_LOGIN_WINDOW_SECONDS)
            return render(request, "account/invitation_invalid.html", {
                "state": self.state,
                "club": None if self.invitation is None else self.invitation.club},
                status=404 if self.invitation is None else 410)
        return super().dispatch(request, *args, **kwargs)

    def page(self, form=None, *, status=200, error=None):
        user = self.request.user
        if form is None and not user.is_authenticated:
            form = NewAccountForm()
        return render(self.request, "account/invitation_accept.html", {
            "invitation": self.invitation, "club": self.invitation.club, "form": form,
            "role": members.role_label(self.invitation.role), "error": error}, status=status)

    def get(self, request, token):
        return self.page()

    def post(self, request, token):
        if request.user.is_authenticated:
            try:
                invitations.accept(token, request.user)
            except MemberError as error:
                return self.page(status=400, error=str(error))
            user = request.user
        else:
            form = NewAccountForm(request.POST)
            if not form.is_valid():
                return self.page(form, status=400)
            try:
                user, _invitation = invitations.accept_with_new_account(
                    token, username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"])
            except MemberError as error:
                form.add_error(error.field, str(error))
                return self.page(form, status=400)
            login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        messages.success(request, _("Welcome, %(user)s: you are now %(role)s of %(club)s.") % {
            "user": user.get_username(), "role": members.role_label(self.invitation.role),
            "club": self.invitation.club.name})
        return redirect(self.invitation.club)


class PasswordChangeView(RefusedIs400, auth_views.PasswordChangeView):
    """Django's, and a one-time password no longer stands once the user chose theirs."""

    template_name = "registration/password_change_form.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        members.password_chosen(form.user)
        self.request.session.pop(MUST_CHANGE_PASSWORD, None)
        return response

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            must_change=bool(self.request.session.get(MUST_CHANGE_PASSWORD)), **kwargs)


class PasswordResetView(RefusedIs400, auth_views.PasswordResetView):
    """Django's, throttled: per client address (then a 429 that says so), and per e-mail
    address (then the same answer as always, and no e-mail), so the answer never says
    whether an address has an account."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form):
        address = throttle.client_address(self.request)
        window = settings.TROEF_RESET_WINDOW_SECONDS
        if throttle.count(RESET_BY_ADDRESS, address) >= settings.TROEF_RESET_MAX_PER_ADDRESS:
            form.add_error(None, _("Too many password reset requests from here. Wait an hour "
                                   "and try again."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        throttle.add(RESET_BY_ADDRESS, address, window)
        email = form.cleaned_data["email"]
        if throttle.count(RESET_BY_EMAIL, email) >= settings.TROEF_RESET_MAX_PER_EMAIL:
            return redirect(self.get_success_url())
        throttle.add(RESET_BY_EMAIL, email, window)
        return super().form_valid(form)


class PasswordResetConfirmView(RefusedIs400, auth_views.PasswordResetConfirmView):
    success_url = reverse_lazy("password_reset_complete")

    def form_valid(self, form):
        response = super().form_valid(form)
        members.password_chosen(form.user)
        return response
