"""The entry row of an auction Manille sheet (RULES.md §13): one deal, each for themselves.

The form parses and type-checks; whether the deal adds up (a count above the total in play, a
bid below the lowest, more cards exchanged than the widow holds, facts on a deal thrown in)
is decided by ``scoring.score_auction`` in the sheet service, whose refusals land next to
these fields as translated sentences (``club.messages_games``).

Keyboard entry: the declarer by his seat number (1-7; empty or 0: thrown in), the bid as a
number or ``A`` (all tricks; variants 2 and 3 only), the trump by its letter as on the
partnership sheet, the cards exchanged and the declarer's count; Enter saves.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club import messages
from club.bounds import MAX_POINTS, MAX_REASON, MAX_SEAT, MAX_TRICKS
from club.selectors.sheets import TableContext
from club.sheets.auction_games import game_sheet
from club.trump_keys import NO_TRUMP, stored_trump, trump_choices

#: What the bid box accepts for an all-tricks bid (en, nl "alle", fr "tout"), and the word's
#: first letter.
ALL_WORDS = {"a", "all", "alle", "alles", "t", "tout", "tous", "*"}


class AuctionDealForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31 - 1)
    declarer = forms.TypedChoiceField(
        label=_("declarer"), required=False, coerce=int, empty_value=None,
        help_text=_("Who played alone; empty: the deal was thrown in (everyone passed)."))
    bid = forms.CharField(
        label=_("bid"), required=False, max_length=5,
        help_text=_("A number of points, or A for all tricks."))
    trump = forms.ChoiceField(label=_("trump"), required=False)
    exchanged = forms.IntegerField(label=_("cards exchanged"), required=False, min_value=0,
                                   max_value=MAX_TRICKS)
    count = forms.IntegerField(label=_("declarer's count"), required=False, min_value=0,
                               max_value=MAX_POINTS,
                               help_text=_("His card points plus one point per trick."))
    all_tricks = forms.BooleanField(label=_("took every trick"), required=False)
    reason = forms.CharField(label=_("reason for the correction"), required=False,
                             max_length=MAX_REASON)

    def __init__(self, ctx: TableContext, *args: Any, correction: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ctx = ctx
        self.correction = correction  # an auction deal names no callers: nothing to keep
        self.rules = ctx.rules
        self.fields["declarer"].choices = [("", _("— thrown in"))] + [
            (seat.position, f"{seat.position + 1} · {seat.player.full_name}")
            for seat in ctx.seats if seat.position <= MAX_SEAT]
        self.fields["trump"].choices = [("", "—"), *trump_choices()]
        self.game = game_sheet(self.rules)
        if self.privilege:  # variant 1: the declarer took the privilege, nobody bids
            del self.fields["bid"]
        if self.game.exchange_column is None:  # the sevens are removed: nothing to exchange
            del self.fields["exchanged"]

    @property
    def privilege(self) -> bool:
        """Variant 1: a privilege taken, not a bid."""
        return self.game.privilege

    def clean_bid(self) -> int | str | None:
        text = (self.cleaned_data.get("bid") or "").strip().lower()
        if not text:
            return None
        if text in ALL_WORDS:
            return "all"
        if text.isdigit() and 0 < int(text) <= MAX_POINTS:
            return int(text)
        raise forms.ValidationError(
            _("Enter the bid as a number of points (1 to %(most)d), or A for all tricks."),
            params={"most": MAX_POINTS}, code="bid_text")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        sent = str(self.data.get("exchanged") or "").strip()
        if "exchanged" not in self.fields and sent not in ("", "0"):
            # auction 2 (an API client, say): refused by its rule, not silently dropped
            self.add_error(None, messages.explain("exchanged_above_widow"))
        trump = data.get("trump") or ""
        if "declarer" in data and data.get("declarer") is None and trump:
            self.add_error("trump", _("A deal thrown in has no trump: leave it empty."))
        elif data.get("declarer") is not None and not trump:
            self.add_error("trump", _("Choose the trump the declarer named (NT: no trump)."))
        return data

    def facts(self) -> dict[str, Any]:
        """The deal's facts as the sheet records them (the dealer is the rotation's: the
        sheet service sets it)."""
        data = self.cleaned_data
        bid = data.get("bid")
        trump = data.get("trump") or ""
        return {
            "trump": stored_trump(trump),
            "doubling": 1, "declarer": data.get("declarer"),
            "contract": bid if isinstance(bid, int) else None, "contract_all": bid == "all",
            "exchanged": data.get("exchanged") or 0, "points": data.get("count"),
            "points_other": None, "all_tricks": 0 if data.get("all_tricks") else None,
            "renonce": None, "cancelled": False, "blind": False, "en_face": False,
            "tricks": None,
        }


def next_initial(page) -> dict[str, Any]:
    """The entry row's initial values for the next deal: none (the rotation deals)."""
    return {}


def deal_initial(deal) -> dict[str, Any]:
    """A recorded auction deal as the form shows it for a correction."""
    bid = "A" if deal.contract_all else ("" if deal.contract is None else str(deal.contract))
    return {"declarer": deal.declarer, "bid": bid,
            "trump": deal.trump or (NO_TRUMP if deal.declarer is not None else ""),
            "exchanged": deal.exchanged or None, "count": deal.points,
            "all_tricks": deal.all_tricks == 0}
