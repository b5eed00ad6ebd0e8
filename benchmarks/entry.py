"""Deals entered per second through the real HTTP stack: gunicorn workers, logged-in
organisers posting the sheet's entry row from concurrent clients, as 3-4 people typing a
world championship round (136 tables) at once would, only much faster.

Three measurements in one run, on a throwaway database (SQLite in a temp folder, or a fresh
PostgreSQL database next to the one DATABASE_URL names), each on its own round's tables:
  1. baseline: the same entries through the service function in-process (no HTTP);
  2. HTTP, one client;
  3. HTTP, several clients at once.
Each prints entries/s and p50/p95 latency; ratios compare them. Bounded in time.

Run: .venv/bin/python benchmarks/entry.py [--seconds 8] [--clients 8] [--workers 4]
--smoke (or BENCH_SMOKE=1): 8 tables, 3 deals each, 2 clients, 1 worker; fails on any error.
"""

from __future__ import annotations

import argparse
import os
import random
import threading
import time

from _http import Client, cpu_seconds, free_port, fresh_database, start_gunicorn, summary
from _smoke import check, pick, run, target

TABLES = pick(136, 8)  # a 544-player round
DEALS_PER_TABLE = pick(24, 3)  # a long sheet; the service replays the whole sheet on every entry
PASSWORD = "bench-pw-12345"


os.environ["DATABASE_URL"] = fresh_database("entry")
os.environ["DJANGO_DEBUG"] = "0"
import _django

_django.setup()

from club.models import ClubRole, Round, Table
from club.selectors.sheets import Actor, load_table
from club.services.sheets import enter_deal
from tests.factories import make_championship, make_club, make_round, make_user


def seed():
    user = make_user("bench", password=PASSWORD)
    club = make_club("bench-club", organiser=user)
    champ = make_championship(club, entries=2 * TABLES, rules="house",
                              match_format={"kind": "games", "count": 50, "minutes": None})
    rounds = [make_round(champ, number=n, status=Round.Status.PUBLISHED) for n in (1, 2, 3)]
    ClubRole.objects.get_or_create(user=user, club=club)
    return user, [list(Table.objects.filter(round=r).order_by("number")) for r in rounds]


def random_deal(rng: random.Random, count: int) -> dict:
    trump = rng.choice("cdhsn")
    points = rng.randint(0, 60)
    return {"dealer": count % 4, "trump": trump, "points": points}


def facts(deal: dict) -> dict:
    return {"dealer": deal["dealer"], "trump": None if deal["trump"] == "n" else deal["trump"],
            "doubling": 1, "points": deal["points"], "points_other": 60 - deal["points"],
            "all_tricks": None, "renonce": None, "cancelled": False, "blind": False,
            "en_face": False, "tricks": None}


def in_process(user, tables, seconds: float) -> float:
    """Baseline: the service function, in this process, one entry after another."""
    rng = random.Random(1)
    actor = Actor(user)
    latencies, errors, deadline = [], 0, time.perf_counter() + seconds
    start = time.perf_counter()
    for count in range(DEALS_PER_TABLE):
        for table in tables:
            if time.perf_counter() > deadline:
                break
            t0 = time.perf_counter()
            try:
                ctx = load_table(actor, table.pk)
                enter_deal(actor, table.pk, ctx.table.version, facts(random_deal(rng, count)),
                           ctx=ctx)
                latencies.append(time.perf_counter() - t0)
            except Exception as exc:  # noqa: BLE001 (counted and printed)
                errors += 1
                check(False, f"in-process entry on table {table.number}: {exc!r}")
    return summary("in-process service (baseline)", latencies, time.perf_counter() - start,
                   errors)


def over_http(port: int, tables, clients: int, seconds: float, name: str,
              server_pid: int) -> float:
    """``clients`` threads, each typing its own share of the tables, round-robin."""
    shares = [tables[i::clients] for i in range(clients)]
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    ready = threading.Barrier(clients + 1)
    deadline = [0.0]

    def work(index: int) -> None:
        client = Client(port)
        client.login("bench", PASSWORD)
        rng = random.Random(100 + index)
        versions = {table.pk: 0 for table in shares[index]}
        mine = []
        ready.wait()
        for count in range(DEALS_PER_TABLE):
            for table in shares[index]:
                if time.perf_counter() > deadline[0]:
                    break
                deal = random_deal(rng, count)
                body = {"version": versions[table.pk], "dealer": deal["dealer"],
                        "trump": deal["trump"], "points": deal["points"], "doubling": 1,
                        "csrfmiddlewaretoken": client.cookies["csrftoken"]}
                t0 = time.perf_counter()
                status, _ = client.request("POST", f"/tables/{table.pk}/sheet/", body)
                if status == 302:
                    mine.append(time.perf_counter() - t0)
                    versions[table.pk] += 1
                else:
                    with lock:
                        errors[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds + 3600  # set for real once all logged in
    ready.wait()
    before = cpu_seconds(server_pid)
    start = time.perf_counter()
    deadline[0] = start + seconds
    for thread in threads:
        thread.join()
    rate = summary(name, latencies, time.perf_counter() - start, errors[0])
    after = cpu_seconds(server_pid)
    if latencies:
        used = {key: (after[key] - before[key]) * 1000 / len(latencies) for key in after}
        print(f"{'':34} CPU a entry: web {used['web']:.2f} ms, database "
              f"{used['database']:.2f} ms, clients {used['clients']:.2f} ms")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=pick(8.0, 20.0), help="per measurement")
    parser.add_argument("--clients", type=int, default=pick(8, 2))
    parser.add_argument("--workers", type=int, default=pick(4, 1), help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1, help="threads a worker (gthread)")
    args = parser.parse_args()
    from django.db import connection

    user, rounds = seed()
    print(f"database: {connection.vendor}; {TABLES} tables a round, up to {DEALS_PER_TABLE} "
          f"deals a table; {os.cpu_count()} CPU(s); gunicorn {args.workers} worker(s) x "
          f"{args.threads} thread(s)")
    base = in_process(user, rounds[0], args.seconds)
    connection.close()
    port = free_port()
    server = start_gunicorn(port, args.workers, args.threads)
    try:
        one = over_http(port, rounds[1], 1, args.seconds, "HTTP, 1 client", server.pid)
        many = over_http(port, rounds[2], args.clients, args.seconds,
                         f"HTTP, {args.clients} clients at once", server.pid)
    finally:
        server.terminate()
        server.wait(10)
    print(f"ratio: {args.clients} clients / 1 client = {many / one:.2f}x; "
          f"{args.clients} clients over HTTP / in-process service = {many / base:.2f}x")
    if connection.vendor == "postgresql":
        print(f"target 300 entries/s: {target(many >= 300)} ({many:.0f}/s)")
    else:  # the embedded default: one writer at a time, no server process to share the CPU
        print(f"target 300 entries/s is for PostgreSQL (set DATABASE_URL); on "
              f"{connection.vendor}: {many:.0f}/s")


if __name__ == "__main__":
    run(main)
