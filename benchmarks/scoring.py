"""Benchmark: score a large event's sheets into matches, then rank it.

1,000 pairs over 20 rounds, each match 20 deals (about 200,000 deals), deals drawn by a seeded
random generator of valid DealResults (not the engine). Prints the deal-scoring rate, the
ranking time from per-match records, and the ratio against a naive ranking measured in the
same run (each metric recomputed per entry by scanning every record).

Run: .venv/bin/python benchmarks/scoring.py [--entries 1000] [--rounds 20] [--deals 20]
--smoke (or BENCH_SMOKE=1): 100 entries, 4 rounds, 10 deals; the naive ranking must agree.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from _smoke import check, pick, run  # before its folder leaves the path

# This file is called scoring.py: keep its folder off the path so `import scoring` finds the package.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT))

from scoring import (
    DealResult,
    MatchFormat,
    rank_entries,
    score_deal,
    score_match,
)

RULES = "flemish"
ORDER = ("match_points", "points_diff", "points_for")
FULL_ORDER = ("match_points", "head_to_head", "opponents_strength", "points_diff")
MATCH_POINTS = (2, 1, 0)


def random_deal(rng: random.Random) -> DealResult:
    """A valid Flemish deal: mostly played out, some ties, capots, renonces and cancellations."""
    trump = rng.choice(("c", "d", "h", "s", "c", "d", "h", "s", None))
    doubling = rng.choices((1, 2, 4), weights=(80, 15, 5))[0]
    roll = rng.random()
    if roll < 0.01:
        return DealResult(points=None, trump=None, cancelled=True)
    if roll < 0.04:
        return DealResult(points=None, trump=trump, doubling=doubling, renonce=rng.randrange(2))
    if roll < 0.06:
        side = rng.randrange(2)
        return DealResult(points=(60, 0) if side == 0 else (0, 60), trump=trump,
                          doubling=doubling, all_tricks=side)
    if roll < 0.11:
        return DealResult(points=(30, 30), trump=trump, doubling=doubling)
    first = rng.randint(5, 55)
    return DealResult(points=(first, 60 - first), trump=trump, doubling=doubling)


def build_event(entries: int, rounds: int, deals: int, seed: int):
    """Tables per round (random pairing) and each table's sheet of deals."""
    rng = random.Random(seed)
    pairs = [f"pair-{n:04d}" for n in range(entries)]
    tables = []
    for round_ in range(1, rounds + 1):
        order = pairs[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            sheet, played = [], 0
            while played < deals:  # cancelled deals are dealt again: they do not count
                sheet.append(random_deal(rng))
                played += not sheet[-1].cancelled
            tables.append((round_, a, b, sheet))
    return tables


def naive_rank(records, order, match_points=MATCH_POINTS):
    """The baseline: every metric of every entry recomputed by scanning all records."""
    def metric(entry, key):
        total = 0
        for r in records:
            if r.entry != entry:
                continue
            if key == "match_points":
                total += match_points[("win", "draw", "loss").index(r.result)]
            elif key == "points_diff":
                total += r.points_for - r.points_against
            elif key == "points_for":
                total += r.points_for
        return total

    entries = sorted({r.entry for r in records}, key=str)
    keyed = sorted(((tuple(metric(e, k) for k in order), e) for e in entries), reverse=True)
    ranks, previous = {}, None
    for position, (values, entry) in enumerate(keyed, 1):
        ranks[entry] = ranks[previous[1]] if previous and previous[0] == values else position
        previous = (values, entry)
    return ranks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=pick(1000, 100))
    parser.add_argument("--rounds", type=int, default=pick(20, 4))
    parser.add_argument("--deals", type=int, default=pick(20, 10))
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    tables = build_event(args.entries, args.rounds, args.deals, args.seed)
    deal_count = sum(len(sheet) for *_, sheet in tables)
    fmt = MatchFormat.deals(args.deals)

    start = time.perf_counter()
    records = []
    for round_, a, b, sheet in tables:
        outcome = score_match(sheet, fmt, RULES)
        records += outcome.records(((a,), (b,)), round_)
    scoring_time = time.perf_counter() - start

    start = time.perf_counter()
    for *_, sheet in tables[: len(tables) // 10]:
        pending = 1
        for result in sheet:
            pending = score_deal(result, RULES, pending).pending
    bare_time = (time.perf_counter() - start) * 10

    start = time.perf_counter()
    standings = rank_entries(records, ORDER, seed=args.seed)
    rank_time = time.perf_counter() - start

    start = time.perf_counter()
    rank_entries(records, FULL_ORDER, seed=args.seed)
    full_rank_time = time.perf_counter() - start

    start = time.perf_counter()
    naive = naive_rank(records, ORDER)
    naive_time = time.perf_counter() - start
    same = all(naive[row.entry] == row.rank for row in standings)
    check(same, "the naive ranking and rank_entries disagree")

    print(f"event: {args.entries} entries, {args.rounds} rounds, {len(tables)} matches, "
          f"{deal_count} deals, {len(records)} match records (seed {args.seed})")
    print(f"scoring sheets into matches: {scoring_time:.2f} s, {deal_count / scoring_time:,.0f} deals/s")
    print(f"score_deal alone (10% sample, scaled): {bare_time:.2f} s, "
          f"{deal_count / bare_time:,.0f} deals/s")
    print(f"ranking {', '.join(ORDER)}: {rank_time * 1000:.1f} ms (target < 1000 ms)")
    print(f"ranking {', '.join(FULL_ORDER)}: {full_rank_time * 1000:.1f} ms")
    print(f"naive ranking (scan every record per entry and metric): {naive_time * 1000:.0f} ms")
    print(f"ratio naive / registry ranking: {naive_time / rank_time:.0f}x; same ranks: {same}")


if __name__ == "__main__":
    run(main)
