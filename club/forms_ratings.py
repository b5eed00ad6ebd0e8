"""The club's rating settings: which championships count, from which day."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Championship, ClubRatingSettings, Round


class RatingSettingsForm(forms.Form):
    counts = forms.ChoiceField(label=_("Championships that count"),
                               choices=ClubRatingSettings.Counts.choices,
                               widget=forms.RadioSelect)
    championships = forms.ModelMultipleChoiceField(
        label=_("Chosen championships"), queryset=Championship.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)
    since = forms.DateField(label=_("Counted from"), required=False,
                            help_text=_("Rounds closed before this day do not count. Empty: "
                                        "every round."),
                            widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["championships"].queryset = Championship.objects.filter(
            club=club).order_by("-start_date", "name")

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        chosen = data.get("championships") or []
        if data["counts"] == ClubRatingSettings.Counts.CHOSEN and not chosen:
            self.add_error("championships", _(
                "Choose at least one championship: with none chosen, no match would count "
                "and the club would have no ratings."))
            return data
        rounds = Round.objects.filter(stage__championship__club=self.club,
                                      status=Round.Status.CLOSED)
        if data["counts"] == ClubRatingSettings.Counts.CHOSEN:
            rounds = rounds.filter(stage__championship__in=chosen)
        since = data.get("since")
        if since is not None and rounds.exists() and not rounds.filter(
                closed_at__date__gte=since).exists():
            self.add_error("since", _(
                "No round of the championships that count closed on or after %(day)s: "
                "this first day would exclude every match.") % {"day": since.isoformat()})
        return data
