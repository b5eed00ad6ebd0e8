"""Standings of a championship or a stage, from the derived match rows, in a fixed number
of queries: the entries, and the match rows of the rounds that count."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Max, Q

from club.models import Championship, Deal, Entry, MatchResult, Round, Stage
from scoring import MatchRecord, Standings, rank_entries
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

    @property
    def rows(self):
        return self.standings.rows


def match_records(championship: Championship, stage: Stage | None = None) -> list[MatchRecord]:
    """Every entry's finished match of the counted rounds, with its opponents and partners.

    One query. Byes are scored as the championship says, from the other tables' results.
    """
    rows = MatchResult.objects.filter(
        table__round__stage__championship=championship,
        table__round__status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED),
    )
    if stage is not None:
        rows = rows.filter(table__round__stage=stage)
    rows = rows.filter(Q(finished=True) | Q(is_bye=True)).values_list(
        "table_id", "entry_id", "side", "result", "games_won", "games_lost", "points_for",
        "points_against", "is_bye", "table__round__number", "table__round__stage__number")
    by_table: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        by_table[row[0]].append(row)
    records: list[MatchRecord] = []
    byes: list[tuple] = []
    per_round: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for table_rows in by_table.values():
        if any(r[8] for r in table_rows):
            byes.extend(table_rows)
            continue
        for (_t, entry, side, result, gw, gl, pf, pa, _b, rnd, stage_no) in table_rows:
            number = stage_no * 1000 + rnd
            opponents = tuple(r[1] for r in table_rows if r[2] != side)
            partners = tuple(r[1] for r in table_rows if r[2] == side and r[1] != entry)
            records.append(MatchRecord(entry, number, result, gw, gl, pf, pa, opponents, partners))
            if side == 0:
                per_round[(stage_no, rnd)].append((pf, pa))
    scoring_choice = championship.bye_scoring
    win_points = 2
    for (_t, entry, _s, _r, _gw, _gl, _pf, _pa, _b, rnd, stage_no) in byes:
        result = bye_result(scoring_choice, per_round.get((stage_no, rnd), []),
                            match_points=win_points)
        records.append(MatchRecord(entry, stage_no * 1000 + rnd, "win" if result.won else "loss",
                                   1 if result.won else 0, 0, result.game_points, 0))
    return records


def standings_page(championship: Championship, stage: Stage | None = None) -> StandingsPage:
    """Ranked rows in the championship's ranking order, ties sharing a rank; lots from the
    event's seed decide the display order within a tie. Three queries."""
    entries = Entry.objects.filter(championship=championship)
    if stage is not None:
        entries = entries.filter(stages=stage)
    entries = {e.pk: e for e in entries.select_related("player", "pair")}
    records = match_records(championship, stage)
    order = championship.ranking_order or ["match_points", "points_diff", "points_for"]
    standings = rank_entries(records, order, seed=championship.seed, entries=list(entries),
                             columns=[c for c in DISPLAY_COLUMNS if c not in order])
    last = Deal.objects.filter(table__round__stage__championship=championship).aggregate(
        last=Max("entered_at"))["last"]
    return StandingsPage(championship, stage, standings, entries, last)
