"""Player ratings: a Bayesian skill estimate per player from every finished match (issue 19).

A rating is derived data: :func:`rate` rebuilds it from the matches in the order their rounds
were closed, with the Weng-Lin models of the ``openskill`` library (the Bayesian family of
TrueSkill, made for teams). A side is a team: a fixed pair, or the two players a draw put
together for one round of an individual event, so a player's rating learns from partners
who change every round. Each rating has a mean ``mu`` and an uncertainty ``sigma``; its
``display`` value is the cautious ``mu - z * sigma`` (openskill's "ordinal"), and it is
``provisional`` until the player has played enough matches. Inactivity widens ``sigma``.

Which matches count, the model and its parameters are one :class:`RatingSettings` value
(:mod:`scoring.ratings_settings`). Incremental updates equal a rebuild: :func:`update` adds a
round just closed; :func:`rate` with ``start`` reuses an earlier result only when the history
it was built from is unchanged (else the answer is the rebuild's). :mod:`scoring.ratings_rounds`
turns a round's records into :class:`RatingMatch` values (:mod:`scoring.ratings_match`:
a match, a player's rating, a history's digest); :mod:`scoring.ratings_fit` fits the spread
the win chances use.

Floating point: every match is applied in list order, one openskill update each, after the
inactivity widening of its players; the same matches and settings give the same floats, bit
for bit, on the same Python and C library (``math.exp`` may differ in the last bit).

>>> from datetime import date
>>> day = date(2026, 9, 12)
>>> matches = [RatingMatch((1, 1), day, ("ann", "bob"), ("cy", "dee"), "win"),
...            RatingMatch((1, 2), day, ("ann", "cy"), ("bob", "dee"), "draw")]
>>> ratings = rate(matches)
>>> [player for player, _ in ratings.ranking()]
['ann', 'bob', 'cy', 'dee']
>>> ratings["ann"].matches, ratings["ann"].provisional
(2, True)
>>> round(ratings.win_probability(("ann", "bob"), ("cy", "dee")), 3)
0.564
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from scoring.ratings_fit import SpreadFit, chance
from scoring.ratings_match import Rating, RatingMatch, _chain
from scoring.ratings_settings import (
    DRAWS,
    MODELS,
    RatingError,
    RatingSettings,
    _model,
    _sort_ids,
)

_RANKS = {"win": [0, 1], "loss": [1, 0], "draw": [0, 0]}
_RESULT = {"win": 1.0, "loss": 0.0, "draw": 0.5}


class Ratings(Mapping):
    """Every rated player's :class:`Rating`, and what they were built from.

    ``seen``: the matches of the history read (counted or not); ``counted``: those that
    counted; ``digest``: a digest of the ``seen`` matches; ``last_key``: the key of the last;
    ``fit``: the performance spread fitted from the counted matches (:mod:`scoring.ratings_fit`).
    A mapping from player to :class:`Rating` (a player who never counted is absent).
    """

    def __init__(self, settings: RatingSettings, players: Mapping[Hashable, Rating], *,
                 seen: int = 0, counted: int = 0, digest: str = "", last_key: Any = None,
                 fit: SpreadFit | None = None) -> None:
        self.settings = settings
        self.fit = fit if fit is not None else SpreadFit(settings.model == "thurstone_mosteller")
        self._players = dict(players)
        self.seen = seen
        self.counted = counted
        self.digest = digest
        self.last_key = last_key

    def __getitem__(self, player: Hashable) -> Rating:
        return self._players[player]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._players)

    def __len__(self) -> int:
        return len(self._players)

    def __repr__(self) -> str:
        return f"<Ratings of {len(self)} players from {self.counted} matches>"

    def get_rating(self, player: Hashable) -> Rating:
        """The player's rating, or a new player's.

        >>> Ratings(RatingSettings(), {}).get_rating("new").sigma == RatingSettings().sigma
        True
        """
        rating = self._players.get(player)
        return rating if rating is not None else new_rating(self.settings)

    def as_of(self, day: datetime.date) -> dict[Hashable, Rating]:
        """The ratings shown on ``day``: each ``sigma`` widened for the days since the
        player's last match (and ``display`` with it).

        >>> d = datetime.date(2026, 1, 1)
        >>> r = rate([RatingMatch(1, d, ("a",), ("b",), "win")])
        >>> r.as_of(d.replace(year=2027))["a"].sigma > r["a"].sigma
        True
        """
        out = {}
        for player, rating in self._players.items():
            sigma = rating.sigma
            if rating.last_played is not None:
                sigma = self.settings.widened(sigma, (day - rating.last_played).days)
            out[player] = rating if sigma == rating.sigma else _make(
                self.settings, rating.mu, sigma, rating.matches, rating.last_played)
        return out

    def ranking(self, day: datetime.date | None = None) -> list[tuple[Hashable, Rating]]:
        """Players by ``display`` (best first; then ``mu``, then the player's id), as of
        ``day`` when given."""
        players = self.as_of(day) if day is not None else self._players
        order = _sort_ids(players)
        position = {p: i for i, p in enumerate(order)}
        return sorted(players.items(),
                      key=lambda item: (-item[1].display, -item[1].mu, position[item[0]]))

    def win_probability(self, side_a: Sequence[Hashable], side_b: Sequence[Hashable],
                        beta: float | None = None) -> float:
        """``side_a``'s chance to beat ``side_b`` (new players as new); ``beta``: the
        settings' unless given (``self.fit.beta``: the fitted one)."""
        return win_probability([self.get_rating(p) for p in side_a],
                               [self.get_rating(p) for p in side_b], self.settings, beta)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (player ids as given; dates in ISO form): :meth:`from_dict`.

        >>> r = rate([RatingMatch([2026, 1], datetime.date(2026, 1, 9), (1,), (2,), "win")])
        >>> Ratings.from_dict(r.to_dict()) == r, Ratings.from_dict(r.to_dict()).digest == r.digest
        (True, True)
        """
        return {
            "settings": self.settings.to_dict(), "seen": self.seen, "counted": self.counted,
            "digest": self.digest, "last_key": self.last_key, "fit": self.fit.to_dict(),
            "players": [[p, r.mu, r.sigma, r.matches,
                         r.last_played.isoformat() if r.last_played else None]
                        for p, r in ((p, self._players[p]) for p in _sort_ids(self._players))],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ratings:
        """Read a dict written by :meth:`to_dict` (JSON turns tuple keys into lists: a key
        read back is compared as a tuple; a state written before the fit has an empty one)."""
        settings = RatingSettings.from_dict(data["settings"])
        players = {}
        for player, mu, sigma, matches, last in data["players"]:
            if isinstance(player, list):
                player = tuple(player)
            players[player] = _make(settings, mu, sigma, matches,
                                    datetime.date.fromisoformat(last) if last else None)
        key = data["last_key"]
        fit = SpreadFit.from_dict(data["fit"]) if data.get("fit") else None
        return cls(settings, players, seen=data["seen"], counted=data["counted"],
                   digest=data["digest"], last_key=tuple(key) if isinstance(key, list) else key,
                   fit=fit)


def _make(settings: RatingSettings, mu: float, sigma: float, matches: int,
          last: datetime.date | None) -> Rating:
    return Rating(mu, sigma, matches, last, matches < settings.provisional_matches,
                  mu - settings.display_z * sigma)


def new_rating(settings: RatingSettings | None = None) -> Rating:
    """A new player's rating.

    >>> new_rating().display  # mu - 3 sigma
    16.0
    """
    settings = settings or RatingSettings()
    return _make(settings, settings.mu, settings.sigma, 0, None)


def win_probability(side_a: Sequence[Rating], side_b: Sequence[Rating],
                    settings: RatingSettings | None = None, beta: float | None = None) -> float:
    """The chance that a side with ratings ``side_a`` beats one with ``side_b``, by the
    curve the model's own updates assume: the logistic for ``plackett_luce`` and
    ``bradley_terry``, the normal for ``thurstone_mosteller``, of the difference of the summed
    ``mu`` over ``c = sqrt(2 beta^2 + the summed sigma^2 of both sides)``; ``beta`` the
    settings' unless given (a fitted one: :mod:`scoring.ratings_fit`). (openskill's
    ``predict_win`` uses the normal curve for every model: too sure for the logistic ones.)

    >>> win_probability([new_rating()] * 2, [new_rating()] * 2)
    0.5
    >>> strong, weak = Rating(30.0, 2.0), Rating(20.0, 2.0)
    >>> round(win_probability([strong], [weak]), 3)
    0.822
    >>> round(win_probability([strong], [weak], RatingSettings(model="thurstone_mosteller")), 3)
    0.937
    """
    settings = settings or RatingSettings()
    return chance(sum(r.mu for r in side_a) - sum(r.mu for r in side_b),
                  sum(r.sigma ** 2 for r in (*side_a, *side_b)),
                  settings.beta if beta is None else beta,
                  settings.model == "thurstone_mosteller")


def _check_order(previous: Any, match: RatingMatch, position: int) -> None:
    try:
        backwards = previous is not None and match.key < previous
    except TypeError:
        raise RatingError(f"match {position}: key {match.key!r} cannot be compared with "
                          f"{previous!r}", code="rating_order", field="key") from None
    if backwards:
        raise RatingError(f"match {position}: key {match.key!r} comes before {previous!r}: "
                          "give the matches in the order their rounds were closed",
                          code="rating_order", field="key")


def _apply(start: Ratings, matches: Sequence[RatingMatch], offset: int) -> Ratings:
    """``start`` with ``matches`` applied in order (``offset``: their place in the history)."""
    settings = start.settings
    model = _model(settings)
    make = model.rating
    # player -> [openskill rating, matches, last day]; Rating values are made at the end.
    state: dict[Hashable, list] = {
        p: [make(mu=r.mu, sigma=r.sigma), r.matches, r.last_played]
        for p, r in start.items()}
    fresh = (settings.mu, settings.sigma)
    counts, widened, rate_teams = settings.counts, settings.widened, model.rate
    last_key, counted, fit = start.last_key, start.counted, start.fit.copy()
    for position, match in enumerate(matches, offset + 1):
        _check_order(last_key, match, position)
        last_key = match.key
        if not counts(match):
            continue
        day = match.date
        sides = []
        for side in (match.side_a, match.side_b):
            team = []
            for player in side:
                entry = state.get(player)
                if entry is None:
                    entry = state[player] = [make(mu=fresh[0], sigma=fresh[1]), 0, None]
                elif entry[2] is not None:
                    rating = entry[0]
                    sigma = widened(rating.sigma, (day - entry[2]).days)
                    if sigma != rating.sigma:
                        entry[0] = make(mu=rating.mu, sigma=sigma)
                team.append(entry)
            sides.append(team)
        a, b = ([e[0] for e in team] for team in sides)
        fit.observe(sum(r.mu for r in a) - sum(r.mu for r in b),
                    sum(r.sigma * r.sigma for r in (*a, *b)), _RESULT[match.result])
        new = rate_teams([a, b], ranks=list(_RANKS[match.result]))
        for team, rated in zip(sides, new, strict=True):
            for entry, rating in zip(team, rated, strict=True):
                entry[0] = rating
                entry[1] += 1
                if entry[2] is None or day > entry[2]:
                    entry[2] = day
        counted += 1
    players = {p: _make(settings, e[0].mu, e[0].sigma, e[1], e[2]) for p, e in state.items()}
    digest = _chain(start.digest, matches)
    return Ratings(settings, players, seen=start.seen + len(matches), counted=counted,
                   digest=digest, last_key=last_key, fit=fit)


def rate(matches: Iterable[RatingMatch], settings: RatingSettings | None = None,
         start: Ratings | None = None) -> Ratings:
    """Ratings from the whole history ``matches``, in the order their rounds were closed.

    With ``start`` (an earlier result of :func:`rate` or :func:`update`) the work already
    done is reused when ``start`` was built with the same settings from the same first
    matches of this history; otherwise (a reopened event, an edited result, a merged or
    anonymised player, other settings) the ratings are rebuilt. Either way the answer is
    the rebuild's. Keys going backwards raise :class:`RatingError` (``field`` ``key``).

    >>> d = datetime.date(2026, 3, 1)
    >>> history = [RatingMatch(1, d, ("a", "b"), ("c", "d"), "win")]
    >>> before = rate(history)
    >>> history.append(RatingMatch(2, d, ("a", "c"), ("b", "d"), "loss"))
    >>> rate(history, start=before) == rate(history)
    True
    >>> history[0] = RatingMatch(1, d, ("a", "b"), ("c", "d"), "loss")  # corrected
    >>> rate(history, start=before)["a"] == rate(history)["a"]
    True
    """
    settings = settings or RatingSettings()
    if not isinstance(settings, RatingSettings):
        raise RatingError(f"must be RatingSettings, not {type(settings).__name__}",
                          code="rating_setting", field="settings")
    matches = list(matches)
    if (start is not None and start.settings == settings and start.seen <= len(matches)
            and _chain("", matches[:start.seen]) == start.digest):
        return _apply(start, matches[start.seen:], start.seen)
    return _apply(Ratings(settings, {}), matches, 0)


def update(start: Ratings, matches: Iterable[RatingMatch]) -> Ratings:
    """``start`` and the matches of a round just closed: the same as :func:`rate` on the
    whole history. Each key must come after every key already applied; a match that does
    not (its round was already rated: history changed) raises :class:`RatingError` ``key``,
    and the caller rebuilds with :func:`rate`.

    >>> d = datetime.date(2026, 3, 1)
    >>> first = rate([RatingMatch(1, d, ("a",), ("b",), "win")])
    >>> update(first, [RatingMatch(2, d, ("a",), ("b",), "win")])["a"].matches
    2
    >>> update(first, [RatingMatch(1, d, ("a",), ("b",), "loss")])
    Traceback (most recent call last):
    scoring.ratings_settings.RatingError: key: match 2: key 1 was already rated: rebuild the ratings from the whole history
    """
    matches = list(matches)
    if matches and start.last_key is not None:
        try:
            stale = not start.last_key < matches[0].key
        except TypeError:
            stale = True
        if stale:
            raise RatingError(f"match {start.seen + 1}: key {matches[0].key!r} was already rated: "
                              "rebuild the ratings from the whole history",
                              code="rating_order", field="key")
    return _apply(start, matches, start.seen)


__all__ = ["DRAWS", "MODELS", "Rating", "RatingError", "RatingMatch", "RatingSettings", "Ratings",
           "new_rating", "rate", "update", "win_probability"]
