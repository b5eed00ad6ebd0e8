"""Standings of 512 pairs over 15 rounds: computation time against a naive per-match loop,
and the standings page's render time (django-tables2, 100 rows a page).

Run: .venv/bin/python benchmarks/standings.py  (SQLite in a temp folder; DATABASE_URL for PostgreSQL)
"""

from __future__ import annotations

import statistics
import time

import _django

_django.setup()

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Entry, MatchResult
from club.selectors.standings import standings_page
from tests.factories import make_played_championship

ENTRIES, ROUNDS = 512, 15


def best_of(fn, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def naive_standings(champ):
    """What a first version would do: per entry, fetch its matches and add them up."""
    rows = []
    for entry in Entry.objects.filter(championship=champ):
        mp = pf = pa = wins = 0
        for result in MatchResult.objects.filter(entry=entry, finished=True):
            wins += result.result == "win"
            mp += {"win": 2, "draw": 1}.get(result.result, 0)
            pf += result.points_for
            pa += result.points_against
        rows.append((-mp, -(pf - pa), -pf, entry.name, entry.pk))
    rows.sort()
    return rows


def main():
    start = time.perf_counter()
    champ = make_played_championship(ENTRIES, ROUNDS, seed=2026)
    champ.public = True
    champ.save()
    print(f"built {ENTRIES} pairs x {ROUNDS} rounds "
          f"({MatchResult.objects.count()} match rows) in {time.perf_counter() - start:.1f} s")
    fast, fast_med = best_of(lambda: standings_page(champ))
    naive, naive_med = best_of(lambda: naive_standings(champ), repeat=2)
    with CaptureQueriesContext(connection) as queries:
        standings_page(champ)
    print(f"standings computation: {fast * 1000:.1f} ms (median {fast_med * 1000:.1f} ms, "
          f"{len(queries)} queries)")
    print(f"naive per-match loop:  {naive * 1000:.1f} ms (median {naive_med * 1000:.1f} ms)")
    print(f"ratio naive / standings: {naive / fast:.1f}x  (target >= 20x, < 150 ms)")
    client = Client()
    url = reverse("championship-standings", args=[champ.pk])
    client.get(url)
    page, page_med = best_of(lambda: client.get(url))
    full, _m = best_of(lambda: client.get(url, {"per_page": ENTRIES}), repeat=3)
    print(f"standings page (100 rows a page): {page * 1000:.1f} ms (median {page_med * 1000:.1f} ms)"
          f"  (target < 300 ms)")
    print(f"standings page, all {ENTRIES} rows on one page: {full * 1000:.1f} ms")


if __name__ == "__main__":
    main()
