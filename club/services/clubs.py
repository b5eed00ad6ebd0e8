"""Clubs: a new club and its first owner, its details and members' cards, its pairs."""

from __future__ import annotations

from django.db import transaction

from club.models import Club, ClubRole, Membership, Pair
from club.services.club_size import make_pair_room


@transaction.atomic
def create_club(user, club: Club) -> Club:
    """Save ``club`` (from the form, unsaved) with ``user`` as its owner."""
    club.save()
    ClubRole.objects.create(user=user, club=club, role=ClubRole.Role.OWNER)
    return club


@transaction.atomic
def remove_pair(pair: Pair) -> bool:
    """Delete a pair that never played; one that did is deactivated instead (its results
    stay, it is no longer offered for new championships). True when it was deleted."""
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if pair.entries.exists():
        Pair.objects.filter(pk=pair.pk).update(active=False)
        return False
    pair.delete()
    return True


def save_club(club: Club) -> Club:
    """Save a club's details as edited on its form (the page checked the user may)."""
    club.save()
    return club


def save_membership(membership: Membership) -> Membership:
    """Save a member's card in a club (number, since, active) as edited on its form."""
    membership.save()
    return membership


@transaction.atomic
def save_pair(club: Club, pair: Pair) -> Pair:
    """Save a new or edited pair of ``club`` (its form checked both players are members).
    A new pair beyond ``TROEF_CLUB_MAX_PAIRS`` is refused (``ClubFull``), nothing written."""
    if pair.pk is None:
        make_pair_room(club, 1)
    pair.club = club
    pair.save()
    return pair


def restore_pair(pair: Pair) -> None:
    """Offer a removed pair (kept for its results) for new championships again. It never
    stopped counting towards ``TROEF_CLUB_MAX_PAIRS``, so it takes no new room."""
    Pair.objects.filter(pk=pair.pk).update(active=True)
