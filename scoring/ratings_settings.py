"""Rating settings: the model, its parameters, and which matches count (issue 19).

One frozen :class:`RatingSettings` value per scope (a club, the federation): what
:func:`scoring.ratings.rate` reads. Kept apart from :mod:`scoring.ratings` so that each
module stays small; :mod:`scoring.ratings` re-exports everything here.

>>> RatingSettings().to_dict()["model"]
'plackett_luce'
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from scoring.errors import ScoringError

if TYPE_CHECKING:
    from scoring.ratings import RatingMatch

#: The rating models by setting name: openskill's Weng-Lin models (imported when first
#: used, so that ``import scoring`` works where nothing rates).
MODELS: dict[str, str] = {
    "plackett_luce": "PlackettLuce",
    "thurstone_mosteller": "ThurstoneMostellerFull",
    "bradley_terry": "BradleyTerryFull",
}
#: What a drawn match does: rated as a tie, or not counted at all.
DRAWS: tuple[str, ...] = ("tie", "ignore")


class RatingError(ScoringError):
    """A rating setting or a match given to the ratings is invalid (``field`` says which)."""


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _sort_ids(ids: Iterable[Hashable]) -> list[Hashable]:
    ids = list(ids)
    try:
        return sorted(ids)
    except TypeError:
        return sorted(ids, key=lambda x: (type(x).__name__, repr(x)))


@dataclass(frozen=True)
class RatingSettings:
    """How ratings are computed, and which matches count.

    ``model``: one of :data:`MODELS`; ``mu``/``sigma``: a new player's rating; ``beta``: the
    spread of one match's performance around the skills; ``tau``: uncertainty added before
    each match (skills move). ``draws``: ``"tie"`` or ``"ignore"``. ``provisional_matches``:
    matches before a rating stops being provisional. ``display_z``: ``display = mu - z *
    sigma``. Inactivity: after ``inactivity_grace_days`` without a match, ``sigma`` grows
    like a random walk of ``inactivity_sigma_per_year`` a year, up to the new player's
    ``sigma``. ``events``: the events that count (None: all); ``since``: the first date
    that counts (None: all).

    >>> RatingSettings(model="elo")
    Traceback (most recent call last):
    scoring.ratings_settings.RatingError: model: must be one of plackett_luce, thurstone_mosteller, bradley_terry, not 'elo'
    >>> RatingSettings.from_dict(RatingSettings(events=frozenset({3, 1})).to_dict()).events
    frozenset({1, 3})
    """

    model: str = "plackett_luce"
    mu: float = 25.0
    #: Not openskill's 25/3: Manille's skills are close together next to its luck, and on
    #: simulated events 3 predicts within 5 points per decile where 25/3 is 7-9 off.
    sigma: float = 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    draws: str = "tie"
    provisional_matches: int = 10
    display_z: float = 3.0
    inactivity_grace_days: int = 30
    inactivity_sigma_per_year: float = 1.5
    events: frozenset | None = None
    since: datetime.date | None = None

    def __post_init__(self) -> None:
        def refuse(name: str, rule: str) -> None:
            raise RatingError(f"must be {rule}, not {getattr(self, name)!r}",
                              code="rating_setting", field=name)

        if self.model not in MODELS:
            refuse("model", "one of " + ", ".join(MODELS))
        if self.draws not in DRAWS:
            refuse("draws", "one of " + ", ".join(DRAWS))
        for name in ("mu", "display_z", "inactivity_sigma_per_year"):
            if not _number(getattr(self, name)) or (name != "mu" and getattr(self, name) < 0):
                refuse(name, "a finite number" + ("" if name == "mu" else ", 0 or more"))
        for name in ("sigma", "beta"):
            if not _number(getattr(self, name)) or getattr(self, name) <= 0:
                refuse(name, "a finite number above 0")
        if not _number(self.tau) or self.tau < 0:
            refuse("tau", "a finite number, 0 or more")
        for name in ("provisional_matches", "inactivity_grace_days"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                refuse(name, "a whole number, 0 or more")
        if self.events is not None:
            if isinstance(self.events, (str, bytes)) or not isinstance(self.events, Iterable):
                refuse("events", "a collection of event ids, or None for every event")
            object.__setattr__(self, "events", frozenset(self.events))
        if isinstance(self.since, datetime.datetime):
            object.__setattr__(self, "since", self.since.date())
        elif self.since is not None and not isinstance(self.since, datetime.date):
            refuse("since", "a date, or None for every date")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (events sorted, the date in ISO form); :meth:`from_dict` reads it."""
        data = dataclasses.asdict(self)
        if self.events is not None:
            data["events"] = _sort_ids(self.events)
        if self.since is not None:
            data["since"] = self.since.isoformat()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RatingSettings:
        """Read a dict written by :meth:`to_dict` (missing settings take their defaults)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise RatingError("is not a rating setting", code="rating_setting",
                              field=min(unknown))
        data = dict(data)
        if isinstance(data.get("since"), str):
            try:
                data["since"] = datetime.date.fromisoformat(data["since"])
            except ValueError:
                raise RatingError(f"must be a date (YYYY-MM-DD), not {data['since']!r}",
                                  code="rating_setting", field="since") from None
        return cls(**data)

    def counts(self, match: RatingMatch) -> bool:
        """Whether ``match`` counts under these settings (its event, its date, a draw).

        >>> from datetime import date
        >>> from scoring.ratings import RatingMatch
        >>> m = RatingMatch(1, date(2025, 5, 1), ("a",), ("b",), "draw", event="cup")
        >>> RatingSettings(since=date(2025, 6, 1)).counts(m), RatingSettings(events={"cup"}).counts(m)
        (False, True)
        """
        if self.events is not None and match.event not in self.events:
            return False
        if self.since is not None and match.date < self.since:
            return False
        return not (match.result == "draw" and self.draws == "ignore")

    def widened(self, sigma: float, idle_days: int) -> float:
        """``sigma`` after ``idle_days`` without a match (the grace period first).

        >>> round(RatingSettings().widened(2.0, 30 + 365), 3), RatingSettings().widened(2.0, 30)
        (2.5, 2.0)
        """
        days = idle_days - self.inactivity_grace_days
        if days <= 0 or not self.inactivity_sigma_per_year:
            return sigma
        wider = math.sqrt(sigma * sigma + self.inactivity_sigma_per_year ** 2 * days / 365.0)
        return min(wider, max(sigma, self.sigma))


@lru_cache(maxsize=32)
def _model(settings: RatingSettings) -> Any:
    from openskill import models

    model = getattr(models, MODELS[settings.model])
    return model(mu=settings.mu, sigma=settings.sigma, beta=settings.beta, tau=settings.tau)

