"""The standings page of an auction Manille championship (RULES.md §13): by total score or
by table places (``?order=places``). :class:`club.views.standings.StandingsView` hands over
here when the championship's rule set is an auction game."""

from __future__ import annotations

from django.shortcuts import render

from club.models import Entry
from club.selectors.auction_standings import ORDERS, auction_standings_of
from club.selectors.names import player_name


def auction_standings_page(request, championship, stage=None):
    order = request.GET.get("order") if request.GET.get("order") in ORDERS else "total"
    standings = auction_standings_of(championship, stage, order)
    reveal = bool(getattr(championship, "user_can_edit", False))
    entries = {e.pk: e for e in Entry.objects.filter(championship=championship)
               .select_related("player")}
    rows = []
    for row in standings.rows:
        entry = entries.get(row.entry)
        name = (player_name(entry.player, reveal) if entry and entry.player
                else entry.name if entry else "?")
        rows.append({"rank": row.rank, "tied": row.tied, "name": name, "values": row.values})
    return render(request, "championships/auction_standings.html", {
        "championship": championship, "rows": rows, "order": order, "stage": stage})
