"""A player's data: the export (a JSON download) and the erasure (anonymising), for who
may edit the player (:func:`club.access.can_edit_player`). See club/services/privacy.py."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View

from club.access import can_edit_player
from club.exports import FILE_WORDS, export_filename
from club.models import Player
from club.services.privacy import (
    MAX_REASON,
    PrivacyRefused,
    anonymise_player,
    anonymous_name,
    export_player,
)


class PlayerPrivacyMixin(LoginRequiredMixin):
    """Anonymous users log in; users who may not edit the player get 403."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.player = get_object_or_404(Player, pk=kwargs["pk"])
        if not can_edit_player(request.user, self.player):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)


class PlayerExportView(PlayerPrivacyMixin, View):
    """POST: everything Troef holds about the player, as a JSON file (logged)."""

    http_method_names = ["post"]

    def post(self, request, pk):
        body = export_player(request.user, self.player)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        name = export_filename(FILE_WORDS["player_data"], pk, ext="json")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        response["Cache-Control"] = "private, no-store"
        return response


class AnonymiseForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"), max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": gettext_lazy("Reason: give the reason for erasing the "
                                                 "player's data (the log keeps it)."),
                        "max_length": gettext_lazy("Reason: at most %(limit_value)d "
                                                   "characters (%(show_value)d given).")},
        help_text=gettext_lazy("Kept in the club's log, e.g. \"asked by the player by e-mail "
                               "on 3 May\"."))
    confirm = forms.BooleanField(
        label=gettext_lazy("I understand that the names and the member number are erased "
                           "for good; the results stay."),
        error_messages={"required": gettext_lazy("Confirmation: tick the box to erase the "
                                                 "player's data.")})


class PlayerAnonymiseView(PlayerPrivacyMixin, View):
    """GET: what erasing does, and the form (a reason, a confirmation); POST: erase."""

    template_name = "club/player_anonymise.html"

    def page(self, request, form, status=200):
        return render(request, self.template_name, {
            "player": self.player, "form": form, "new_name": anonymous_name(self.player),
            "entries": self.player.entries.count()}, status=status)

    def get(self, request, pk):
        if self.player.anonymised_at is not None:
            return redirect(self.player)
        return self.page(request, AnonymiseForm())

    def post(self, request, pk):
        form = AnonymiseForm(request.POST)
        if not form.is_valid():
            return self.page(request, form, status=400)
        try:
            player = anonymise_player(request.user, self.player, form.cleaned_data["reason"])
        except PrivacyRefused as error:
            form.add_error(error.field, str(error))
            return self.page(request, form, status=400)
        changed = sum(player.texts_changed.values())
        messages.success(request, " ".join((
            _("The player's personal data was erased; the results stay under the name "
              "%(name)s.") % {"name": player.full_name},
            ngettext("%(count)d text that named the player was changed.",
                     "%(count)d texts that named the player were changed.", changed)
            % {"count": changed})))
        return redirect(player)
