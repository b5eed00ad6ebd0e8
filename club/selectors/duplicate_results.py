"""A duplicate event's results, derived from the travellers on every read: each board's lines
with their scores and match points, and the standings by percentage. Nothing is stored:
``scoring.duplicate`` is the one place that scores boards (``verify_results`` checks the
stored facts they rest on: :mod:`club.services.duplicate_verify`).

Boards are keyed ``(session number, board number)`` so that the sessions of an event, each
with its own set, are scored together (each board compared only with itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from club.models import DuplicateBoard, DuplicateEvent, DuplicatePair, Traveller
from club.selectors.duplicate import deal_result
from scoring.deal import score_deal
from scoring.duplicate import (
    BoardResult,
    BoardScore,
    DuplicateError,
    PairRow,
    board_scores,
    score_boards,
    score_directions,
)


def _lines(event: DuplicateEvent, board: DuplicateBoard | None = None) -> list[Traveller]:
    lines = Traveller.objects.filter(board__session__event=event).select_related(
        "board__session", "table")
    if board is not None:
        lines = lines.filter(board=board)
    return list(lines.order_by("board__session__number", "board__number", "table__round",
                               "table__number"))


def _key(line: Traveller) -> tuple[int, int]:
    return (line.board.session.number, line.board.number)


def board_keys(event: DuplicateEvent) -> list[tuple[int, int]]:
    return list(DuplicateBoard.objects.filter(session__event=event)
                .order_by("session__number", "number")
                .values_list("session__number", "number"))


def results_of(lines: list[Traveller]) -> list[BoardResult]:
    return [BoardResult(_key(line), line.pair_ns_id, line.pair_ew_id, deal_result(line))
            for line in lines]


def event_scores(event: DuplicateEvent) -> list[BoardScore]:
    """Every pair's score on every board it played (match points Neuberg-scaled)."""
    return board_scores(results_of(_lines(event)), board_keys(event),
                        event.rule_set.rules())


@dataclass(frozen=True)
class Standing:
    rank: int
    pair: DuplicatePair
    match_points: float
    top: int
    percentage: float
    datum: float
    boards: int
    direction: int | None = None  # 0 North-South, 1 East-West; None: one list


def standing_lists(event: DuplicateEvent, by: str = "percentage"
                   ) -> list[tuple[int | None, list[Standing]]]:
    """The rankings, each ``(direction, rows)``: a Mitchell, whose pairs keep their
    direction, has two (North-South ``0``, East-West ``1``, each ranked and its percentages
    within itself: RULES.md §15 compares a pair only with its own direction); a Howell one
    (``None``)."""
    pairs = {pair.pk: pair for pair in DuplicatePair.objects.filter(event=event)}
    results, keys, rules = results_of(_lines(event)), board_keys(event), event.rule_set.rules()
    lists: list[tuple[int | None, list[PairRow]]]
    if event.movement == DuplicateEvent.Movement.MITCHELL:
        try:
            north_south, east_west = score_directions(results, keys, rules, by=by)
        except DuplicateError as error:  # a pair moved across: cannot be split
            if error.code != "pair_changed_direction":
                raise
            lists = [(None, score_boards(results, keys, rules, by=by))]
        else:
            lists = [(0, north_south), (1, east_west)]
    else:
        lists = [(None, score_boards(results, keys, rules, by=by))]
    return [(direction, [Standing(row.rank, pairs[row.pair], row.match_points, row.top,
                                  row.percentage, row.datum, row.boards, row.direction)
                         for row in rows])
            for direction, rows in lists]


def standings(event: DuplicateEvent, by: str = "percentage") -> list[Standing]:
    """The pairs ranked by percentage (or datum), with their :class:`DuplicatePair`: every
    list of :func:`standing_lists` one after the other (a Mitchell: North-South first)."""
    return [row for _direction, rows in standing_lists(event, by) for row in rows]


@dataclass(frozen=True)
class Line:
    """A traveller line as the board's page shows it."""

    line: Traveller
    ns: DuplicatePair
    ew: DuplicatePair
    score: tuple[int, int]
    match_points: tuple[float, float]
    top: int


def board_lines(board: DuplicateBoard) -> tuple[list[Line], bool]:
    """The board's lines with their game points and match points, and whether the board
    was played fewer times than the most-played board (then its match points are scaled)."""
    event = board.session.event
    rules = event.rule_set.rules()
    pairs = {pair.pk: pair for pair in DuplicatePair.objects.filter(event=event)}
    scores = event_scores(event)
    key = (board.session.number, board.number)
    mine = {(s.pair, s.direction): s for s in scores if s.board == key}
    most_top = max((s.top for s in scores), default=0)
    out = []
    for line in _lines(event, board):
        ns, ew = mine[(line.pair_ns_id, 0)], mine[(line.pair_ew_id, 1)]
        out.append(Line(line, pairs[line.pair_ns_id], pairs[line.pair_ew_id],
                        score_deal(deal_result(line), rules).points,
                        (ns.match_points, ew.match_points), ns.top))
    played = len(out)
    most = most_top // 2 + 1 if most_top else 0
    return out, bool(out) and played < most


def par_of(board: DuplicateBoard) -> dict[str, Any] | None:
    """The stored par (hand records are computed in the background), or None."""
    return board.par
