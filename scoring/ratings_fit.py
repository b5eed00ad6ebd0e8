"""The performance spread fitted from a scope's own history, and the calibration it gives (issue 30).

The win chance of side A is a curve of the summed skills' difference ``d`` over ``c = sqrt(2
beta^2 + the summed sigma^2 of both sides)`` (:func:`win_probability`). ``beta``, the spread of
one match's performance, says how much luck there is: the defaults (25/6, with a new
player's sigma 3) were tuned on the project's own simulation, and a club whose game has more
luck (or more skill) gets chances that are too sure (or not sure enough).

:class:`SpreadFit` fits it by maximum likelihood over a grid: before each match is rated,
its ``d`` and summed variance are those of the ratings carried so far (the prediction the
page would have shown), and for every ``beta`` of :data:`GRID` the match adds its log-loss
and its place in a band of predicted chance (0-10 %, 10-20 % ... 90-100 %). The fitted
``beta`` is the grid value of least total log-loss: a one-step-ahead (held-out) maximum
likelihood, each match predicted only from the matches before it. The sums are added in the
order the matches are rated, so an incremental update gives the rebuild's fit bit for bit,
and the calibration table of the fitted value is read from its bands.

Only the win chances use the fitted ``beta``; the ratings' own updates keep the settings'
``beta`` (so ratings stay what they were, and a refit never rewrites them).

>>> fit = SpreadFit()
>>> fit.beta == DEFAULT_BETA, fit.matches
(True, 0)
>>> for _ in range(50):     # the favourite always wins: little luck, a narrow spread
...     fit.observe(4.0, 18.0, 1.0)
>>> fit.matches, fit.beta == GRID[0]
(50, True)
>>> SpreadFit.from_dict(fit.to_dict()) == fit
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_BETA = 25.0 / 6.0
#: The values of ``beta`` tried: 25/6 times 2^(k/4), k from -12 to 12 (0.52 to 33.3, steps
#: of 19 %: a step moves a 70 % chance by about 1.5 points at most).
GRID: tuple[float, ...] = tuple(DEFAULT_BETA * 2 ** (k / 4) for k in range(-12, 13))
_DEFAULT_INDEX = 12
_TWICE_SQUARED = tuple(2 * beta * beta for beta in GRID)
#: Bands of predicted chance in the calibration table: 0-10 %, ..., 90-100 %.
BANDS = 10
#: Matches the fit must rest on before a win chance is shown (docs/ratings.md: at 300
#: matches the fitted beta is within one grid step of what 10,000 matches give in most
#: simulated histories, and the chances' worst band is within a few points).
MIN_MATCHES = 300
_EPS = 1e-12
#: The log-loss of a match weighs half as much after this many later matches: the ratings
#: sharpen as a history grows, and the spread that fits them moves with it.
HALF_LIFE = 2000
_DECAY = 0.5 ** (1 / HALF_LIFE)


def curve(z: float, normal: bool = False) -> float:
    """The model's win curve at ``z = d / c``: the logistic (Plackett-Luce, Bradley-Terry) or
    the normal (Thurstone-Mosteller).

    >>> curve(0.0), round(curve(1.0), 4), round(curve(1.0, normal=True), 4)
    (0.5, 0.7311, 0.8413)
    """
    if normal:
        return 0.5 * math.erfc(-z / math.sqrt(2))
    return 1 / (1 + math.exp(-z))


def chance(difference: float, variance: float, beta: float, normal: bool = False) -> float:
    """Side A's chance when its summed skill exceeds side B's by ``difference`` and the four
    (or two) players' variances sum to ``variance``."""
    return curve(difference / math.sqrt(2 * beta * beta + variance), normal)


@dataclass(frozen=True)
class Band:
    """One row of the calibration table: predicted chances from ``low`` to ``high``, the
    ``matches`` in it, their mean predicted chance and the share side A won (a draw half)."""

    low: float
    high: float
    matches: int
    predicted: float
    observed: float

    @property
    def gap(self) -> float:
        return abs(self.predicted - self.observed)

    @property
    def percents(self) -> tuple[float, float, float, float, float]:
        """low, high, predicted, observed and the gap, in percent (points)."""
        return tuple(100 * v for v in (self.low, self.high, self.predicted, self.observed,
                                       self.gap))


class SpreadFit:
    """The running sums of the fit: log-loss and bands per grid value (see the module)."""

    __slots__ = ("bands", "loss", "matches", "normal")

    def __init__(self, normal: bool = False, matches: int = 0,
                 loss: Sequence[float] | None = None,
                 bands: Sequence[Sequence[float]] | None = None) -> None:
        self.normal = normal
        self.matches = matches
        self.loss = list(loss) if loss is not None else [0.0] * len(GRID)
        # Per grid value, per band: matches, summed predicted chance, summed result.
        self.bands = ([list(b) for b in bands] if bands is not None
                      else [[0.0] * (3 * BANDS) for _ in GRID])

    def copy(self) -> SpreadFit:
        return SpreadFit(self.normal, self.matches, self.loss, self.bands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpreadFit) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"<SpreadFit beta={self.beta:.3f} over {self.matches} matches>"

    def observe(self, difference: float, variance: float, result: float) -> None:
        """One match before it is rated: side A's summed ``mu`` minus side B's, the summed
        ``sigma^2``, and side A's result (1 won, 0 lost, 0.5 drawn)."""
        self.matches += 1
        loss, bands, decay, normal = self.loss, self.bands, _DECAY, self.normal
        for i, twice in enumerate(_TWICE_SQUARED):
            z = difference / math.sqrt(twice + variance)
            if normal:
                p = curve(z, True)
                q = min(max(p, _EPS), 1 - _EPS)
                loss[i] = loss[i] * decay - result * math.log(q) - (1 - result) * math.log(1 - q)
            else:  # the logistic: -log-likelihood = log(1 + e^-z) + (1 - result) z
                e = math.exp(-max(z, -700.0))
                p = 1 / (1 + e)
                loss[i] = loss[i] * decay + math.log1p(e) + (1 - result) * z
            row, at = bands[i], 3 * min(int(p * BANDS), BANDS - 1)
            row[at] += 1
            row[at + 1] += p
            row[at + 2] += result

    def _best(self) -> int:
        return min(range(len(GRID)), key=lambda i: (self.loss[i], abs(i - _DEFAULT_INDEX)))

    @property
    def beta(self) -> float:
        """The fitted ``beta``: the grid value of least log-loss (the default with no match
        that tells anything: every prediction 50 %)."""
        return GRID[self._best()]

    def enough(self, minimum: int = MIN_MATCHES) -> bool:
        """Whether the fit rests on at least ``minimum`` matches."""
        return self.matches >= minimum

    def table(self, beta: float | None = None) -> list[Band]:
        """The calibration table of the fitted ``beta`` (or of the grid value nearest
        ``beta``): one :class:`Band` per band of predicted chance that holds a match."""
        index = self._best() if beta is None else min(
            range(len(GRID)), key=lambda i: abs(math.log(GRID[i] / beta)))
        row, out = self.bands[index], []
        for b in range(BANDS):
            n, p, won = row[3 * b:3 * b + 3]
            if n:
                out.append(Band(b / BANDS, (b + 1) / BANDS, int(n), p / n, won / n))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"normal": self.normal, "matches": self.matches, "loss": list(self.loss),
                "bands": [list(b) for b in self.bands]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpreadFit:
        return cls(bool(data["normal"]), int(data["matches"]), data["loss"], data["bands"])


def worst_decile(predictions: Iterable[tuple[float, float]]) -> tuple[float, list]:
    """The largest gap between mean predicted chance and share won over ten equal groups of
    ``(predicted, result)`` pairs by predicted chance, and the groups ``(predicted,
    observed, matches)``.

    >>> worst_decile([(0.5, 1.0), (0.5, 0.0)] * 10)[0]
    0.5
    """
    ordered = sorted(predictions)
    n, groups = len(ordered), []
    for d in range(10):
        group = ordered[d * n // 10:(d + 1) * n // 10]
        if group:
            groups.append((sum(p for p, _ in group) / len(group),
                           sum(r for _, r in group) / len(group), len(group)))
    return max(abs(p - o) for p, o, _ in groups), groups


__all__ = ["BANDS", "DEFAULT_BETA", "GRID", "MIN_MATCHES", "Band", "SpreadFit", "chance", "curve",
           "worst_decile"]
