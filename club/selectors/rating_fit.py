"""The performance spread fitted from a scope's own matches, as pages read it (issue 30).

Every refresh of a scope's ratings refits ``beta`` (:mod:`scoring.ratings_fit`) and stores
it on the :class:`~club.models.RatingScope` row, with the number of matches the fit rests on.
Win chances use the fitted value, and only once the fit rests on
:data:`~scoring.ratings_fit.MIN_MATCHES` matches:

- :func:`chances_shown` says whether a scope's chances may be shown;
- :func:`chance_settings` gives the settings to predict with (the scope's, ``beta`` the fitted
  one), or None when no chance is to be shown: ``win_probability(a, b, chance_settings(key))``;
- :func:`scope_fit` gives the settings page its figures and calibration table.

Reads only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from django.conf import settings as django_settings

from club.models import RatingScope
from scoring.ratings import RatingSettings
from scoring.ratings_fit import MIN_MATCHES, Band, SpreadFit


@dataclass(frozen=True)
class ScopeFit:
    """What a scope's fit rests on: the fitted ``beta`` (None before the first refresh), the
    ``matches`` behind it, the default it replaces, whether chances are ``shown``, and the
    calibration table of the fitted value (bands of predicted chance)."""

    beta: float | None
    matches: int
    default_beta: float
    minimum: int = MIN_MATCHES
    table: list[Band] = field(default_factory=list)

    @property
    def shown(self) -> bool:
        return self.beta is not None and self.matches >= self.minimum


def _row(key: str) -> tuple | None:
    return RatingScope.objects.filter(key=key).values_list("beta", "fit_matches", "state").first()


def scope_fit(key: str) -> ScopeFit:
    """The scope's fit and its calibration table. One query."""
    row = _row(key)
    if row is None or not row[2] or row[0] is None:
        return ScopeFit(None, 0, RatingSettings().beta, minimum=min_matches())
    beta, matches, state = row
    settings = RatingSettings.from_dict(state["settings"])
    fit = SpreadFit.from_dict(state["fit"]) if state.get("fit") else None
    return ScopeFit(beta, matches, settings.beta, minimum=min_matches(),
                    table=fit.table(beta) if fit else [])


def min_matches() -> int:
    """The matches a fit must rest on before win chances are shown:
    ``settings.TROEF_CHANCES_MIN_MATCHES`` (default :data:`MIN_MATCHES`, 300)."""
    return getattr(django_settings, "TROEF_CHANCES_MIN_MATCHES", MIN_MATCHES)


def chances_shown(key: str) -> bool:
    """Whether the scope's win chances may be shown: its fit rests on enough matches. One
    query."""
    found = RatingScope.objects.filter(key=key).values_list("beta", "fit_matches").first()
    return found is not None and found[0] is not None and found[1] >= min_matches()


def chance_settings(key: str) -> RatingSettings | None:
    """The settings to predict the scope's win chances with (its stored settings, ``beta``
    the fitted one), or None while the fit rests on too few matches. One query."""
    row = _row(key)
    if row is None or not row[2] or row[0] is None or row[1] < min_matches():
        return None
    return dataclasses.replace(RatingSettings.from_dict(row[2]["settings"]), beta=row[0])
