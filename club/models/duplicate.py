"""Duplicate Manille (RULES.md §15, issue 18): an event of fixed pairs playing pre-dealt
boards, its sessions' board sets, the movement's tables and the travellers.

An event sits beside :class:`~club.models.Championship` rather than on it: a championship is
stages, rounds drawn from standings and score sheets of whole games, none of which a
duplicate evening has; what the two share (the club, a rule set, fixed :class:`Pair` s,
public or not) is a few foreign keys. See docs/architecture.md, "Duplicate events".

Recorded facts: the boards (a seed, or the hands as entered) and the travellers' lines (the
deal's facts as on a sheet). The movement's tables are the organiser's choice made concrete
(``scoring.movements``, kept so a later code change cannot move a played evening); board
scores, match points and percentages are derived and never stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.bounds import MAX_DOUBLING, MAX_NUMBER, MAX_POINTS, MAX_SIDE, between
from club.models.changes import ResultChange
from club.models.clubs import Club, Pair
from club.models.rules import RuleSet
from club.models.sheets import TRUMP_CHOICES

#: A board is dealt to the four seats of the partnership game (0-3).
BOARD_SEATS = 4
#: The most boards a round and a session (bounds for the forms).
MAX_BOARDS_PER_ROUND = 8
MAX_BOARDS = 64


class DuplicateEvent(models.Model):
    """A duplicate event for fixed pairs: its movement and how many boards a round."""

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell (larger fields: two directions)")
        HOWELL = "howell", _("Howell (small fields: every pair meets the others)")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="duplicate_events",
                             verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), null=True, blank=True)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT,
                                 related_name="duplicate_events", verbose_name=_("rule set"))
    movement = models.CharField(_("movement"), max_length=10, choices=Movement.choices,
                                default=Movement.MITCHELL)
    boards_per_round = models.PositiveSmallIntegerField(
        _("boards per round"), default=2, validators=between(1, MAX_BOARDS_PER_ROUND))
    public = models.BooleanField(_("public"), default=False,
                                 help_text=_("Anyone may read the boards' results and the "
                                             "standings."))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created"]
        verbose_name = _("duplicate event")
        verbose_name_plural = _("duplicate events")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("duplicate-event", args=[self.pk])


class DuplicatePair(models.Model):
    """A pair of the event with its number (1, 2, ...: the number on the table cards)."""

    event = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE, related_name="pairs",
                              verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("pair number"),
                                              validators=between(1, MAX_NUMBER))
    pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="duplicate_entries",
                             verbose_name=_("pair"))
    name = models.CharField(_("name"), max_length=160)

    class Meta:
        ordering = ["event_id", "number"]
        verbose_name = _("duplicate pair")
        verbose_name_plural = _("duplicate pairs")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="duplicate_pair_number"),
            models.UniqueConstraint(fields=["event", "pair"], name="duplicate_pair_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class DuplicateSession(models.Model):
    """One session of the event: a board set and the movement's rounds.

    ``version`` moves on with every traveller written in the session (the lock travellers
    are written under, :mod:`club.services.duplicate_travellers`)."""

    class BoardSource(models.TextChoices):
        SEED = "seed", _("dealt from a seed")
        ENTERED = "entered", _("entered card by card")

    event = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE,
                              related_name="sessions", verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("session"), validators=between(1, MAX_NUMBER))
    board_source = models.CharField(_("boards"), max_length=8, choices=BoardSource.choices,
                                    default=BoardSource.SEED)
    seed = models.CharField(_("board seed"), max_length=60, blank=True,
                            help_text=_("The same seed always deals the same boards."))
    board_count = models.PositiveSmallIntegerField(_("boards"),
                                                   validators=between(1, MAX_BOARDS))
    rounds = models.PositiveSmallIntegerField(_("rounds"), validators=between(1, MAX_NUMBER))
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["event_id", "number"]
        verbose_name = _("duplicate session")
        verbose_name_plural = _("duplicate sessions")
        constraints = [models.UniqueConstraint(fields=["event", "number"],
                                               name="duplicate_session_number")]

    def __str__(self) -> str:
        return _("Session %(number)d") % {"number": self.number}


class DuplicateBoard(models.Model):
    """A board of a session's set: number, dealer seat and the four hands in
    ``engine.Board``'s notation (``str(board)``). ``double_dummy`` and ``par`` are the hand
    record, filled in the background (null until computed): ``{"c": [p0, p1, all_tricks],
    ..., "nt": [...]}`` and ``{"trump", "points", "score", "choices"}``, for the rule set
    named in ``hand_record_rules`` (its ``to_dict``)."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE,
                                related_name="boards", verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("board"), validators=between(1, MAX_BOARDS))
    dealer = models.PositiveSmallIntegerField(_("dealer (seat)"),
                                              validators=between(0, BOARD_SEATS - 1))
    hands = models.TextField(_("hands"), help_text=_("The board in the hand-record notation."))
    double_dummy = models.JSONField(_("double-dummy results"), null=True, blank=True)
    par = models.JSONField(_("par"), null=True, blank=True)
    hand_record_rules = models.JSONField(_("hand record rules"), null=True, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [models.UniqueConstraint(fields=["session", "number"],
                                               name="duplicate_board_number")]

    def __str__(self) -> str:
        return _("Board %(number)d") % {"number": self.number}

    def board(self):
        """The ``engine.Board``."""
        from engine.board import Board

        return Board.parse(self.hands)


class DuplicateTable(models.Model):
    """A table of a round of the movement: the pair sitting North-South (seats 0 and 2,
    side 0), the pair East-West (seats 1 and 3, side 1) and the board group they play.
    A missing pair is the phantom: the other pair sits out (no board is played there)."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE,
                                related_name="tables", verbose_name=_("session"))
    round = models.PositiveSmallIntegerField(_("round"), validators=between(1, MAX_NUMBER))
    number = models.PositiveSmallIntegerField(_("table"), validators=between(1, MAX_NUMBER))
    pair_ns = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, null=True,
                                blank=True, related_name="+", verbose_name=_("North-South"))
    pair_ew = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, null=True,
                                blank=True, related_name="+", verbose_name=_("East-West"))
    board_group = models.PositiveSmallIntegerField(_("board group"),
                                                   validators=between(1, MAX_BOARDS))
    boards = models.JSONField(_("boards"), default=list,
                              help_text=_("The numbers of the boards played here."))

    class Meta:
        ordering = ["session_id", "round", "number"]
        verbose_name = _("movement table")
        verbose_name_plural = _("movement tables")
        constraints = [
            models.UniqueConstraint(fields=["session", "round", "number"],
                                    name="duplicate_table_unique"),
            models.CheckConstraint(condition=Q(pair_ns__isnull=True) | Q(pair_ew__isnull=True)
                                   | ~Q(pair_ns=models.F("pair_ew")),
                                   name="duplicate_table_two_pairs"),
        ]

    def __str__(self) -> str:
        return _("Round %(round)d, table %(table)d") % {"round": self.round,
                                                        "table": self.number}

    @property
    def sit_out(self) -> bool:
        return self.pair_ns_id is None or self.pair_ew_id is None


class Traveller(models.Model):
    """One line of a board's traveller: the table that played it and the deal's facts as on
    a sheet (side 0 is North-South). The pairs are the table's, copied so that the database
    itself refuses a pair playing a board twice in one direction."""

    board = models.ForeignKey(DuplicateBoard, on_delete=models.CASCADE,
                              related_name="travellers", verbose_name=_("board"))
    table = models.ForeignKey(DuplicateTable, on_delete=models.CASCADE,
                              related_name="travellers", verbose_name=_("table"))
    pair_ns = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("North-South"))
    pair_ew = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("East-West"))
    trump = models.CharField(_("trump"), max_length=1, choices=TRUMP_CHOICES, null=True,
                             blank=True, help_text=_("Empty: no trump."))
    doubling = models.PositiveSmallIntegerField(_("doubling"), default=1,
                                                validators=between(1, MAX_DOUBLING))
    points = models.PositiveSmallIntegerField(_("card points North-South"), null=True,
                                              blank=True, validators=between(0, MAX_POINTS))
    points_other = models.PositiveSmallIntegerField(_("card points East-West"), null=True,
                                                    blank=True,
                                                    validators=between(0, MAX_POINTS))
    all_tricks = models.PositiveSmallIntegerField(_("all tricks (side)"), null=True,
                                                  blank=True, validators=between(0, MAX_SIDE))
    renonce = models.PositiveSmallIntegerField(_("renonce (side)"), null=True, blank=True,
                                               validators=between(0, MAX_SIDE))
    play = models.JSONField(_("card play"), null=True, blank=True,
                            help_text=_("The tricks card by card, when known."))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+",
                                   verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), auto_now=True)
    version = models.PositiveIntegerField(
        _("version"), default=1,
        help_text=_("Moves on at every change: a form loaded at another version is stale."))

    class Meta:
        ordering = ["board_id", "table_id"]
        verbose_name = _("traveller line")
        verbose_name_plural = _("traveller lines")
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="traveller_once_a_table"),
            models.UniqueConstraint(fields=["board", "pair_ns"], name="traveller_ns_once"),
            models.UniqueConstraint(fields=["board", "pair_ew"], name="traveller_ew_once"),
            models.CheckConstraint(condition=Q(all_tricks__isnull=True)
                                   | Q(all_tricks__in=(0, 1)), name="traveller_all_tricks_side"),
            models.CheckConstraint(condition=Q(renonce__isnull=True) | Q(renonce__in=(0, 1)),
                                   name="traveller_renonce_side"),
        ]

    def __str__(self) -> str:
        return f"{self.board} / {self.table}"

    FACT_FIELDS = ("trump", "doubling", "points", "points_other", "all_tricks", "renonce")

    def facts(self) -> dict:
        return {name: getattr(self, name) for name in self.FACT_FIELDS}


class TravellerChange(ResultChange):
    """Who entered, corrected or removed a traveller's line, when, with the old and new
    values and why (kept when the line is removed: it names the session, table and board)."""

    session = models.ForeignKey(DuplicateSession, on_delete=models.CASCADE,
                                related_name="changes", verbose_name=_("session"))
    table = models.ForeignKey(DuplicateTable, on_delete=models.CASCADE, related_name="changes",
                              verbose_name=_("table"))
    board_number = models.PositiveSmallIntegerField(_("board"),
                                                    validators=between(1, MAX_NUMBER))

    class Meta(ResultChange.Meta):
        verbose_name = _("traveller change")
        verbose_name_plural = _("traveller changes")
