"""Clubs: a new club and its first owner."""

from __future__ import annotations

from django.db import transaction

from club.models import Club, ClubRole


@transaction.atomic
def create_club(user, club: Club) -> Club:
    """Save ``club`` (from the form, unsaved) with ``user`` as its owner."""
    club.save()
    ClubRole.objects.create(user=user, club=club, role=ClubRole.Role.OWNER)
    return club
