"""Check the derived data against the deals, and repair it (``manage.py verify_results``).

The deals are the only recorded facts. Two kinds of stored data are derived from them:

- each table's ``MatchResult`` rows: its deals replayed under the championship's rules,
  and the organiser's decision for a table of a closed round left unfinished (an input
  like the deals: :func:`club.selectors.replay.table_results`);
- each championship's ``StandingsSnapshot`` rows: the entries ranked from those match rows
  (:func:`club.selectors.standings.snapshot_rows`).

:func:`verify_championship` rebuilds both in memory and returns every difference. A table
is compared under its own row lock, the lock every sheet write and the closing of a round
take first, so a check made while scorers are typing never sees half of a write. With
``repair`` the table's rows are rewritten from its deals in that same transaction, the
standings are marked stale (rebuilt on the next read), and every repair is logged.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from club.models import Championship, Deal, MatchResult, Seat, Stage, StandingsSnapshot, Table
from club.selectors.replay import decision_of, table_results
from club.selectors.standings import snapshot_rows, standings_key
from club.services.results import RESULT_FIELDS, rebuild_table_results
from club.services.standings import results_changed

log = logging.getLogger("troef.verify")


@dataclass(frozen=True)
class Difference:
    """One stored value that is not what the deals give."""

    championship: int
    where: str  # "table 12, entry 7" / "standings, stage 1"
    field: str
    stored: Any
    rebuilt: Any

    def __str__(self) -> str:
        return (f"championship {self.championship}, {self.where}: {self.field} stored "
                f"{self.stored!r}, rebuilt {self.rebuilt!r}")


def _result_values(row: MatchResult | None, table: Table) -> dict[str, Any] | None:
    if row is None:
        return None
    if table.is_bye:  # a bye's values are the championship's choice, not the deals'
        return {"is_bye": row.is_bye}
    return {name: getattr(row, name) for name in RESULT_FIELDS}


def _compare_table(table: Table, repair: bool) -> list[Difference]:
    championship = table.round.stage.championship_id
    with transaction.atomic():
        Table.objects.select_for_update().filter(pk=table.pk).values_list("pk").first()
        seats = list(Seat.objects.filter(table=table).only("position", "side", "entry_id"))
        stored = {row.entry_id: row for row in MatchResult.objects.filter(table=table)}
        if table.is_bye:
            deals: list[Deal] = []
            entries = {seat.entry_id for seat in seats}
            rebuilt = {entry: MatchResult(entry_id=entry, is_bye=True) for entry in entries}
        else:
            deals = list(Deal.objects.filter(table=table).order_by("number"))
            if not deals and not stored and not decision_of(table):
                return []  # a sheet nobody has written on yet: no rows is right
            doublings = _compare_doublings(championship, table, deals, repair)
            rebuilt = {row.entry_id: row for row in table_results(table, deals, seats)}
        found = [] if table.is_bye else doublings
        for entry in sorted(set(stored) | set(rebuilt)):
            old = _result_values(stored.get(entry), table)
            new = _result_values(rebuilt.get(entry), table)
            if old is None or new is None:
                found.append(Difference(championship, f"table {table.pk}, entry {entry}",
                                        "row", "present" if old else "missing",
                                        "present" if new else "missing"))
                continue
            found.extend(Difference(championship, f"table {table.pk}, entry {entry}", name,
                                    old[name], new[name])
                         for name in old if old[name] != new[name])
        if found and repair:
            rebuild_table_results(table, deals=None if table.is_bye else deals, seats=seats)
            for difference in found:
                log.warning("verify_results repaired %s", difference)
    return found


def _compare_doublings(championship: int, table: Table, deals: list[Deal],
                       repair: bool) -> list[Difference]:
    """A deal's doubling multiplier is derived from its calls (x2 each): compare, and with
    ``repair`` write the calls' multiplier (before the table's rows are rebuilt)."""
    found = []
    for deal in deals:
        wanted = 1 << len(deal.calls) if deal.calls else deal.doubling
        if deal.doubling != wanted:
            found.append(Difference(championship, f"table {table.pk}, deal {deal.number}",
                                    "doubling", deal.doubling, wanted))
            if repair:
                deal.doubling = wanted
                Deal.objects.filter(pk=deal.pk).update(doubling=wanted)
                log.warning("verify_results repaired %s", found[-1])
    return found


def _compare_snapshots(championship: Championship, repair: bool) -> list[Difference]:
    """Snapshots of the current standings key only: an older one is never shown (the next
    read rebuilds it), so it cannot be wrong."""
    key = standings_key(championship)
    found = []
    for snapshot in StandingsSnapshot.objects.filter(championship=championship, key=key):
        stage = None
        if snapshot.stage_number:
            stage = Stage.objects.filter(championship=championship,
                                         number=snapshot.stage_number).first()
        rebuilt = json.loads(json.dumps(snapshot_rows(championship, stage)))
        if rebuilt != snapshot.rows:
            difference = Difference(championship.pk, f"standings, stage {snapshot.stage_number}",
                                    "rows", _summary(snapshot.rows), _summary(rebuilt))
            found.append(difference)
            if repair:
                snapshot.delete()
                log.warning("verify_results repaired %s", difference)
    return found


def _summary(rows: list) -> str:
    """The ranking as 'entry:rank' pairs, short enough to print."""
    return " ".join(f"{row[0]}:{row[1]}" for row in rows[:12]) + (" ..." if len(rows) > 12 else "")


def verify_championship(championship: Championship, *, repair: bool = False) -> list[Difference]:
    """Every difference between the championship's stored derived data and its deals; with
    ``repair`` each is fixed (and logged) as it is found."""
    tables = Table.objects.filter(round__stage__championship=championship).select_related(
        "round__stage__championship__rule_set").order_by("round__stage__number",
                                                         "round__number", "number")
    found: list[Difference] = []
    for table in tables:
        found.extend(_compare_table(table, repair))
    if found and repair:
        results_changed(championship.pk)
    found.extend(_compare_snapshots(championship, repair))
    return found
