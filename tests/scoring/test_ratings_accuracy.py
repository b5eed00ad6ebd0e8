"""Ratings against known strengths (issue 19): simulated individual events of 64 players of
graded strength (engine's random and heuristic players and mixes of the two), random
partners, 10 rounds, 20 events, every table a game to 101 played deal by deal.

The default run is the issue's 64 x 10 x 20 (3,200 matches, about 25 s): the taus, and the
calibration over those 3,200 matches (6 points per decile: a decile holds 320 matches, so
one standard error is about 2.8 points). ``TROEF_RATINGS_FULL=1`` plays on to 10,000
matches (about 75 s) and holds calibration to the issue's 5 points. Both runs' figures are
in docs/ratings.md; ``benchmarks/ratings.py`` prints them.
"""

from __future__ import annotations

import os

import pytest

from scoring.ratings_sim import cached_events, evaluate, kendall_tau, simulate_match, strengths

FULL = os.environ.get("TROEF_RATINGS_FULL") == "1"
MATCHES, TOLERANCE = (10_000, 0.05) if FULL else (0, 0.06)


@pytest.fixture(scope="module")
def study():
    return evaluate(cached_events(64, 10, 20, MATCHES))


def test_the_simulated_players_differ_in_strength():
    wins = sum(simulate_match([1.0, 0.0, 1.0, 0.0], seed).result == "win" for seed in range(40))
    assert wins >= 36  # the heuristic pair beats the random pair about 98% of the time


def test_kendall_tau():
    assert kendall_tau([1, 2, 3], [1, 2, 3]) == 1.0
    assert kendall_tau([1, 2, 3], [3, 2, 1]) == -1.0
    assert kendall_tau([1, 2, 3, 4], [1, 1, 2, 2]) == pytest.approx(0.8165, abs=1e-4)  # tau-b
    assert list(strengths(64).values())[::21] == [0.0, 1 / 3, 2 / 3, 1.0]


def test_ratings_order_players_better_than_the_events_standings(study):
    assert len(study.standings_tau) == 20
    mean = study.mean
    # The ratings a federation holds after each event (every match so far) against that
    # event's own standings: the claim.
    assert mean(study.carried_ratings_tau) > mean(study.standings_tau) + 0.2
    assert sum(c > s for c, s in zip(study.carried_ratings_tau, study.standings_tau,
                                     strict=True)) >= 18
    # With the same matches the rating is no better than the standings here (docs/ratings.md:
    # random partners in one field even luck out for the standings too); it must not be
    # much worse either.
    assert mean(study.event_ratings_tau) > mean(study.standings_tau) - 0.03
    assert mean(study.carried_ratings_tau) > mean(study.season_standings_tau) - 0.03


def test_predicted_win_probabilities_are_calibrated(study):
    assert len(study.predictions) >= (MATCHES or 3_200)
    deciles = study.deciles()
    gaps = [round(abs(predicted - observed), 3) for predicted, observed, _ in deciles]
    assert max(gaps) <= TOLERANCE, deciles
    # And the predictions do discriminate: the extreme deciles are far apart.
    assert deciles[-1][1] - deciles[0][1] > 0.5
