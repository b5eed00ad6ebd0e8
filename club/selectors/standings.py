"""Standings of a championship or a stage, from the derived match rows, in a fixed number
of queries: the entries, and the match rows of the rounds that count."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from django.db.models import Max, Q, Sum

from club.models import (
    Championship,
    Deal,
    Entry,
    MatchResult,
    Round,
    Stage,
    StandingsSnapshot,
    Table,
)
from club.selectors.decided import decided_records
from club.selectors.names import hidden_entry_names
from club.selectors.replay import match_format
from scoring import DEFAULT_ORDER, MatchRecord, RoundKey, Standings, rank_entries
from scoring import StandingRow as ScoringRow
from scoring.metrics import METRICS
from scoring.pairing.byes import bye_result

#: Columns shown besides the ranking order, in this order, when not already in it.
DISPLAY_COLUMNS = ("match_points", "wins", "draws", "losses", "points_for", "points_against",
                   "points_diff", "rounds_played")


@dataclass(frozen=True)
class StandingsPage:
    championship: Championship
    stage: Stage | None
    standings: Standings
    entries: dict[int, Entry]
    last_result: object  # datetime of the last deal, or None
    #: Entry id -> public name, for the entries the public sees by another name (players
    #: not published: :mod:`club.selectors.names`).
    hidden: dict[int, str] = field(default_factory=dict)

    @property
    def rows(self):
        return self.standings.rows

    def name(self, entry_id: int, reveal: bool = False) -> str:
        """An entry's name: as stored for a viewer who may see every name (``reveal``: the
        club's organisers), else as the public sees it."""
        entry = self.entries.get(entry_id)
        if entry is None:
            return str(entry_id)
        return entry.name if reveal else self.hidden.get(entry_id, entry.name)


def match_records(championship: Championship, stage: Stage | None = None) -> list[MatchRecord]:
    """Every entry's finished match of the counted rounds, with its opponents and partners.

    One query. Byes are scored as the championship says, from the other tables' results,
    and so are the tables the organiser decided when closing (:mod:`club.selectors.decided`).
    """
    rows = MatchResult.objects.filter(
        table__round__stage__championship=championship,
        table__round__status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED),
    )
    if stage is not None:
        rows = rows.filter(table__round__stage=stage)
    closed = Q(table__round__status=Round.Status.CLOSED)
    rows = rows.filter(Q(finished=True) | Q(is_bye=True) | closed & Q(
        table__decision=Table.Decision.NOT_PLAYED)).values_list(
        "table_id", "entry_id", "side", "result", "games_won", "games_lost", "points_for",
        "points_against", "is_bye", "table__round__number", "table__round__stage__number",
        "table__decision", "table__decision_side", "table__round__status")
    by_table: dict[int, list[tuple]] = defaultdict(list)
    decided: dict[int, tuple[str, int | None]] = {}  # decisions scored besides the deals
    for row in rows:
        by_table[row[0]].append(row[:11])
        if row[11] not in ("", Table.Decision.PLAYED) and row[13] == Round.Status.CLOSED:
            decided[row[0]] = (row[11], row[12])
    records: list[MatchRecord] = []
    byes: list[tuple] = []
    per_round: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for table_id, table_rows in by_table.items():
        if any(r[8] for r in table_rows):
            byes.extend(table_rows)
            continue
        if table_id in decided:
            continue
        for (_t, entry, side, result, gw, gl, pf, pa, _b, rnd, stage_no) in table_rows:
            number = RoundKey(stage_no, rnd)
            opponents = tuple(r[1] for r in table_rows if r[2] != side)
            partners = tuple(r[1] for r in table_rows if r[2] == side and r[1] != entry)
            records.append(MatchRecord(entry, number, result, gw, gl, pf, pa, opponents, partners))
            if side == 0:
                per_round[(stage_no, rnd)].append((pf, pa))
    scoring_choice = championship.bye_scoring
    win_points = match_format(championship).match_points[0]
    for (_t, entry, _s, _r, _gw, _gl, _pf, _pa, _b, rnd, stage_no) in byes:
        result = bye_result(scoring_choice, per_round.get((stage_no, rnd), []),
                            match_points=win_points)
        records.append(MatchRecord(entry, RoundKey(stage_no, rnd), "win" if result.won else "loss",
                                   1 if result.won else 0, 0, result.game_points,
                                   result.points_against))
    records.extend(decided_records(decided, by_table, per_round, records,
                                   bye_scoring=scoring_choice,
                                   match_points=match_format(championship).match_points))
    return records


def compute_standings(championship: Championship, stage: Stage | None,
                      entry_ids: list[int]) -> Standings:
    """Rank the entries from the match rows: the championship's order, shared ranks, lots
    drawn from the event seed for the display order within a tie."""
    order = championship.ranking_order or DEFAULT_ORDER
    return rank_entries(match_records(championship, stage), order, seed=championship.seed,
                        entries=entry_ids, columns=[c for c in DISPLAY_COLUMNS if c not in order],
                        match_points=match_format(championship).match_points)


def _stored(value):
    """JSON for a metric value: integers stay exact; fractions are for display only."""
    if isinstance(value, Fraction):
        return round(float(value), 2)
    return value


def _entries(championship: Championship, stage: Stage | None):
    entries = Entry.objects.filter(championship=championship)
    return entries.filter(stages=stage) if stage is not None else entries


def snapshot_rows(championship: Championship, stage: Stage | None) -> list:
    """The standings as a snapshot stores them (JSON-ready), ranked afresh from the match rows."""
    entry_ids = list(_entries(championship, stage).values_list("pk", flat=True))
    standings = compute_standings(championship, stage, entry_ids)
    return [[row.entry, row.rank, row.tied, {k: _stored(v) for k, v in row.values.items()}]
            for row in standings.rows]


#: Move on when the way standings are computed or stored changes without a new metric (a
#: stored snapshot of an older version is then rebuilt on its next read).
STANDINGS_VERSION = 4  # 4: a bye and a forfeit's winner have the losing sides' mean against


@cache
def code_version() -> str:
    """The version of the code that made a snapshot: :data:`STANDINGS_VERSION` and the
    metrics and columns that exist, so a new metric never shows empty in an old snapshot."""
    made_of = repr((STANDINGS_VERSION, sorted(METRICS), DISPLAY_COLUMNS, DEFAULT_ORDER))
    return hashlib.sha1(made_of.encode()).hexdigest()[:8]


def standings_key(championship: Championship) -> str:
    """What the standings depend on, in one short query: the code's version and the
    championship's results version, which moves whenever a counted result changes (the
    sheet write moves it when a table's finished outcome changes, and
    :func:`club.services.standings.results_changed` for everything else); a deal on a table
    still being played leaves it as it is."""
    version = Championship.objects.filter(pk=championship.pk).values_list(
        "results_version", flat=True).get()
    return f"{code_version()}:{version}"


def results_key(championship: Championship) -> str:
    """What the round pages and the projector depend on (every deal, finished or not), in
    one query: the code's version, the championship's results version and the sum of its
    tables' sheet versions."""
    version, sheets = Championship.objects.filter(pk=championship.pk).annotate(
        sheets=Sum("stages__rounds__tables__version")).values_list(
        "results_version", "sheets").get()
    return f"{code_version()}:{version}:{sheets or 0}"


def stored_rows(championship: Championship, stage: Stage | None, key: str) -> list | None:
    """The snapshot's rows when one is stored for ``key``, else None. One query."""
    return StandingsSnapshot.objects.filter(
        championship=championship, stage_number=stage.number if stage is not None else 0,
        key=key).values_list("rows", flat=True).first()


def last_result(championship: Championship):
    """When the last counted result came in: the latest deal of a table whose match is
    finished (a deal at a table still playing changes no standing, nor this). One query."""
    return Deal.objects.filter(table__round__stage__championship=championship,
                               table__results__finished=True).aggregate(
        last=Max("entered_at"))["last"]


def standings_page(championship: Championship, stage: Stage | None = None, *,
                   rows: list | None = None) -> StandingsPage:
    """The standings: ``rows`` as a snapshot stores them when the caller has them (see
    :func:`club.services.standings.current_standings`, which keeps the snapshot), else the
    stored snapshot when it is current, else ranked afresh in memory. Nothing is written.
    Three queries with ``rows`` (the entries, those shown by another name, the last
    counted result's time), five when fresh."""
    if rows is None:
        key = standings_key(championship)
        rows = stored_rows(championship, stage, key)
        if rows is None:
            rows = snapshot_rows(championship, stage)
    entries = {e.pk: e for e in _entries(championship, stage).select_related("pair")}
    order = tuple(championship.ranking_order or DEFAULT_ORDER)
    columns = order + tuple(c for c in DISPLAY_COLUMNS if c not in order)
    standings = Standings(tuple(ScoringRow(rank, entry, values, 0, tied)
                                for entry, rank, tied, values in rows),
                          order, columns, championship.seed, False)
    last = last_result(championship)
    hidden = hidden_entry_names(_entries(championship, stage))
    return StandingsPage(championship, stage, standings, entries, last, hidden)
