"""Ratings against known strengths: individual events played by ``engine``'s simulated players.

Each simulated player has a strength from 0 to 1: the chance that it plays a decision (its
trump as dealer, each card) as :class:`engine.players.HeuristicPlayer` would, else a uniformly
random legal one (strength 0 is the random player, 1 the heuristic one; the heuristic pair
wins about 98% of games to 101 against the random pair). Events are drawn like real ones
(``scoring.pairing``'s individual draw: new partners each round), every table plays one
game to 101 deal by deal under the house rules, and the standings are ranked as an event
ranks them (:func:`scoring.rank_entries`, match points then game points).

:func:`simulate_events` and :func:`evaluate` answer issue 19's two accuracy questions: do ratings order players by true
strength better than the events' own standings (Kendall's tau-b), and are the predicted
win probabilities calibrated (predicted against observed, per decile of prediction)?
The tests and ``benchmarks/ratings.py`` run it; the figures are in ``docs/ratings.md``.

>>> kendall_tau([1, 2, 3, 4], [10, 20, 40, 30])
0.6666666666666666
>>> result = simulate_match([1.0, 0.0, 1.0, 0.0], seed=3)
>>> result.result, result.points[0] >= 101
('win', True)
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.players import HeuristicPlayer, random_card
from engine.sim import simulate_facts
from scoring.deal_facts import DealResult
from scoring.game import Game
from scoring.match import MatchFormat, score_match
from scoring.pairing import Entry, draw, record_round
from scoring.ratings import RatingMatch, Ratings, RatingSettings, rate, update
from scoring.records import MatchRecord
from scoring.standings import rank_entries

_HEURISTIC = HeuristicPlayer()


class MixedPlayer:
    """Plays each decision heuristically with probability ``strength``, else at random.

    >>> MixedPlayer(0.5).name
    'mixed 0.50'
    """

    def __init__(self, strength: float) -> None:
        self.strength = strength
        self.name = f"mixed {strength:.2f}"

    def choose_trump(self, hand: int, rng: random.Random) -> int:
        if rng.random() < self.strength:
            return _HEURISTIC.choose_trump(hand, rng)
        choice = int(rng.random() * 5)
        return -1 if choice == 4 else choice

    def choose_card(self, hand: int, legal: int, trick: int, led: int, win: int,
                    partner_winning: bool, last: bool, trump: int, gone: int,
                    rng: random.Random) -> int:
        if rng.random() < self.strength:
            return _HEURISTIC.choose_card(hand, legal, trick, led, win, partner_winning, last,
                                          trump, gone, rng)
        return random_card(legal, rng)


@dataclass(frozen=True)
class SimulatedMatch:
    """A played table: side A's result and both sides' game points."""

    result: str
    points: tuple[int, int]
    deals: int


def simulate_match(strengths: Sequence[float], seed: int | random.Random,
                   rules: str = "house") -> SimulatedMatch:
    """One game to the target by four players of ``strengths`` in seat order (seats 0 and 2
    are side A), the first dealer drawn from the seed."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    players = [MixedPlayer(s) for s in strengths]
    dealer = int(rng.random() * 4)
    first_side = dealer % 2
    game, deals = Game(rules, first_dealer_side=first_side), []
    while not game.finished:
        facts = simulate_facts(rng, rules, dealer=dealer, players=players)
        deal = DealResult(points=facts.card_points, trump=facts.trump,
                          all_tricks=facts.all_tricks)
        game.add(deal)
        deals.append(deal)
        dealer = (dealer + 1) % 4
    outcome = score_match(deals, MatchFormat.one_game(), rules, first_dealer_side=first_side)
    return SimulatedMatch(outcome.result[0], outcome.points, len(deals))


def kendall_tau(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b of two paired sequences (ties allowed in either): 1 when ``y``
    orders the items as ``x`` does, -1 when reversed, about 0 when unrelated."""
    concordant = discordant = ties_x = ties_y = 0
    n = len(x)
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


@dataclass
class Study:
    """What :func:`evaluate` found: per event, Kendall's tau against true strength of the
    event's standings and of the ratings from the event's matches alone (the same data);
    of the ratings carried over every event so far and of the standings adding up every
    match so far (a season ladder: the same data again); and (predicted, won) per match."""

    standings_tau: list[float] = field(default_factory=list)
    event_ratings_tau: list[float] = field(default_factory=list)
    carried_ratings_tau: list[float] = field(default_factory=list)
    season_standings_tau: list[float] = field(default_factory=list)
    predictions: list[tuple[float, bool]] = field(default_factory=list)

    @staticmethod
    def mean(values: Sequence[float]) -> float:
        return sum(values) / len(values)

    def deciles(self) -> list[tuple[float, float, int]]:
        """(mean predicted, observed share won, matches) for ten equal groups of matches by
        predicted probability, lowest first."""
        ordered = sorted(self.predictions)
        n, out = len(ordered), []
        for d in range(10):
            group = ordered[d * n // 10:(d + 1) * n // 10]
            out.append((sum(p for p, _ in group) / len(group),
                        sum(won for _, won in group) / len(group), len(group)))
        return out

    def worst_decile(self) -> float:
        """The largest gap, in probability, between predicted and observed in a decile."""
        return max(abs(p - o) for p, o, _ in self.deciles())


@dataclass(frozen=True)
class SimulatedEvent:
    """One simulated event: its rounds' rating matches, and every player's standings records."""

    rounds: tuple[tuple[RatingMatch, ...], ...]
    records: tuple[MatchRecord, ...]

    @property
    def matches(self) -> list[RatingMatch]:
        return [m for matches in self.rounds for m in matches]


def strengths(players: int) -> dict[str, float]:
    """Evenly graded strengths from 0 (random) to 1 (heuristic).

    >>> strengths(3)
    {'p00': 0.0, 'p01': 0.5, 'p02': 1.0}
    """
    return {f"p{i:02d}": i / (players - 1) for i in range(players)}


def simulate_event(truth: dict[str, float], rounds: int, seed: int, day: datetime.date,
                   number: int = 0) -> SimulatedEvent:
    """An individual event of the players of ``truth`` (id -> strength): ``rounds`` rounds
    drawn by the ``individual`` method, each table one game to 101."""
    rng = random.Random(seed)
    entries: list = [Entry(p) for p in truth]
    history: list = []
    records: list[MatchRecord] = []
    played_rounds = []
    for round_number in range(1, rounds + 1):
        d = draw(entries, "individual", seed=rng.randrange(2**31), history=history)
        round_records, matches = [], []
        for table in d.tables:
            played = simulate_match([truth[p] for p in table.seats], rng)
            # Side A is the table's seats 0 and 2, whoever they are (no bias by strength).
            matches.append(RatingMatch((number, round_number, table.number), day, *table.sides,
                                       played.result, number))
            for side, mine, theirs in ((0, *table.sides), (1, *reversed(table.sides))):
                res = played.result if side == 0 else _OTHER[played.result]
                for p in mine:
                    round_records.append(MatchRecord(
                        p, round_number, res, int(res == "win"), int(res == "loss"),
                        played.points[side], played.points[1 - side], tuple(theirs),
                        tuple(q for q in mine if q != p)))
        played_rounds.append(tuple(matches))
        records += round_records
        entries = record_round(entries, d)
        history.append(d)
    return SimulatedEvent(tuple(played_rounds), tuple(records))


_OTHER = {"win": "loss", "loss": "win", "draw": "draw"}


def simulate_events(players: int = 64, rounds: int = 10, events: int = 20, *,
                    min_matches: int = 0, seed: int = 2026,
                    progress: Callable[[int, int], None] | None = None) -> list[SimulatedEvent]:
    """``events`` events (and more, until ``min_matches`` matches were played) of the same
    ``players`` with :func:`strengths`, a fortnight apart."""
    truth = strengths(players)
    out: list[SimulatedEvent] = []
    matches = 0
    while len(out) < events or matches < min_matches:
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=14 * len(out))
        out.append(simulate_event(truth, rounds, seed * 1000 + len(out), day, len(out)))
        matches += sum(len(r) for r in out[-1].rounds)
        if progress is not None:
            progress(len(out), matches)
    return out


def evaluate(events: Sequence[SimulatedEvent], settings: RatingSettings | None = None,
             tau_events: int = 20,
             predict: Callable[[Ratings, tuple, tuple], float] | None = None) -> Study:
    """Taus for the first ``tau_events`` events; for every match, the win probability the
    ratings carried over all earlier rounds gave its side A (``predict(ratings, side_a,
    side_b)``, by default :meth:`Ratings.win_probability`), and whether side A won."""
    settings = settings or RatingSettings()
    predict = predict or Ratings.win_probability
    result = Study()
    carried = Ratings(settings, {})
    truth = None
    season: list[MatchRecord] = []
    for number, event in enumerate(events):
        for matches in event.rounds:
            for m in matches:
                if m.result != "draw":
                    result.predictions.append(
                        (predict(carried, m.side_a, m.side_b), m.result == "win"))
            carried = update(carried, matches)
        if number >= tau_events:
            continue
        players = sorted({r.entry for r in event.records})
        if truth is None:
            truth = strengths(len(players))
        standings = {row.entry: row.rank for row in rank_entries(event.records, seed=number)}
        own = rate(event.matches, settings)
        actual = [truth[p] for p in players]
        result.standings_tau.append(kendall_tau(actual, [-standings[p] for p in players]))
        result.event_ratings_tau.append(kendall_tau(actual, [own[p].mu for p in players]))
        result.carried_ratings_tau.append(kendall_tau(actual, [carried[p].mu for p in players]))
        season += event.records
        ladder = {row.entry: row.rank for row in rank_entries(season, seed=number)}
        result.season_standings_tau.append(kendall_tau(actual, [-ladder[p] for p in players]))
    return result


@lru_cache(maxsize=4)
def cached_events(players: int, rounds: int, events: int, min_matches: int) -> tuple:
    """:func:`simulate_events` with the default seed, kept for the tests that share it."""
    return tuple(simulate_events(players, rounds, events, min_matches=min_matches))


__all__ = ["MixedPlayer", "SimulatedEvent", "SimulatedMatch", "Study", "cached_events", "evaluate",
           "kendall_tau", "simulate_event", "simulate_events", "simulate_match", "strengths"]
