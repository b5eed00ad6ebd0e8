"""Everything Troef holds about one player, as plain JSON-ready values (the player's data
export, README "Privacy"). Reads only; a fixed number of queries (nine).

Other players appear by their public names (:mod:`club.selectors.names`): the export is
handed to the player, and a partner who is not published stays initials there too. Troef
does not link players to user accounts, so no sheet change is a player's own: the sheet
changes are the organisers' (and table codes') and are not part of a player's data.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Q
from django.utils import timezone

from club.models import AuditEntry, Entry, MatchResult, Membership, Pair, Player, Seat
from club.selectors.names import public_player_name

#: Bump when the shape of the export changes.
EXPORT_VERSION = 1


def _date(value) -> str | None:
    return value.isoformat() if value is not None else None


def player_data(player: Player) -> dict[str, Any]:
    """The player's fields, memberships, pairs, entries, every table they sat at with its
    partners, opponents and result, and the log entries about them."""
    player = Player.objects.get(pk=player.pk)
    memberships = [{
        "club": m.club.name, "club_id": m.club_id, "active": m.active,
        "joined": _date(m.joined)} for m in
        Membership.objects.filter(player=player).select_related("club").order_by("club__name")]
    pairs = []
    for pair in Pair.objects.filter(Q(first=player) | Q(second=player)).select_related(
            "club", "first", "second").order_by("pk"):
        partner = pair.second if pair.first_id == player.pk else pair.first
        pairs.append({"id": pair.pk, "club": pair.club.name, "name": pair.name,
                      "partner": public_player_name(partner), "active": pair.active})
    pair_ids = [p["id"] for p in pairs]
    entries = [{
        "id": e.pk, "championship": e.championship.name, "championship_id": e.championship_id,
        "club": e.championship.club.name, "season": e.championship.season,
        "name": e.name, "pair_id": e.pair_id, "active": e.active,
        "joined_round": e.joined_round,
        "substitute_for": e.substitute_for.name if e.substitute_for_id else None,
    } for e in Entry.objects.filter(Q(player=player) | Q(pair_id__in=pair_ids)).select_related(
        "championship__club", "substitute_for").order_by("championship_id", "pk")]
    seats = list(Seat.objects.filter(player=player).select_related(
        "table__round__stage__championship", "entry").order_by(
        "table__round__stage__championship_id", "table__round__stage__number",
        "table__round__number", "table__number"))
    table_ids = [s.table_id for s in seats]
    at_table = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("player"):
        at_table[seat.table_id].append(seat)
    results = {(r.table_id, r.entry_id): r
               for r in MatchResult.objects.filter(table_id__in=table_ids)}
    tables = []
    for seat in seats:
        table, rnd = seat.table, seat.table.round
        others = [s for s in at_table[seat.table_id] if s.player_id != player.pk]
        result = results.get((seat.table_id, seat.entry_id))
        tables.append({
            "championship": rnd.stage.championship.name,
            "championship_id": rnd.stage.championship_id,
            "stage": rnd.stage.number, "round": rnd.number, "round_status": rnd.status,
            "table": table.number, "bye": table.is_bye, "seat": seat.position + 1,
            "side": seat.side + 1, "entry": seat.entry.name,
            "partners": [public_player_name(s.player) for s in others if s.side == seat.side],
            "opponents": [public_player_name(s.player) for s in others if s.side != seat.side],
            "result": None if result is None else {
                "result": result.result, "finished": result.finished,
                "games_won": result.games_won, "games_lost": result.games_lost,
                "points_for": result.points_for, "points_against": result.points_against,
                "bye": result.is_bye},
        })
    log = [{"at": _date(a.at), "club": a.club.name, "action": a.action,
            "what": a.action_label, "reason": a.reason}
           for a in AuditEntry.objects.filter(detail__player=player.pk).select_related("club")
           .order_by("at", "pk")]
    return {
        "export": {"format": "troef-player-data", "version": EXPORT_VERSION,
                   "made": _date(timezone.now())},
        "player": {"id": player.pk, "first_name": player.first_name,
                   "last_name": player.last_name, "member_number": player.member_number,
                   "published": player.published, "anonymised_at": _date(player.anonymised_at),
                   "created": _date(player.created)},
        "memberships": memberships,
        "pairs": pairs,
        "entries": entries,
        "tables": tables,
        "log": log,
        "sheet_changes": [],
    }


def player_club_ids(player: Player) -> list[int]:
    """The clubs a log entry about ``player`` goes to: every club they are a member of,
    else the clubs of the championships they entered (a player of no club at all, which
    only staff may handle, is logged nowhere). One or two queries."""
    clubs = sorted(Membership.objects.filter(player=player).values_list("club_id", flat=True))
    if clubs:
        return clubs
    return sorted(set(Entry.objects.filter(
        Q(player=player) | Q(pair__first=player) | Q(pair__second=player))
        .values_list("championship__club_id", flat=True)))
