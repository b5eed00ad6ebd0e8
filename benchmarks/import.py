"""A 40,000-row CSV import of players (about 1.3 MB): the import as it runs now (read, check
every row, bulk inserts in one transaction) against the first version's row-by-row loop
(a query to find each member number, an INSERT per player and a get_or_create per
membership), measured in the same run on fresh clubs; then the same file as a background
job (in-process here) with its progress writes.

Run: .venv/bin/python benchmarks/import.py  (SQLite in a temp folder; DATABASE_URL for PostgreSQL)
--smoke (or BENCH_SMOKE=1): 300 rows.
"""

from __future__ import annotations

import time

import _django
from _smoke import pick, run

_django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, reset_queries, transaction
from django.test.utils import CaptureQueriesContext

from club.celery import app
from club.models import Club, ClubRole, Membership, Player
from club.services.import_jobs import start_import_job
from club.services.player_import import import_rows, parse_csv

ROWS = pick(40_000, 300)
# The import's speed, not the club's size (TROEF_CLUB_MAX_MEMBERS, benchmarks/club_size.py):
# these clubs may hold the whole file.
settings.TROEF_CLUB_MAX_MEMBERS = max(settings.TROEF_CLUB_MAX_MEMBERS, ROWS)


def csv_bytes(rows: int, prefix: str) -> bytes:
    return ("name,first name,member number,club\n" + "".join(
        f"Name{i:05d},First{i},{prefix}{i:06d},\n" for i in range(rows))).encode()


def row_by_row(club: Club, rows: list[list[str]]) -> None:
    """The first version's write loop (checks left out: they cost the same in both)."""
    with transaction.atomic():
        for last, first, member, _club in rows[1:]:
            player = Player.objects.filter(member_number=member).first() if member else None
            if player is None:
                player = Player.objects.create(last_name=last, first_name=first,
                                               member_number=member)
            Membership.objects.get_or_create(club=club, player=player, defaults={"active": True})


def fresh_club(user, slug: str) -> Club:
    club = Club.objects.create(name=slug.title(), slug=slug)
    ClubRole.objects.create(user=user, club=club)
    return club


def main():
    user = get_user_model().objects.create_user("bench", password="x")
    data = csv_bytes(ROWS, "N")
    print(f"{ROWS} rows, {len(data) / 1e6:.2f} MB, database {connection.vendor}")

    start = time.perf_counter()
    parsed = parse_csv(data)
    read = time.perf_counter() - start
    assert parsed.report.ok
    print(f"read and refuse-junk check: {read * 1000:.0f} ms")

    club = fresh_club(user, "bulk")
    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        report = import_rows(user, club, parsed.rows)
        bulk = time.perf_counter() - start
    assert report.ok and report.created == ROWS, report.errors[:3]
    print(f"import now (check + bulk write): {bulk:.2f} s, {len(queries)} queries")

    club = fresh_club(user, "again")  # every member number exists: all linked
    start = time.perf_counter()
    report = import_rows(user, club, parsed.rows)
    relink = time.perf_counter() - start
    assert report.ok and report.linked == ROWS
    print(f"the same file into a second club (all {ROWS} players linked): {relink:.2f} s")

    club = fresh_club(user, "naive")
    old = parse_csv(csv_bytes(ROWS, "O")).rows
    start = time.perf_counter()
    row_by_row(club, old)
    naive = time.perf_counter() - start
    print(f"first version's row-by-row write: {naive:.2f} s")
    print(f"ratio row-by-row / now: {naive / bulk:.1f}x  (target: well inside the 30 s request "
          f"timeout; big files run as a job anyway)")

    app.conf.task_always_eager = True
    club = fresh_club(user, "job")
    start = time.perf_counter()
    job = start_import_job(user, club, csv_bytes(ROWS, "J"), ROWS)
    as_job = time.perf_counter() - start
    assert job.status == "done", job.errors
    print(f"as a background job (stored file, progress writes, in-process): {as_job:.2f} s")


if __name__ == "__main__":
    run(main)
