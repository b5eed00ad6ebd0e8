"""Live results in the hall: phones refreshing the public standings while scorers type.

The scene of issue 17: 200 phones refresh the public standings of a 272-entry championship
every 10 s (each sends the ETag of its last answer) while 8 scorers enter deals of the
current round's 136 tables through gunicorn. Four measurements in one run, on a throwaway
database (a fresh PostgreSQL database next to DATABASE_URL's, or SQLite in a temp folder):
  1. entry alone: the 8 scorers, no readers (the baseline);
  2. entry with the 200 phones reading: the same scorers, on another round's tables;
  3. unchanged standings: clients asking with the current ETag as fast as they can
     (answers 304: what a hall of phones costs between two changes);
  4. changed standings: in a second championship of one-deal matches, a deal entered (its
     table finishes: the standings change), then the standings asked for with the ETag of
     the page before: ranked and rendered again (p50 / p95 of those).
Targets: (2) within 10% of (1); (3) >= 500 requests/s on 2 cores; (4) under 150 ms.

The server runs as docker-compose.yml runs it in production: gunicorn with 3 sync workers,
--preload, and the shared Redis cache (REDIS_CACHE_URL; default redis://127.0.0.1:6379/13,
a database this benchmark empties first; "--cache local" for a cache per worker instead).

Run: .venv/bin/python benchmarks/live.py [--seconds 8] [--phones 200] [--workers 3]
--smoke (or BENCH_SMOKE=1): 8 tables, 4 phones every second, 2 scorers, 1 pair of 1 s
measurements, 1 worker, 3 changes; fails on a failed entry or an unexpected answer.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time

from _http import Client, free_port, fresh_database, start_gunicorn, summary
from _smoke import SMOKE, check, pick, run, target

TABLES = pick(136, 8)
PASSWORD = "bench-pw-12345"
REFRESH_SECONDS = pick(10.0, 1.0)
CHANGES = pick(40, 3)  # standings asked for after a change

os.environ["DATABASE_URL"] = fresh_database("live")
os.environ["DJANGO_DEBUG"] = "0"
if "--cache" in sys.argv and sys.argv[sys.argv.index("--cache") + 1:][:1] == ["local"]:
    os.environ.pop("REDIS_CACHE_URL", None)
else:
    os.environ.setdefault("REDIS_CACHE_URL", "redis://127.0.0.1:6379/13")
import _django

_django.setup()

from club.models import Round, Table
from tests.factories import make_championship, make_club, make_round, make_user


def seed(pairs: int):
    """The championship the phones read and the scorers type (long matches: the standings
    stay as they are), and one of one-deal matches, where every deal finishes a table and
    so changes the standings."""
    user = make_user("bench", password=PASSWORD)
    club = make_club("bench-club", organiser=user)
    champ = make_championship(club, entries=2 * TABLES, rules="house", public=True,
                              match_format={"kind": "games", "count": 50, "minutes": None})
    rounds = [make_round(champ, number=n, status=Round.Status.PUBLISHED)
              for n in range(1, 2 * pairs + 1)]
    short = make_championship(club, entries=2 * TABLES, rules="house", public=True,
                              name="One-deal matches",
                              match_format={"kind": "deals", "count": 1, "minutes": None})
    rounds.append(make_round(short, status=Round.Status.PUBLISHED))
    return champ, short, [list(Table.objects.filter(round=r).order_by("number"))
                          for r in rounds]


def scorers(port: int, tables, clients: int, seconds: float, name: str) -> float:
    """``clients`` scorers typing deals on their share of ``tables`` for ``seconds``."""
    shares = [tables[i::clients] for i in range(clients)]
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    ready = threading.Barrier(clients + 1)
    deadline = [time.perf_counter() + 3600]

    def work(index: int) -> None:
        client = Client(port)
        client.login("bench", PASSWORD)
        rng = random.Random(100 + index)
        versions = {table.pk: 0 for table in shares[index]}
        mine, count = [], 0
        ready.wait()
        while time.perf_counter() < deadline[0]:
            for table in shares[index]:
                if time.perf_counter() > deadline[0]:
                    break
                body = {"version": versions[table.pk], "dealer": count % 4,
                        "trump": rng.choice("cdhsn"), "points": rng.randint(0, 60),
                        "doubling": 1, "csrfmiddlewaretoken": client.cookies["csrftoken"]}
                t0 = time.perf_counter()
                status, _ = client.request("POST", f"/tables/{table.pk}/sheet/", body)
                if status == 302:
                    mine.append(time.perf_counter() - t0)
                    versions[table.pk] += 1
                else:
                    with lock:
                        errors[0] += 1
            count += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    ready.wait()
    start = time.perf_counter()
    deadline[0] = start + seconds
    for thread in threads:
        thread.join()
    return summary(name, latencies, time.perf_counter() - start, errors[0])


class Phones:
    """``count`` phones refreshing ``path`` every REFRESH_SECONDS, spread evenly, each with
    the ETag of its own last answer; a few threads make the requests on time."""

    def __init__(self, port: int, path: str, count: int, threads: int = 4) -> None:
        self.port, self.path, self.count, self.threads = port, path, count, threads
        self.etags: list[str | None] = [None] * count
        self.answers = {200: 0, 304: 0, "other": 0}
        self.latencies: list[float] = []
        self.stop = threading.Event()
        self.paused = threading.Event()  # between two measurements with readers
        self.paused.set()
        self.lock = threading.Lock()

    def run(self, index: int) -> None:
        client = Client(self.port)
        mine = list(range(index, self.count, self.threads))
        interval = REFRESH_SECONDS / self.count * self.threads  # this thread's pace
        due = time.perf_counter() + index * REFRESH_SECONDS / self.count
        while not self.stop.is_set():
            for phone in mine:
                if self.paused.is_set():
                    while self.paused.is_set() and not self.stop.wait(0.05):
                        pass
                    due = time.perf_counter() + index * REFRESH_SECONDS / self.count
                pause = due - time.perf_counter()
                if pause > 0 and self.stop.wait(pause):
                    return
                due += interval
                extra = {"If-None-Match": self.etags[phone]} if self.etags[phone] else {}
                t0 = time.perf_counter()
                status, _text, headers = client.exchange("GET", self.path, extra=extra)
                elapsed = time.perf_counter() - t0
                with self.lock:
                    self.latencies.append(elapsed)
                    self.answers[status if status in (200, 304) else "other"] += 1
                if status == 200 and headers.get("etag"):
                    self.etags[phone] = headers["etag"]

    def __enter__(self):
        self.workers = [threading.Thread(target=self.run, args=(i,))
                        for i in range(self.threads)]
        for worker in self.workers:
            worker.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for worker in self.workers:
            worker.join()


def unchanged(port: int, path: str, clients: int, seconds: float) -> float:
    """Clients asking with the current ETag as fast as they can: the 304 rate."""
    etag = Client(port).exchange("GET", path)[2].get("etag")
    if not etag:
        print("unchanged standings: the page sends no ETag (every request renders it)")
    counts, latencies, lock = [], [], threading.Lock()
    deadline = time.perf_counter() + seconds

    def work() -> None:
        client, mine, statuses = Client(port), [], {}
        while time.perf_counter() < deadline:
            t0 = time.perf_counter()
            status = client.exchange("GET", path, extra={"If-None-Match": etag} if etag
                                     else None)[0]
            mine.append(time.perf_counter() - t0)
            statuses[status] = statuses.get(status, 0) + 1
        with lock:
            latencies.extend(mine)
            counts.append(statuses)

    threads = [threading.Thread(target=work) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    statuses: dict = {}
    for one in counts:
        for key, value in one.items():
            statuses[key] = statuses.get(key, 0) + value
    ms = sorted(x * 1000 for x in latencies)
    rate = len(latencies) / elapsed
    print(f"{'unchanged standings, ' + str(clients) + ' clients':<34} {len(latencies):>6} "
          f"requests {rate:8.1f}/s  p50 {statistics.median(ms):6.2f} ms  answers {statuses}")
    check(bool(etag) and set(statuses) == {304}, f"unchanged standings: ETag {etag!r}, answers "
          f"{statuses} (expected 304 only)")
    return rate


def changed(port: int, path: str, tables, rounds: int) -> list[float]:
    """A deal that finishes its table entered, then the standings asked for with the ETag
    of the page before (a new ranking and rendering): ``rounds`` times."""
    scorer, reader = Client(port), Client(port)
    scorer.login("bench", PASSWORD)
    etag = reader.exchange("GET", path)[2].get("etag")
    times, rng = [], random.Random(7)
    for i, table in enumerate(tables[:rounds]):
        status, _ = scorer.request("POST", f"/tables/{table.pk}/sheet/", {
            "version": 0, "dealer": 0, "trump": "h", "points": rng.randint(31, 60),
            "doubling": 1, "csrfmiddlewaretoken": scorer.cookies["csrftoken"]})
        t0 = time.perf_counter()
        status, _text, headers = reader.exchange(
            "GET", path, extra={"If-None-Match": etag} if etag else None)
        times.append((time.perf_counter() - t0) * 1000)
        if status != 200:
            print(f"changed standings: answer {status} after a change (expected 200)")
            check(False, f"changed standings: answer {status} after a change")
        etag = headers.get("etag", etag)
    check(len(times) == rounds, f"changed standings: {len(times)} of {rounds} changes")
    times.sort()
    print(f"{'changed standings (new rendering)':<34} {len(times):>6} requests"
          f"  p50 {statistics.median(times):6.2f} ms  p95 {times[int(0.95 * (len(times) - 1))]:6.2f}"
          f" ms")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=pick(8.0, 1.0), help="per measurement")
    parser.add_argument("--phones", type=int, default=pick(200, 4))
    parser.add_argument("--scorers", type=int, default=pick(8, 2))
    parser.add_argument("--pairs", type=int, default=pick(3, 1),
                        help="alternating measurements without and with the phones")
    parser.add_argument("--workers", type=int, default=pick(3, 1),
                        help="gunicorn sync worker processes (docker-compose.yml: 3)")
    parser.add_argument("--cache", choices=("redis", "local"), default="redis",
                        help="the shared Redis cache as in production, or one per worker")
    args = parser.parse_args()
    from django.core.cache import cache
    from django.db import connection

    cache.clear()  # this benchmark's own Redis database (ids repeat in each fresh database)

    champ, short, rounds = seed(args.pairs)
    path = f"/championships/{champ.pk}/standings/"
    print(f"database: {connection.vendor}; {2 * TABLES} entries, {TABLES} tables a round; "
          f"{os.cpu_count()} CPU(s); gunicorn {args.workers} sync worker(s) --preload; cache "
          f"{os.environ.get('REDIS_CACHE_URL') or 'local memory per worker'}; {args.phones} "
          f"phones every {REFRESH_SECONDS:g} s")
    connection.close()
    port = free_port()
    server = start_gunicorn(port, args.workers, 1)
    try:
        alone, busy, answers, latencies = [], [], {200: 0, 304: 0, "other": 0}, []
        with Phones(port, path, args.phones) as phones:  # paused until the first reading
            for i in range(args.pairs):
                # alternately, so that a machine getting busier or quieter weighs on both
                for readers in ((False, True) if i % 2 == 0 else (True, False)):
                    tables = rounds[2 * i + (1 if readers else 0)]
                    if not readers:
                        alone.append(scorers(port, tables, args.scorers, args.seconds,
                                             f"entry alone ({i + 1})"))
                        continue
                    phones.paused.clear()
                    if i == 0:  # every phone has asked once: it has an ETag
                        give_up = time.perf_counter() + 6 * REFRESH_SECONDS
                        time.sleep(REFRESH_SECONDS)
                        while None in phones.etags and time.perf_counter() < give_up:
                            time.sleep(0.5)
                        phones.paused.set()  # back on schedule: no catching up in the
                        time.sleep(0.5)  # measurement with the first answers' delay
                        phones.paused.clear()
                    with phones.lock:
                        phones.answers = {200: 0, 304: 0, "other": 0}
                        phones.latencies = []
                    busy.append(scorers(port, tables, args.scorers, args.seconds,
                                        f"entry, {args.phones} phones reading ({i + 1})"))
                    phones.paused.set()
                    with phones.lock:
                        latencies += phones.latencies
                        for key, value in phones.answers.items():
                            answers[key] += value
                print(f"{'  ratio of this pair':<34} {busy[-1] / alone[-1]:.2f}x")
        ms = sorted(x * 1000 for x in latencies)
        print(f"{'  the phones meanwhile':<34} {len(ms):>6} requests  p50 "
              f"{statistics.median(ms):6.2f} ms  answers {answers}")
        check(answers["other"] == 0, f"the phones had {answers['other']} answers not 200 or 304")
        rate = unchanged(port, path, args.scorers, args.seconds)
        times = changed(port, f"/championships/{short.pk}/standings/", rounds[-1], CHANGES)
    finally:
        server.terminate()
        server.wait(10)
        if SMOKE:
            cache.clear()  # nothing of this run left in the cache's database
    ratios = sorted(b / a for a, b in zip(alone, busy, strict=True))
    ratio = statistics.median(ratios)
    print(f"ratio: entry with readers / entry alone = {ratio:.2f}x, median of "
          f"{len(ratios)} alternating pairs ({', '.join(f'{r:.2f}' for r in ratios)}); "
          f"totals {sum(busy) / sum(alone):.2f}x (target >= 0.90: "
          f"{target(ratio >= 0.9)})")
    print(f"unchanged standings: {rate:.0f} requests/s (target >= 500: "
          f"{target(rate >= 500)}); changed: p50 {statistics.median(times):.0f} "
          f"ms (target < 150: {target(statistics.median(times) < 150)})")


if __name__ == "__main__":
    run(main)
