"""Standings records of the tables an organiser decided when closing a round.

A table's stored match rows say who won a forfeit and that an average score is a draw
(:func:`club.selectors.replay.decided_rows`); the game points of both depend on the
round's other tables, so they are given here, as a bye's are, each time the standings are
ranked (a later correction of another table's sheet moves them with it):

- **forfeit**: the other side wins with a bye's game points under the championship's
  ``bye_scoring`` (RULES.md §11: under "average_win" the average of the round's winning
  sides for it and of its losing sides against it, each rounded half up, so it ranks like
  an average win and never above the tables that played; 0 under "fixed" and "nothing");
  the forfeiting side loses with 0 for it and the winner's points against it.
- **average score**: a draw for both sides, each with the average game points of a side at
  the round's played tables, for and against (under ``bye_scoring`` "average_win"; else 0).
- **not played**: no match for anyone: a *credit* (:class:`scoring.MatchRecord`) of the
  round's average per record, in match points and game points for and against, each rounded
  half up (the mean over every record of the round that counts: played tables, byes,
  forfeits and average scores; 0 when none counts). It is no win, draw or loss, no game,
  no match, no round played and no meeting, so win percentage, game points per round,
  head-to-head and the counts ignore it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from club.models import MatchResult, Round, Table
from scoring import MatchRecord, RoundKey
from scoring.pairing.byes import bye_result

#: The positions of a match row's values as ``club.selectors.standings.match_records``
#: reads them: (table, entry, side, result, games won, games lost, points for, points
#: against, is bye, round number, stage number).
ENTRY, SIDE, ROUND, STAGE = 1, 2, 9, 10


def half_up(total: int, count: int) -> int:
    """``total / count`` rounded half up, in integers (0 for no count).

    >>> half_up(7, 2), half_up(5, 3), half_up(0, 0)
    (4, 2, 0)
    """
    return (2 * total + count) // (2 * count) if count else 0


def decided_points(decision: str, played: list[tuple[int, int]], *, bye_scoring: str,
                   win_points: int) -> tuple[int, int]:
    """The game points a decision gives, from the round's ``played`` tables (side 0's
    ``(for, against)``): a forfeit's winner's (for, against), the forfeiting side having
    them the other way round; an average score's, the same for each side."""
    if decision == Table.Decision.FORFEIT:
        if bye_scoring == "nothing":
            return 0, 0
        won = bye_result(bye_scoring, played, match_points=win_points)
        return won.game_points, won.points_against
    if decision == Table.Decision.AVERAGE and bye_scoring == "average_win":
        points = half_up(sum(a + b for a, b in played), 2 * len(played))
        return points, points
    return 0, 0


def round_played(rnd: Round) -> list[tuple[int, int]]:
    """The round's played tables as the standings count them for its decided tables: side
    0's ``(for, against)`` of every finished table that no adjusted decision scores."""
    return list(MatchResult.objects.filter(
        table__round=rnd, side=0, finished=True, is_bye=False).exclude(
        table__decision__in=(Table.Decision.FORFEIT, Table.Decision.AVERAGE,
                             Table.Decision.NOT_PLAYED)).order_by("table__number").values_list(
        "points_for", "points_against"))


def decided_records(decided: dict[int, tuple[str, int | None]], rows: dict[int, list[tuple]],
                    per_round: dict[tuple[int, int], list[tuple[int, int]]],
                    records: list[MatchRecord], *, bye_scoring: str,
                    match_points: Sequence[int]) -> list[MatchRecord]:
    """The records of the decided tables (table id -> (decision, forfeiting side)), from
    their match ``rows``, the played tables' game points per round (side 0's ``(for,
    against)``) and the ``records`` already made (played tables and byes)."""
    out: list[MatchRecord] = []
    credits = []
    for table_id, (decision, forfeiting) in decided.items():
        table_rows = rows[table_id]
        stage_no, rnd = table_rows[0][STAGE], table_rows[0][ROUND]
        played = per_round.get((stage_no, rnd), [])
        if decision == Table.Decision.NOT_PLAYED:
            credits.extend((row[ENTRY], RoundKey(stage_no, rnd)) for row in table_rows)
            continue
        points, against = decided_points(decision, played, bye_scoring=bye_scoring,
                                         win_points=match_points[0])
        for row in table_rows:
            entry, side = row[ENTRY], row[SIDE]
            opponents = tuple(r[ENTRY] for r in table_rows if r[SIDE] != side)
            partners = tuple(r[ENTRY] for r in table_rows if r[SIDE] == side and r[ENTRY] != entry)
            key = RoundKey(stage_no, rnd)
            if decision == Table.Decision.AVERAGE:
                out.append(MatchRecord(entry, key, "draw", 0, 0, points, points, opponents,
                                       partners))
            elif side == forfeiting:
                out.append(MatchRecord(entry, key, "loss", 0, 1, 0, points, opponents, partners))
            else:
                out.append(MatchRecord(entry, key, "win", 1, 0, points, against, opponents,
                                       partners))
    if credits:
        totals: dict[RoundKey, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for record in (*records, *out):
            total = totals[record.round]
            total[0] += record.match_points(tuple(match_points))
            total[1] += record.points_for
            total[2] += record.points_against
            total[3] += 1
        for entry, key in credits:
            mp, pf, pa, count = totals.get(key, (0, 0, 0, 0))
            out.append(MatchRecord(entry, key, None, points_for=half_up(pf, count),
                                   points_against=half_up(pa, count),
                                   credit=half_up(mp, count)))
    return out
