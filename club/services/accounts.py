"""Ending a user's sessions (see :mod:`club.models.accounts`)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from club.models.accounts import SessionGeneration


def end_sessions(user_id: int) -> None:
    """Every session of the user made before now stops working (on every device)."""
    with transaction.atomic():
        if SessionGeneration.objects.filter(user_id=user_id).update(
                generation=F("generation") + 1):
            return
        _, created = SessionGeneration.objects.get_or_create(user_id=user_id,
                                                             defaults={"generation": 1})
        if not created:  # made by a logout at the same moment
            SessionGeneration.objects.filter(user_id=user_id).update(
                generation=F("generation") + 1)
