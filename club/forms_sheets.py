"""Forms of the score sheet: one deal (the entry row), a deal trick by trick, a correction.

The forms parse and type-check what the browser sent; whether a deal adds up is decided by
``scoring`` in the sheet service, whose errors land next to these forms' fields.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club import messages
from club.bounds import MAX_DOUBLING, MAX_POINTS, MAX_REASON, MAX_TRICKS
from club.rule_labels import rules_name
from club.selectors.sheets import TableContext
from club.sheet_callers import NOT_RECORDED, caller_rule, callers, callers_by_dealer, seat_key
from club.sheet_labels import call_labels
from club.table_codes import normalise
from club.trump_keys import form_trump, stored_trump, trump_choices
from scoring import points_in_play
from scoring.calls import call_multiplier, knocks_of

#: A call whose caller the sheet does not say, as the form's cleaned value (stored as None).
UNNAMED = -1


def _caller(value: str) -> int:
    """A call list's value: a seat, or ``UNNAMED`` for "not recorded"."""
    return UNNAMED if value == NOT_RECORDED else int(value)


#: Options a rule set may lack: the entry row drops their fields, and refuses them if sent.
OPTIONAL = {"blind": ("blind_trump", "blind_not_allowed"),
            "en_face": ("en_face", "en_face_not_allowed"),
            "cancelled": ("cancel_on_partner_look", "cancel_not_allowed")}


class _SheetForm(forms.Form):
    """What every sheet form has: the version it was loaded at, the dealer, the trump, the
    doubling and the rule-set options of the announcement (dropped when the rules lack them).
    """

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput)
    dealer = forms.TypedChoiceField(label=_("dealer"), coerce=int)
    trump = forms.ChoiceField(label=_("trump"), required=False, widget=forms.RadioSelect)
    # Any whole multiplier is accepted here: scoring names the rule that refuses it.
    doubling = forms.IntegerField(label=_("doubling"), required=False, min_value=1,
                                  max_value=MAX_DOUBLING)
    blind = forms.BooleanField(label=_("blind trump"), required=False)
    en_face = forms.BooleanField(label=_("en face"), required=False)
    reason = forms.CharField(label=_("reason for the correction"), required=False,
                             max_length=MAX_REASON)
    radio_doublings = 0  # up to this many doubling choices show as buttons

    def __init__(self, ctx: TableContext, *args: Any, correction: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ctx = ctx
        # a correction keeps the callers it was recorded with: the service checks only the
        # calls and dealer that change (club.services.sheet_checks.check_callers)
        self.correction = correction
        rules = ctx.rules
        fields = self.fields
        fields["dealer"].choices = [(s.position, s.player.full_name) for s in ctx.seats] or [
            (i, str(i + 1)) for i in range(ctx.seat_count)]
        fields["trump"].choices = trump_choices()
        # Each doubling choice says the multiplier its calls make under the rule set's
        # counting (a redouble is x3 where multipliers add, RULES.md §14).
        choices = [(m, f"×{call_multiplier(knocks_of(m), rules)}")
                   for m in rules.allowed_doublings() if m <= MAX_DOUBLING]
        fields["doubling"].widget = (
            forms.HiddenInput() if len(choices) == 1 else
            forms.RadioSelect(choices=choices) if len(choices) <= self.radio_doublings else
            forms.Select(choices=choices))
        if not rules.blind_trump:
            del fields["blind"]
        if not rules.en_face:
            del fields["en_face"]
        # Who made each doubling call (RULES.md §4): a seat each, in the order they spoke,
        # or "not recorded" (a paper sheet that says only x2). Each list offers the players
        # who may make that call (club.sheet_callers); the field accepts any seat, and
        # clean() refuses one who may not, naming the rule.
        seats = fields["dealer"].choices
        self.call_names = []
        # (at most the calls the largest stored doubling holds: ten knocks, x1024)
        calls = min(len(rules.allowed_doublings()) - 1, MAX_DOUBLING.bit_length() - 1)
        labelled = [(str(p), f"{seat_key(p)} {name}") for p, name in seats]
        for index, label in enumerate(call_labels(rules.doubling, calls), 1):
            name = f"call_{index}"
            fields[name] = forms.TypedChoiceField(
                label=label, required=False, coerce=_caller, empty_value=None,
                choices=[("", "–"), *labelled, (NOT_RECORDED, _("not recorded"))])
            self.call_names.append(name)
        self._offer_callers(labelled)

    def _sides(self) -> tuple[list[int], dict[int, int]]:
        positions = [p for p, _name in self.fields["dealer"].choices]
        return positions, {s.position: s.side for s in self.ctx.seats}

    def dealer_choice(self) -> int | None:
        """The dealer the entry row shows: as sent, else as the form starts."""
        value = self.data.get("dealer") if self.is_bound else None
        if value in (None, ""):
            value = self.initial.get("dealer", self.fields["dealer"].initial)
        try:
            return int(value)
        except (TypeError, ValueError):
            return None

    def callers(self, dealer: int | None) -> list[list[int]]:
        """The seats that may make each call of a deal ``dealer`` deals."""
        positions, sides = self._sides()
        if dealer not in positions:
            return [positions for _name in self.call_names]
        return [callers(positions, sides, dealer, index, self.ctx.rules.doubling,
                        self.ctx.dealer_alone, self.ctx.rules.redouble_by)
                for index in range(len(self.call_names))]

    def callers_by_dealer(self) -> dict[int, list[list[int]]]:
        positions, sides = self._sides()
        return callers_by_dealer(positions, sides, len(self.call_names),
                                 self.ctx.rules.doubling, self.ctx.dealer_alone,
                                 self.ctx.rules.redouble_by)

    def _offer_callers(self, labelled: list[tuple[str, str]]) -> None:
        """Each call's list shows only who may make it under the dealer shown (and what was
        sent, so that a refusal shows what was typed)."""
        allowed = self.callers(self.dealer_choice())
        for name, seats in zip(self.call_names, allowed, strict=True):
            # what was sent, or the recorded caller on a correction, stays on the list
            kept = {str(self.data.get(name, "")) if self.is_bound else "",
                    str(self.initial.get(name, ""))}
            field = self.fields[name]
            field.widget.choices = [
                ("", "–"), *[(value, label) for value, label in labelled
                             if int(value) in seats or value in kept],
                (NOT_RECORDED, _("not recorded"))]

    @property
    def call_fields(self) -> list:
        """The bound fields asking who made each doubling call, in order."""
        return [self[name] for name in self.call_names]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rules = self.ctx.rules
        for name, (option, code) in OPTIONAL.items():
            if name not in self.fields and str(self.data.get(name, "")).lower() in (
                    "on", "true", "1", "yes"):
                self.add_error(None, messages.explain(code, rules=rules_name(rules)))
        self._clean_calls(data)
        return data

    def _clean_calls(self, data: dict[str, Any]) -> None:
        """``data["calls"]``: the seats of the calls the doubling says were made (None where
        nobody was named: the service decides whether that may stay). A doubling left at x1
        with names filled in counts the names; a name beyond the doubling's calls is refused."""
        if "doubling" in self.errors:
            return
        named = [data.get(name) for name in self.call_names]
        doubling = data.get("doubling") or 1
        count = knocks_of(doubling)
        filled = [seat for seat in named if seat is not None]
        if count == 0 and filled:
            count = len(named) - named[::-1].index(filled[-1])
            data["doubling"] = 1 << count
        for index, seat in enumerate(named[count:], count + 1):
            if seat is not None:
                self.add_error(f"call_{index}", _(
                    "Only %(count)d call(s) were made (the doubling): leave this empty.")
                    % {"count": count})
        if count > len(named):
            return  # the doubling itself is refused by scoring, naming the rule
        if not data.get("cancelled"):  # a cancelled deal's calls are dropped (DealForm)
            self._check_callers(data, named[:count])
        data["calls"] = [None if seat == UNNAMED else seat for seat in named[:count]]

    def _check_callers(self, data: dict[str, Any], named: list) -> None:
        """Each call made names its caller, one who may make it under the dealer (RULES.md
        §4), or says the sheet does not name one ("not recorded")."""
        dealer = data.get("dealer")
        allowed = self.callers(dealer) if "dealer" not in self.errors else None
        rules = self.ctx.rules
        for index, seat in enumerate(named):
            name = self.call_names[index]
            if seat is None:
                self.add_error(name, _(
                    "Say who made the call (%(call)s), or choose “not recorded” when the "
                    "sheet does not say.") % {"call": self.fields[name].label})
            elif (seat not in (None, UNNAMED) and allowed and seat not in allowed[index]
                  and not self.correction):
                who = ", ".join(self.ctx.seat_name(p) for p in allowed[index])
                self.add_error(name, _(
                    "%(player)s may not make this call: %(rule)s (here %(who)s).") % {
                    "player": self.ctx.seat_name(seat),
                    "rule": caller_rule(index, rules.doubling, rules.redouble_by), "who": who})


class DealForm(_SheetForm):
    """One deal as the sheet's entry row writes it (side 0's points; the other side's are
    computed from the points in play when left empty)."""

    radio_doublings = 3
    points = forms.IntegerField(label=_("card points"), required=False, min_value=0,
                                max_value=MAX_POINTS)
    points_other = forms.IntegerField(label=_("card points"), required=False, min_value=0,
                                      max_value=MAX_POINTS)
    all_tricks = forms.TypedChoiceField(label=_("all tricks"), coerce=int, required=False,
                                        empty_value=None, widget=forms.RadioSelect)
    renonce = forms.TypedChoiceField(label=_("renonce"), coerce=int, required=False,
                                     empty_value=None, widget=forms.RadioSelect)
    cancelled = forms.BooleanField(label=_("cancelled"), required=False)
    tricks = forms.IntegerField(label=_("tricks"), required=False, min_value=0,
                                max_value=MAX_TRICKS)

    def __init__(self, ctx: TableContext, *args: Any, **kwargs: Any) -> None:
        super().__init__(ctx, *args, **kwargs)
        rules = ctx.rules
        fields = self.fields
        names = ctx.side_names
        sides = [("", "–"), (0, names[0]), (1, names[1])]
        fields["all_tricks"].choices = sides
        fields["renonce"].choices = sides
        if not rules.can_revoke:  # blind Manille: any card is legal (RULES §13)
            del fields["renonce"]
        if not rules.cancel_on_partner_look:
            del fields["cancelled"]
        if not rules.trick_bonus:
            del fields["tricks"]
        for name in ("points", "points_other"):
            fields[name].widget = forms.TextInput(attrs={
                "inputmode": "numeric", "autocomplete": "off", "pattern": "[0-9]*",
                "maxlength": 3, "size": 3})
        # The points box is described by the keys legend under the entry row (its text is
        # the template's, in the page's letters): Django ties it (aria-describedby), and
        # the box's error after it.
        fields["points"].help_text = _("Keys in the points box")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "renonce" not in self.fields and str(self.data.get("renonce", "")).strip():
            self.add_error(None, messages.explain("blind_no_renonce"))
        cancelled = data.get("cancelled", False)
        if cancelled:
            data["calls"], data["doubling"] = [], 1
        if not cancelled and not data.get("trump") and "trump" not in self.errors:
            self.add_error("trump", _("Choose the trump, or no trump (NT)."))
        low, high = points_in_play(self.ctx.rules)
        points, other = data.get("points"), data.get("points_other")
        if (points is None) != (other is None):
            given = points if points is not None else other
            if given > high:  # more than the points in play: say so, not "whole numbers"
                self.add_error("points" if points is not None else "points_other",
                               forms.ValidationError(messages.explain(
                                   "points_total", expected=high, total=given),
                                   code="points_total"))
            elif low == high:  # the other side's are what is left
                data["points"], data["points_other"] = (
                    (given, high - given) if points is not None else (high - given, given))
            else:  # cards out of play (a table of three): the other box cannot follow
                self._other_box_needed("points_other" if points is not None else "points",
                                       f"{low}–{high}")
        return data

    def _other_box_needed(self, empty: str, expected: str) -> None:
        """Issue 28 point 13: one box left empty where the points in play are a range."""
        code = "points_one_box"
        if self.ctx.dealer_alone:  # side 0 is the dealer, side 1 the partners
            code = "points_partners_missing" if empty == "points_other" else "points_dealer_missing"
        self.add_error(empty, forms.ValidationError(
            messages.explain(code, expected=expected), code=code))

    def facts(self) -> dict[str, Any]:
        """The deal's facts as the Deal model stores them."""
        data = self.cleaned_data
        facts = {
            "dealer": data["dealer"], "trump": stored_trump(data.get("trump")),
            "doubling": data.get("doubling") or 1, "points": data.get("points"),
            "points_other": data.get("points_other"), "all_tricks": data.get("all_tricks"),
            "renonce": data.get("renonce"), "cancelled": bool(data.get("cancelled")),
            "blind": bool(data.get("blind")), "en_face": bool(data.get("en_face")),
            "tricks": data.get("tricks"),
        }
        if "calls" in data:  # else more calls than the rules allow: scoring names the rule
            facts["calls"] = list(data["calls"])
        if facts["cancelled"]:
            facts["trump"] = None
        return facts


def next_initial(page) -> dict[str, Any]:
    """The entry row's initial values for the next deal: the dealer whose turn it is."""
    return {"dealer": page.next_dealer, "doubling": 1}


def deal_initial(deal) -> dict[str, Any]:
    """The form's initial values for a recorded deal."""
    initial = {
        "dealer": deal.dealer, "trump": form_trump(deal),
        "doubling": deal.doubling, "points": deal.points, "points_other": deal.points_other,
        "all_tricks": deal.all_tricks, "renonce": deal.renonce, "cancelled": deal.cancelled,
        "blind": deal.blind, "en_face": deal.en_face, "tricks": deal.tricks,
    }
    return {**initial, **calls_initial(deal)}


def calls_initial(deal) -> dict[str, Any]:
    """A recorded deal's callers as the form's lists show them ("not recorded" for a call
    that names nobody): the correction row's and the tricks page's."""
    return {f"call_{index}": NOT_RECORDED if seat is None else seat
            for index, seat in enumerate(deal.calls or [], 1)}


class TricksForm(_SheetForm):
    """A deal trick by trick: the cards in play order, each trick starting with its leader."""

    field_order = ["version", "dealer", "trump", "doubling", "blind", "en_face", "play", "reason"]

    play = forms.CharField(
        label=_("the tricks"), max_length=800, widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("One trick a line (or separated by |), its cards in the order they were "
                    "played, the leader first: e.g. “Ac Kc 7c 8c”. Each player's hand is the "
                    "cards they played."))

    def __init__(self, ctx: TableContext, *args: Any, **kwargs: Any) -> None:
        super().__init__(ctx, *args, **kwargs)
        self.fields["trump"].required = True
        rules = ctx.rules  # the table's: 8 tricks of 4 cards, 10 of 3 at a table of three
        self.fields["play"].label = _("the %(tricks)d tricks") % {"tricks": rules.tricks_per_deal}
        self.fields["play"].widget.attrs["rows"] = rules.tricks_per_deal
        self.fields["play"].widget.attrs.update(autocomplete="off", spellcheck="false",
                                           autocapitalize="off")


class TableCodeForm(forms.Form):
    """The code printed on a table's score sheet, as people type it (``/sheet/``): any case,
    spaces and dashes as they like; cleaned to the stored form (club.table_codes)."""

    code = forms.CharField(
        label=_("Your table's code"), max_length=40, strip=True,
        help_text=_("The code printed on your score sheet, beside the square: capitals or "
                    "not, with or without the space."),
        widget=forms.TextInput(attrs={
            "autocapitalize": "characters", "autocomplete": "off", "autocorrect": "off",
            "spellcheck": "false", "inputmode": "text", "enterkeyhint": "go",
            "autofocus": True, "class": "code-input", "size": 12}))

    def clean_code(self) -> str:
        code = normalise(self.cleaned_data["code"])
        if not code:
            raise forms.ValidationError(_("Type the code printed on your score sheet."),
                                        code="required")
        return code
