"""The movements' refusals (``scoring.movements``) in the user's words: part of
:func:`club.messages.table`."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy


@cache
def movements() -> dict[str, Any]:
    """Mitchell and Howell movements for duplicate events (RULES.md §15)."""
    return {
        "movement_pairs": gettext_lazy("This movement does not suit the number of pairs: a "
                                       "Mitchell takes 5 to 60 pairs, a Howell 3 to 20."),
        "movement_rounds": gettext_lazy("More rounds than the movement has: leave the rounds "
                                        "empty for the whole movement, or play fewer."),
        "movement_number": gettext_lazy("Give a whole number."),
        "movement_unknown": gettext_lazy("Choose a Mitchell or a Howell movement."),
        "pair_changed_direction": gettext_lazy(
            "A pair played both North-South and East-West: its movement is ranked in one "
            "list, not by direction."),
    }
