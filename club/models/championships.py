"""Championships and their structure: stages, rounds, tables, seats and entries."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.bounds import (
    AUCTION_SEATS,
    MAX_ENTRIES,
    MAX_MINUTES,
    MAX_NUMBER,
    MAX_SEAT,
    between,
)
from club.models.clubs import Club, Pair, Player
from club.models.rules import RuleSet


def new_seed() -> int:
    return secrets.randbelow(10**9)


class Championship(models.Model):
    class EntryType(models.TextChoices):
        PAIRS = "pairs", _("fixed pairs")
        INDIVIDUAL = "individual", _("individual (new partners each round)")

    class DrawMethod(models.TextChoices):
        RANDOM = "random", _("random")
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss (by current standing)")
        SCORER_STAYS = "scorer_stays", _("scorer stays (individual movement)")
        POULES = "poules", _("poules of four (each pair meets its poule once)")
        BALANCED = "balanced", _("balanced by rating (individual: strong with weak partners)")

    class ByeScoring(models.TextChoices):
        AVERAGE = "average_win", _("a win with the average result of the other tables")
        FIXED = "fixed", _("a fixed score")
        NOTHING = "nothing", _("nothing")

    class OddPlayers(models.TextChoices):
        BYES = "byes", _("byes")
        THREES = "threes", _("tables of three (dealer alone against two)")

    class TableFit(models.TextChoices):
        MOST = "most", _("as many tables of that size as possible")
        CLOSEST = "closest", _("every table as close to that size as possible")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="championships",
                             verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=120)
    season = models.CharField(_("season"), max_length=20, blank=True,
                              help_text=_("For club ladders, e.g. 2026-2027."))
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="championships",
                                 verbose_name=_("rule set"))
    match_format = models.JSONField(_("match format"), default=dict)
    entry_type = models.CharField(_("entries"), max_length=12, choices=EntryType.choices,
                                  default=EntryType.PAIRS)
    draw_method = models.CharField(pgettext_lazy("how tables are drawn", "draw"), max_length=16,
                                   choices=DrawMethod.choices, default=DrawMethod.RANDOM)
    ranking_order = models.JSONField(_("ranking order"), default=list)
    bye_scoring = models.CharField(_("bye scoring"), max_length=12, choices=ByeScoring.choices,
                                   default=ByeScoring.AVERAGE)
    odd_players = models.CharField(_("when players do not fill tables of four"), max_length=10,
                                   choices=OddPlayers.choices, default=OddPlayers.BYES)
    # Auction Manille only (RULES §13): how the field is split into tables of 3 to 7
    # (scoring.pairing.auction_tables: the draw's options "size" and "fit").
    table_size = models.PositiveSmallIntegerField(
        _("players per table"), default=4, validators=between(*AUCTION_SEATS),
        help_text=_("Auction Manille only: the usual table, 3 to 7 players each for themselves."))
    table_fit = models.CharField(
        _("when the field does not divide"), max_length=8, choices=TableFit.choices,
        default=TableFit.MOST,
        help_text=_("Auction Manille only: how the other tables are sized."))
    public = models.BooleanField(_("public"), default=False,
                                 help_text=_("Anyone may read the draw and standings."))
    confirmation_required = models.BooleanField(
        _("sheets confirmed by a second person"), default=False)
    self_entry = models.BooleanField(_("players enter their own table"), default=False)
    seed = models.BigIntegerField(_("event seed"), default=new_seed,
                                  help_text=_("Draws lots for the final tiebreak."))
    results_version = models.PositiveIntegerField(
        _("results version"), default=0, editable=False,
        help_text=_("Moves on whenever a result changes; stale standings are rebuilt."))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "-created"]
        verbose_name = _("championship")
        verbose_name_plural = _("championships")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError({"end_date": _(
                "The end date (%(end)s) is before the start date (%(start)s): a championship "
                "cannot end before it starts.") % {"end": self.end_date.isoformat(),
                                                   "start": self.start_date.isoformat()}},
                code="end_before_start")

    def get_absolute_url(self) -> str:
        return reverse("championship-detail", args=[self.pk])

    @property
    def is_individual(self) -> bool:
        return self.entry_type == self.EntryType.INDIVIDUAL


class Stage(models.Model):
    class Kind(models.TextChoices):
        QUALIFYING = "qualifying", _("qualifying")
        SEMI_FINAL = "semi_final", _("semi-final")
        FINAL = "final", _("final")

    class Advance(models.TextChoices):
        TOP_N = "top_n", _("the best N by the ranking order")
        TABLE_WINNERS = "table_winners", _("the table winners")
        POULE_WINNERS = "poule_winners", _("the poule winners, then the best runners-up")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="stages",
                                     verbose_name=_("championship"))
    number = models.PositiveSmallIntegerField(_("number"), validators=between(1, MAX_NUMBER))
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.QUALIFYING)
    name = models.CharField(_("name"), max_length=80, blank=True)
    advance = models.CharField(_("who goes on"), max_length=14, choices=Advance.choices,
                               default=Advance.TOP_N)
    advance_count = models.PositiveIntegerField(_("how many go on"), null=True, blank=True,
                                                validators=between(2, MAX_ENTRIES))
    draw_method = models.CharField(pgettext_lazy("how tables are drawn", "draw"), max_length=16,
                                   choices=Championship.DrawMethod.choices, blank=True,
                                   help_text=_("Empty: the championship's draw."))

    class Meta:
        ordering = ["championship_id", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [models.UniqueConstraint(fields=["championship", "number"],
                                               name="stage_number_unique")]

    def __str__(self) -> str:
        return self.name or self.get_kind_display()


class Entry(models.Model):
    """One competitor: a fixed pair, or one player in an individual event."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="entries",
                                     verbose_name=_("championship"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="entries", verbose_name=_("player"))
    pair = models.ForeignKey(Pair, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="entries", verbose_name=_("pair"))
    name = models.CharField(_("name"), max_length=160)
    active = models.BooleanField(_("active"), default=True,
                                 help_text=_("Withdrawn entries are not drawn any more."))
    joined_round = models.PositiveSmallIntegerField(_("joined before round"), default=1,
                                                    validators=between(1, MAX_NUMBER))
    substitute_for = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True,
                                       related_name="substitutes", verbose_name=_("substitute for"))
    stages = models.ManyToManyField(Stage, related_name="entries", blank=True,
                                    verbose_name=_("stages"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.CheckConstraint(condition=Q(player__isnull=False) | Q(pair__isnull=False),
                                   name="entry_is_a_player_or_a_pair"),
            models.UniqueConstraint(fields=["championship", "player"], name="player_enters_once",
                                    condition=Q(player__isnull=False)),
            models.UniqueConstraint(fields=["championship", "pair"], name="pair_enters_once",
                                    condition=Q(pair__isnull=False)),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")
        CLOSED = "closed", _("closed")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds",
                              verbose_name=_("stage"))
    number = models.PositiveSmallIntegerField(_("number"), validators=between(1, MAX_NUMBER))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.DRAFT)
    time_limit = models.PositiveSmallIntegerField(_("time limit (minutes)"), null=True, blank=True,
                                                  validators=between(1, MAX_MINUTES))
    seed = models.BigIntegerField(_("draw seed"), default=new_seed)
    draw_method = models.CharField(pgettext_lazy("how tables are drawn", "draw"), max_length=16, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    closed_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+", verbose_name=_("closed by"))
    # What the draw read when it was drawn (club.services.draws.drawn_on_changed_results):
    # the championship's results version, and a fingerprint of the draw's input.
    drawn_version = models.PositiveIntegerField(_("results version when drawn"), null=True,
                                                blank=True, editable=False)
    drawn_from = models.CharField(_("results drawn from"), max_length=32, blank=True,
                                  editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["stage_id", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return _("Round %(number)d") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("round-detail", args=[self.pk])


class Table(models.Model):
    """A table of a round: its seats in playing order make two sides (seat % 2).

    ``decision`` is the organiser's decision for a table left unfinished when its round
    closed (blank for a finished table): scored as played, a forfeit by ``decision_side``,
    an average score for both sides, or not played."""

    class Decision(models.TextChoices):
        PLAYED = "played", _("scored as played")
        FORFEIT = "forfeit", _("forfeit")
        AVERAGE = "average", _("average score")
        NOT_PLAYED = "not_played", _("not played")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables",
                              verbose_name=_("round"))
    number = models.PositiveSmallIntegerField(_("table"), validators=between(1, MAX_NUMBER))
    is_bye = models.BooleanField(_("bye"), default=False)
    sheet_keeper = models.PositiveSmallIntegerField(_("sheet kept by seat"), default=0,
                                                    validators=between(0, MAX_SEAT))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"), default=0,
                                                    validators=between(0, MAX_SEAT))
    flags = models.JSONField(_("draw flags"), default=list, blank=True)
    code = models.CharField(_("players' code"), max_length=12, blank=True)
    version = models.PositiveIntegerField(_("sheet version"), default=0)
    entered_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("entered by"))
    confirmed_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+", verbose_name=_("confirmed by"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    decision = models.CharField(_("decision"), max_length=12, choices=Decision.choices,
                                blank=True)
    decision_side = models.PositiveSmallIntegerField(
        _("side that forfeits"), null=True, blank=True, validators=between(0, MAX_SEAT),
        help_text=_("At an auction table: the seat of the player who forfeits."))
    decision_reason = models.CharField(_("reason"), max_length=300, blank=True)
    decided_by = models.ForeignKey("auth.User", on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="+", verbose_name=_("decided by"))
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    #: When the table's code page last asked the API, and how many deals it then said were
    #: waiting on the phone (``X-Troef-Waiting``; None: not said): the closing check shows it.
    reported_at = models.DateTimeField(_("code page last reported"), null=True, blank=True)
    reported_waiting = models.PositiveIntegerField(_("deals waiting on the phone"), null=True,
                                                   blank=True)

    class Meta:
        ordering = ["round_id", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True) | ~Q(confirmed_by=models.F("entered_by")),
                name="sheet_confirmed_by_another_person"),
        ]

    def __str__(self) -> str:
        return _("Table %(number)d") % {"number": self.number}

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats",
                              verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("seat"), validators=between(0, MAX_SEAT))
    #: 0 or 1 at a partnership table; at an auction table everyone plays for themselves and a
    #: seat's side is its position (so nobody at the table is anyone's partner).
    side = models.PositiveSmallIntegerField(_("side"), validators=between(0, MAX_SEAT))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats",
                               verbose_name=_("player"))
    # RESTRICT: an entry with seats is never deleted alone, but goes with its championship.
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats",
                              verbose_name=_("entry"))

    class Meta:
        ordering = ["table_id", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.CheckConstraint(condition=Q(side__lte=MAX_SEAT), name="seat_side_in_range"),
        ]
