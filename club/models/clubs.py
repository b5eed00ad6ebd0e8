"""Clubs, players, memberships, pairs and the users' roles in clubs (what a role allows is
:mod:`club.access`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("short name"), max_length=60, unique=True,
                            help_text=_("Used in addresses: letters, digits and hyphens."))
    town = models.CharField(_("town"), max_length=120, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club-detail", args=[self.slug])


class Player(models.Model):
    last_name = models.CharField(_("name"), max_length=80)
    first_name = models.CharField(_("first name"), max_length=80)
    member_number = models.CharField(
        _("member number"), max_length=30, blank=True,
        help_text=_("Licence or member number; unique when given."),
    )
    published = models.BooleanField(
        _("published"), default=True,
        help_text=_("Not published: public pages show the initials only."))
    anonymised_at = models.DateTimeField(
        _("anonymised at"), null=True, blank=True,
        help_text=_("Set when the player's personal data was erased; the results stay."))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["member_number"], condition=~Q(member_number=""),
                name="player_member_number_unique",
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships",
                             verbose_name=_("club"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships",
                               verbose_name=_("player"))
    active = models.BooleanField(_("active"), default=True)
    joined = models.DateField(_("joined"), null=True, blank=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_once_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club}"


class Pair(models.Model):
    """Two players who play together as fixed partners."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="pairs",
                             verbose_name=_("club"))
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                              verbose_name=_("first player"))
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("second player"))
    name = models.CharField(_("pair name"), max_length=120, blank=True,
                            help_text=_("Empty: the two players' names."))
    active = models.BooleanField(_("active"), default=True,
                                 help_text=_("A pair that has played is kept for its results; "
                                             "removed, it is no longer offered for new "
                                             "championships."))

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        constraints = [
            models.CheckConstraint(condition=~Q(first=models.F("second")),
                                   name="pair_two_different_players"),
        ]

    def __str__(self) -> str:
        return self.name or self.players_label

    @property
    def players_label(self) -> str:
        return f"{self.first.full_name} & {self.second.full_name}"


class ClubRole(models.Model):
    """A user's role in a club (what each role may do is :mod:`club.access`)."""

    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        ORGANISER = "organiser", _("organiser")
        SCORER = "scorer", _("scorer")
        VIEWER = "viewer", _("viewer")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="club_roles", verbose_name=_("user"))
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles",
                             verbose_name=_("club"))
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.ORGANISER)

    class Meta:
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_role_per_club")]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) @ {self.club}"
