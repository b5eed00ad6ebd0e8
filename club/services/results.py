"""Derived match results: a table's deals replayed with ``scoring`` into its MatchResult rows.

The deals are the only recorded facts; :func:`rebuild_table_results` rewrites a table's
MatchResult rows from them after every change (a deal entered, edited or deleted, a round
closed). Nothing here decides what is allowed on a sheet: that is ``scoring`` (and the
sheet service, which validates before it writes).

Cost: a rebuild reads the table's deals and seats (two queries, none when the caller
passes them) and writes the rows in two (stale rows deleted, the others upserted), plus
the table's championship and rule set when the caller did not ``select_related`` them.
"""

from __future__ import annotations

from collections.abc import Sequence

from club.models import Deal, MatchResult, Seat, Table
from club.selectors.replay import entries_by_side, table_results

#: What makes a MatchResult row unique (the upsert's conflict target).
RESULT_KEY = ("table", "entry")
RESULT_FIELDS = ["side", "result", "finished", "games_won", "games_lost", "points_for",
                  "points_against", "is_bye"]


def rebuild_table_results(table: Table, *, deals: Sequence[Deal] | None = None,
                          seats: Sequence[Seat] | None = None) -> list[MatchResult]:
    """Rewrite the table's MatchResult rows from its deals; returns the rows written.

    One row per entry seated at the table (rows of entries no longer seated are deleted).
    Bye tables get ``is_bye`` rows whose scoring values are left to the championship service
    (existing values are kept). The sheet service writes its rows itself, with the deal
    (:func:`result_rows`, :mod:`club.services.locked_write`); the callers here (closing a
    round, an import) move the championship's results version on.
    """
    if seats is None:
        seats = list(Seat.objects.filter(table=table).only("position", "side", "entry_id"))
    entries = entries_by_side(seats)
    MatchResult.objects.filter(table=table).exclude(entry_id__in=list(entries)).delete()
    if table.is_bye:
        rows = [MatchResult(table=table, entry_id=entry, side=side, is_bye=True)
                for entry, side in entries.items()]
        MatchResult.objects.bulk_create(rows, ignore_conflicts=True)
        return rows
    if deals is None:
        deals = list(Deal.objects.filter(table=table).order_by("number"))
    rows = table_results(table, deals, seats)
    if rows:
        MatchResult.objects.bulk_create(rows, update_conflicts=True,
                                        unique_fields=RESULT_KEY, update_fields=RESULT_FIELDS)
    return rows
