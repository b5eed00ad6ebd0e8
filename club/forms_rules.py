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
}
CHOICES = {
    "players": [(2, "2"), (3, "3"), (4, "4"), (6, "6")],
    "direction": [("clockwise", _("clockwise")), ("counterclockwise", _("counter-clockwise"))],
    "spare_cards": [("face_up", _("face up, out of play")),
                    ("exchange", _("exchange with the dealer, won with the first trick"))],
    "doubling": [("none", _("none")), ("mee_tegen", _("mee / tegen (x2 / x4)")),
                 ("knock", _("knocking (x2)")), ("knock_back", _("knocking with knock-back (x4)")),
                 ("knock_unlimited", _("unlimited knocking"))],
    "tie_policy": [("single", _("single x2")), ("stacked", _("stacked"))],
    "renonce_penalty": [("sixty", _("60 points")), ("flat30", _("a flat 30"))],
}


def _field(name: str, kind) -> forms.Field:
    label, help_text = OPTIONS[name]
    if name in CHOICES:
        coerce = int if name == "players" else str
        return forms.TypedChoiceField(label=label, help_text=help_text, choices=CHOICES[name],
                                      coerce=coerce)
    if kind is bool:
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    optional = type(None) in typing.get_args(kind)
    return forms.IntegerField(label=label, help_text=help_text, required=not optional,
                              min_value=0, max_value=1000)


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
