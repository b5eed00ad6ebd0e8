"""Matches: how long a table plays (a format) and what its sheet means for each side.

Formats (RULES.md §7 and §11): one game; best of N games; N games; N deals (one game of N
deals, most game points wins); a time limit (as many games as time allows). Whatever the
format, when time is called the match stops: the games finished count, and the game in
progress counts as won by the side ahead on its points so far (not at all when level).
A match is won by the side that won more games; equal games won is a draw.

>>> from scoring.deal_facts import DealResult
>>> outcome = score_match([DealResult(points=(60, 0), trump=None, all_tricks=0)],
...                       MatchFormat.one_game(), "house")
>>> outcome.result, outcome.games_won, outcome.points, outcome.accepts_deals
(('win', 'loss'), (1, 0), (120, 0), False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.rules import RuleSet
from scoring.deal import as_rules
from scoring.deal_facts import DealResult
from scoring.errors import MatchError
from scoring.game import Game, Sheet
from scoring.records import DEFAULT_MATCH_POINTS, MatchRecord

MatchKind = Literal["one_game", "best_of", "games", "deals", "time"]
KINDS: tuple[str, ...] = ("one_game", "best_of", "games", "deals", "time")


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


@dataclass(frozen=True)
class MatchFormat:
    """How long a match lasts: ``kind`` with its ``count`` of games or deals, or ``minutes``.

    ``minutes`` is required for ``time`` and optional elsewhere (a time limit on top of the
    format, for the record; calling time is :func:`score_match`'s ``time_called``).

    >>> MatchFormat.best_of(3).label
    'best of 3 games'
    >>> MatchFormat.from_dict(MatchFormat.deals(16).to_dict())
    MatchFormat(kind='deals', count=16, minutes=None, match_points=(2, 1, 0))
    >>> MatchFormat("best_of")
    Traceback (most recent call last):
    scoring.errors.MatchError: count: best_of needs a whole number of games or deals, 1 or more
    """

    kind: MatchKind = "one_game"
    count: int | None = None
    minutes: int | None = None
    #: Match points for a win, a draw and a loss (the standings' ``match_points``).
    match_points: tuple[int, int, int] = DEFAULT_MATCH_POINTS

    def __post_init__(self) -> None:
        points = self.match_points
        if isinstance(points, list):
            object.__setattr__(self, "match_points", points := tuple(points))
        if (not isinstance(points, tuple) or len(points) != 3
                or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 100
                           for p in points)
                or not points[0] >= points[1] >= points[2]):
            raise MatchError("must be three whole numbers from 0 to 100 for a win, a draw and a "
                             "loss, in that order, none above the one before",
                             code="match_points_invalid", field="match_points")
        if self.kind not in KINDS:
            raise MatchError(f"must be one of {', '.join(KINDS)}, not {self.kind!r}",
                             code="format_kind", field="kind")
        if self.kind in ("best_of", "games", "deals") and not _positive(self.count):
            raise MatchError(f"{self.kind} needs a whole number of games or deals, 1 or more",
                             code="count_invalid", field="count")
        if self.kind == "best_of" and self.count % 2 == 0:
            raise MatchError(f"best of {self.count} can end level ({self.count // 2} games each): "
                             "choose an odd number of games, or N games",
                             code="best_of_even", field="count")
        if self.kind in ("one_game", "time") and self.count is not None:
            raise MatchError(f"{self.kind} takes no count", code="count_not_allowed", field="count")
        if self.kind == "time" and self.minutes is None:
            raise MatchError("a time-limited round needs its minutes",
                             code="minutes_missing", field="minutes")
        if self.minutes is not None and not _positive(self.minutes):
            raise MatchError("must be a whole number of minutes, 1 or more",
                             code="minutes_invalid", field="minutes")

    @classmethod
    def one_game(cls) -> MatchFormat:
        """One game (a "boom")."""
        return cls("one_game")

    @classmethod
    def best_of(cls, games: int) -> MatchFormat:
        """The first side to win more than half of ``games`` games."""
        return cls("best_of", games)

    @classmethod
    def games(cls, games: int) -> MatchFormat:
        """Exactly ``games`` games; more games won wins."""
        return cls("games", games)

    @classmethod
    def deals(cls, deals: int) -> MatchFormat:
        """One game of exactly ``deals`` deals, whatever the rule set's target."""
        return cls("deals", deals)

    @classmethod
    def time_limit(cls, minutes: int) -> MatchFormat:
        """As many games as ``minutes`` allow."""
        return cls("time", minutes=minutes)

    @property
    def label(self) -> str:
        """A short English description (the web app translates from kind and count)."""
        return {
            "one_game": "one game",
            "best_of": f"best of {self.count} games",
            "games": f"{self.count} games",
            "deals": f"{self.count} deals",
            "time": f"{self.minutes} minutes",
        }[self.kind]

    def game_rules(self, rules: RuleSet | str | None) -> RuleSet:
        """The rule set each game of the match is played under (N deals overrides the end).

        >>> MatchFormat.deals(16).game_rules("house").deals
        16
        """
        rules = as_rules(rules)
        if self.kind == "deals":
            return rules.replace(target=None, deals=self.count)
        return rules

    def decided(self, games_won: tuple[int, int], games_finished: int) -> bool:
        """Whether the finished games already end the match (before any time limit).

        >>> MatchFormat.best_of(3).decided((2, 0), 2), MatchFormat.games(3).decided((2, 0), 2)
        (True, False)
        """
        if self.kind in ("one_game", "deals"):
            return games_finished >= 1
        if self.kind == "best_of":
            return max(games_won) > self.count // 2 or games_finished >= self.count  # type: ignore[operator]
        if self.kind == "games":
            return games_finished >= self.count  # type: ignore[operator]
        return False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchFormat:
        """Read a dict written by :meth:`to_dict`."""
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise MatchError("is not a match-format option",
                             code="unknown_field", field=min(unknown))
        return cls(**data)


@dataclass(frozen=True)
class SideOutcome:
    """One side's view of a match."""

    result: str | None
    games_won: int
    games_lost: int
    points_for: int
    points_against: int


@dataclass(frozen=True)
class MatchOutcome:
    """What a table's sheet means under a match format.

    ``games_won`` counts the game in progress for the side ahead when time was called;
    ``points`` are both sides' game points over every game, the game in progress included.
    ``result`` is None while the match is not finished.
    """

    format: MatchFormat
    games: tuple[Game, ...]
    games_won: tuple[int, int]
    points: tuple[int, int]
    finished: bool
    time_called: bool = False

    @property
    def accepts_deals(self) -> bool:
        """Whether the sheet takes more deals."""
        return not self.finished

    @property
    def winner(self) -> int | None:
        a, b = self.games_won
        return 0 if a > b else 1 if b > a else None

    @property
    def result(self) -> tuple[str, str] | None:
        """``(side 0, side 1)`` as win / draw / loss once the match is finished."""
        if not self.finished:
            return None
        return {0: ("win", "loss"), 1: ("loss", "win"), None: ("draw", "draw")}[self.winner]

    def side(self, side: int) -> SideOutcome:
        """The outcome for ``side`` (0 or 1)."""
        other = 1 - side
        result = self.result
        return SideOutcome(result[side] if result else None, self.games_won[side],
                           self.games_won[other], self.points[side], self.points[other])

    def records(self, sides: Sequence[Sequence[Hashable]], round: int) -> list[MatchRecord]:
        """Standings input: one :class:`MatchRecord` per entry of ``sides`` (side 0's entries,
        side 1's entries): a pair each in fixed pairs, the players in an individual event.

        >>> from scoring.deal_facts import DealResult
        >>> outcome = score_match([DealResult(points=None, trump="c", renonce=1)] * 4,
        ...                       MatchFormat.one_game(), "house")
        >>> [(r.entry, r.result, r.partners) for r in outcome.records((("an", "bo"), ("cy", "di")), 1)]
        [('an', 'win', ('bo',)), ('bo', 'win', ('an',)), ('cy', 'loss', ('di',)), ('di', 'loss', ('cy',))]
        """
        if not self.finished:
            raise MatchError("a match gives standings records only once finished",
                             code="match_unfinished")
        if len(sides) != 2:
            raise MatchError("give the entries of exactly two sides",
                             code="sides_invalid", field="sides")
        out = []
        for side, entries in enumerate(sides):
            view = self.side(side)
            for entry in entries:
                out.append(MatchRecord(
                    entry, round, view.result,  # type: ignore[arg-type]
                    games_won=view.games_won, games_lost=view.games_lost,
                    points_for=view.points_for, points_against=view.points_against,
                    opponents=tuple(sides[1 - side]),
                    partners=tuple(e for e in entries if e != entry)))
        return out


def score_match(results: Iterable[DealResult], fmt: MatchFormat, rules: RuleSet | str | None = None,
                *, first_dealer_side: int | None = None, time_called: bool = False) -> MatchOutcome:
    """Score one table's sheet (its deals in order) as a match of format ``fmt``.

    Raises the first bad deal's error (its ``deal`` the number on the sheet), or
    :class:`MatchError` ``match_finished`` for a deal after the match was decided.

    >>> from scoring.deal_facts import DealResult
    >>> capot = DealResult(points=(60, 0), trump=None, all_tricks=0)
    >>> score_match([capot], MatchFormat.best_of(3), "house").accepts_deals
    True
    >>> outcome = score_match([capot, capot], MatchFormat.best_of(3), "house")
    >>> outcome.result, outcome.games_won
    (('win', 'loss'), (2, 0))
    """
    if not isinstance(fmt, MatchFormat):
        raise MatchError(f"must be a MatchFormat, not {type(fmt).__name__}",
                         code="format_type", field="format")
    sheet = Sheet(fmt.game_rules(rules), first_dealer_side=first_dealer_side)
    won = [0, 0]
    finished_games = 0
    decided = False
    for number, result in enumerate(results, 1):
        if decided:
            error = MatchError(f"the match ({fmt.label}) is already "
                               "decided: the sheet takes no more deals",
                               code="match_finished", field="deals")
            error.deal = number
            raise error
        sheet.add(result)
        game = sheet.games[-1]
        if game.finished:
            finished_games += 1
            if game.winner is not None:
                won[game.winner] += 1
            decided = fmt.decided((won[0], won[1]), finished_games)
    games = tuple(sheet.played_games())
    if time_called and not decided and games and not games[-1].finished:
        leader = games[-1].leader
        if leader is not None:
            won[leader] += 1
    points = (sum(g.totals[0] for g in games), sum(g.totals[1] for g in games))
    return MatchOutcome(fmt, games, (won[0], won[1]), points, decided or time_called, time_called)
