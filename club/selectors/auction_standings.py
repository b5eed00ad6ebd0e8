"""Standings of an auction Manille championship (RULES.md §13): every player's tables, ranked
by total score or by table places (:mod:`scoring.auction_standings`).

Read from the derived match rows (one per player and table: ``points_for`` is the player's
total at the table), which the sheet writes with every deal and ``verify_results`` rebuilds
from the deals, so these standings are as checkable as the partnership ones. A table counts
once it has a deal (a table without one has no rows yet).
"""

from __future__ import annotations

from collections import defaultdict

from club.models import Championship, Entry, MatchResult, Stage
from scoring.auction_standings import BY_PLACES, BY_TOTAL, TableResult, auction_standings
from scoring.standings import Standings

#: The two orders a page offers: by total score, by table places.
ORDERS = {"total": BY_TOTAL, "places": BY_PLACES}


def auction_tables(championship: Championship, stage: Stage | None = None) -> list[TableResult]:
    """Every table of the championship (or stage) with its players' totals. One query."""
    rows = MatchResult.objects.filter(table__round__stage__championship=championship,
                                      is_bye=False)
    if stage is not None:
        rows = rows.filter(table__round__stage=stage)
    by_table: dict[tuple[int, int, int], dict[int, int]] = defaultdict(dict)
    for stage_no, round_no, table_no, entry, total in rows.values_list(
            "table__round__stage__number", "table__round__number", "table__number",
            "entry_id", "points_for"):
        by_table[(stage_no, round_no, table_no)][entry] = total
    return [TableResult(1000 * s + r, t, totals)
            for (s, r, t), totals in sorted(by_table.items()) if 3 <= len(totals) <= 7]


def auction_standings_of(championship: Championship, stage: Stage | None = None,
                         order: str = "total") -> Standings:
    """The players ranked by ``order`` ("total" or "places"); every entry of the
    championship is listed, those without a table yet at the bottom with nothing."""
    entries = Entry.objects.filter(championship=championship)
    if stage is not None:
        entries = entries.filter(stages=stage)
    return auction_standings(auction_tables(championship, stage),
                             ORDERS.get(order, BY_TOTAL), seed=championship.seed,
                             players=list(entries.values_list("pk", flat=True)))


def ranked_entries(championship: Championship, stage: Stage | None = None) -> list[int]:
    """The stage's entries, best first, by total score (the sheet kind's
    ``ranked_entries``; RULES §13)."""
    return [row.entry for row in auction_standings_of(championship, stage).rows]


def ladder_standings(championship: Championship):
    """(standings, the metric a season ladder adds up, entries): each player's place points,
    one for each player beaten at his tables (the auction kind's)."""
    return (auction_standings_of(championship), "place_points",
            list(Entry.objects.filter(championship=championship)))
