"""Forms of duplicate events: creating an event, a board's cards, a traveller line.

They parse and type-check; the services decide the rest (a movement for the field, a board
whose hands hold the 32 cards once, a line that adds up and that the table played), and
their refusals land next to these fields.
"""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.bounds import MAX_DOUBLING, MAX_POINTS, MAX_REASON, MAX_VERSION
from club.models import DuplicateEvent, Pair, RuleSet
from club.models.duplicate import MAX_BOARDS_PER_ROUND
from club.rule_labels import rule_set_name
from club.trump_keys import NO_TRUMP, stored_trump, trump_choices

SIDE_CHOICES = [("", _("none")), ("0", _("North-South")), ("1", _("East-West"))]


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), required=False,
                           widget=forms.DateInput(attrs={"type": "date"}))
    rule_set = forms.ModelChoiceField(label=_("Rule set"), queryset=RuleSet.objects.none())
    movement = forms.ChoiceField(label=_("Movement"), choices=DuplicateEvent.Movement.choices)
    boards_per_round = forms.IntegerField(label=_("Boards per round"), min_value=1,
                                          max_value=MAX_BOARDS_PER_ROUND, initial=2)
    rounds = forms.IntegerField(label=_("Rounds"), required=False, min_value=1,
                                max_value=60,
                                help_text=_("Empty: the whole movement."))
    sessions = forms.IntegerField(label=_("Sessions"), min_value=1, max_value=4, initial=1)
    boards = forms.ChoiceField(label=_("Boards"), choices=[
        ("seed", _("dealt from a seed")), ("entered", _("entered card by card"))],
        initial="seed", widget=forms.RadioSelect)
    seed = forms.CharField(label=_("Board seed"), max_length=40, required=False,
                           help_text=_("Empty: a new seed. The same seed deals the same "
                                       "boards."))
    pairs = forms.ModelMultipleChoiceField(label=_("Pairs"), queryset=Pair.objects.none(),
                                           widget=forms.CheckboxSelectMultiple)
    public = forms.BooleanField(label=_("Public"), required=False)

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = RuleSet.objects.filter(
            Q(club=club) | Q(club__isnull=True)).order_by("club_id", "name")
        self.fields["rule_set"].label_from_instance = rule_set_name  # a preset in words
        self.fields["pairs"].queryset = Pair.objects.filter(club=club, active=True).select_related(
            "first", "second").order_by("name", "pk")
        self.fields["pairs"].label_from_instance = str
        house = RuleSet.objects.filter(club__isnull=True, preset="house").first()
        self.fields["rule_set"].initial = house.pk if house else None


class BoardCardsForm(forms.Form):
    """A board as dealt by hand: the four hands (8 cards each, every card once), or the
    deck's 32 cards in order, top first, dealt in the rule set's packets."""

    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=int, choices=[
        (0, _("North")), (1, _("East")), (2, _("South")), (3, _("West"))])
    hand_0 = forms.CharField(label=_("North"), max_length=80, required=False)
    hand_1 = forms.CharField(label=_("East"), max_length=80, required=False)
    hand_2 = forms.CharField(label=_("South"), max_length=80, required=False)
    hand_3 = forms.CharField(label=_("West"), max_length=80, required=False)
    deck = forms.CharField(label=_("Or the deck in order"), max_length=400, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}),
                           help_text=_("The 32 cards from the top, as they were dealt in "
                                       "packets from the player after the dealer; leave the "
                                       "hands empty."))

    def clean(self):
        data = super().clean()
        hands = [data.get(f"hand_{seat}") for seat in range(4)]
        if data.get("deck"):
            if any(hands):
                raise forms.ValidationError(_("Give the four hands or the deck, not both."),
                                            code="hands_and_deck")
        else:
            for seat, hand in enumerate(hands):
                if not hand:
                    self.add_error(f"hand_{seat}", _("Type this hand's 8 cards (or give the "
                                                     "deck instead)."))
        return data

    def hands(self) -> list[str] | None:
        if self.cleaned_data.get("deck"):
            return None
        return [self.cleaned_data[f"hand_{seat}"] for seat in range(4)]


class TravellerForm(forms.Form):
    """One table's result on one board (side 0 is North-South)."""

    # the line's version when the page was made (0: no line); left out, the form saw none
    version = forms.IntegerField(required=False, min_value=0, max_value=MAX_VERSION,
                                 widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the change"), required=False,
                             max_length=MAX_REASON, help_text=_(
                                 "Kept in the session's log of changes with who and when."))
    trump = forms.ChoiceField(label=_("Trump"), required=False, widget=forms.RadioSelect)
    doubling = forms.IntegerField(label=_("Doubling"), required=False, min_value=1,
                                  max_value=MAX_DOUBLING)
    points = forms.IntegerField(label=_("Card points North-South"), required=False,
                                min_value=0, max_value=MAX_POINTS)
    points_other = forms.IntegerField(label=_("Card points East-West"), required=False,
                                      min_value=0, max_value=MAX_POINTS)
    all_tricks = forms.ChoiceField(label=_("All tricks"), required=False, choices=SIDE_CHOICES,
                                   widget=forms.RadioSelect)
    renonce = forms.ChoiceField(label=_("Renonce"), required=False, choices=SIDE_CHOICES,
                                widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trump"].choices = trump_choices()
        self.fields["points"].widget.attrs.update(inputmode="numeric", autocomplete="off",
                                                  autofocus=True)
        self.fields["points_other"].widget.attrs.update(inputmode="numeric",
                                                        autocomplete="off")
        self.fields["doubling"].widget.attrs.update(inputmode="numeric")

    def clean_trump(self):
        value = self.cleaned_data.get("trump")
        if not value:
            raise forms.ValidationError(_("Choose the trump, or no trump."), code="required")
        return value

    def facts(self) -> dict:
        data = self.cleaned_data

        def side(name):
            return int(data[name]) if data.get(name) not in (None, "") else None

        return {"trump": stored_trump(data.get("trump")), "doubling": data.get("doubling") or 1,
                "points": data.get("points"), "points_other": data.get("points_other"),
                "all_tricks": side("all_tricks"), "renonce": side("renonce")}


class TravellerRemoveForm(forms.Form):
    """Removing a line: the version the page showed it at, and why (for the log)."""

    # required: a removal checks the line is still the one the page showed
    version = forms.IntegerField(min_value=0, max_value=MAX_VERSION)
    reason = forms.CharField(required=False, max_length=MAX_REASON)


class TravellerTricksForm(forms.Form):
    """One table's play of a board, trick by trick: the engine checks every card against
    the board's hands and counts the line's points (prefix ``tricks`` on the page)."""

    # the line's version when the page was made (0: no line); left out, the form saw none
    version = forms.IntegerField(required=False, min_value=0, max_value=MAX_VERSION,
                                 widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the change"), required=False,
                             max_length=MAX_REASON, help_text=_(
                                 "Kept in the session's log of changes with who and when."))
    trump = forms.ChoiceField(label=_("Trump"), widget=forms.RadioSelect)
    doubling = forms.IntegerField(label=_("Doubling"), required=False, min_value=1,
                                  max_value=MAX_DOUBLING)
    play = forms.CharField(
        label=_("the 8 tricks"), max_length=800,
        widget=forms.Textarea(attrs={"rows": 8, "autocomplete": "off", "spellcheck": "false",
                                     "autocapitalize": "off"}),
        help_text=_("One trick a line (or separated by |), its cards in the order they were "
                    "played, the leader first: e.g. “Ac Kc 7c 8c”. The player after the "
                    "dealer leads the first trick, the winner of a trick the next; every card "
                    "must be in its player's hand on this board."))

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", "tricks")
        super().__init__(*args, **kwargs)
        self.fields["trump"].choices = trump_choices()
        self.fields["trump"].error_messages["required"] = _("Choose the trump, or no trump.")
        self.fields["doubling"].widget.attrs.update(inputmode="numeric")

    def suit(self) -> str | None:
        return stored_trump(self.cleaned_data.get("trump"))


def initial_of(line) -> dict:
    """A stored line as the form's initial values."""
    if line is None:
        return {"trump": "", "doubling": 1, "all_tricks": "", "renonce": ""}
    return {"trump": line.trump or NO_TRUMP, "doubling": line.doubling, "points": line.points,
            "points_other": line.points_other,
            "all_tricks": "" if line.all_tricks is None else str(line.all_tricks),
            "renonce": "" if line.renonce is None else str(line.renonce)}
