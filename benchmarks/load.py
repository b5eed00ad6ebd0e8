"""Load: a 544-player round's deal entries replayed by 4 organisers at once, each logged
in with their own account and typing their share of the 136 signed sheets, against
gunicorn on 127.0.0.1 (PostgreSQL when DATABASE_URL names it). Reports p50/p95/max
latency and errors, checks afterwards that every deal and every table's result is there.
Bounded: it stops after --seconds whatever is left. Target: p95 under 100 ms, no errors.
Time is called at the end: the round closes with the tables still playing scored as played.
--smoke (or BENCH_SMOKE=1): 16 players, 2 organisers, 1 worker; fails if a check does.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/troef .venv/bin/python benchmarks/load.py
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from _http import Client, free_port, fresh_database, start_gunicorn, summary
from _smoke import check, pick, run, target

PLAYERS, ORGANISERS, PASSWORD = pick(544, 16), pick(4, 2), "load-pw-12345"

os.environ["DATABASE_URL"] = fresh_database("load")
os.environ["DJANGO_DEBUG"] = "0"
import _django

_django.setup()

from django.db import connection

from club.models import ClubRole, Deal, MatchResult, Table
from club.services import draws
from club.services.closing import close_round
from club.services.rehearsal import set_up
from club.services.simulation import simulated_deals
from tests.factories import make_user


def prepare(seed: int):
    """The championship, its published first round, the organisers, and every table's deals
    as the heuristic players would play them (what the signed sheets say)."""
    championship, _owner = set_up(PLAYERS, seed)
    rnd = draws.publish_round(draws.draw_round(championship.stages.get(), seed=seed,
                                               time_limit=90))
    users = []
    for n in range(ORGANISERS):
        user = make_user(f"organiser-{n + 1}", password=PASSWORD)
        ClubRole.objects.create(user=user, club=championship.club)
        users.append(user)
    sheets = {table.pk: list(simulated_deals(table, seed * 1000 + table.number))
              for table in rnd.tables.filter(is_bye=False).select_related(
                  "round__stage__championship__rule_set")}
    return rnd, users, sheets


def replay(port: int, username: str, sheets: dict, deadline: float, out: dict) -> None:
    """One organiser: deal 1 of each of their sheets, then deal 2 of each, and so on."""
    client = Client(port)
    client.login(username, PASSWORD)
    versions = dict.fromkeys(sheets, 0)
    longest = max(len(deals) for deals in sheets.values())
    for number in range(longest):
        for table_id, deals in sheets.items():
            if number >= len(deals) or time.perf_counter() > deadline:
                continue
            facts = deals[number]
            body = {"version": versions[table_id], "dealer": facts["dealer"],
                    "trump": facts["trump"] or "n", "points": facts["points"], "doubling": 1,
                    "all_tricks": "" if facts["all_tricks"] is None else facts["all_tricks"],
                    "csrfmiddlewaretoken": client.cookies["csrftoken"]}
            start = time.perf_counter()
            status, _text = client.request("POST", f"/tables/{table_id}/sheet/", body)
            elapsed = time.perf_counter() - start
            if status == 302:
                versions[table_id] += 1
                out["latencies"].append(elapsed)
            else:
                out["errors"].append((table_id, number + 1, status))
    out["sent"] += sum(versions.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=pick(60.0, 30.0),
                        help="stop after this long")
    parser.add_argument("--workers", type=int, default=pick(4, 1),
                        help="gunicorn worker processes")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rnd, users, sheets = prepare(args.seed)
    total = sum(len(deals) for deals in sheets.values())
    print(f"database: {connection.vendor}; round of {len(sheets)} tables, {total} deals; "
          f"{ORGANISERS} organisers at once; gunicorn {args.workers} workers; "
          f"at most {args.seconds:.0f} s")
    connection.close()
    port = free_port()
    server = start_gunicorn(port, args.workers, 1)
    tables = list(sheets)
    results = [{"latencies": [], "errors": [], "sent": 0} for _ in users]
    try:
        start = time.perf_counter()
        deadline = start + args.seconds
        threads = [threading.Thread(target=replay, args=(
            port, user.username, {t: sheets[t] for t in tables[i::ORGANISERS]}, deadline,
            results[i])) for i, user in enumerate(users)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(10)
    latencies = [x for r in results for x in r["latencies"]]
    errors = [e for r in results for e in r["errors"]]
    summary(f"{ORGANISERS} organisers, deal entry", latencies, elapsed, len(errors))
    print(f"max {max(latencies) * 1000:.1f} ms; {len(latencies)} of {total} deals entered "
          f"({'all' if len(latencies) == total else 'stopped by the time limit'})")
    stored = Deal.objects.filter(table__round=rnd).count()
    # Time is called: the tables still playing are scored as played (their game in progress
    # counts); close_round refuses to close while a table that is not finished lacks a decision.
    close_round(rnd, remaining=Table.Decision.PLAYED)
    finished = MatchResult.objects.filter(table__round=rnd, finished=True).values(
        "table").distinct().count()
    print(f"check: {stored} deals stored (sent {len(latencies)}), {finished} of {len(sheets)} "
          f"tables with a finished result; errors: {errors[:5] or 'none'}")
    p95 = sorted(latencies)[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else 0
    ok = p95 < 100 and not errors and stored == len(latencies)
    check(stored == len(latencies), f"{stored} deals stored, {len(latencies)} sent")
    check(finished == len(sheets), f"{finished} of {len(sheets)} tables with a finished result")
    print(f"target p95 < 100 ms, no errors: {target(ok)} (p95 {p95:.1f} ms)")


if __name__ == "__main__":
    run(main)
