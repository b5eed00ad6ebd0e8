"""A player's results across rounds and championships, in three queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from club.models import MatchResult, Round, Seat
from club.selectors.names import player_name


@dataclass
class PlayerResult:
    seat: Seat
    partners: list[str]
    opponents: list[str]
    result: MatchResult | None


def results_of_player(player, reveal_clubs: set[int] | None = frozenset()) -> list[PlayerResult]:
    """Every published or closed round the player sat in, newest first. Partners and
    opponents who are not published show by initials, except in the championships of
    ``reveal_clubs`` (clubs the viewer organises; None: every club, for staff)."""
    seats = list(Seat.objects.filter(
        player=player, table__round__status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED),
        table__round__stage__championship__public=True,
    ).select_related("table__round__stage__championship", "entry").order_by(
        "-table__round__stage__championship__start_date", "-table__round__stage__championship_id",
        "-table__round__stage__number", "-table__round__number"))
    table_ids = [s.table_id for s in seats]
    others = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("player"):
        others[seat.table_id].append(seat)
    results = {(r.table_id, r.entry_id): r for r in MatchResult.objects.filter(table_id__in=table_ids)}
    rows = []
    for seat in seats:
        at_table = [s for s in others[seat.table_id] if s.player_id != player.pk]
        club_id = seat.table.round.stage.championship.club_id
        reveal = reveal_clubs is None or club_id in reveal_clubs
        rows.append(PlayerResult(
            seat,
            [player_name(s.player, reveal) for s in at_table if s.side == seat.side],
            [player_name(s.player, reveal) for s in at_table if s.side != seat.side],
            results.get((seat.table_id, seat.entry_id))))
    return rows
