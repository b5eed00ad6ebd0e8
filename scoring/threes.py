"""Tables of three (RULES.md §8): the dealer plays alone against the other two, so the sides
change with every deal, and each player keeps a running total.

Defaults (project), where the rule texts are silent:

- The table plays the championship's rule set with 3 players (:func:`scoring.tables.table_rules`):
  10 cards each, the 2 left over face up out of play, so a deal's card points add up to 50-60
  and the threshold is exactly half of that (RULES.md §6: 25.5 of 51, so 30 scores 4½; game
  points and totals are an int, or a Fraction when a half is left). The dealer moves on one seat each deal, in playing
  order; the seat recorded as dealer on the sheet is the one who played alone.
- Each deal is a deal of two sides: side 0 is the dealer, side 1 the two partners (the
  ``points``, ``renonce`` and ``all_tricks`` of a :class:`~scoring.deal.DealResult` name
  them so). It scores as at four (doubling, no trump, all tricks, renonce); a 30-30-style
  tie leaves the pending multiplier for the next deal, whoever deals it.
- The winning side's game points go to the dealer alone, or to each of the two partners.
- A game ends when, after a complete deal, one or more players reach the target (or after
  the fixed number of deals); the highest total wins, equal highest totals share the win,
  three equal totals are a drawn game. A no-trump quota counts each player's calls.
- A match counts games won per player under the match format as at four (time called: the
  game in progress goes to the player or players ahead). The players with most games won
  win the match; three equal counts are a draw.

>>> from scoring.deal_facts import DealResult
>>> deals = [DealResult(points=(40, 14), trump="h"),   # seat 0 deals: 54 in play, T = 27
...          DealResult(points=(20, 40), trump="c")]   # seat 1 deals, the partners win
>>> outcome = score_threes(deals, MatchFormat.one_game(), "house", first_dealer=0)
>>> [row.credits for row in outcome.games[0].deals]
[(13, 0, 0), (10, 0, 10)]
>>> outcome.points, outcome.accepts_deals
((23, 0, 10), True)
>>> score_threes([DealResult(points=(30, 21), trump="h")], MatchFormat.one_game()).points
(Fraction(9, 2), 0, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from engine.rules import RuleSet
from scoring.deal import DealScore, Points, as_rules, exact, score_deal
from scoring.deal_facts import DealResult
from scoring.errors import DealResultError, GameFinishedError, MatchError, ScoringError
from scoring.match import MatchFormat, SideOutcome
from scoring.records import MatchRecord
from scoring.tables import table_rules

#: The deal's side of the dealer, and of the players against the dealer.
DEALER, PARTNERS = 0, 1


@dataclass(frozen=True, slots=True)
class ThreesRow:
    """One deal of a game at a table of three: its number in the game, the facts (side 0 the
    dealer), what the two sides scored, the dealer's seat, each seat's game points from this
    deal (``credits``) and each seat's total after it.

    >>> row = ThreesGame("house").add_row(DealResult(points=(25, 35), trump="s"), dealer=2)
    >>> row.credits, row.totals, row.sides
    ((5, 5, 0), (5, 5, 0), (1, 1, 0))
    """

    number: int
    result: DealResult
    score: DealScore
    dealer: int
    credits: tuple[Points, ...]
    totals: tuple[Points, ...]

    @property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side in this deal: 0 for the dealer, 1 for the partners."""
        return tuple(DEALER if seat == self.dealer else PARTNERS for seat in range(len(self.totals)))


def _top(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; none when every seat has the same."""
    best = max(totals)
    if all(total == best for total in totals):
        return ()
    return tuple(seat for seat, total in enumerate(totals) if total == best)


class ThreesGame:
    """One game at a table of ``seats`` players where the dealer plays alone (3).

    >>> game = ThreesGame(RuleSet().replace(target=20))
    >>> _ = game.add_row(DealResult(points=(60, 0), trump="h"), dealer=1)
    >>> game.totals, game.finished, game.winners
    ((0, 30, 0), True, (1,))
    """

    def __init__(self, rules: RuleSet | str | None = None, *, seats: int = 3) -> None:
        self.seats = seats
        self.rules = table_rules(as_rules(rules), seats)
        self._rows: list[ThreesRow] = []
        self._totals = (0,) * seats
        self._pending = 1
        self._played = 0
        self._no_trump_calls = (0,) * seats
        self._finished = False

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's game points so far."""
        return self._totals

    @property
    def pending(self) -> int:
        """The tie multiplier the next deal inherits (1 once the game is over: it lapses)."""
        return self._pending

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def deals(self) -> list[ThreesRow]:
        """Every deal of the game in order, with the credits and the running totals."""
        return list(self._rows)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats ahead now (several when level at the top, none when all are level)."""
        return _top(self._totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the finished game (equal highest totals share the win)."""
        return self.leaders if self._finished else ()

    @property
    def winner(self) -> int | None:
        """The one seat that won the game alone, else None."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def add_row(self, result: DealResult, dealer: int) -> ThreesRow:
        """Score ``result`` as the next deal, dealt by seat ``dealer`` (side 0 in the facts).

        >>> game = ThreesGame("house")
        >>> game.add_row(DealResult(points=(26, 26), trump="s"), dealer=0).score.pending
        2
        >>> game.add_row(DealResult(points=(20, 40), trump="d"), dealer=1).credits
        (20, 0, 20)
        """
        if self._finished:
            raise GameFinishedError("the game is over: start a new game for more deals",
                                    code="game_finished")
        if not isinstance(result, DealResult):
            raise DealResultError(f"a deal must be a DealResult, not {type(result).__name__}",
                                  code="deal_type")
        if not (isinstance(dealer, int) and not isinstance(dealer, bool)
                and 0 <= dealer < self.seats):
            raise DealResultError(f"must be a seat from 0 to {self.seats - 1}, not {dealer!r}",
                                  code="dealer", field="dealer")
        calls = self._count_no_trump(result, dealer)
        score = score_deal(result, self.rules, self._pending)
        dealer_points, partner_points = score.points
        credits = tuple(dealer_points if seat == dealer else partner_points
                        for seat in range(self.seats))
        totals = tuple(exact(a + b) for a, b in zip(self._totals, credits, strict=True))
        played = self._played + (not result.cancelled)
        rules = self.rules
        if rules.target is not None:
            finished = max(totals) >= rules.target
        else:
            finished = played >= rules.deals  # type: ignore[operator]
        if finished and score.pending != 1:
            score = dataclasses.replace(score, pending=1)  # a pending tie lapses with the game
        row = ThreesRow(len(self._rows) + 1, result, score, dealer, credits, totals)
        self._rows.append(row)
        self._totals, self._pending, self._played = totals, score.pending, played
        self._no_trump_calls, self._finished = calls, finished
        return row

    def _count_no_trump(self, result: DealResult, dealer: int) -> tuple[int, ...]:
        quota = self.rules.no_trump_quota
        if quota is None or result.trump is not None or result.cancelled:
            return self._no_trump_calls
        calls = list(self._no_trump_calls)
        calls[dealer] += 1
        if calls[dealer] > quota:
            raise DealResultError(f"seat {dealer} has already called no trump {quota} time(s) "
                                  f"this game, the most rule set {self.rules.name!r} allows",
                                  code="no_trump_quota", field="trump")
        return tuple(calls)


@dataclass(frozen=True)
class ThreesOutcome:
    """What a table of three's sheet means under a match format, seat by seat.

    ``games_won`` and ``games_lost`` count the games each seat won (alone or shared) and the
    games others won without it, the game in progress included when time was called;
    ``points`` are each seat's game points over every game. ``result`` is None while the
    match runs.
    """

    format: MatchFormat
    games: tuple[ThreesGame, ...]
    games_won: tuple[int, ...]
    games_lost: tuple[int, ...]
    points: tuple[int, ...]
    finished: bool
    time_called: bool = False

    @property
    def accepts_deals(self) -> bool:
        """Whether the sheet takes more deals."""
        return not self.finished

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with most games won (none when all three have as many)."""
        return _top(self.games_won)

    @property
    def winner(self) -> int | None:
        """The one seat that won the match alone, else None."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    @property
    def result(self) -> tuple[str, ...] | None:
        """Each seat's win / draw / loss once the match is finished.

        >>> from scoring.deal_facts import DealResult
        >>> capot = DealResult(points=(0, 60), trump=None, all_tricks=1)  # 120 for each partner
        >>> score_threes([capot], MatchFormat.one_game(), "house").result
        ('loss', 'win', 'win')
        """
        if not self.finished:
            return None
        winners = self.winners
        if not winners:
            return ("draw",) * len(self.points)
        return tuple("win" if seat in winners else "loss" for seat in range(len(self.points)))

    def seat(self, seat: int) -> SideOutcome:
        """The outcome for the player at ``seat``: against them, the best of the others.

        >>> from scoring.deal_facts import DealResult
        >>> outcome = score_threes([DealResult(points=(50, 10), trump="c")],
        ...                        MatchFormat.one_game(), "house")
        >>> outcome.seat(0).points_for, outcome.seat(1).points_against
        (20, 20)
        """
        result = self.result
        others = [points for other, points in enumerate(self.points) if other != seat]
        return SideOutcome(result[seat] if result else None, self.games_won[seat],
                           self.games_lost[seat], self.points[seat], max(others, default=0))

    def records(self, players: Sequence[Hashable], round: int) -> list[MatchRecord]:
        """Standings input: one record per player (in seat order); every other player at
        the table is an opponent, nobody a partner.

        >>> from scoring.deal_facts import DealResult
        >>> outcome = score_threes([DealResult(points=(60, 0), trump=None, all_tricks=0)],
        ...                        MatchFormat.one_game(), "house")
        >>> [(r.entry, r.result, r.opponents, r.partners) for r in outcome.records("abc", 1)]
        [('a', 'win', ('b', 'c'), ()), ('b', 'loss', ('a', 'c'), ()), ('c', 'loss', ('a', 'b'), ())]
        """
        if not self.finished:
            raise MatchError("a match gives standings records only once finished",
                             code="match_unfinished")
        if len(players) != len(self.points):
            raise MatchError("give one entry per seat",
                             code="sides_invalid", field="sides")
        out = []
        for seat, entry in enumerate(players):
            view = self.seat(seat)
            out.append(MatchRecord(
                entry, round, view.result,  # type: ignore[arg-type]
                games_won=view.games_won, games_lost=view.games_lost,
                points_for=view.points_for, points_against=view.points_against,
                opponents=tuple(p for p in players if p != entry)))
        return out


def score_threes(results: Iterable[DealResult], fmt: MatchFormat,
                 rules: RuleSet | str | None = None, first_dealer: int = 0, *,
                 dealers: Sequence[int] | None = None, time_called: bool = False,
                 seats: int = 3) -> ThreesOutcome:
    """Score a table of three's sheet (its deals in order) as a match of format ``fmt``.

    ``dealers`` are the seats recorded as dealer, deal by deal; without them the deal passes
    one seat on each deal from ``first_dealer`` (cancelled deals included, the next player
    deals), and on from one game to the next. Raises the first bad deal's error (its
    ``deal`` the number on the sheet), or :class:`MatchError` ``match_finished`` for a deal
    after the match was decided.

    >>> from scoring.deal_facts import DealResult
    >>> capot = DealResult(points=(60, 0), trump=None, all_tricks=0)
    >>> outcome = score_threes([capot], MatchFormat.one_game(), "house", first_dealer=2)
    >>> outcome.points, outcome.result
    ((0, 0, 120), ('loss', 'loss', 'win'))
    """
    if not isinstance(fmt, MatchFormat):
        raise MatchError(f"must be a MatchFormat, not {type(fmt).__name__}",
                         code="format_type", field="format")
    rules = fmt.game_rules(table_rules(as_rules(rules), seats))
    games = [ThreesGame(rules, seats=seats)]
    won, lost = [0] * seats, [0] * seats
    finished_games = 0
    decided = False
    for number, result in enumerate(results, 1):
        if decided:
            error = MatchError(f"the match ({fmt.label}) is already decided: the sheet takes no "
                               "more deals", code="match_finished", field="deals")
            error.deal = number
            raise error
        dealer = dealers[number - 1] if dealers is not None else (first_dealer + number - 1) % seats
        if games[-1].finished:
            games.append(ThreesGame(rules, seats=seats))
        try:
            games[-1].add_row(result, dealer)
        except ScoringError as error:
            error.deal = number
            raise
        game = games[-1]
        if game.finished:
            finished_games += 1
            _count(game.winners, won, lost)
            decided = fmt.decided(tuple(won), finished_games)  # type: ignore[arg-type]
    played = tuple(game for game in games if game.deals)
    if time_called and not decided and played and not played[-1].finished:
        _count(played[-1].leaders, won, lost)
    points = tuple(exact(sum(game.totals[seat] for game in played)) for seat in range(seats))
    return ThreesOutcome(fmt, played, tuple(won), tuple(lost), points,
                         decided or time_called, time_called)


def _count(winners: tuple[int, ...], won: list[int], lost: list[int]) -> None:
    """A game won by ``winners`` (none: a drawn game, counted for nobody)."""
    if not winners:
        return
    for seat in range(len(won)):
        if seat in winners:
            won[seat] += 1
        else:
            lost[seat] += 1
