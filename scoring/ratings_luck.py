"""Simulated histories at chosen luck levels, and how well win chances are calibrated on them (issue 30).

:mod:`scoring.ratings_sim` plays every card with ``engine``'s players: faithful, slow, and at
one luck level only (its players' gap). Here the luck of the cards comes from a pool of real
deals (``engine.sim`` with random players, house rules: card points about 30 +- 12.5 a side),
and skill is added on top at a chosen level: a player's strength runs from 0 to 1 (64
players evenly graded), and side A's card points in every deal move by ``gap`` times the
difference of the two sides' summed strengths (rounded at random to whole points, kept
within 0-60; the deal's trump kept, an all-tricks bonus left out). ``gap`` is what the
strength gap between the strongest and the weakest player is worth in card points a deal:
1.5 is a game of much luck, 6 one of much skill. Each table plays one game to 101 under
the house rules (:class:`scoring.game.Game`), partners drawn at random every round.

:func:`calibration` replays such a history as the web app would: ratings carried round by
round (:func:`scoring.ratings.update`), and before each round every table's chance predicted
with the ``beta`` fitted from the matches before it, once the fit rests on ``minimum``
matches, and with the fixed defaults (the baseline) on the same tables.

>>> rounds = simulate_history(3.0, players=8, rounds=2, matches=8, seed=1)
>>> len(rounds), len(rounds[0]), rounds[0][0].result in ("win", "loss")
(4, 2, True)
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.sim import simulate_facts
from scoring.deal_facts import DealResult
from scoring.game import Game
from scoring.ratings import RatingMatch, Ratings, RatingSettings, update
from scoring.ratings_fit import MIN_MATCHES, worst_decile

#: The luck levels of the benchmark: a strength gap worth this many card points a deal.
LEVELS = (1.5, 3.0, 6.0)


@lru_cache(maxsize=2)
def deal_pool(size: int = 4000, seed: int = 30) -> tuple[tuple[int, str | None], ...]:
    """``size`` deals of four random players (house rules): (side A's card points, trump)."""
    rng = random.Random(seed)
    out = []
    for i in range(size):
        facts = simulate_facts(rng, "house", dealer=i % 4, players="random")
        out.append((facts.card_points[0], facts.trump))
    return tuple(out)


def play_game(edge: float, rng: random.Random, pool: Sequence[tuple[int, str | None]]) -> str:
    """One game to 101: side A's card points move by ``edge`` every deal; its result."""
    whole = int(edge // 1)
    part = edge - whole
    game = Game("house", first_dealer_side=int(rng.random() * 2))
    while not game.finished:
        points, trump = pool[int(rng.random() * len(pool))]
        points = min(60, max(0, points + whole + (rng.random() < part)))
        game.add(DealResult(points=(points, 60 - points), trump=trump))
    return "win" if game.winner == 0 else "loss"


def simulate_history(gap: float, *, players: int = 64, rounds: int = 10, matches: int = 10_000,
                     seed: int = 2026) -> list[tuple[RatingMatch, ...]]:
    """Rounds of individual events (``rounds`` a fortnightly event, new partners at random
    every round) of ``players`` players of strengths 0 to 1, until ``matches`` were played."""
    rng = random.Random(seed)
    pool = deal_pool()
    strength = {f"p{i:02d}": i / (players - 1) for i in range(players)}
    ids = list(strength)
    out: list[tuple[RatingMatch, ...]] = []
    played = 0
    while played < matches:
        event, number = divmod(len(out), rounds)
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=14 * event)
        rng.shuffle(ids)
        tables = []
        for t in range(players // 4):
            a1, b1, a2, b2 = ids[4 * t:4 * t + 4]
            edge = gap * (strength[a1] + strength[a2] - strength[b1] - strength[b2])
            tables.append(RatingMatch((event, number, t), day, (a1, a2), (b1, b2),
                                      play_game(edge, rng, pool), event))
        out.append(tuple(tables))
        played += len(tables)
    return out


@dataclass(frozen=True)
class Calibration:
    """What :func:`calibration` found: the (predicted, result) pairs with the fitted
    ``beta`` and with the defaults on the same tables, and the last fitted ``beta``."""

    fitted: list[tuple[float, float]]
    default: list[tuple[float, float]]
    beta: float
    skipped: int

    def worst(self, which: str = "fitted") -> float:
        return worst_decile(getattr(self, which))[0]


def calibration(rounds: Sequence[Sequence[RatingMatch]], settings: RatingSettings | None = None,
                minimum: int = MIN_MATCHES, matches: int | None = None) -> Calibration:
    """Replay ``rounds``: before each, every table's chance with the fitted ``beta`` (once
    the fit rests on ``minimum`` matches; the tables before that are ``skipped``) and with
    the settings' own; up to ``matches`` predictions."""
    carried = Ratings(settings or RatingSettings(), {})
    fitted: list[tuple[float, float]] = []
    default: list[tuple[float, float]] = []
    skipped = 0
    for tables in rounds:
        if matches is not None and len(fitted) >= matches:
            break
        beta = carried.fit.beta
        for m in tables:
            if not carried.fit.enough(minimum):
                skipped += 1
                continue
            won = 1.0 if m.result == "win" else 0.0 if m.result == "loss" else 0.5
            fitted.append((carried.win_probability(m.side_a, m.side_b, beta), won))
            default.append((carried.win_probability(m.side_a, m.side_b), won))
        carried = update(carried, tables)
    return Calibration(fitted, default, carried.fit.beta, skipped)


__all__ = ["LEVELS", "Calibration", "calibration", "deal_pool", "play_game", "simulate_history"]
