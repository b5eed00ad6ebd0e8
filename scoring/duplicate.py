"""Duplicate Manille (RULES.md §15): board scores, match points, percentages, the difference to
the board's average, rankings, and the par of a board.

A :class:`BoardResult` is one table's play of one board: the board's number, the pair that
held seats 0 and 2 (``pair0``, side 0) and the pair that held seats 1 and 3 (``pair1``), and
the deal's facts as a :class:`scoring.DealResult` (side 0 and 1 as on any sheet).

- **Board score:** :func:`scoring.score_deal` of the facts under the rule set with no pending
  multiplier (a 30-30 tie carries nothing to the next board): doubling, no trump, all tricks
  and renonce all apply. A pair's *net* score on a board is its game points minus the other
  side's (one of the two is always 0).
- **Match points:** a pair is compared only with the pairs that played the board in the
  same direction (the same seats): 2 for every one it beat on net score, 1 for every tie.
  The top on a board played *n* times in a direction is 2(n - 1).
- **Fewer plays:** where a board was played fewer times in a direction (*n*) than the most
  any board of the set was (*N*), its match points are scaled by the **Neuberg formula**,
  ``MP' = (MP + 1) * N / n - 1``, onto the top 2(N - 1) of the full boards; a board played
  once gives each pair an average (N - 1).
- **Percentage:** a pair's match points over the tops of the boards it played.
- **Datum** (the alternative): on each board and direction the average net score of the
  pairs that played it (a plain mean, no top or bottom dropped); a pair's figure is the sum
  over its boards of its net score minus that average.
- **Ranking:** by percentage (or datum), highest first; equal figures share a rank.
  Where every pair keeps its direction (a two-direction Mitchell: North-South pairs stay
  North-South) a pair is only ever compared with its own direction, so there are two
  rankings, North-South and East-West (:func:`score_directions`), each with its own ranks;
  the percentages are the same as in one list, and within a direction they average 50 %
  when its pairs play as many boards. A Howell (pairs play both directions) has one list
  (:func:`score_boards`).

>>> from scoring.deal_facts import DealResult
>>> results = [BoardResult(1, "A", "B", DealResult((38, 22), "h")),
...            BoardResult(1, "C", "D", DealResult((41, 19), "h")),
...            BoardResult(1, "E", "F", DealResult((38, 22), "h"))]
>>> [(row.pair, row.match_points, row.percentage) for row in score_boards(results, [1])]
[('C', 4.0, 100.0), ('B', 3.0, 75.0), ('F', 3.0, 75.0), ('A', 1.0, 25.0), ('E', 1.0, 25.0), ('D', 0.0, 0.0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.rules import RuleSet
from scoring.deal import as_rules, score_deal
from scoring.deal_facts import DealResult
from scoring.errors import ScoringError

#: The trump choices of a hand record, in the order a tie for the par is broken.
PAR_TRUMPS: tuple[str | None, ...] = ("c", "d", "h", "s", None)


class DuplicateError(ScoringError):
    """A set of board results that cannot be scored: an unknown board, a board played twice
    by one pair, a pair against itself; ``field`` and ``code`` say which."""


@dataclass(frozen=True)
class BoardResult:
    """One table's play of board ``board``: ``pair0`` held seats 0 and 2 (side 0), ``pair1``
    seats 1 and 3 (side 1); ``deal`` the facts, sides as on the sheet."""

    board: int
    pair0: Any
    pair1: Any
    deal: DealResult


@dataclass(frozen=True)
class BoardScore:
    """A pair's result on one board: its direction (0 or 1), net game points, match points
    (Neuberg-scaled where the board was played fewer times) and the top they are out of,
    and its net score minus the board's average in its direction (datum)."""

    board: int
    pair: Any
    direction: int
    net: int
    match_points: float
    top: int
    datum: float


@dataclass(frozen=True)
class PairRow:
    """A pair's line in the ranking: rank (shared on equal figures), match points, the sum
    of the tops, percentage, datum total and boards played; ``direction`` 0 (North-South)
    or 1 (East-West) in a ranking by direction, None in one list."""

    rank: int
    pair: Any
    match_points: float
    top: int
    percentage: float
    datum: float
    boards: int
    direction: int | None = None


def board_scores(results: Iterable[BoardResult], boards: Iterable[int],
                 rules: RuleSet | str | None = None) -> list[BoardScore]:
    """Every pair's :class:`BoardScore` on every board it played, board by board.

    ``boards`` are the numbers of the set; a result for another board, a pair playing a
    board twice or meeting itself raises :class:`DuplicateError`.

    >>> from scoring.deal_facts import DealResult
    >>> rows = board_scores([BoardResult(2, "A", "B", DealResult((30, 30), None)),
    ...                      BoardResult(2, "C", "D", DealResult((25, 35), None))], [2])
    >>> [(r.pair, r.net, r.match_points, r.datum) for r in rows]
    [('A', 0, 2.0, 5.0), ('C', -10, 0.0, -5.0), ('B', 0, 0.0, -5.0), ('D', 10, 2.0, 5.0)]
    """
    rules = as_rules(rules)
    known = set(boards)
    nets: dict[tuple[int, int], list[tuple[Any, int]]] = defaultdict(list)
    seen: set[tuple[int, Any]] = set()
    for number, result in enumerate(results, 1):
        _check(result, number, known, seen)
        score = score_deal(result.deal, rules).points
        nets[(result.board, 0)].append((result.pair0, score[0] - score[1]))
        nets[(result.board, 1)].append((result.pair1, score[1] - score[0]))
    most = max((len(rows) for rows in nets.values()), default=0)
    out = []
    for (board, direction), rows in sorted(nets.items(), key=lambda item: item[0]):
        played = len(rows)
        average = sum(net for _pair, net in rows) / played
        for pair, net in rows:
            points = sum(2 if net > other else 1 if net == other else 0
                         for _other_pair, other in rows) - 1  # itself: a tie
            if played < most:
                points = (points + 1) * most / played - 1
            out.append(BoardScore(board, pair, direction, net, round(float(points), 4),
                                  2 * (most - 1), round(net - average, 4)))
    return out


def _check(result: BoardResult, number: int, known: set[int], seen: set[tuple[int, Any]]
           ) -> None:
    if not isinstance(result, BoardResult):
        raise DuplicateError(f"result {number}: a BoardResult, not {type(result).__name__}",
                             code="result_invalid", field="results")
    if result.board not in known:
        raise DuplicateError(f"result {number}: board {result.board!r} is not in the set",
                             code="board_unknown", field="board")
    if result.pair0 == result.pair1:
        raise DuplicateError(f"result {number}: pair {result.pair0!r} cannot play itself",
                             code="entry_meets_itself", field="pair1")
    for field, pair in (("pair0", result.pair0), ("pair1", result.pair1)):
        if (result.board, pair) in seen:
            raise DuplicateError(f"result {number}: pair {pair!r} played board {result.board} "
                                 "twice", code="board_played_twice", field=field)
        seen.add((result.board, pair))


def score_boards(results: Iterable[BoardResult], boards: Iterable[int],
                 rules: RuleSet | str | None = None, *, by: str = "percentage"
                 ) -> list[PairRow]:
    """The pairs ranked by percentage (``by="percentage"``) or datum (``by="datum"``),
    highest first; equal figures share a rank and keep the order the pairs first appear."""
    _check_by(by)
    return _ranked(board_scores(results, boards, rules), by)


def score_directions(results: Iterable[BoardResult], boards: Iterable[int],
                     rules: RuleSet | str | None = None, *, by: str = "percentage"
                     ) -> tuple[list[PairRow], list[PairRow]]:
    """The two rankings of a movement in which every pair keeps its direction (a
    two-direction Mitchell): North-South, then East-West, each ranked within itself as
    :func:`score_boards` ranks (rows with ``direction`` 0 or 1). A pair that played in both
    directions (a Howell) raises :class:`DuplicateError` ``pair_changed_direction``.

    >>> from scoring.deal_facts import DealResult
    >>> ns, ew = score_directions([BoardResult(1, "A", "B", DealResult((38, 22), "h")),
    ...                            BoardResult(1, "C", "D", DealResult((41, 19), "h"))], [1])
    >>> [(r.rank, r.pair, r.percentage) for r in ns], [(r.rank, r.pair, r.percentage) for r in ew]
    ([(1, 'C', 100.0), (2, 'A', 0.0)], [(1, 'B', 100.0), (2, 'D', 0.0)])
    """
    _check_by(by)
    scores = board_scores(results, boards, rules)
    direction_of: dict[Any, int] = {}
    for row in scores:
        if direction_of.setdefault(row.pair, row.direction) != row.direction:
            raise DuplicateError(f"pair {row.pair!r} played both directions: rank it in one "
                                 "list", code="pair_changed_direction", field="results")
    north_south = _ranked([row for row in scores if row.direction == 0], by, 0)
    east_west = _ranked([row for row in scores if row.direction == 1], by, 1)
    return north_south, east_west


def _check_by(by: str) -> None:
    if by not in ("percentage", "datum"):
        raise DuplicateError(f"by: percentage or datum, not {by!r}", code="metric_unknown",
                             field="by")


def _ranked(scores: Iterable[BoardScore], by: str, direction: int | None = None
            ) -> list[PairRow]:
    totals: dict[Any, list[float]] = {}
    for row in scores:
        total = totals.setdefault(row.pair, [0.0, 0, 0.0, 0])
        total[0] += row.match_points
        total[1] += row.top
        total[2] += row.datum
        total[3] += 1
    rows = []
    for pair, (points, top, datum, played) in totals.items():
        percentage = round(100 * points / top, 2) if top else 50.0
        rows.append((pair, round(points, 4), int(top), percentage, round(datum, 4), played))
    key = 3 if by == "percentage" else 4
    rows.sort(key=lambda row: -row[key])
    out: list[PairRow] = []
    for index, row in enumerate(rows):
        rank = out[-1].rank if out and rows[index - 1][key] == row[key] else index + 1
        out.append(PairRow(rank, *row, direction=direction))
    return out


@dataclass(frozen=True)
class Par:
    """A board's par: the trump the dealer's side does best to name (None: no trump), the
    card points each side then takes double-dummy, the game points each side scores
    (undoubled), and the dealer side's net game points for every trump choice."""

    trump: str | None
    points: tuple[int, int]
    score: tuple[int, int]
    choices: dict[str | None, int]


def par(double_dummy: Mapping[str | None, Any], dealer_side: int,
        rules: RuleSet | str | None = None) -> Par:
    """The par of a board from its double-dummy results by trump (``engine.DDResult`` or
    ``(points side 0, points side 1)``): the trump that gives the dealer's side the most net
    game points when everyone then plays perfectly. The deal is scored undoubled (x1):
    doubling is the opponents' call after the announcement and double-dummy they would
    double exactly when they win, so it would only scale the loser's score. A tie between
    trumps goes to the first of clubs, diamonds, hearts, spades, no trump.

    >>> p = par({"c": (35, 25), "d": (20, 40), "h": (38, 22), "s": (30, 30), None: (34, 26)}, 0)
    >>> p.trump, p.score, p.choices["h"], p.choices[None]
    ('h', (8, 0), 8, 8)
    """
    rules = as_rules(rules)
    if dealer_side not in (0, 1):
        raise DuplicateError(f"dealer_side: 0 or 1, not {dealer_side!r}", code="side_invalid",
                             field="dealer_side")
    if rules.trick_bonus:
        raise DuplicateError("rules: the par needs each side's tricks under the trick bonus; "
                             "double-dummy results count points", code="par_trick_bonus",
                             field="rules")
    best: tuple[int, str | None, tuple[int, int], tuple[int, int]] | None = None
    choices: dict[str | None, int] = {}
    for trump in PAR_TRUMPS:
        if trump not in double_dummy:
            raise DuplicateError(f"double_dummy: no result for trump {trump!r}",
                                 code="par_trump_missing", field="double_dummy")
        result = double_dummy[trump]
        points = tuple(getattr(result, "points", result))
        all_tricks = getattr(result, "all_tricks", None)
        score = score_deal(DealResult(points=points, trump=trump, all_tricks=all_tricks),
                           rules).points
        net = score[dealer_side] - score[1 - dealer_side]
        choices[trump] = net
        if best is None or net > best[0]:
            best = (net, trump, points, score)
    assert best is not None
    return Par(best[1], best[2], best[3], choices)
