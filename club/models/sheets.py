"""Score sheets: deals (the only recorded facts), their audit trail, and derived match rows."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.bounds import (
    MAX_DOUBLING,
    MAX_NUMBER,
    MAX_POINTS,
    MAX_SEAT,
    MAX_SIDE,
    MAX_TRICKS,
    between,
)
from club.models.championships import Entry, Table
from club.models.changes import ResultChange
from scoring.deal import exact


class GamePointsField(models.DecimalField):
    """Game points, whole or with a half left at a table of three (RULES.md §6: 30 card points
    of 51 score 4½). Stored as a decimal with one place; read back as the scoring layer
    counts them, an ``int`` when whole, else a :class:`~fractions.Fraction` (``Fraction(9, 2)``)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_digits", 9)
        kwargs.setdefault("decimal_places", 1)
        super().__init__(*args, **kwargs)

    @staticmethod
    def _points(value):
        if value is None or isinstance(value, int | Fraction):
            return value
        return exact(Fraction(str(value)))

    def from_db_value(self, value, expression, connection):
        return self._points(value)

    def to_python(self, value):
        if isinstance(value, Fraction):
            return Decimal(value.numerator) / Decimal(value.denominator)
        return super().to_python(value)

#: A deal's trump: a suit letter, or None (NULL) for no trump (as engine and scoring say it).
TRUMP_CHOICES = [("c", "♣"), ("d", "♦"), ("h", "♥"), ("s", "♠")]


class Deal(models.Model):
    """One deal as written on the sheet. Game points are never stored here: they are derived."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals",
                              verbose_name=_("table"))
    number = models.PositiveSmallIntegerField(_("deal"), validators=between(1, MAX_NUMBER))
    dealer = models.PositiveSmallIntegerField(_("dealer (seat)"), validators=between(0, MAX_SEAT))
    trump = models.CharField(_("trump"), max_length=1, choices=TRUMP_CHOICES, null=True,
                             blank=True, help_text=_("Empty: no trump."))
    doubling = models.PositiveSmallIntegerField(_("doubling"), default=1,
                                                validators=between(1, MAX_DOUBLING))
    # Who doubled, redoubled or knocked, in order (RULES §§4, 14): a seat each, null where a
    # deal recorded before the calls were kept says only how many (x2 each). ``doubling`` is
    # 2 ** len(calls), kept for readers of the multiplier.
    calls = models.JSONField(_("doubling calls"), default=list, blank=True)
    points = models.PositiveSmallIntegerField(_("card points of side 1"), null=True, blank=True,
                                              validators=between(0, MAX_POINTS))
    points_other = models.PositiveSmallIntegerField(_("card points of side 2"), null=True,
                                                    blank=True, validators=between(0, MAX_POINTS))
    all_tricks = models.PositiveSmallIntegerField(_("all tricks (side)"), null=True, blank=True,
                                                  validators=between(0, MAX_SIDE))
    renonce = models.PositiveSmallIntegerField(_("renonce (side)"), null=True, blank=True,
                                               validators=between(0, MAX_SIDE))
    cancelled = models.BooleanField(_("cancelled"), default=False)
    blind = models.BooleanField(_("blind trump"), default=False)
    en_face = models.BooleanField(_("en face"), default=False)
    tricks = models.PositiveSmallIntegerField(_("tricks of side 1"), null=True, blank=True,
                                              validators=between(0, MAX_TRICKS))
    # Auction Manille (RULES §13; empty on a partnership deal). ``points`` is then the
    # declarer's count (card points + one per trick) and ``all_tricks`` 0 when he took every
    # trick; a deal thrown in has no declarer.
    declarer = models.PositiveSmallIntegerField(_("declarer (seat)"), null=True, blank=True,
                                                validators=between(0, MAX_SEAT))
    contract = models.PositiveSmallIntegerField(_("bid"), null=True, blank=True,
                                                validators=between(1, MAX_POINTS),
                                                help_text=_("Empty: the privilege (variant 1)."))
    contract_all = models.BooleanField(_("bid all tricks"), default=False)
    exchanged = models.PositiveSmallIntegerField(_("cards exchanged"), default=0,
                                                 validators=between(0, MAX_TRICKS))
    play = models.JSONField(_("card play"), null=True, blank=True,
                            help_text=_("The tricks card by card, when entered trick by trick."))
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="+", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), auto_now=True)

    class Meta:
        ordering = ["table_id", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique"),
            models.CheckConstraint(condition=Q(all_tricks__isnull=True) | Q(all_tricks__in=(0, 1)),
                                   name="deal_all_tricks_side"),
            models.CheckConstraint(condition=Q(renonce__isnull=True) | Q(renonce__in=(0, 1)),
                                   name="deal_renonce_side"),
            models.CheckConstraint(condition=Q(contract__isnull=True) | Q(contract_all=False),
                                   name="deal_bid_count_or_all"),
        ]

    def __str__(self) -> str:
        return _("Deal %(number)d") % {"number": self.number}

    FACT_FIELDS = ("dealer", "trump", "doubling", "calls", "points", "points_other",
                   "all_tricks", "renonce", "cancelled", "blind", "en_face", "tricks")
    #: An auction deal's own facts; :meth:`facts` leaves them out while all are empty (a
    #: partnership deal, or an auction deal thrown in).
    AUCTION_FIELDS = ("declarer", "contract", "contract_all", "exchanged")

    def facts(self) -> dict:
        """The recorded facts as a plain dict (for the audit trail)."""
        facts = {name: getattr(self, name) for name in self.FACT_FIELDS}
        if (self.declarer is not None or self.contract is not None or self.contract_all
                or self.exchanged):
            facts.update((name, getattr(self, name)) for name in self.AUCTION_FIELDS)
        return facts


class DealChange(ResultChange):
    """Who changed what on a sheet, when, with the old and new values."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes",
                              verbose_name=_("table"))
    deal_number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True,
                                                   validators=between(1, MAX_NUMBER))
    by_code = models.BooleanField(_("by the table's code"), default=False)

    class Meta(ResultChange.Meta):
        verbose_name = _("sheet change")
        verbose_name_plural = _("sheet changes")


class MatchResult(models.Model):
    """Derived: one entry's outcome at one table, rebuilt from the deals on every change."""

    class Result(models.TextChoices):
        WIN = "win", _("win")
        DRAW = "draw", _("draw")
        LOSS = "loss", _("loss")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results",
                              verbose_name=_("table"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="results",
                              verbose_name=_("entry"))
    side = models.PositiveSmallIntegerField(_("side"))
    result = models.CharField(_("result"), max_length=4, choices=Result.choices, blank=True)
    finished = models.BooleanField(_("finished"), default=False)
    games_won = models.PositiveSmallIntegerField(_("games won"), default=0)
    games_lost = models.PositiveSmallIntegerField(_("games lost"), default=0)
    # Signed: an auction player's total (RULES §13) can be below zero.
    # A table of three can leave a half (RULES.md §6): int, or Fraction(9, 2) for 4½.
    points_for = GamePointsField(_("game points for"), default=0)
    points_against = GamePointsField(_("game points against"), default=0)
    is_bye = models.BooleanField(_("bye"), default=False)

    class Meta:
        ordering = ["table_id", "side"]
        verbose_name = _("match result")
        verbose_name_plural = _("match results")
        constraints = [models.UniqueConstraint(fields=["table", "entry"], name="one_result_per_entry")]
