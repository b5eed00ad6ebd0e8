"""What the PDFs show, read from the database in a fixed number of queries.

Each loader returns plain values (and the model rows the scoring helpers need) plus a
``facts`` structure: everything the document depends on, hashed into the report's
fingerprint (:func:`digest`), so an unchanged round or ranking reuses its file.

- :func:`round_sheets`: a round's tables, seats and deals (4 queries; chunks pass their
  table ids).
- :func:`round_results`: a round's tables, seats and derived match rows, and the deals of
  the top tables for the score charts (4 queries).
- :func:`championship_standings`: the lead's standings selector (``club.selectors.
  standings``) and the rank of the leaders after each round, from the same match rows.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from club.models import AuditEntry, Championship, Deal, MatchResult, Round, Seat, Table
from club.selectors.closing import decision_notes
from club.selectors.standings import StandingsPage, match_records
from club.services.standings import current_standings
from scoring import StandingsError, rank_entries

#: Bump when the layout changes: every report is then rendered again once.
LAYOUT_VERSION = 4
#: Tables whose score progression the round results show (the top tables of the draw).
CHART_TABLES = 4
#: Leaders whose rank over the rounds the standings chart follows.
CHART_LEADERS = 8


def digest(facts: Any) -> str:
    """A stable hash of ``facts`` (JSON with sorted keys; dates and fractions as text)."""
    payload = json.dumps([LAYOUT_VERSION, get_language(), settings.TROEF_SITE_URL, facts],
                         sort_keys=True,
                         default=_jsonable, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value)


@dataclass
class TableData:
    table: Table
    seats: list[Seat] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)


@dataclass
class RoundData:
    round: Round
    tables: list[TableData]

    @property
    def championship(self) -> Championship:
        return self.round.stage.championship


def _round(round_id: int) -> Round:
    return Round.objects.select_related("stage__championship__rule_set",
                                        "stage__championship__club").get(pk=round_id)


def _tables(rnd: Round, table_ids: Sequence[int] | None) -> dict[int, TableData]:
    tables = Table.objects.filter(round=rnd).order_by("number")
    if table_ids is not None:
        tables = tables.filter(pk__in=list(table_ids))
    out = {}
    for table in tables:
        table.round = rnd  # the scoring helpers read table.round.stage.championship
        out[table.pk] = TableData(table)
    return out


def _seats(rnd: Round, tables: dict[int, TableData]) -> None:
    seats = Seat.objects.filter(table__round=rnd, table_id__in=list(tables)).select_related(
        "player", "entry").order_by("table_id", "position")
    for seat in seats:
        tables[seat.table_id].seats.append(seat)


def _round_facts(rnd: Round) -> dict[str, Any]:
    champ = rnd.stage.championship
    return {"championship": [champ.pk, champ.name, champ.self_entry, champ.rule_set.options,
                             champ.match_format, champ.entry_type],
            "stage": [rnd.stage.pk, str(rnd.stage)],
            "round": [rnd.pk, rnd.number, rnd.status, rnd.time_limit]}


def _table_facts(data: TableData) -> list[Any]:
    t = data.table
    return [t.pk, t.number, t.is_bye, t.sheet_keeper, t.first_dealer, t.code, t.version,
            [[s.position, s.side, s.player_id, s.player.first_name, s.player.last_name,
              s.entry.name] for s in data.seats],
            [[d.pk, d.number, d.entered_at] for d in data.deals]]


def round_sheets(round_id: int, table_ids: Sequence[int] | None = None
                 ) -> tuple[RoundData, dict[str, Any]]:
    """A round's score sheets: tables with seats and deals, and the facts they show."""
    rnd = _round(round_id)
    tables = _tables(rnd, table_ids)
    _seats(rnd, tables)
    for deal in Deal.objects.filter(table__round=rnd, table_id__in=list(tables)).order_by(
            "table_id", "number"):
        tables[deal.table_id].deals.append(deal)
    data = RoundData(rnd, list(tables.values()))
    facts = {**_round_facts(rnd), "tables": [_table_facts(t) for t in data.tables]}
    return data, facts


def round_table_ids(round_id: int) -> list[int]:
    """The round's table ids in table order (what chunks split)."""
    return list(Table.objects.filter(round_id=round_id).order_by("number")
                .values_list("pk", flat=True))


def round_results(round_id: int) -> tuple[RoundData, dict[str, Any]]:
    """A round's results: every table's seats and match rows; the deals of the top tables."""
    rnd = _round(round_id)
    tables = _tables(rnd, None)
    _seats(rnd, tables)
    for row in MatchResult.objects.filter(table__round=rnd).order_by("table_id", "side"):
        tables[row.table_id].results.append(row)
    top = [t.table.pk for t in tables.values() if not t.table.is_bye][:CHART_TABLES]
    for deal in Deal.objects.filter(table_id__in=top).order_by("table_id", "number"):
        tables[deal.table_id].deals.append(deal)
    data = RoundData(rnd, list(tables.values()))
    facts = {**_round_facts(rnd), "tables": [
        _table_facts(t) + [[r.entry_id, r.side, r.result, r.finished, r.games_won,
                            r.games_lost, r.points_for, r.points_against, r.is_bye]
                           for r in t.results] for t in data.tables]}
    return data, facts


@dataclass
class StandingsData:
    page: StandingsPage | None
    error: str
    rounds: list[str]
    progression: list[tuple[str, list[int | None]]]
    #: the organiser's decisions and the rounds' reopenings in words (:func:`decision_lines`)
    decisions: list[str] = field(default_factory=list)


def decision_lines(championship: Championship) -> list[str]:
    """What the round pages tell of the organiser's decisions, in round order, for a public
    document (names as the public sees them): each decided table ("Stage, Round 2 · Table 3:
    forfeit by Ann & Bob — left early · Forfeit: Cas & Dirk wins, 52–30"), then each
    reopening of a round with its reason. Three queries (two when nothing was decided)."""
    lines = []
    for note in decision_notes(championship=championship, reveal=False):
        where = f"{capfirst(str(note.round.stage))}, {note.round}"
        lines.append(" · ".join(part for part in (where, note.text, note.result) if part))
    rounds = {r.pk: r for r in Round.objects.filter(stage__championship=championship)
              .select_related("stage")}
    for entry in AuditEntry.objects.filter(championship=championship, action="round.reopened"
                                           ).select_related("user").order_by("at", "pk"):
        rnd = rounds.get((entry.detail or {}).get("round"))
        who = (entry.user.get_full_name() or entry.user.get_username()) if entry.user else "?"
        when = formats.date_format(timezone.localtime(entry.at), "DATETIME_FORMAT")
        text = _("Reopened by %(who)s on %(when)s: %(reason)s") % {
            "who": who, "when": when, "reason": entry.reason}
        lines.append(f"{capfirst(str(rnd.stage))}, {rnd} · {text}" if rnd else text)
    return lines


def rank_progression(championship: Championship, page: StandingsPage, records=None
                     ) -> tuple[list[str], list[tuple[str, list[int | None]]]]:
    """The leaders' rank after each round (None before an entry's first match).

    Re-ranks the match rows round by round with the championship's order: R rankings of
    the records so far, no query beyond the match rows themselves.
    """
    records = match_records(championship) if records is None else records
    numbers = sorted({r.round for r in records})
    leaders = [row.entry for row in page.rows[:CHART_LEADERS]]
    ranks: dict[Any, list[int | None]] = {e: [] for e in leaders}
    order = page.standings.order
    for number in numbers:
        so_far = [r for r in records if r.round <= number]
        played = {r.entry for r in so_far}
        ranked = rank_entries(so_far, order, seed=championship.seed,
                              entries=list(page.entries))
        by_entry = {row.entry: row.rank for row in ranked.rows}
        for entry in leaders:
            ranks[entry].append(by_entry.get(entry) if entry in played else None)
    series = [(page.name(e), ranks[e]) for e in leaders]  # public names: a public PDF
    return [str(n) for n in numbers], series


def championship_standings(championship: Championship) -> tuple[StandingsData, dict[str, Any]]:
    """The ranking the standings PDF prints, the leaders' progression, and its facts.

    A ranking order the scoring library refuses gives an ``error`` (shown on the page and
    in the job) instead of an exception.
    """
    try:
        page = current_standings(championship)
        labels, series = rank_progression(championship, page)
    except StandingsError as error:
        facts = {"championship": [championship.pk, championship.ranking_order],
                 "error": str(error)}
        return StandingsData(None, str(error), [], []), facts
    rows = [[row.rank, row.tied, page.name(row.entry), row.values] for row in page.rows]
    decisions = decision_lines(championship)
    facts = {"championship": [championship.pk, championship.name, championship.seed,
                              list(page.standings.order), championship.club.name],
             "rows": rows, "last": page.last_result, "progression": [labels, series],
             "decisions": decisions}
    return StandingsData(page, "", labels, series, decisions), facts


def now_label() -> str:
    """The local time a report is printed, for its footer."""
    return timezone.localtime().strftime("%Y-%m-%d %H:%M")


def group_seats(seats: Sequence[Seat]) -> list[list[Seat]]:
    """Seats by side (side 0 first), each in playing order."""
    sides: dict[int, list[Seat]] = defaultdict(list)
    for seat in sorted(seats, key=lambda s: s.position):
        sides[seat.side].append(seat)
    return [sides.get(0, []), sides.get(1, [])]


def match_standings_facts(championship: Championship) -> Any:
    """What the match standings PDF shows, for its fingerprint (the partnership kind's)."""
    return championship_standings(championship)[1]
