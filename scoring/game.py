"""Games and sheets: deals add up to a game, games follow each other on a sheet (RULES.md §7).

A :class:`Game` keeps the running totals, the pending tie multiplier, the no-trump calls of
each side and the dealer rotation, and knows when it is over: the first side to reach the
target after a complete deal wins, or, in a game of a fixed number of deals, the side with most
points (equal totals are a draw and a tie still pending after the last deal lapses).
A :class:`Sheet` starts the next game when one ends; :func:`replay_sheet` rebuilds every game
from the deals, as the web app does on every change.

>>> game = Game("house")
>>> game.add(DealResult(points=(38, 22), trump="h"))
DealScore(points=(8, 0), pending=1, multiplier=1, outcome='won')
>>> game.totals, game.finished
((8, 0), False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from engine.rules import RuleSet
from scoring.deal import DealScore, as_rules, score_deal
from scoring.deal_facts import DealResult
from scoring.errors import DealResultError, GameFinishedError, ScoringError


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """One row of a game on the sheet: its number in the game (cancelled deals included), the
    facts, what it scored, the running totals after it and the dealer's side (None if unknown).

    >>> row = Game("house").add_row(DealResult(points=(22, 38), trump="d"))
    >>> (row.number, row.score.points, row.totals)
    (1, (0, 8), (0, 8))
    """

    number: int
    result: DealResult
    score: DealScore
    totals: tuple[int, int]
    dealer_side: int | None


class Game:
    """One game under a rule set (a :class:`RuleSet` or a preset name).

    ``first_dealer_side`` (0 or 1) lets the game infer each deal's dealer side, which the
    no-trump quota needs: sides alternate deal (cancelled deals included, since the next player
    deals). A deal's own ``dealer_side``, when recorded, wins over the inference.

    >>> game = Game(RuleSet.preset("house").replace(target=51))
    >>> for points in [(30, 30), (55, 5), (50, 10)]:
    ...     _ = game.add(DealResult(points=points, trump="s"))
    >>> game.totals, game.winner, game.finished
    ((70, 0), 0, True)
    """

    def __init__(self, rules: RuleSet | str | None = None, *,
                 first_dealer_side: int | None = None) -> None:
        self.rules = as_rules(rules)
        if first_dealer_side not in (None, 0, 1) or isinstance(first_dealer_side, bool):
            raise DealResultError(f"must be side 0, side 1 or empty, not {first_dealer_side!r}",
                                  code="side_invalid", field="first_dealer_side")
        self.first_dealer_side = first_dealer_side
        self._rows: list[ScoredDeal] = []
        self._totals = (0, 0)
        self._pending = 1
        self._played = 0
        self._no_trump_calls = (0, 0)
        self._finished = False

    # -- state ----------------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, int]:
        """Both sides' game points so far."""
        return self._totals

    @property
    def pending(self) -> int:
        """The tie multiplier the next deal inherits (1 once the game is over: it lapses)."""
        return self._pending

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def winner(self) -> int | None:
        """The side that won the game; None while it runs or when it ended in a draw."""
        if not self._finished:
            return None
        return self.leader

    @property
    def leader(self) -> int | None:
        """The side ahead on points now, None when level."""
        a, b = self._totals
        return 0 if a > b else 1 if b > a else None

    @property
    def deals(self) -> list[ScoredDeal]:
        """Every deal of the game in order, with its score and the running totals."""
        return list(self._rows)

    @property
    def deals_played(self) -> int:
        """Deals that count toward a fixed number of deals: every deal but cancelled ones."""
        return self._played

    @property
    def no_trump_calls(self) -> tuple[int, int]:
        """How many no-trump deals each side's dealers called in this game."""
        return self._no_trump_calls

    @property
    def next_dealer_side(self) -> int | None:
        """The side dealing next, inferred from the first dealer; None when not known."""
        if self.first_dealer_side is None:
            return None
        return (self.first_dealer_side + len(self._rows)) % 2

    # -- adding deals ---------------------------------------------------------------------

    def add(self, result: DealResult) -> DealScore:
        """Score ``result`` as the next deal and return its :class:`DealScore`.

        Raises :class:`GameFinishedError` once the game is over, :class:`DealResultError` for a deal
        the rule set refuses (nothing changes then).

        >>> game = Game("house")
        >>> game.add(DealResult(points=(30, 30), trump="s")).pending
        2
        >>> game.add(DealResult(points=(22, 38), trump="d")).points
        (0, 16)
        """
        return self.add_row(result).score

    def add_row(self, result: DealResult) -> ScoredDeal:
        """As :meth:`add`, returning the whole :class:`ScoredDeal` row.

        >>> Game("house").add_row(DealResult(points=(38, 22), trump=None)).totals
        (16, 0)
        """
        if self._finished:
            raise GameFinishedError("the game is over "
                                    f"({self._describe_end()}): start a new game for more deals",
                                    code="game_finished")
        if not isinstance(result, DealResult):
            raise DealResultError(f"a deal must be a DealResult, not {type(result).__name__}",
                                  code="deal_type")
        dealer = result.dealer_side if result.dealer_side is not None else self.next_dealer_side
        calls = self._no_trump_calls
        if result.trump is None and not result.cancelled:
            calls = self._count_no_trump(dealer)
        score = score_deal(result, self.rules, self._pending)
        totals = (self._totals[0] + score.points[0], self._totals[1] + score.points[1])
        played = self._played + (not result.cancelled)
        rules = self.rules
        if rules.target is not None:
            finished = max(totals) >= rules.target
        else:
            finished = played >= rules.deals  # type: ignore[operator]
        if finished and score.pending != 1:
            score = dataclasses.replace(score, pending=1)  # a pending tie lapses with the game
        row = ScoredDeal(len(self._rows) + 1, result, score, totals, dealer)
        self._rows.append(row)
        self._totals, self._pending, self._played = totals, score.pending, played
        self._no_trump_calls, self._finished = calls, finished
        return row

    def _count_no_trump(self, dealer: int | None) -> tuple[int, int]:
        quota = self.rules.no_trump_quota
        if quota is None:
            return self._no_trump_calls
        if dealer is None:
            raise DealResultError(f"rule set {self.rules.name!r} "
                                  f"caps no-trump calls at {quota} per side, so the dealer's side must "
                                  "be known (record it, or give the game its first dealer)",
                                  code="dealer_side_missing", field="dealer_side")
        calls = list(self._no_trump_calls)
        calls[dealer] += 1
        if calls[dealer] > quota:
            raise DealResultError(f"side {dealer} has already called no "
                                  f"trump {quota} time(s) this game, the most rule set "
                                  f"{self.rules.name!r} allows", code="no_trump_quota", field="trump")
        return (calls[0], calls[1])

    def _describe_end(self) -> str:
        if self.rules.target is not None:
            return f"side {self.winner} reached {self.rules.target}"
        return f"all {self.rules.deals} deals were played"

    def __repr__(self) -> str:
        state = "finished" if self._finished else "in progress"
        return f"<Game {self.rules.name} {self._totals[0]}-{self._totals[1]} {state}>"


class Sheet:
    """A table's score sheet: games one after another, the next starting when one ends.

    The dealer keeps rotating from one game to the next.

    >>> sheet = Sheet(RuleSet().replace(target=20))
    >>> for points in [(60, 0), (40, 20)]:
    ...     _ = sheet.add(DealResult(points=points, trump="h"))
    >>> [game.totals for game in sheet.games]
    [(30, 0), (10, 0)]
    """

    def __init__(self, rules: RuleSet | str | None = None, *,
                 first_dealer_side: int | None = None) -> None:
        self.rules = as_rules(rules)
        self.first_dealer_side = first_dealer_side
        self.games: list[Game] = [Game(self.rules, first_dealer_side=first_dealer_side)]
        self.deal_count = 0

    @property
    def current(self) -> Game:
        """The game that takes the next deal (a new one once the last game is over)."""
        if self.games[-1].finished:
            first = self.first_dealer_side
            if first is not None:
                first = (first + self.deal_count) % 2
            self.games.append(Game(self.rules, first_dealer_side=first))
        return self.games[-1]

    def add(self, result: DealResult) -> DealScore:
        """Score the next deal on the sheet; an error names the deal's number on the sheet.

        >>> sheet = Sheet("house")
        >>> sheet.add(DealResult(points=(38, 21), trump="h"))
        Traceback (most recent call last):
        scoring.errors.DealResultError: deal 1: points: the two sides' points must add up to 60, not 59
        """
        try:
            score = self.current.add(result)
        except ScoringError as error:
            error.deal = self.deal_count + 1
            raise
        self.deal_count += 1
        return score

    def played_games(self) -> list[Game]:
        """The games that hold at least one deal (drops the empty game a finished one leaves).

        >>> Sheet("house").played_games()
        []
        """
        return [game for game in self.games if game.deals]


def replay_sheet(results: Iterable[DealResult], rules: RuleSet | str | None = None, *,
                 first_dealer_side: int | None = None) -> list[Game]:
    """Rebuild every game of a sheet from its deals, in order; the last may still be running.

    Raises the first deal's error, its ``deal`` attribute the deal's number on the sheet.

    >>> games = replay_sheet([DealResult(points=(60, 0), trump=None, all_tricks=0)] * 2, "house")
    >>> [(game.totals, game.winner) for game in games]
    [((120, 0), 0), ((120, 0), 0)]
    """
    sheet = Sheet(rules, first_dealer_side=first_dealer_side)
    for result in results:
        sheet.add(result)
    return sheet.played_games()
