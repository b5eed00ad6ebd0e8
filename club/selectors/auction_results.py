"""Every player's result at every auction table of a championship (RULES.md §13), for the
exports: stage, round, table, seat, the player's total there, place and place points.

Read from the derived match rows (one per player and table: ``side`` is the seat,
``points_for`` the total), the rows the standings read too, so an export and the standings
always agree; places and place points are :class:`scoring.auction_standings.TableResult`'s.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from club.models import Championship, MatchResult, Stage
from scoring.auction_standings import TableResult


@dataclass(frozen=True)
class SeatResult:
    stage: int
    round: int
    table: int
    seat: int  # 0-6, the column letter A-G on the sheet
    entry: int
    total: int
    place: int
    place_points: float
    players: int
    finished: bool


def auction_results(championship: Championship, stage: Stage | None = None) -> list[SeatResult]:
    """The results seat by seat, in stage, round, table and seat order. One query."""
    rows = MatchResult.objects.filter(table__round__stage__championship=championship,
                                      is_bye=False)
    if stage is not None:
        rows = rows.filter(table__round__stage=stage)
    tables: dict[tuple[int, int, int], list[tuple[int, int, int, bool]]] = defaultdict(list)
    for stage_no, round_no, table_no, side, entry, total, finished in rows.values_list(
            "table__round__stage__number", "table__round__number", "table__number", "side",
            "entry_id", "points_for", "finished"):
        tables[(stage_no, round_no, table_no)].append((side, entry, total, finished))
    out = []
    for (stage_no, round_no, table_no), seats in sorted(tables.items()):
        if not 3 <= len(seats) <= 7:
            continue
        result = TableResult(round_no, table_no, {entry: total for _s, entry, total, _f in seats})
        places, points = result.places(), result.place_points()
        for side, entry, total, finished in sorted(seats):
            out.append(SeatResult(stage_no, round_no, table_no, side, entry, total,
                                  places[entry], points[entry], len(seats), finished))
    return out
