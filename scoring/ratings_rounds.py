"""Ratings and rounds: a round's standings records as rating matches, and ratings back into
the draws (a side's strength, seeding ranks for a first Swiss round).

>>> import datetime
>>> from scoring.ratings import rate
>>> r = rate([RatingMatch(1, datetime.date(2026, 1, 9), ("a", "b"), ("c", "d"), "win")])
>>> team_strength(r, ["a", "b"]) > team_strength(r, ["c", "d"])
True
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from scoring.ratings import RatingMatch, Ratings
from scoring.ratings_settings import RatingError, RatingSettings, _sort_ids
from scoring.records import MatchRecord


def round_matches(records: Iterable[MatchRecord], key: Any, date: datetime.date,
                  event: Hashable = None,
                  members: Mapping[Hashable, Sequence[Hashable]] | None = None) -> list[RatingMatch]:
    """A round's standings records as rating matches, one per table, in a fixed order.

    Individual events: a record per player, its ``partners`` and ``opponents`` naming the
    sides. Fixed pairs: a record per pair, and ``members`` gives each pair's players. Byes,
    credits and tables of three (one player against two, with sides that change every deal)
    are not matches between two sides and are left out.

    >>> from scoring.records import MatchRecord
    >>> recs = [MatchRecord("an", 1, "win", partners=("bo",), opponents=("cy", "di")),
    ...         MatchRecord("cy", 1, "loss", partners=("di",), opponents=("an", "bo"))]
    >>> [(m.side_a, m.side_b, m.result) for m in round_matches(recs, (5, 1), datetime.date(2026, 1, 9))]
    [(('an', 'bo'), ('cy', 'di'), 'win')]
    """
    found: dict[frozenset, RatingMatch] = {}
    for record in records:
        if record.result is None or not record.opponents:
            continue
        if members is None:
            if not record.partners and len(record.opponents) == 2:
                continue  # a table of three
            own, other = (record.entry, *record.partners), record.opponents
        else:
            if len(record.opponents) != 1:
                continue
            try:
                own, other = tuple(members[record.entry]), tuple(members[record.opponents[0]])
            except KeyError as error:
                raise RatingError(f"no players for the pair {error.args[0]!r}",
                                  code="sides_invalid", field="members") from None
        a, b = _sort_ids(own), _sort_ids(other)
        if _sort_ids([repr(a), repr(b)])[0] != repr(a):
            a, b, result = b, a, {"win": "loss", "loss": "win", "draw": "draw"}[record.result]
        else:
            result = record.result
        table = frozenset((tuple(a), tuple(b)))
        if table not in found:
            found[table] = RatingMatch(key, date, tuple(a), tuple(b), result, event)
    return sorted(found.values(), key=lambda m: repr((m.side_a, m.side_b)))


def team_strength(ratings: Ratings, players: Sequence[Hashable]) -> float:
    """A side's expected strength: the sum of its players' ``mu`` (new players' for the
    unrated), what draws balance and seed by.

    >>> team_strength(Ratings(RatingSettings(), {}), ["x", "y"])
    50.0
    """
    return sum(ratings.get_rating(p).mu for p in players)


def seed_ranks(ratings: Ratings, entries: Mapping[Hashable, Sequence[Hashable]]) -> dict[Hashable, int]:
    """Ranks (1 = strongest) for seeding a first Swiss round: each entry (a pair, or a
    player) by its players' summed ``mu``; equal strengths share a rank (the draw's seed
    then orders them). The web app puts them in :class:`scoring.pairing.Entry` ``rank``.

    >>> from scoring.ratings import rate
    >>> r = rate([RatingMatch(1, datetime.date(2026, 1, 9), ("a", "b"), ("c", "d"), "win")])
    >>> seed_ranks(r, {"pair-1": ("c", "d"), "pair-2": ("a", "b"), "pair-3": ("e", "f")})
    {'pair-2': 1, 'pair-3': 2, 'pair-1': 3}
    """
    strength = {entry: team_strength(ratings, players) for entry, players in entries.items()}
    order = sorted(_sort_ids(strength), key=lambda e: -strength[e])
    ranks: dict[Hashable, int] = {}
    for position, entry in enumerate(order, 1):
        previous = order[position - 2] if position > 1 else None
        ranks[entry] = (ranks[previous] if previous is not None
                        and strength[previous] == strength[entry] else position)
    return ranks


__all__ = ["RatingSettings", "round_matches", "seed_ranks", "team_strength"]
