"""Player ratings (issue 19): derived data, like the standings.

- :class:`ClubRatingSettings`: which of a club's championships count (all, or chosen ones)
  and from which date; the federation's scope counts every public championship.
- :class:`RatingScope`: one stored state per scope (a club's ratings, the same club's
  ratings from its public championships only, the federation's): ``scoring.ratings``'
  ``Ratings.to_dict()`` and the closed rounds it covers, in the order they were closed.
- :class:`PlayerRating` and :class:`RatingPoint`: the state as rows, for listing and for a
  player's chart. Everything here is rebuilt from the closed rounds by
  :mod:`club.services.ratings` (``manage.py rebuild_ratings``; ``verify_ratings`` checks).
- :class:`PendingRatingRefresh`: a club's refresh asked for and not run yet (the ratings
  it feeds are behind); the workers' sweep sends one the task queue did not take.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models.championships import Championship, Round
from club.models.clubs import Club, Player


class ClubRatingSettings(models.Model):
    class Counts(models.TextChoices):
        ALL = "all", _("all the club's championships")
        CHOSEN = "chosen", _("the championships chosen below")

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="rating_settings",
                                verbose_name=_("club"))
    counts = models.CharField(_("championships that count"), max_length=8,
                              choices=Counts.choices, default=Counts.ALL)
    championships = models.ManyToManyField(Championship, blank=True, related_name="+",
                                           verbose_name=_("chosen championships"))
    since = models.DateField(_("counted from"), null=True, blank=True,
                             help_text=_("Rounds closed before this day do not count. "
                                         "Empty: every round."))
    changed = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("rating settings")
        verbose_name_plural = _("rating settings")

    def __str__(self) -> str:
        return str(self.club)


class RatingScope(models.Model):
    """The stored ratings of one scope. ``key``: ``club:<id>`` (every counted championship
    of the club), ``public:<id>`` (the same, public championships only: what the public
    sees) or ``federation`` (public championships of every club)."""

    FEDERATION = "federation"

    key = models.CharField(_("scope"), max_length=40, unique=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="rating_scopes", verbose_name=_("club"))
    #: ``scoring.ratings.Ratings.to_dict()``: settings, digest, players.
    state = models.JSONField(_("state"), default=dict)
    #: [[round id, closed at (ISO)], ...] in close order: the rounds the state read.
    rounds = models.JSONField(_("rounds read"), default=list)
    computed = models.DateTimeField(_("computed"), auto_now=True)
    #: The performance spread fitted from the scope's own matches (``scoring.ratings_fit``),
    #: refitted by every refresh; the win chances use it. None before the first refresh.
    beta = models.FloatField(_("fitted performance spread"), null=True, blank=True)
    #: The matches the fit rests on: no win chance is shown below ``MIN_MATCHES``.
    fit_matches = models.PositiveIntegerField(_("matches the fit rests on"), default=0)

    class Meta:
        verbose_name = _("rating scope")
        verbose_name_plural = _("rating scopes")
        constraints = [models.CheckConstraint(
            condition=Q(key="federation", club__isnull=True) | Q(club__isnull=False),
            name="rating_scope_has_a_club")]

    def __str__(self) -> str:
        return self.key


class PlayerRating(models.Model):
    scope = models.ForeignKey(RatingScope, on_delete=models.CASCADE, related_name="players",
                              verbose_name=_("scope"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings",
                               verbose_name=_("player"))
    rank = models.PositiveIntegerField(_("rank"))
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    display = models.FloatField(_("rating"))
    matches = models.PositiveIntegerField(_("matches"))
    provisional = models.BooleanField(_("provisional"))
    last_played = models.DateField(_("last played"), null=True, blank=True)

    class Meta:
        ordering = ["scope_id", "rank"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [models.UniqueConstraint(fields=["scope", "player"],
                                               name="one_rating_per_scope")]


class RatingPoint(models.Model):
    """A player's rating after a round (the chart's points)."""

    scope = models.ForeignKey(RatingScope, on_delete=models.CASCADE, related_name="points",
                              verbose_name=_("scope"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               verbose_name=_("player"))
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+",
                              verbose_name=_("round"))
    position = models.PositiveIntegerField(_("place in the close order"))
    day = models.DateField(_("day"))
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    display = models.FloatField(_("rating"))

    class Meta:
        ordering = ["scope_id", "player_id", "position"]
        verbose_name = _("rating point")
        verbose_name_plural = _("rating points")
        constraints = [models.UniqueConstraint(fields=["scope", "player", "round"],
                                               name="one_rating_point_per_round")]
        indexes = [models.Index(fields=["scope", "player", "position"])]


class PendingRatingRefresh(models.Model):
    """A refresh of the ratings a club's rounds feed, owed: written in the transaction of
    the change that needs it (a round closed or reopened, the settings saved), deleted by
    the refresh that read that change (:func:`club.services.ratings.refresh_club`). While
    it exists the club's ratings, and the federation's, are known to be behind: their
    pages say they are being updated. ``sent`` None: the task queue could not be reached;
    the workers' sweep sends it (``club.services.ratings.send_owed``)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE,
                                related_name="pending_rating_refresh", verbose_name=_("club"))
    #: Moves with every change that asks for a refresh: a refresh deletes only the version
    #: it read before reading the rounds (a change after that is still owed).
    version = models.PositiveIntegerField(_("version"), default=1)
    asked = models.DateTimeField(_("asked"), auto_now=True)
    #: When the refresh was last handed to the task queue; None: not sent.
    sent = models.DateTimeField(_("sent"), null=True, blank=True)

    class Meta:
        verbose_name = _("pending ratings refresh")
        verbose_name_plural = _("pending ratings refreshes")

    def __str__(self) -> str:
        return str(self.club)
