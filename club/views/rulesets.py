"""Rule sets: the presets and a club's own, each option explained; copy and edit."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club.access import can_edit_club, clubs_edited_by
from club.forms_rules import CHOICES, OPTIONS, RuleSetForm, option_value
from club.models import Club, RuleSet
from club.services.rulesets import RuleSetRefused, copy_rule_set, save_rule_set
from club.views.base import ClubEditMixin


def choice_label(key: str, value):
    """An option's value as the form names it (translated), or the value itself (a list of
    numbers, such as dealing packets, as "3, 2, 3")."""
    if isinstance(value, list | tuple):
        return option_value(value)
    return dict(CHOICES.get(key, ())).get(value, value)


def rule_set_list(request, slug):
    club = get_object_or_404(Club, slug=slug)
    rule_sets = RuleSet.objects.filter(Q(club=None) | Q(club=club)).order_by("club_id", "name")
    return render(request, "rulesets/list.html", {
        "club": club, "rule_sets": rule_sets, "can_edit": can_edit_club(request.user, club)})


def rule_set_detail(request, pk):
    rule_set = get_object_or_404(RuleSet.objects.select_related("club"), pk=pk)
    values = rule_set.rules().to_dict()
    options = [(label, help_text, choice_label(key, values.get(key)))
               for key, (label, help_text) in OPTIONS.items()]
    return render(request, "rulesets/detail.html", {
        "rule_set": rule_set, "options": options, "clubs": clubs_edited_by(request.user),
        "can_edit": rule_set.club is not None and can_edit_club(request.user, rule_set.club)})


class RuleSetCopyView(ClubEditMixin, View):
    def post(self, request, slug, pk):
        source = get_object_or_404(RuleSet, pk=pk)
        if source.club is not None and not can_edit_club(request.user, source.club):
            raise PermissionDenied
        copy = copy_rule_set(self.club, source)
        messages.success(request, _("“%(name)s” is your club's copy: change what you like.")
                         % {"name": copy.name})
        return redirect("ruleset-edit", pk=copy.pk)


class RuleSetEditView(View):
    def dispatch(self, request, *args, **kwargs):
        self.rule_set = get_object_or_404(RuleSet.objects.select_related("club"), pk=kwargs["pk"])
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        if self.rule_set.club is None or not can_edit_club(request.user, self.rule_set.club):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def render(self, form, status=200):
        return render(self.request, "rulesets/edit.html",
                      {"form": form, "rule_set": self.rule_set, "frozen": self.rule_set.frozen},
                      status=status)

    def get(self, request, pk):
        return self.render(RuleSetForm(initial=RuleSetForm.initial_from(self.rule_set)))

    def post(self, request, pk):
        form = RuleSetForm(request.POST)
        if not form.is_valid():
            return self.render(form, status=400)
        try:
            saved, copied = save_rule_set(self.rule_set, form.cleaned_data["name"],
                                          form.engine_rules)
        except RuleSetRefused as refused:
            form.add_error(refused.field, str(refused))
            return self.render(form, status=400)
        if copied:
            messages.warning(request, _("A championship plays under “%(old)s” (a round is "
                                        "published), so it stays as it was: your changes are "
                                        "saved as “%(new)s”.")
                             % {"old": self.rule_set.name, "new": saved.name})
        else:
            messages.success(request, _("Rule set saved."))
        return redirect(saved)
