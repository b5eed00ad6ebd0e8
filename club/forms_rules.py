"""The rule-set form: every option of ``engine.RuleSet`` explained in the game's words."""

from __future__ import annotations

import dataclasses
import typing

from django import forms
from django.utils.translation import gettext_lazy as _

from club import messages
from engine.rules import RuleSet as EngineRuleSet
from engine.rules import RuleSetError

#: Each option: (label, explanation).
OPTIONS = {
    "players": (_("players"), _("4: two partnerships, partners opposite. 2: each plays a hand "
                                "and a dummy partner. 3: the dealer alone against two, 10 cards "
                                "each, 2 out of play. 6: two sides of three, 5 cards each.")),
    "spare_cards": (_("the 2 spare cards (3 players)"), _(
        "face up: they lie out of play, 50 to 60 card points are in play. Exchange (French): "
        "face down; after naming trump the dealer may swap 0, 1 or 2 cards with them unseen, "
        "and the side that wins the first trick takes them: all 60 points are in play.")),
    "direction": (_("direction of play"), _("Play and the deal go round clockwise (Flemish) or "
                                            "counter-clockwise (French).")),
    "follow_suit": (_("follow suit"), _("A player must play the suit led when they can.")),
    "beat_led_suit": (_("beat an opponent in the led suit"), _(
        "When an opponent is winning with the led suit, play a higher card of it if you can "
        "(on a trump lead: a higher trump).")),
    "must_trump": (_("void: trump when an opponent wins"), _(
        "Without the led suit, with an opponent winning the trick, a player must trump.")),
    "must_overtrump": (_("void: over-trump a trumped trick"), _(
        "If the trick is already trumped by an opponent, trump higher when you can.")),
    "partner_winning_free": (_("partner winning: no duty"), _(
        "When your partner is winning the trick you need not beat, trump or over-trump "
        "(you still follow suit).")),
    "no_undertrump": (_("no under-trumping"), _(
        "On a trumped plain-suit trick, a player who cannot follow may not play a lower trump, "
        "unless they hold nothing else.")),
    "must_undertrump": (_("void: trump lower when you cannot over-trump"), _(
        "Off (the default): when an opponent has trumped and you hold no higher trump, any "
        "card may be played. On: you must still play a lower trump. Needs the duty to "
        "over-trump, and no-under-trumping off.")),
    "en_face": (_("en face"), _("The dealer may pass the choice of trump to their partner.")),
    "blind_trump": (_("blind trump"), _(
        "The dealer may name trump before looking: the dealer leads and the deal counts double.")),
    "no_trump_quota": (_("no-trump calls per side per game"), _(
        "Empty: no limit. Otherwise the most no-trump deals a side may call in one game.")),
    "cancel_on_partner_look": (_("cancel the deal when the partner looks early"), _(
        "The deal is cancelled: nothing is scored (the sheet keeps an unnumbered line for it, "
        "so that the next player deals); a pending x2 stays.")),
    "doubling": (_("doubling"), _(
        "none; mee/tegen (an opponent doubles x2, the dealer's partner redoubles x4); knocking "
        "(x2), with knock-back (x4) or unlimited (x2 each knock).")),
    "redouble_by": (_("who redoubles (tegen)"), _(
        "Mee/tegen: the dealer's partner redoubles (RULES §4, the default), or either player "
        "of the dealer's side, the dealer too.")),
    "no_trump_multiplier": (_("no trump counts"), _("The multiplier of a no-trump deal (x2).")),
    "all_tricks_multiplier": (_("all tricks counts"), _(
        "The multiplier when one side takes all the tricks (capot): (60 - 30) x 2 = 60.")),
    "blind_multiplier": (_("blind trump counts"), _("The multiplier of a blind-trump deal.")),
    "tie_multiplier": (_("after 30-30 the next deal counts"), _(
        "Nobody scores a 30-30 deal; the next decided deal is multiplied by this.")),
    "multipliers_add": (_("multipliers add up"), _(
        "Off: x2 and x2 make x4. On: they make x3 (as some apps count).")),
    "tie_policy": (_("repeated 30-30"), _(
        "Single x2: a second tie keeps one pending x2 (as in the House rules). Stacked: x4, "
        "x8 ...")),
    "renonce_penalty": (_("renonce"), _(
        "60 points: the other side is credited all 60 card points (scores 30 x the "
        "multipliers). A flat 30: the other side gets 30 game points.")),
    "trick_bonus": (_("one point per trick"), _(
        "Each trick adds a card point: 68 in play, a side needs more than 34.")),
    "target": (_("game to"), _("The first side to reach this many game points wins (101, 51 ...). "
                               "Empty when the game is a number of deals.")),
    "deals": (_("game of N deals"), _("Empty when the game goes to a target; otherwise the "
                                      "number of deals, most points wins, equal is a draw.")),
    # RULES.md §13: the other games, and §14: options of other Manille programs
    "game": (_("game"), _(
        "Manille in partnerships (the usual game); blind Manille (partnerships, every card "
        "played blind from the hand: no obligation); or one of the three auction games, each "
        "player for themselves at tables of 3 to 7: 1 with a privilege and a widow, 2 with "
        "bidding and the sevens removed, 3 with bidding and cards laid out open and closed.")),
    "spoken": (_("spoken Manille"), _(
        "Manille parlée: players may speak about their hands. Play and scoring do not change; "
        "the sheets say so.")),
    "beat_on_trump_lead_only": (_("beat an opponent only on a trump lead"), _(
        "The duty to beat an opponent's card holds only when trump is led (in a no-trump deal: "
        "on any lead). Needs the duty to beat in the led suit.")),
    "beat_partner_on_trump_lead": (_("beat even a partner on a trump lead"), _(
        "On a trump lead (in no trump: any lead) play higher than the winning card even when "
        "your partner holds it. Needs the duty to beat in the led suit.")),
    "double_no_trump": (_("a no-trump deal may be doubled"), _(
        "Off: nobody may double, knock or redouble a no-trump deal.")),
    "max_knocks": (_("most knocks"), _(
        "Unlimited knocking: the most knocks a sheet records (6 knocks: x64; up to 10: x1024).")),
    "packets": (_("dealing packets"), _(
        "The packets a hand is dealt in, e.g. 3, 2, 3; they must add up to a hand. Empty: "
        "3-2-3 for hands of 8, otherwise packets of three and the rest.")),
    "stakes": (_("stakes by cards drawn (auction 1)"), _(
        "What the declarer wins from or pays to each opponent after drawing 0, 1, 2 ... cards "
        "from the widow, e.g. 5, 4, 3, 2, 1 (more cards: the last stake). Empty: the widow's "
        "size + 1 minus the cards drawn.")),
    "declarer_target": (_("declarer's target (auction 1)"), _(
        "The count (cards and tricks) the declarer needs. Empty: 21 with 3 or 4 players, 15 "
        "with 5 to 7.")),
    "discards_count": (_("discards count for the declarer (auction 1)"), _(
        "The cards the declarer discarded for the widow's count for him.")),
    "lowest_bid": (_("lowest bid (auction 2 and 3)"), _(
        "Empty: the points in play divided by the players, rounded up (17 with 4 players).")),
    "all_tricks_value": (_("an all-tricks bid is worth (auction 2 and 3)"), _(
        "Empty: twice the points in play.")),
    "open_widow_doubling": (_("doubling for the open cards (auction 3)"), _(
        "x2 for an all-tricks bid, x2 when the declarer takes none of the cards laid out "
        "(both: x4).")),
}
#: Options given as a list of numbers ("3, 2, 3"); empty: None.
LISTS = ("packets", "stakes")
CHOICES = {
    "players": [(2, "2"), (3, "3"), (4, "4"), (5, _("5 (auction)")), (6, "6"),
                (7, _("7 (auction)"))],
    "direction": [("clockwise", _("clockwise")), ("counterclockwise", _("counter-clockwise"))],
    "spare_cards": [("face_up", _("face up, out of play")),
                    ("exchange", _("exchange with the dealer, won with the first trick"))],
    "doubling": [("none", _("none")), ("mee_tegen", _("mee / tegen (x2 / x4)")),
                 ("knock", _("knocking (x2)")), ("knock_back", _("knocking with knock-back (x4)")),
                 ("knock_unlimited", _("unlimited knocking"))],
    "tie_policy": [("single", _("single x2")), ("stacked", _("stacked")),
                   ("whole", _("the whole multiplier passes on (a tied no-trump deal: x4)"))],
    "game": [("partnership", _("Manille in partnerships")), ("blind", _("blind Manille")),
             ("auction1", _("auction 1: privilege and widow")),
             ("auction2", _("auction 2: bidding, sevens removed")),
             ("auction3", _("auction 3: bidding, cards laid out"))],
    "renonce_penalty": [("sixty", _("60 points")), ("flat30", _("a flat 30"))],
    "redouble_by": [("partner", _("the dealer's partner")),
                    ("side", _("either player of the dealer's side"))],
}


class NumberListField(forms.CharField):
    """Numbers separated by commas or spaces ("3, 2, 3") as a tuple; empty: None."""

    def to_python(self, value):
        text = (super().to_python(value) or "").replace(",", " ").split()
        if not text:
            return None
        if not all(part.isdigit() and len(part) <= 4 for part in text) or len(text) > 32:
            raise forms.ValidationError(
                _("Write whole numbers separated by commas, e.g. 3, 2, 3."), code="number_list")
        return tuple(int(part) for part in text)

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(str(part) for part in value)
        return value


def _field(name: str, kind) -> forms.Field:
    label, help_text = OPTIONS[name]
    if name in LISTS:
        return NumberListField(label=label, help_text=help_text, required=False, max_length=200)
    if name in CHOICES:
        coerce = int if name == "players" else str
        return forms.TypedChoiceField(label=label, help_text=help_text, choices=CHOICES[name],
                                      coerce=coerce)
    if kind is bool:
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    optional = type(None) in typing.get_args(kind)
    return forms.IntegerField(label=label, help_text=help_text, required=not optional,
                              min_value=0, max_value=1000)


def option_value(value) -> object:
    """An option's stored value as a page shows it: a list as "3, 2, 3"."""
    if isinstance(value, list | tuple):
        return ", ".join(str(part) for part in value)
    return value


class RuleSetForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=80)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hints = typing.get_type_hints(EngineRuleSet)
        for field in dataclasses.fields(EngineRuleSet):
            if field.name in OPTIONS:
                self.fields[field.name] = _field(field.name, hints[field.name])

    @staticmethod
    def initial_from(rule_set) -> dict:
        return {**rule_set.rules().to_dict(), "name": rule_set.name}  # the club's name wins

    def clean(self):
        data = super().clean()
        options = {k: data.get(k) for k in OPTIONS if k in data}
        try:
            self.engine_rules = EngineRuleSet(**options)
        except RuleSetError as error:
            self.add_error(error.field if error.field in self.fields else None,
                           messages.explain(error))
        except TypeError:
            self.add_error(None, messages.explain("rule_set"))
        return data
