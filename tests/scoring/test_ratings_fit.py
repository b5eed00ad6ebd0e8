"""Issue 30: the performance spread fitted from a history's own matches (scoring.ratings_fit)
and the luck-level simulation that checks the win chances it gives (scoring.ratings_luck)."""

from __future__ import annotations

import datetime
import json
import math
import random

import pytest

from scoring.ratings import RatingMatch, Ratings, RatingSettings, rate, update
from scoring.ratings_fit import DEFAULT_BETA, GRID, SpreadFit, chance, worst_decile
from scoring.ratings_luck import calibration, simulate_history


def _fit_known(beta: float, seed: int, matches: int = 4000) -> SpreadFit:
    """Matches whose results are drawn from the model's own curve with ``beta``: skill
    differences and variances as a club's ratings give them."""
    rng = random.Random(seed)
    fit = SpreadFit()
    for _ in range(matches):
        difference, variance = rng.gauss(0, 6), 4 * rng.uniform(1.0, 9.0)
        won = 1.0 if rng.random() < chance(difference, variance, beta) else 0.0
        fit.observe(difference, variance, won)
    return fit


@pytest.mark.parametrize(("beta", "seed"), [(1.5, 1), (1.5, 2), (DEFAULT_BETA, 3), (9.0, 4),
                                           (9.0, 5)])
def test_the_fit_recovers_a_known_beta(beta, seed):
    fit = _fit_known(beta, seed)
    assert fit.matches == 4000
    # Within two grid steps (19 % each) of the true value, whatever the seed.
    assert abs(math.log(fit.beta / beta)) <= 2 * math.log(2 ** 0.25) + 1e-9, fit
    # The calibration table of the fitted value is close on every band that has matches.
    for band in fit.table():
        if band.matches >= 200:
            assert band.gap < 0.06, band


def test_with_nothing_to_tell_the_fit_keeps_the_default():
    fit = SpreadFit()
    assert fit.beta == DEFAULT_BETA and not fit.enough() and fit.table() == []
    for _ in range(10):
        fit.observe(0.0, 36.0, 1.0)  # new players against new players: every chance 50 %
    assert fit.beta == DEFAULT_BETA and fit.matches == 10
    assert [(b.low, b.matches, b.predicted) for b in fit.table()] == [(0.5, 10, 0.5)]
    assert min(GRID) < 1 and max(GRID) > 30


def _history(seed: int, rounds: int = 12) -> list[list[RatingMatch]]:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(16)]
    skill = {p: rng.gauss(0, 1) for p in players}
    out = []
    for r in range(rounds):
        rng.shuffle(players)
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=10 * r)
        tables = []
        for t in range(4):
            a1, b1, a2, b2 = players[4 * t:4 * t + 4]
            edge = skill[a1] + skill[a2] - skill[b1] - skill[b2]
            x = rng.random()
            result = "draw" if x < 0.05 else "win" if rng.random() < 1 / (1 + math.exp(-edge)) \
                else "loss"
            tables.append(RatingMatch((r, t), day, (a1, a2), (b1, b2), result, r // 4))
        out.append(tables)
    return out


@pytest.mark.parametrize("seed", [4, 5])
def test_the_fit_of_an_update_equals_the_rebuilds_and_survives_json(seed):
    rounds = _history(seed)
    carried = rate([])
    for number, tables in enumerate(rounds, 1):
        carried = update(carried, tables)
        rebuilt = rate([m for r in rounds[:number] for m in r])
        assert carried.fit == rebuilt.fit and carried.fit.to_dict() == rebuilt.fit.to_dict()
        carried = Ratings.from_dict(json.loads(json.dumps(carried.to_dict())))
    assert carried.fit.matches == 48 and carried.fit.beta in GRID
    # A draw counts half; settings that ignore draws fit on the decided matches only.
    ignore = rate([m for r in rounds for m in r], RatingSettings(draws="ignore"))
    assert ignore.fit.matches == sum(m.result != "draw" for r in rounds for m in r)


def test_a_state_from_before_the_fit_reads_back_with_an_empty_fit():
    ratings = rate([m for r in _history(6) for m in r])
    old = ratings.to_dict()
    del old["fit"]
    assert Ratings.from_dict(old).fit.matches == 0 and ratings.fit.matches == 48


def test_the_win_probability_uses_the_beta_given():
    ratings = rate([m for r in _history(7) for m in r])
    a, b = ("p0", "p1"), ("p2", "p3")
    default = ratings.win_probability(a, b)
    if default != 0.5:
        sharper = ratings.win_probability(a, b, beta=1.0)
        flatter = ratings.win_probability(a, b, beta=20.0)
        assert abs(sharper - 0.5) > abs(default - 0.5) > abs(flatter - 0.5)
    assert ratings.win_probability(a, b, beta=DEFAULT_BETA) == default


def test_worst_decile():
    gap, groups = worst_decile([(0.2, 0.0)] * 5 + [(0.8, 1.0)] * 5)
    assert round(gap, 9) == 0.2 and len(groups) == 10 and sum(n for *_x, n in groups) == 10


def test_with_much_luck_the_fitted_spread_calibrates_better_than_the_default():
    # A strength gap worth 1.5 card points a deal: the defaults are far too sure.
    rounds = simulate_history(1.5, players=32, matches=2000, seed=3)
    study = calibration(rounds, minimum=200)
    assert study.skipped >= 200 and len(study.fitted) == len(study.default) >= 1600
    assert study.beta > DEFAULT_BETA * 1.3  # more luck: a wider spread
    assert study.worst() < study.worst("default") - 0.02, (study.worst(), study.worst("default"))
