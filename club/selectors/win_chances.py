"""Each table's chance to win by the club's ratings, as the round page shows it (issue 28
point 9). Reads only; the ratings are kept by :mod:`club.services.ratings`.

- A chance rests on played matches: a player counts as rated once a rating of the scope has
  matches behind it; a player without one plays as a new player. A table where nobody is
  rated shows no chance (its 50% would say nothing), and a round where nobody is rated shows
  none at all, with a sentence instead.
- A closed round's tables show the chances from *before* the round: each player's rating
  after the last round rated before it (``RatingPoint``, by its place in the close order),
  not the stored ratings, which already count the round's results. When the round has no
  rating point yet (the refresh is still owed) the stored ratings do not count it either,
  and they are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from club.models import PlayerRating, RatingPoint, Round, Seat
from club.selectors.rating_fit import chance_settings
from scoring.ratings import Rating, win_probability

#: ``WinChances.basis``: the stored ratings; the ratings before a closed round; none rated.
CURRENT, BEFORE, UNRATED = "current", "before", "unrated"


@dataclass(frozen=True)
class WinChances:
    """Table id -> side A's chance to win in percent, and what they rest on (``basis``)."""

    by_table: dict[int, int] = field(default_factory=dict)
    basis: str = CURRENT


def _sides(rnd: Round) -> dict[int, dict[int, list[int]]]:
    sides: dict[int, dict[int, list[int]]] = {}
    for table_id, side, player in Seat.objects.filter(
            table__round=rnd, table__is_bye=False).values_list("table_id", "side", "player_id"):
        sides.setdefault(table_id, {}).setdefault(side, []).append(player)
    return sides


def _ratings_before(rnd: Round, key: str, players: set[int]) -> dict[int, Rating] | None:
    """Each player's rating after the last round rated before ``rnd`` (players with none are
    left out); None when ``rnd`` has no rating point of the scope."""
    position = RatingPoint.objects.filter(scope__key=key, round=rnd).values_list(
        "position", flat=True).first()
    if position is None:
        return None
    rated: dict[int, Rating] = {}
    for player, mu, sigma in RatingPoint.objects.filter(
            scope__key=key, player_id__in=players, position__lt=position).order_by(
            "position").values_list("player_id", "mu", "sigma"):
        rated[player] = Rating(mu, sigma)  # the last one before the round stays
    return rated


def round_win_chances(rnd: Round, key: str) -> WinChances:
    """Side A's chance to win at every table of two sides of two players or of pairs, from
    the scope's ratings (see the module). Four queries at most."""
    settings = chance_settings(key)  # the club's fitted spread (club.selectors.rating_fit)
    if settings is None:  # the fit rests on too few matches: no chance is worth showing
        return WinChances({}, UNRATED)
    sides = _sides(rnd)
    players = {p for table in sides.values() for side in table.values() for p in side}
    rated = None
    basis = CURRENT
    if rnd.status == Round.Status.CLOSED:
        rated = _ratings_before(rnd, key, players)
        basis = BEFORE if rated is not None else CURRENT
    if rated is None:
        rated = {pk: Rating(mu, sigma) for pk, mu, sigma in PlayerRating.objects.filter(
            scope__key=key, player_id__in=players, matches__gt=0).values_list(
            "player_id", "mu", "sigma")}
    if not rated:
        return WinChances({}, UNRATED)
    fresh = Rating(settings.mu, settings.sigma)
    out = {}
    for table_id, table in sides.items():
        if sorted(table) != [0, 1] or len(table[0]) != len(table[1]):
            continue  # a table of three: sides change every deal
        if not any(p in rated for side in table.values() for p in side):
            continue  # nobody at the table has played a rated match: no chance to tell
        a = [rated.get(p, fresh) for p in table[0]]
        b = [rated.get(p, fresh) for p in table[1]]
        out[table_id] = round(100 * win_probability(a, b, settings))
    return WinChances(out, basis)
