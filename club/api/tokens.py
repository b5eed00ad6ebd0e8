"""The user's API tokens page: make a token (its secret shown once, on this answer only),
see the tokens with their prefix and last use, revoke one. Only the logged-in user's own
tokens are listed or revoked."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from club.api.authentication import create_token, revoke_token
from club.models import ApiToken

#: Active tokens a user may hold at once.
MAX_TOKENS = 20


class TokenForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("name"), max_length=80,
                           help_text=gettext_lazy("What the token is for, e.g. “results display”."))

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name or "\x00" in name:
            raise forms.ValidationError(_("Give the token a name."), code="required")
        return name


class TokensView(LoginRequiredMixin, View):
    template_name = "api/tokens.html"

    def page(self, request, form=None, secret="", status=200):
        tokens = ApiToken.objects.filter(user=request.user).order_by("-created", "-pk")[:100]
        return render(request, self.template_name, {
            "form": form or TokenForm(), "tokens": tokens, "secret": secret,
            "title": _("API tokens")}, status=status)

    def get(self, request):
        return self.page(request)

    def post(self, request):
        form = TokenForm(request.POST)
        if not form.is_valid():
            return self.page(request, form, status=400)
        if ApiToken.objects.filter(user=request.user, revoked=None).count() >= MAX_TOKENS:
            form.add_error(None, _("You have %(count)d tokens: revoke one you no longer use "
                                   "first.") % {"count": MAX_TOKENS})
            return self.page(request, form, status=400)
        _token, secret = create_token(request.user, form.cleaned_data["name"])
        return self.page(request, secret=secret)


class RevokeView(LoginRequiredMixin, View):
    http_method_names = ["post"]

    def post(self, request, pk):
        if not revoke_token(request.user, pk):
            raise Http404(_("No such token."))
        messages.success(request, _("Token revoked: it no longer opens the API."))
        return redirect("api-tokens")
