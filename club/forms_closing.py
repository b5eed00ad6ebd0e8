"""Forms of closing a round: a table's decision, the close, the reopening. The rules (a
reason for an adjusted result, the side of a forfeit) are the service's
(:mod:`club.services.closing`), which names the field at fault; these forms only parse."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Table
from club.services.closing import REASON_LENGTH


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Decision"), required=False,
        choices=[("", _("no decision yet"))] + list(Table.Decision.choices))
    side = forms.TypedChoiceField(label=_("Side that forfeits"), required=False, coerce=int,
                                  empty_value=None, choices=[("", "—")])
    reason = forms.CharField(label=_("Reason"), required=False, max_length=REASON_LENGTH,
                             help_text=_("Required for a forfeit or an average score."))

    def __init__(self, *args, sides: list[str] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [("", "—")] + [(i, name) for i, name in enumerate(sides)]


class CloseForm(forms.Form):
    remaining = forms.ChoiceField(
        label=_("Tables still without a decision"), required=False,
        choices=[("", _("refuse: I decide each table")),
                 (Table.Decision.PLAYED, _("score them as played (time is called)")),
                 (Table.Decision.NOT_PLAYED, _("count them as not played"))])


class ReopenForm(forms.Form):
    reason = forms.CharField(label=_("Why reopen the round?"), required=False,
                             max_length=REASON_LENGTH)


class DiscardLateForm(forms.Form):
    """Discarding a deal received after the round closed: the reason is required (the
    service says so, club.services.late_deals)."""

    reason = forms.CharField(label=_("Why discard it?"), required=False,
                             max_length=REASON_LENGTH)
