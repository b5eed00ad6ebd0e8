"""Seasons and clubs: ladders over a season's events and club rankings (RULES.md §11).

A season ladder adds up each player's event scores, counting only their best N events when
the season says so, and ranks the players who attended at least the minimum number of events;
the others are listed after them without a rank. The last ranked place takes the "rode
lantaarn". Clubs rank by the average, over their players, of each player's percentage of
matches won (draws are not wins).

>>> results = [EventResult("ann", 1, 10), EventResult("ann", 2, 4), EventResult("bob", 1, 8),
...            EventResult("bob", 2, 8), EventResult("cy", 1, 20)]
>>> [(row.rank, row.player, row.total) for row in season_ladder(results, best=1, min_events=2)]
[(1, 'ann', 10), (2, 'bob', 8), (None, 'cy', 20)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import StandingsError
from scoring.metrics import tally_records
from scoring.records import MatchRecord
from scoring.standings import Standings, place_groups, split_ties

Score = int | Fraction


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's score in one event of the season (match points, or any score the season adds)."""

    player: Hashable
    event: Hashable
    score: Score


@dataclass(frozen=True, slots=True)
class LadderRow:
    """A player's season: ``rank`` None when below the minimum attendance."""

    rank: int | None
    player: Hashable
    total: Score
    counted: tuple[Hashable, ...]
    attended: int
    qualified: bool
    lot: int


def event_results(standings: Standings, event: Hashable, key: str = "match_points") -> list[EventResult]:
    """One event's standings as season input: each entry's value of metric ``key``.

    >>> from scoring.standings import rank_entries
    >>> standings = rank_entries([MatchRecord("ann", 1, "win")], ["match_points"])
    >>> event_results(standings, "march")
    [EventResult(player='ann', event='march', score=2)]
    """
    if key not in standings.columns:
        raise StandingsError(f"metric {key!r} is not in these standings",
                             code="metric_not_shown", field="key")
    return [EventResult(row.entry, event, row.values[key]) for row in standings.rows]


def season_ladder(results: Iterable[EventResult], *, best: int | None = None, min_events: int = 0,
                  seed: int | str = 0, lots_break_ties: bool = False) -> list[LadderRow]:
    """Rank the season: each player's best ``best`` event scores (all when None), players with
    fewer than ``min_events`` events listed last without a rank. Equal totals share a rank;
    lots from ``seed`` order them (and split them with ``lots_break_ties``).

    >>> rows = season_ladder([EventResult("ann", 1, 6), EventResult("bob", 1, 6)], seed=3)
    >>> [row.rank for row in rows]
    [1, 1]
    """
    if best is not None and (not isinstance(best, int) or best < 1):
        raise StandingsError("must be a whole number of events, 1 or more",
                             code="best_invalid", field="best")
    if not isinstance(min_events, int) or min_events < 0:
        raise StandingsError("must be a whole number, 0 or more",
                             code="min_events_invalid", field="min_events")
    by_player: dict[Hashable, dict[Hashable, Score]] = {}
    for result in results:
        events = by_player.setdefault(result.player, {})
        if result.event in events:
            raise StandingsError(f"player {result.player!r} has two "
                                 f"results for event {result.event!r}",
                                 code="result_repeated", field="event")
        events[result.event] = result.score
    totals: dict[Hashable, tuple[Score, tuple[Hashable, ...]]] = {}
    for player, events in by_player.items():
        ranked = sorted(events, key=lambda event: (-events[event], str(event)))[:best]
        totals[player] = (sum(events[event] for event in ranked), tuple(ranked))

    def total(player: Hashable) -> Score:
        return totals[player][0]

    qualified = [p for p in by_player if len(by_player[p]) >= min_events]
    rows = [LadderRow(rank, player, total(player), totals[player][1], len(by_player[player]),
                      True, lot)
            for rank, player, lot, _ in place_groups(split_ties(qualified, total), seed,
                                                    lots_break_ties)]
    others = [p for p in by_player if len(by_player[p]) < min_events]
    rows += [LadderRow(None, player, total(player), totals[player][1], len(by_player[player]),
                       False, lot)
             for _, player, lot, _ in place_groups(split_ties(others, total), seed, True)]
    return rows


def red_lantern(rows: Iterable[LadderRow]) -> list[Hashable]:
    """The player(s) in the last ranked place of a ladder: the booby prize.

    >>> red_lantern(season_ladder([EventResult("ann", 1, 6), EventResult("bob", 1, 2)]))
    ['bob']
    """
    ranked = [row for row in rows if row.rank is not None]
    if not ranked:
        return []
    last = max(row.rank for row in ranked)  # type: ignore[type-var]
    return [row.player for row in ranked if row.rank == last]


@dataclass(frozen=True, slots=True)
class ClubRow:
    """A club's place: ``percentage`` is its players' average percentage of matches won."""

    rank: int
    club: Hashable
    percentage: Fraction
    players: int
    lot: int


def club_ranking(records: Iterable[MatchRecord], club_of: Mapping[Hashable, Hashable], *,
                 seed: int | str = 0, lots_break_ties: bool = False) -> list[ClubRow]:
    """Rank clubs by the average over their players of each player's percentage of matches won.

    ``records`` are individual match records; players missing from ``club_of`` (guests) are
    left out. Equal averages share a rank; lots from ``seed`` order them.

    >>> records = [MatchRecord("ann", 1, "win"), MatchRecord("bob", 1, "loss"),
    ...            MatchRecord("cy", 1, "win"), MatchRecord("cy", 2, "loss"), MatchRecord("cy", 3, "win")]
    >>> [(row.club, row.percentage) for row in club_ranking(records, {"ann": "A", "bob": "A", "cy": "B"})]
    [('B', Fraction(200, 3)), ('A', Fraction(50, 1))]
    """
    shares: dict[Hashable, list[Fraction]] = {}
    for player, tally in tally_records(records).items():
        club = club_of.get(player)
        if club is not None and tally.matches:
            shares.setdefault(club, []).append(Fraction(100 * tally.results[0], tally.matches))
    averages = {club: sum(values) / len(values) for club, values in shares.items()}
    groups = split_ties(list(averages), averages.__getitem__)
    return [ClubRow(rank, club, Fraction(averages[club]), len(shares[club]), lot)
            for rank, club, lot, _ in place_groups(groups, seed, lots_break_ties)]

