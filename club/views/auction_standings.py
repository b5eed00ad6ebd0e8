"""The standings page of an auction Manille championship (RULES.md §13): by total score or
by table places (``?order=places``). :class:`club.views.standings.StandingsView` hands over
here when the championship's rule set is an auction game."""

from __future__ import annotations

from django.shortcuts import render

from club import auction_exports
from club.models import Entry
from club.selectors.auction_results import auction_results
from club.selectors.auction_standings import ORDERS, auction_standings_of
from club.selectors.names import player_name


def auction_standings_page(request, championship, stage=None):
    order = request.GET.get("order") if request.GET.get("order") in ORDERS else "total"
    standings = auction_standings_of(championship, stage, order)
    reveal = bool(getattr(championship, "user_can_edit", False))
    entries = {e.pk: e for e in Entry.objects.filter(championship=championship)
               .select_related("player")}

    def name_of(pk):
        entry = entries.get(pk)
        return (player_name(entry.player, reveal) if entry and entry.player
                else entry.name if entry else "?")

    export = request.GET.get("_export")
    if export in auction_exports.FORMATS:  # the standings or the tables, CSV or XLSX
        return auction_exports.export(championship, stage, standings,
                                      lambda: auction_results(championship, stage), export,
                                      request.GET.get("what", ""), name_of)
    rows = [{"rank": row.rank, "tied": row.tied, "name": name_of(row.entry),
             "values": row.values} for row in standings.rows]
    return render(request, "championships/auction_standings.html", {
        "championship": championship, "rows": rows, "order": order, "stage": stage})
