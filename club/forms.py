"""Forms for clubs, players and pairs. Championship and sheet forms live beside their views."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.access import can_edit_player
from club.models import Club, Membership, Pair, Player
from club.services.player_import import MAX_IMPORT_BYTES
from club.services.players import FOREIGN_NUMBER


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "slug", "town"]


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["last_name", "first_name", "member_number", "published"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_member_number(self) -> str:
        number = self.cleaned_data["member_number"].strip()
        holder = number and Player.objects.filter(member_number=number).exclude(
            pk=self.instance.pk).first()
        if holder and self.user is not None and not can_edit_player(self.user, holder):
            raise forms.ValidationError(FOREIGN_NUMBER, params={"number": number},
                                        code="foreign")
        if holder:
            raise forms.ValidationError(_("Another player already has member number %(number)s."),
                                        params={"number": number}, code="unique")
        return number


class MembershipForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["active", "joined"]
        widgets = {"joined": forms.DateInput(attrs={"type": "date"})}


class PairForm(forms.ModelForm):
    """A new pair of the club's members, or a pair's new name (its players are fixed once it
    has played: its results are theirs)."""

    class Meta:
        model = Pair
        fields = ["first", "second", "name"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        members = Player.objects.filter(memberships__club=club, memberships__active=True)
        self.fields["first"].queryset = members
        self.fields["second"].queryset = members
        if self.instance.pk and self.instance.entries.exists():
            for name in ("first", "second"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("The pair has played: its players stay.")

    def clean(self):
        data = super().clean()
        first, second = data.get("first"), data.get("second")
        if first and first == second:
            self.add_error("second", _("A pair is two different players."))
        elif first and second:
            same = Pair.objects.filter(club=self.club).filter(
                Q(first=first, second=second) | Q(first=second, second=first))
            if self.instance.pk:
                same = same.exclude(pk=self.instance.pk)
            if same.exists():
                self.add_error("second", _("%(first)s and %(second)s are already a pair of "
                                           "this club.") % {"first": first, "second": second})
        return data


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"),
                           help_text=_("Columns: name, first name, member number, club. "
                                       "Comma or semicolon separated, UTF-8, at most 2 MB. "
                                       "A file of more than 2,000 rows is imported in the "
                                       "background; a page shows how far it is."))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:  # refused before it is read into memory
            raise forms.ValidationError(_("The file is larger than 2 MB."), code="too_big")
        return upload
