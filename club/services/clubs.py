"""Clubs: a new club and its first owner; removing a pair."""

from __future__ import annotations

from django.db import transaction

from club.models import Club, ClubRole, Pair


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
