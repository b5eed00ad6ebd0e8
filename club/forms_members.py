"""Forms of the members page (roles, invitations, accounts with a one-time password) and of
accepting an invitation."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from club.access import Role

#: Roles from the least to the most power: a form's first choice (what a careless click
#: gives) is the smallest role, never the club's ownership.
LEAST_FIRST = (Role.SCORER, Role.VIEWER, Role.ORGANISER, Role.OWNER)


def role_choices(roles) -> list[tuple[str, str]]:
    labels = dict(Role.choices)
    return [(value.value, labels[value]) for value in LEAST_FIRST if value in roles]


class RoleForm(forms.Form):
    """A role among those the acting user may give (``roles``)."""

    role = forms.ChoiceField(label=_("Role"))
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args, roles=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = role_choices(roles)
        self.fields["role"].error_messages["invalid_choice"] = _(
            "Role: choose one of the listed roles.")


class InviteForm(RoleForm):
    email = forms.EmailField(label=_("E-mail address"), max_length=254)
    field_order = ["email", "role"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["reason"]

    def clean_email(self) -> str:
        return get_user_model().objects.normalize_email(self.cleaned_data["email"].strip())


class AccountForm(RoleForm):
    """A new account handed over on paper: the page then shows its one-time password."""

    username = forms.CharField(label=_("Username"), max_length=150,
                               validators=[get_user_model().username_validator],
                               help_text=_("Letters, digits and @ . + - _ only."))
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Name"), max_length=150, required=False)
    email = forms.EmailField(label=_("E-mail address"), max_length=254, required=False)
    field_order = ["username", "first_name", "last_name", "email", "role"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["reason"]

    def clean_username(self) -> str:
        name = self.cleaned_data["username"].strip()
        if get_user_model().objects.filter(username__iexact=name).exists():
            raise forms.ValidationError(_("Username: %(name)s is taken; choose another."),
                                        params={"name": name}, code="unique")
        return name


class NewAccountForm(UserCreationForm):
    """Accepting an invitation with a new account: username and the password twice,
    through Django's password validators. Not saved by the form: the invitation service
    makes the user."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    def save(self, commit=True):  # pragma: no cover (never called)
        raise NotImplementedError("club.services.invitations.accept_with_new_account")
