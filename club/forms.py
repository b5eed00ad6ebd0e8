"""Forms for clubs, players and pairs. Championship and sheet forms live beside their views."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Club, Membership, Pair, Player


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "slug", "town"]


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["last_name", "first_name", "member_number"]

    def clean_member_number(self) -> str:
        number = self.cleaned_data["member_number"].strip()
        if number and Player.objects.filter(member_number=number).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Another player already has member number %(number)s."),
                                        params={"number": number}, code="unique")
        return number


class MembershipForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["active", "joined"]
        widgets = {"joined": forms.DateInput(attrs={"type": "date"})}


class PairForm(forms.ModelForm):
    class Meta:
        model = Pair
        fields = ["first", "second", "name"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        members = Player.objects.filter(memberships__club=club, memberships__active=True)
        self.fields["first"].queryset = members
        self.fields["second"].queryset = members

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", _("A pair is two different players."))
        return data


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"),
                           help_text=_("Columns: name, first name, member number, club. "
                                       "Comma or semicolon separated, UTF-8."))
