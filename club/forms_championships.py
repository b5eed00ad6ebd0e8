"""Forms of the championship flow: set-up, entries, draws, advancing."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.forms.models import model_to_dict
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club import messages
from club.bounds import MAX_ENTRIES, MAX_MINUTES, MAX_SEED
from club.forms_fields import Checklist, ModelIdsField
from club.models import Championship, Player, RuleSet, Stage
from club.rule_labels import rule_set_name
from club.services.championships import draw_method_refusal
from club.services.rulesets import CHAMPIONSHIP_PLAYERS
from club.sheets.kinds import kind_of_rules
from scoring import METRICS, MatchError, MatchFormat

FORMAT_KINDS = [
    ("one_game", _("one game")), ("best_of", _("best of N games")), ("games", _("N games")),
    ("deals", _("N deals")), ("time", _("as many games as a time limit allows")),
]
ORDER_CHOICES = [("", "—")] + [(key, _(metric.name)) for key, metric in METRICS.items()]


class ChampionshipForm(forms.ModelForm):
    format_kind = forms.ChoiceField(label=_("match"), choices=FORMAT_KINDS, initial="one_game")
    format_count = forms.IntegerField(label=_("N (games or deals)"), required=False, min_value=1,
                                      max_value=200)
    format_minutes = forms.IntegerField(label=_("time limit (minutes)"), required=False,
                                        min_value=1, max_value=MAX_MINUTES)
    rank_1 = forms.ChoiceField(label=_("rank by"), choices=ORDER_CHOICES, initial="match_points")
    rank_2 = forms.ChoiceField(label=_("then by"), choices=ORDER_CHOICES, required=False,
                               initial="points_diff")
    rank_3 = forms.ChoiceField(label=_("then by"), choices=ORDER_CHOICES, required=False,
                               initial="points_for")

    class Meta:
        model = Championship
        fields = ["name", "season", "start_date", "end_date", "rule_set", "entry_type",
                  "draw_method", "bye_scoring", "odd_players", "table_size", "table_fit",
                  "public", "confirmation_required", "self_entry"]
        widgets = {"start_date": forms.DateInput(attrs={"type": "date"}),
                   "end_date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = RuleSet.objects.filter(Q(club=None) | Q(club=club))
        self.fields["rule_set"].label_from_instance = rule_set_name
        self.fields["rule_set"].initial = RuleSet.objects.filter(club=None, preset="house").first()
        for name in ("table_size", "table_fit"):  # auction Manille only: defaults otherwise
            self.fields[name].required = False
        self.fields["odd_players"].required = False  # individual events only: byes otherwise

    def clean_rule_set(self):
        rule_set = self.cleaned_data["rule_set"]
        players = rule_set.rules().players if rule_set else CHAMPIONSHIP_PLAYERS
        if rule_set and kind_of_rules(rule_set.rules()).each_for_themselves:
            return rule_set  # tables of 3 to 7: the championship's table size says which
        if players != CHAMPIONSHIP_PLAYERS:
            raise forms.ValidationError(
                _("Championships are played at tables of four: this rule set is for "
                  "%(players)d players."), params={"players": players})
        return rule_set

    def clean(self):
        data = super().clean()
        try:
            fmt = MatchFormat(data.get("format_kind") or "one_game",
                              data.get("format_count") if data.get("format_kind") in
                              ("best_of", "games", "deals") else None,
                              data.get("format_minutes"))
        except MatchError as error:
            self.add_error({"count": "format_count", "minutes": "format_minutes"}.get(
                error.field, "format_kind"), messages.explain(error))
        else:
            data["match_format"] = fmt.to_dict()
        order = [data.get(f"rank_{i}") for i in (1, 2, 3) if data.get(f"rank_{i}")]
        if len(set(order)) != len(order):
            self.add_error("rank_2", _("Each ranking metric may appear once."))
        data["ranking_order"] = order
        entry_type, method = data.get("entry_type"), data.get("draw_method")
        rule_set = data.get("rule_set")
        data["table_size"] = data.get("table_size") or Championship._meta.get_field(
            "table_size").default
        data["table_fit"] = data.get("table_fit") or Championship.TableFit.MOST
        data["odd_players"] = data.get("odd_players") or Championship.OddPlayers.BYES
        if rule_set and kind_of_rules(rule_set.rules()).each_for_themselves:
            if entry_type != Championship.EntryType.INDIVIDUAL:
                self.add_error("entry_type", _(
                    "Auction Manille is played each for themselves: choose individual "
                    "entries (the rule set is an auction game)."))
            if method != Championship.DrawMethod.RANDOM:
                self.add_error("draw_method", _(
                    "Auction tables are drawn at random, avoiding repeat table-mates: choose "
                    "the random draw (the rule set is an auction game)."))
            return data
        refusal = method and draw_method_refusal(
            entry_type == Championship.EntryType.INDIVIDUAL, method)
        if refusal:
            self.add_error("draw_method", refusal)
        return data


#: The form fields of the rules (``club.services.championships.RULE_FIELDS``): read-only
#: once a round is published.
RULE_FORM_FIELDS = ("rule_set", "entry_type", "draw_method", "bye_scoring", "odd_players",
                    "table_size", "table_fit", "format_kind", "format_count", "format_minutes",
                    "rank_1", "rank_2", "rank_3")


class ChampionshipEditForm(ChampionshipForm):
    """The set-up form on an existing championship. With ``locked`` (its rules are fixed)
    the page shows the rules read-only and posts without them: a rule field missing from the
    POST keeps its value, one sent anyway is passed on, and the service refuses a change."""

    def __init__(self, data=None, *args, instance, locked: bool, **kwargs):
        fmt = instance.match_format or {}
        order = list(instance.ranking_order or [])[:3] + ["", "", ""]
        initial = {"format_kind": fmt.get("kind") or "one_game",
                   "format_count": fmt.get("count"), "format_minutes": fmt.get("minutes"),
                   "rank_1": order[0], "rank_2": order[1], "rank_3": order[2]}
        self.locked = locked
        if data is not None and locked:
            data = data.copy()
            current = {**model_to_dict(instance, fields=RULE_FORM_FIELDS),
                       **initial}
            for name in RULE_FORM_FIELDS:
                if name not in data and current.get(name) not in (None, ""):
                    data[name] = current[name]
        super().__init__(data, *args, instance=instance, initial=initial, **kwargs)
        self.fields["rule_set"].initial = None  # the championship's own, not the default

    def clean(self):
        data = super().clean()
        if "match_format" in data:  # what the form does not show stays as it was
            stored = MatchFormat.from_dict(self.instance.match_format or {})
            data["match_format"]["match_points"] = list(stored.match_points)
        return data

    def editable_fields(self):
        """The fields the page shows as inputs."""
        return [field for field in self if not (self.locked and field.name in RULE_FORM_FIELDS)]

    def rule_values(self):
        """(label, value) of each rule, as the read-only page shows them."""
        c = self.instance
        fmt = dict(FORMAT_KINDS).get(self.initial["format_kind"], self.initial["format_kind"])
        count, minutes = self.initial["format_count"], self.initial["format_minutes"]
        extra = ", ".join(str(v) for v in (count, minutes and f"{minutes} min") if v)
        order = [str(dict(ORDER_CHOICES).get(key, key)) for key in c.ranking_order or ()]
        rows = [(self.fields["rule_set"].label, rule_set_name(c.rule_set)),
                (self.fields["format_kind"].label, f"{fmt} ({extra})" if extra else fmt),
                (self.fields["rank_1"].label, ", ".join(order) or "—"),
                (self.fields["entry_type"].label, c.get_entry_type_display()),
                (self.fields["draw_method"].label, c.get_draw_method_display()),
                (self.fields["bye_scoring"].label, c.get_bye_scoring_display()),
                (self.fields["odd_players"].label, c.get_odd_players_display())]
        if kind_of_rules(c.rule_set.rules()).each_for_themselves:
            rows += [(self.fields["table_size"].label, c.table_size),
                     (self.fields["table_fit"].label, c.get_table_fit_display())]
        return rows


class DeleteChampionshipForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, delete this championship and its entries"), required=True,
        error_messages={"required": _("Tick the box to confirm: the championship and its "
                                      "entries are deleted for good.")})


class EntriesForm(forms.Form):
    players = ModelIdsField(label=_("members"), queryset=Player.objects.none(),
                            required=False, widget=Checklist)
    pairs = ModelIdsField(label=_("pairs"), queryset=None, required=False, widget=Checklist)
    new_players = forms.CharField(
        label=_("new players"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One per line: name, first name. They also become members of the club."))

    def __init__(self, *args, championship, **kwargs):
        super().__init__(*args, **kwargs)
        club = championship.club
        entered = championship.entries.values("player_id")
        self.fields["players"].queryset = Player.objects.filter(
            memberships__club=club, memberships__active=True).exclude(pk__in=entered)
        self.fields["pairs"].queryset = club.pairs.filter(active=True).exclude(
            pk__in=championship.entries.values("pair_id")).select_related("first", "second")
        if championship.is_individual:
            del self.fields["pairs"]
        else:
            del self.fields["players"], self.fields["new_players"]
        for name in ("players", "pairs"):
            if name in self.fields:
                self.fields[name].widget.attrs["aria-label"] = self.fields[name].label

    def clean_new_players(self):
        names = []
        for number, line in enumerate(self.cleaned_data["new_players"].splitlines(), start=1):
            if not line.strip():
                continue
            parts = [p.strip() for p in line.split(",")]
            if len(parts) != 2 or not all(parts) or any(len(p) > 80 for p in parts):
                raise forms.ValidationError(
                    _("Line %(n)d: write “name, first name” (each at most 80 characters)."),
                    params={"n": number})
            names.append((parts[0], parts[1]))
        return names


class DrawForm(forms.Form):
    seed = forms.IntegerField(label=_("seed"), required=False, min_value=0, max_value=MAX_SEED,
                              help_text=_("Leave empty for a new random seed."))
    time_limit = forms.IntegerField(label=_("time limit (minutes)"), required=False, min_value=1,
                                    max_value=MAX_MINUTES)


class AdvanceForm(forms.Form):
    kind = forms.ChoiceField(label=_("next stage"), choices=Stage.Kind.choices,
                             initial=Stage.Kind.FINAL)
    advance = forms.ChoiceField(label=_("who goes on"), choices=Stage.Advance.choices)
    advance_count = forms.IntegerField(label=_("how many"), required=False, min_value=2,
                                       max_value=MAX_ENTRIES)
    draw_method = forms.ChoiceField(
        label=pgettext_lazy("how tables are drawn", "draw"), required=False,
        choices=[("", _("as the championship"))] + Championship.DrawMethod.choices)


class SubstituteForm(forms.Form):
    entry = forms.ModelChoiceField(label=_("player who leaves"), queryset=None)
    player = forms.ModelChoiceField(label=_("substitute"), queryset=None,
                                    help_text=_("Takes the seat from the next round on."))

    def __init__(self, *args, championship, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = championship.entries.filter(active=True)
        self.fields["player"].queryset = Player.objects.filter(
            memberships__club=championship.club, memberships__active=True).exclude(
            pk__in=championship.entries.values("player_id"))
