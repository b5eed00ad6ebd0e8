"""Clubs, players, memberships, pairs and who may organise what."""

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
    name = models.CharField(_("pair name"), max_length=120, blank=True)

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
    """A user's role in a club: owners and organisers may edit it."""

    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        ORGANISER = "organiser", _("organiser")

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


def can_edit_club(user, club: Club) -> bool:
    """Staff edit every club; an owner or organiser edits their own."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return ClubRole.objects.filter(user=user, club=club).exists()


#: Values per ``IN (...)`` query (PostgreSQL takes at most 65,535 parameters a statement).
IN_QUERY_CHUNK = 10_000


def organised_club_ids(user) -> set[int] | None:
    """The ids of the clubs ``user`` organises (owner or organiser); None for staff, who
    organise every club; an empty set for anonymous users."""
    if not user.is_authenticated:
        return set()
    if user.is_staff:
        return None
    return set(ClubRole.objects.filter(user=user).values_list("club_id", flat=True))


def players_not_editable(user, player_ids) -> set[int]:
    """Those of ``player_ids`` that ``user`` may not edit, rename or attach to a club.

    A player belongs to their clubs: only someone who organises every club the player is
    a member of (or site staff) may touch them. A player who is a member of no club is
    left to staff. One query for the memberships, one for the user's clubs."""
    ids = set(player_ids)
    if not ids:
        return set()
    mine = organised_club_ids(user)
    if mine is None:
        return set()
    clubs_of: dict[int, set[int]] = {pk: set() for pk in ids}
    ordered = sorted(ids)
    for start in range(0, len(ordered), IN_QUERY_CHUNK):
        for player_id, club_id in Membership.objects.filter(
                player_id__in=ordered[start:start + IN_QUERY_CHUNK]).values_list(
                "player_id", "club_id"):
            clubs_of[player_id].add(club_id)
    return {pk for pk, clubs in clubs_of.items() if not clubs or not clubs <= mine}


def can_edit_player(user, player: Player) -> bool:
    """Staff, or someone who organises every club ``player`` is a member of."""
    return user.is_authenticated and not players_not_editable(user, [player.pk])
