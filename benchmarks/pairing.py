"""Benchmark the draw generators at championship size, against simple baselines.

1. Swiss: 1,000 pairs after 10 rounds (the history built by drawing 10 Swiss rounds with
   random results); time of round 11 against a first-fit greedy baseline (pair each
   entry in standing order with the next one it has not met; no repair), with the
   rematches each leaves.
2. Individual: 560 players after 4 rounds; time of round 5 against a naive random-restart
   baseline (the best of 100 random seatings), with the repeated partners and opponents
   each leaves.

The same two are then run at club size late in a season, where repeats are hard to avoid.

Run: ``python benchmarks/pairing.py`` (prints its figures; no assertion). ``--smoke`` (or
BENCH_SMOKE=1): 200 pairs and 120 players for the championship size, fewer rounds, 10 random
seatings; club size as it is; each timing once.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import pick, run

from scoring.pairing import Entry, draw_individual, draw_swiss, record_round
from scoring.pairing.fixed import standing_order
from scoring.pairing.seating import Seating

RESTARTS = pick(100, 10)


def best_of(runs: int, fn):
    """The fastest of ``runs`` calls of ``fn`` (seconds) and its last result."""
    best, result = float("inf"), None
    for _ in range(pick(runs, 1)):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def swiss_history(pairs: int, rounds: int) -> tuple[list[Entry], list]:
    rng = random.Random(2024)
    entries = [Entry(f"P{i:04d}") for i in range(pairs)]
    history = []
    for r in range(rounds):
        d = draw_swiss(entries, seed=r, history=history)
        winners = [rng.choice(t.seats) for t in d.tables]
        entries = record_round(entries, d, winners)
        history.append(d)
    return entries, history


def greedy_swiss(entries: list[Entry], seed: int) -> int:
    """Baseline: first fit in standing order; returns the rematches it leaves."""
    pool = list(entries)
    order, _, _ = standing_order(pool, random.Random(seed), "random")
    free = [pool[i] for i in order]
    rematches = 0
    while len(free) > 1:
        a = free.pop(0)
        k = next((k for k, b in enumerate(free) if b.id not in a.opponents), 0)
        rematches += free[k].id in a.opponents
        free.pop(k)
    return rematches


def individual_history(players: int, rounds: int) -> tuple[list[Entry], list]:
    entries = [Entry(f"J{i:03d}") for i in range(players)]
    history = []
    for r in range(rounds):
        d = draw_individual(entries, seed=100 + r, history=history)
        entries = record_round(entries, d)
        history.append(d)
    return entries, history


def random_restarts(entries: list[Entry], tries: int, seed: int) -> tuple[int, int]:
    """Baseline: the best of ``tries`` random seatings (repeat partners, then opponents)."""
    rng = random.Random(seed)
    seating = Seating(entries, rng)
    players = list(range(len(entries)))
    best = None
    for _ in range(tries):
        rng.shuffle(players)
        tables = [players[k : k + 4] for k in range(0, len(players), 4)]
        cost = (sum(map(seating.repeat_partners, tables)), sum(map(seating.repeat_opponents, tables)))
        best = cost if best is None or cost < best else best
    return best


def repeats(entries: list[Entry], d) -> tuple[int, int]:
    index = {e.id: i for i, e in enumerate(entries)}
    seating = Seating(entries, random.Random(0))
    tables = [[index[x] for x in t.seats] for t in d.tables]
    return sum(map(seating.repeat_partners, tables)), sum(map(seating.repeat_opponents, tables))


def swiss_case(pairs: int, rounds: int) -> None:
    start = time.perf_counter()
    entries, history = swiss_history(pairs, rounds)
    print(f"swiss: history of {rounds} rounds for {pairs} pairs built in {time.perf_counter() - start:.2f} s")
    t_swiss, d = best_of(3, lambda: draw_swiss(entries, seed=11, history=history))
    t_greedy, greedy_rematches = best_of(3, lambda: greedy_swiss(entries, 11))
    rematches = sum(1 for t in d.tables if "rematch" in t.flags)
    floats = sum(1 for t in d.tables if "moved_up" in t.flags)
    print(
        f"swiss round {rounds + 1}, {pairs} pairs: {t_swiss * 1000:.1f} ms, {rematches} rematches, "
        f"{floats} tables across score groups"
    )
    print(f"  baseline first-fit greedy: {t_greedy * 1000:.2f} ms, {greedy_rematches} rematches")
    print(f"  ratio swiss / baseline: {t_swiss / t_greedy:.1f}x")


def individual_case(players: int, rounds: int) -> None:
    start = time.perf_counter()
    entries, history = individual_history(players, rounds)
    print(
        f"individual: history of {rounds} rounds for {players} players built in {time.perf_counter() - start:.2f} s"
    )
    t_ind, d = best_of(3, lambda: draw_individual(entries, seed=5, history=history))
    partners, opponents = repeats(entries, d)
    print(
        f"individual round {rounds + 1}, {players} players: {t_ind * 1000:.1f} ms, "
        f"{partners} repeat partners, {opponents} repeat opponents"
    )
    t_base, (bp, bo) = best_of(3, lambda: random_restarts(entries, RESTARTS, 5))
    print(
        f"  baseline best of {RESTARTS} random seatings: {t_base * 1000:.1f} ms, "
        f"{bp} repeat partners, {bo} repeat opponents"
    )
    print(f"  ratio individual / baseline: {t_ind / t_base:.2f}x")


def main() -> None:
    print("== championship size (the targets: under 1 s each)")
    swiss_case(pick(1000, 200), pick(10, 5))
    individual_case(pick(560, 120), pick(4, 3))
    print("== club size, late in a season (where avoiding repeats is hard)")
    swiss_case(20, 10)
    individual_case(24, 7)


if __name__ == "__main__":
    run(main)
