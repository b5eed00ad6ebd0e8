"""Season ladders of a club and the ranking of clubs, from public championships' results."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils import formats
from django.utils.translation import gettext_lazy

from club.models import Championship, MatchResult, Membership, Player, Round, Seat
from club.selectors.names import player_name
from club.selectors.standings import standings_page
from club.sheets.kinds import kind_of
from scoring import (
    EventResult,
    LadderRow,
    MatchRecord,
    club_ranking,
    event_results,
    season_ladder,
)

#: What a season ladder adds up, each in a ladder of its own: an event's match points (pairs
#: and individual events, RULES §10) and an auction evening's place points (one for each
#: player beaten at his tables) are not the same unit, so they are never added together.
LADDER_TITLES = {"match_points": gettext_lazy("Match points"),
                 "place_points": gettext_lazy("Place points (auction evenings)")}
#: Each ladder's column of totals.
LADDER_COLUMNS = {"match_points": gettext_lazy("Match points"),
                  "place_points": gettext_lazy("Place points")}


@dataclass(frozen=True)
class Ladder:
    """One ladder of a season: the metric it adds up, its title, and each player's row,
    name and total as shown (:func:`total_text`)."""

    key: str
    title: str
    column: str
    rows: list[tuple[LadderRow, str, str]]


def total_text(value) -> str:
    """A ladder's total in one format: a whole number as such ("12", also for 12.0), else
    one decimal in the active language ("12.5", "12,5")."""
    number = float(value)
    if number.is_integer():
        return formats.number_format(int(number), use_l10n=True)
    return formats.number_format(round(number, 1), decimal_pos=1, use_l10n=True)


def season_ladders(club, season: str, *, best: int | None = None, min_events: int = 0,
                   reveal: bool = False) -> list[Ladder]:
    """A player's best ``best`` events of the club's season, public championships only,
    one ladder a unit (:data:`LADDER_TITLES`; individual events: players; pair events:
    both players of the pair share the pair's result; an auction evening: each player's
    place points). One standings per championship. Players not published by initials
    unless ``reveal`` (the club's organisers)."""
    championships = Championship.objects.filter(club=club, season=season, public=True)
    results: dict[str, list[EventResult]] = defaultdict(list)
    for championship in championships:
        standings, key, entries = kind_of(championship).ladder_standings(championship)
        players_of = {}
        for entry in entries:
            if entry.player_id:
                players_of[entry.pk] = [entry.player_id]
            elif entry.pair_id:
                players_of[entry.pk] = [entry.pair.first_id, entry.pair.second_id]
        for result in event_results(standings, championship.pk, key):
            for player_id in players_of.get(result.player, []):
                results[key].append(EventResult(player_id, result.event, result.score))
    ladders = {key: season_ladder(found, best=best, min_events=min_events)
               for key, found in results.items()}
    names = {p.pk: player_name(p, reveal) for p in Player.objects.filter(
        pk__in=[r.player for rows in ladders.values() for r in rows])}
    order = [key for key in LADDER_TITLES if key in ladders] + sorted(
        key for key in ladders if key not in LADDER_TITLES)
    return [Ladder(key, str(LADDER_TITLES.get(key, key)), str(LADDER_COLUMNS.get(key, key)),
                   [(row, names.get(row.player, "?"), total_text(row.total))
                    for row in ladders[key]]) for key in order]


def match_ladder_standings(championship: Championship):
    """(standings, the metric a season ladder adds up, entries): match points (the
    partnership kind's)."""
    page = standings_page(championship)
    return page.standings, "match_points", page.entries.values()


def club_ranking_rows():
    """Clubs ranked by the average percentage of matches their players won (closed rounds of
    public championships). Players count for each club they are an active member of."""
    records = []
    seats = Seat.objects.filter(table__round__status=Round.Status.CLOSED,
                                table__round__stage__championship__public=True,
                                table__is_bye=False).values_list("table_id", "player_id", "side")
    sides = defaultdict(dict)
    for table_id, player_id, side in seats:
        sides[table_id][player_id] = side
    outcomes = {(t, s): r for t, s, r in MatchResult.objects.filter(
        table_id__in=list(sides), finished=True).values_list("table_id", "side", "result")}
    for table_id, players in sides.items():
        for player_id, side in players.items():
            result = outcomes.get((table_id, side))
            if result:
                records.append(MatchRecord(player_id, table_id, result))
    club_of = defaultdict(list)
    for player_id, club_name in Membership.objects.filter(active=True).values_list(
            "player_id", "club__name"):
        club_of[player_id].append(club_name)
    primary = {p: clubs[0] for p, clubs in club_of.items()}
    return club_ranking(records, primary)
