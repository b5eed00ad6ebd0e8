"""What the ratings read and give (:mod:`scoring.ratings`): one finished match as they see it
(:class:`RatingMatch`, checked when made), one player's rating (:class:`Rating`), and the
digest that names a history of matches (:func:`_chain`: an incremental update reuses a
result only while the history it was built from is unchanged)."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from scoring.ratings_settings import RatingError
from scoring.records import RESULTS


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating: ``mu`` (skill), ``sigma`` (its uncertainty), the ``matches``
    counted, the date of the last one, ``provisional`` and the cautious ``display`` value."""

    mu: float
    sigma: float
    matches: int = 0
    last_played: datetime.date | None = None
    provisional: bool = True
    display: float = 0.0


@dataclass(frozen=True, slots=True)
class RatingMatch:
    """One finished match as the ratings see it: ``side_a``'s players against ``side_b``'s,
    ``result`` for side A (``win``, ``draw`` or ``loss``).

    ``key`` orders the matches (for instance the order rounds were closed, then the table:
    any values that compare, best tuples of ints and strings); ``date`` is the day it was
    played (for inactivity and the settings' first date); ``event`` is what the settings'
    list of events names.

    >>> RatingMatch(1, datetime.date(2026, 1, 9), ("a", "b"), ("c", "a"), "win")
    Traceback (most recent call last):
    scoring.ratings_settings.RatingError: side_b: player 'a' is on both sides or twice on one
    """

    key: Any
    date: datetime.date
    side_a: tuple[Hashable, ...]
    side_b: tuple[Hashable, ...]
    result: str
    event: Hashable = None

    def __post_init__(self) -> None:
        if isinstance(self.date, datetime.datetime):
            object.__setattr__(self, "date", self.date.date())
        elif not isinstance(self.date, datetime.date):
            raise RatingError(f"must be a date, not {self.date!r}", code="rating_match",
                              field="date")
        if self.result not in RESULTS:
            raise RatingError(f"must be one of {', '.join(RESULTS)}, not {self.result!r}",
                              code="result_invalid", field="result")
        seen: set[Hashable] = set()
        for name in ("side_a", "side_b"):
            side = getattr(self, name)
            if isinstance(side, (str, bytes)) or not isinstance(side, Iterable):
                raise RatingError(f"must be a list of players, not {side!r}",
                                  code="sides_invalid", field=name)
            side = tuple(side)
            object.__setattr__(self, name, side)
            if not side:
                raise RatingError("a side has at least one player", code="sides_invalid",
                                  field=name)
            for player in side:
                if player is None or player in seen:
                    raise RatingError(f"player {player!r} is on both sides or twice on one",
                                      code="entry_meets_itself", field=name)
                seen.add(player)

    def fingerprint(self) -> bytes:
        """The bytes that identify this match in a history's digest.

        >>> RatingMatch(1, datetime.date(2026, 1, 9), (1,), (2,), "win").fingerprint()
        b"(1, '2026-01-09', None, (1,), (2,), 'win')"
        """
        return repr((self.key, self.date.isoformat(), self.event, self.side_a, self.side_b,
                     self.result)).encode()


def _chain(digest: str, matches: Iterable[RatingMatch]) -> str:
    """The digest of a history: each match's fingerprint chained onto the digest before."""
    for match in matches:
        digest = hashlib.blake2b(digest.encode() + match.fingerprint(), digest_size=16).hexdigest()
    return digest
