"""Standings of 512 pairs over 15 rounds, every table played deal by deal by engine's
heuristic players: the standings computation (ranking from the derived match rows) against a
naive per-match loop that reads and scores every match's deals again, and the standings
page's render time (django-tables2, 100 rows a page), rebuilt and stored.

Run: .venv/bin/python benchmarks/standings.py  (SQLite in a temp folder; DATABASE_URL for PostgreSQL)
--smoke (or BENCH_SMOKE=1): 8 pairs over 2 rounds, each timing once; the pages must answer 200.
"""

from __future__ import annotations

import statistics
import time

import _django
from _smoke import SMOKE, check, pick, run

_django.setup()

from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Deal, Entry, MatchResult, Seat, Table
from club.selectors.replay import championship_rules, deal_result, match_format
from club.selectors.standings import compute_standings
from club.services.standings import results_changed
from scoring import score_match
from tests.factories import make_played_championship

ENTRIES, ROUNDS = pick(512, 8), pick(15, 2)


def best_of(fn, repeat=5):
    times = []
    for _ in range(pick(repeat, 1)):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def naive_standings(champ):
    """What a first version would do: for every match, read its deals and score them again,
    then add each entry's matches up and sort."""
    rules, fmt = championship_rules(champ), match_format(champ)
    totals = {}
    for table in Table.objects.filter(round__stage__championship=champ):
        seats = {s.side: s.entry_id for s in Seat.objects.filter(table=table)}
        deals = [deal_result(d) for d in Deal.objects.filter(table=table).order_by("number")]
        outcome = score_match(deals, fmt, rules, first_dealer_side=table.first_dealer % 2)
        for side, entry in seats.items():
            view = outcome.side(side)
            mp, pf, pa = totals.get(entry, (0, 0, 0))
            totals[entry] = (mp + {"win": 2, "draw": 1}.get(view.result, 0),
                             pf + view.points_for, pa + view.points_against)
    return sorted(totals, key=lambda e: (-totals[e][0], -(totals[e][1] - totals[e][2]),
                                         -totals[e][1]))


def main():
    start = time.perf_counter()
    champ = make_played_championship(ENTRIES, ROUNDS, seed=2026, with_deals=True)
    champ.public = True
    champ.save()
    print(f"built {ENTRIES} pairs x {ROUNDS} rounds ({Deal.objects.count()} deals, "
          f"{MatchResult.objects.count()} match rows) in {time.perf_counter() - start:.1f} s")
    ids = list(Entry.objects.filter(championship=champ).values_list("pk", flat=True))
    fast, fast_med = best_of(lambda: compute_standings(champ, None, ids))
    naive, naive_med = best_of(lambda: naive_standings(champ), repeat=2)
    reset_queries()  # the naive loop filled the log past its cap
    with CaptureQueriesContext(connection) as queries:
        compute_standings(champ, None, ids)
    print(f"standings computation: {fast * 1000:.1f} ms (median {fast_med * 1000:.1f} ms, "
          f"{len(queries)} queries)")
    print(f"naive per-match loop:  {naive * 1000:.1f} ms (median {naive_med * 1000:.1f} ms)")
    print(f"ratio naive / standings: {naive / fast:.1f}x  (target >= 20x, < 150 ms)")
    client = Client()
    url = reverse("championship-standings", args=[champ.pk])

    def rebuilt_page():
        results_changed(champ.pk)
        status = client.get(url).status_code
        check(status == 200, f"standings page answered {status}")

    rebuilt, rebuilt_med = best_of(rebuilt_page)
    print(f"standings page after a result changed (rebuilds the snapshot): {rebuilt * 1000:.1f} ms"
          f" (median {rebuilt_med * 1000:.1f} ms)")
    page, page_med = best_of(lambda: client.get(url))
    full, _m = best_of(lambda: client.get(url, {"per_page": ENTRIES}), repeat=3)
    status = client.get(url, {"per_page": ENTRIES}).status_code if SMOKE else 200
    check(status == 200, f"standings page, all rows, answered {status}")
    print(f"standings page, stored (100 rows a page): {page * 1000:.1f} ms (median {page_med * 1000:.1f} ms)"
          f"  (target < 300 ms)")
    print(f"standings page, all {ENTRIES} rows on one page: {full * 1000:.1f} ms")


if __name__ == "__main__":
    run(main)
