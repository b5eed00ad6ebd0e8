"""Benchmark player ratings (issue 19), against openskill alone measured in the same run.

1. Rebuild: ten seasons of a 500-player federation (about 200,000 matches of individual
   events: random partners, results drawn from hidden strengths) with ``scoring.rate``,
   against a bare loop of openskill's ``rate`` over the same matches (no settings, no
   dates, no checks: the floor).
2. Incremental: ``scoring.ratings.update`` after a 136-table round (544 players), and
   ``rate(history, start=...)`` (which checks the whole history's digest first), against
   the full rebuild.
3. Accuracy: 64 players of known strength (engine's simulated players), 10 rounds, 20
   events and on to 10,000 matches: Kendall's tau of ratings and standings, and
   calibration per decile (the figures of docs/ratings.md).
4. The balanced individual draw at 560 players, against the individual draw.
5. Luck levels (issue 30): histories where a strength gap is worth 1.5, 3 and 6 card points a
   deal (:mod:`scoring.ratings_luck`); the worst decile gap over 10,000 matches of the chances
   with the spread fitted from the matches before (target <= 3 points at every level), against
   the fixed defaults on the same matches, and what a perfectly calibrated forecaster shows on
   the same matches (the noise floor: 1,000 matches a decile).

Run: ``.venv/bin/python benchmarks/ratings.py [--quick | --luck]`` (``--quick`` skips 3 and
5, ``--luck`` runs 5 only; prints its figures; no assertion). Targets: rebuild <= 30 s, incremental round <= 1 s, on one core:
times are this process's CPU seconds (the machine may be shared), the rebuild's wall time
is printed too. ``--smoke`` (or BENCH_SMOKE=1): 60 players, 2 seasons of 3 events of 24 players
for 3 rounds, a 16-table round, a study of 3 events of 16 players x 3 rounds, a balanced draw of
40; the incremental, checked and rebuilt ratings must agree.
"""

from __future__ import annotations

import datetime
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import check, pick, run, target
from openskill.models import PlackettLuce

from scoring.pairing import Entry, draw_individual
from scoring.pairing.balanced import draw_balanced
from scoring.ratings import RatingMatch, RatingSettings, rate, update
from scoring.ratings_fit import MIN_MATCHES, worst_decile
from scoring.ratings_luck import LEVELS, calibration, simulate_history
from scoring.ratings_sim import evaluate, simulate_events

PLAYERS, SEASONS, EVENTS_PER_SEASON, ROUNDS = pick(500, 60), pick(10, 2), pick(40, 3), pick(10, 3)
EVENT_PLAYERS = pick(200, 24)
ROUND_TABLES = pick(136, 16)
# The accuracy study: players, rounds and events (at least), matches (at least).
STUDY_PLAYERS, STUDY_ROUNDS, STUDY_EVENTS, STUDY_MATCHES = (pick(64, 16), pick(10, 3),
                                                            pick(20, 3), pick(10_000, 0))
BALANCED_PLAYERS = pick(560, 40)


def federation(seed: int = 2026) -> list[RatingMatch]:
    """Ten seasons: 40 events a season (September to June), each of 200 of the 500 players
    for 10 rounds, partners at random; side A wins with the logistic chance of the hidden
    strengths' difference."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(PLAYERS)]
    out: list[RatingMatch] = []
    for season in range(SEASONS):
        start = datetime.date(2016 + season, 9, 1)
        for event in range(EVENTS_PER_SEASON):
            day = start + datetime.timedelta(days=7 * event)
            players = rng.sample(range(PLAYERS), EVENT_PLAYERS)
            for number in range(ROUNDS):
                rng.shuffle(players)
                for table in range(len(players) // 4):
                    a, b, c, d = players[4 * table:4 * table + 4]
                    edge = skill[a] + skill[c] - skill[b] - skill[d]
                    x = rng.random()
                    result = "draw" if x < 0.03 else (
                        "win" if rng.random() < 1 / (1 + math.exp(-edge)) else "loss")
                    out.append(RatingMatch((season, event, number, table), day, (a, c), (b, d),
                                           result, event=(season, event)))
    return out


def openskill_alone(matches: list[RatingMatch], settings: RatingSettings) -> dict:
    """The floor: openskill's ``rate`` once per match, ratings in a dict, nothing else."""
    model = PlackettLuce(mu=settings.mu, sigma=settings.sigma, beta=settings.beta,
                         tau=settings.tau)
    ratings: dict = {}
    new = model.rating
    for m in matches:
        teams = [[ratings.get(p) or new() for p in m.side_a], [ratings.get(p) or new() for p in m.side_b]]
        ranks = [0, 1] if m.result == "win" else [1, 0] if m.result == "loss" else [0, 0]
        (a, c), (b, d) = model.rate(teams, ranks=ranks)
        ratings[m.side_a[0]], ratings[m.side_a[1]] = a, c
        ratings[m.side_b[0]], ratings[m.side_b[1]] = b, d
    return ratings


def timed(fn):
    """CPU seconds of ``fn`` (this process, one core) and its result: other work on a shared
    machine does not count; :data:`WALL` keeps the wall-clock seconds."""
    start, wall = time.process_time(), time.perf_counter()
    result = fn()
    WALL.append(time.perf_counter() - wall)
    return time.process_time() - start, result


WALL: list[float] = []


def rebuild_and_increment() -> None:
    settings = RatingSettings()
    built, matches = timed(federation)
    print(f"federation: {len(matches):,} matches of {PLAYERS} players over {SEASONS} seasons "
          f"(built in {built:.1f} s)")
    t_rate, ratings = timed(lambda: rate(matches, settings))
    t_floor, _ = timed(lambda: openskill_alone(matches, settings))
    print(f"rebuild: {t_rate:.1f} s CPU, {WALL[-2]:.1f} s wall ({t_rate / len(matches) * 1e6:.0f} us "
          "a match; target <= 30 s)")
    print(f"  baseline openskill alone: {t_floor:.1f} s; ratio rebuild / baseline: "
          f"{t_rate / t_floor:.2f}x")
    # One more round of 136 tables after the ten seasons: all 500 players and 44 newcomers.
    rng = random.Random(7)
    players = rng.sample(range(PLAYERS), PLAYERS) + list(range(PLAYERS, 4 * ROUND_TABLES))
    day = datetime.date(2026, 7, 1)
    new_round = [RatingMatch((99, 0, 0, t), day, (players[4 * t], players[4 * t + 2]),
                             (players[4 * t + 1], players[4 * t + 3]), rng.choice(("win", "loss")))
                 for t in range(ROUND_TABLES)]
    times = []
    for _ in range(pick(5, 1)):
        t_update, after = timed(lambda: update(ratings, new_round))
        times.append(t_update)
    print(f"incremental update, one round of {ROUND_TABLES} tables: {min(times) * 1000:.0f} ms "
          f"(median {statistics.median(times) * 1000:.0f} ms; target <= 1 s); "
          f"rebuild / update: {t_rate / min(times):.0f}x")
    history = matches + new_round
    t_checked, checked = timed(lambda: rate(history, settings, start=ratings))
    print(f"rate(whole history, start=...): {t_checked:.2f} s (checks the digest of "
          f"{len(matches):,} matches, then applies the round)")
    same = dict(checked) == dict(after)
    same = same and dict(after) == dict(rate(history, settings))
    print(f"  incremental == checked == rebuild: {same}")
    check(same, "incremental, checked and rebuilt ratings differ")


def openskill_predict_win(ratings, side_a, side_b) -> float:
    """openskill's own ``predict_win`` (the normal curve, whatever the model)."""
    model = PlackettLuce(mu=ratings.settings.mu, sigma=ratings.settings.sigma,
                         beta=ratings.settings.beta, tau=ratings.settings.tau)
    teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in map(ratings.get_rating, side)]
             for side in (side_a, side_b)]
    return model.predict_win(teams)[0]


def accuracy() -> None:
    start = time.perf_counter()
    last = [0.0]

    def progress(events: int, matches: int) -> None:
        if time.perf_counter() - last[0] > 15:
            last[0] = time.perf_counter()
            print(f"  ... {events} events, {matches:,} matches", flush=True)

    events = simulate_events(STUDY_PLAYERS, STUDY_ROUNDS, STUDY_EVENTS, min_matches=STUDY_MATCHES,
                             progress=progress)
    played = sum(len(r) for e in events for r in e.rounds)
    print(f"accuracy: {len(events)} events of {STUDY_PLAYERS} players x {STUDY_ROUNDS} rounds, "
          f"{played:,} matches "
          f"simulated in {time.perf_counter() - start:.0f} s")
    runs = (("project default (sigma 3)", RatingSettings(), None),
            ("openskill's sigma 25/3", RatingSettings(sigma=25 / 3), None),
            ("sigma 3, openskill's predict_win", RatingSettings(), openskill_predict_win),
            ("thurstone_mosteller, sigma 3", RatingSettings(model="thurstone_mosteller"), None))
    for label, settings, predict in runs:
        first = f"first {STUDY_EVENTS} events"
        for size, chosen in ((first, events[:STUDY_EVENTS]), ("all events", events)):
            study = evaluate(chosen, settings, predict=predict)
            m = study.mean
            print(f"{label}, {size} ({len(study.predictions):,} predictions):")
            if size == first:
                print(f"  Kendall tau, mean of {STUDY_EVENTS} events: event standings {m(study.standings_tau):.3f}, "
                      f"ratings from the event alone {m(study.event_ratings_tau):.3f}, "
                      f"season ladder so far {m(study.season_standings_tau):.3f}, "
                      f"ratings so far {m(study.carried_ratings_tau):.3f}")
            print("  deciles predicted/observed: " + " ".join(
                f"{p:.3f}/{o:.3f}" for p, o, _ in study.deciles())
                  + f"; worst gap {study.worst_decile() * 100:.1f} points")


def balanced_draw() -> None:
    rng = random.Random(5)
    entries = [Entry(f"j{i:03d}") for i in range(BALANCED_PLAYERS)]
    ratings = {e.id: rng.gauss(25, 2) for e in entries}
    t_bal, d = timed(lambda: draw_balanced(entries, seed=1, options={"ratings": ratings}))
    t_ind, d_ind = timed(lambda: draw_individual(entries, seed=1))

    def imbalance(draw):
        return statistics.mean(abs(sum(ratings[p] for p in a) - sum(ratings[p] for p in b))
                               for a, b in (t.sides for t in draw.tables))

    print(f"balanced draw, {BALANCED_PLAYERS} players: {t_bal * 1000:.0f} ms, mean side difference "
          f"{imbalance(d):.2f} (ratings' sd {statistics.pstdev(ratings.values()):.2f})")
    print(f"  baseline individual draw: {t_ind * 1000:.0f} ms, mean side difference "
          f"{imbalance(d_ind):.2f}; ratio balanced / individual: {t_bal / t_ind:.1f}x")


LUCK_MATCHES, LUCK_PLAYERS, LUCK_MINIMUM = pick(10_000, 320), pick(64, 16), pick(MIN_MATCHES, 48)


def noise_floor(predictions: list[tuple[float, float]], runs: int = 100) -> tuple[float, float]:
    """Median and 95th percentile of the worst decile gap of a perfectly calibrated
    forecaster: the same predictions, each result drawn with the predicted chance."""
    rng = random.Random(30)
    gaps = sorted(worst_decile([(p, float(rng.random() < p)) for p, _ in predictions])[0]
                  for _ in range(runs))
    return gaps[len(gaps) // 2], gaps[int(len(gaps) * 0.95)]


def luck_levels() -> None:
    print(f"luck levels: {LUCK_PLAYERS} players, 10-round events, partners at random; chances "
          f"from the {LUCK_MINIMUM}th match on, {LUCK_MATCHES:,} predictions a level")
    for gap in LEVELS:
        start = time.perf_counter()
        rounds = simulate_history(gap, players=LUCK_PLAYERS,
                                  matches=LUCK_MATCHES + LUCK_MINIMUM + LUCK_PLAYERS // 4)
        study = calibration(rounds, minimum=LUCK_MINIMUM, matches=LUCK_MATCHES)
        fitted, default = study.fitted[:LUCK_MATCHES], study.default[:LUCK_MATCHES]
        check(len(fitted) == LUCK_MATCHES, f"luck level {gap}: {len(fitted)} predictions")
        worst, groups = worst_decile(fitted)
        base = worst_decile(default)[0]
        median, p95 = noise_floor(fitted)
        print(f"  strength gap worth {gap:g} card points a deal: beta fitted {study.beta:.2f} "
              f"(default 4.17); worst decile gap {worst * 100:.1f} points: "
              f"{target(worst <= 0.03)} (target <= 3)")
        print(f"    baseline, the fixed defaults on the same matches: {base * 100:.1f} points; "
              f"ratio baseline / fitted {base / max(worst, 1e-9):.1f}x; a perfectly calibrated "
              f"forecaster: median {median * 100:.1f}, 95th percentile {p95 * 100:.1f} points "
              f"({time.perf_counter() - start:.0f} s)")
        print("    deciles predicted/observed: " + " ".join(f"{p:.3f}/{o:.3f}"
                                                         for p, o, _ in groups))


def main() -> None:
    if "--luck" in sys.argv:
        luck_levels()
        return
    rebuild_and_increment()
    balanced_draw()
    if "--quick" not in sys.argv:
        luck_levels()
        accuracy()


if __name__ == "__main__":
    run(main)
