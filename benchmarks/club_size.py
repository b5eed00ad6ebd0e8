"""A club at its largest (issue 27, break 1): a club of TROEF_CLUB_MAX_MEMBERS players (5,000),
its member export and the pages that choose among its players, as they are now against
how they were (measured in the same run on the same club):

- the CSV export: streamed from a database iterator (time to the first byte and in all)
  against the whole file built before the answer (django-tables2's dataset, then the file);
- the XLSX export: written row by row in openpyxl's write-only mode against the first
  version's full workbook of cells;
- the entries page and a new pair's page: a search (nothing listed, then one search's page)
  against every member listed (TROEF_LIST_ALL_MAX raised above the club's size);
- the lists still written whole (``SafeTableExport``): the standings CSV and XLSX of a
  played championship of --entries pairs (500; a row each) and the club's ratings CSV and
  XLSX (a row per rated player: twice the entries). Their rows are bounded by the club's
  size (TROEF_CLUB_MAX_MEMBERS, TROEF_CLUB_MAX_PAIRS): --entries 2500 --members 1 is a
  ratings list of 5,000 players.

Run: .venv/bin/python benchmarks/club_size.py [--members N]  (SQLite in a temp folder;
DATABASE_URL for PostgreSQL). --members beyond the limit measures a club that grew before
the limit existed (its XLSX is refused: only the CSV is measured).
--smoke (or BENCH_SMOKE=1): 120 members, a list threshold of 50, 8 entries of 2 rounds.
"""

from __future__ import annotations

import argparse
import io
import time

import _django
from _smoke import check, pick, run, target

_django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.translation import override

from club.exports import SafeTableExport, readable, sheet_title, xlsx_value
from club.models import Club, ClubRole, Membership, Player
from club.tables import MemberTable

LINES = [0]
#: What "a few seconds" means here: no request of a full club takes longer.
TARGET_SECONDS = 2.0


def old_xlsx(title, headers, rows) -> bytes:
    """The first version's XLSX writer: every cell in a workbook in memory, then saved."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.title = sheet_title(title)
    bold = Font(bold=True)
    for number, row in enumerate([headers, *rows], 1):
        for column, value in enumerate(row, 1):
            cell = sheet.cell(row=number, column=column)
            value = xlsx_value(readable(value))
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"
            if number == 1:
                cell.font = bold
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def big_club(members: int):
    user = get_user_model().objects.create_user("bench", password="x")
    club = Club.objects.create(name="Big", slug="big")
    ClubRole.objects.create(user=user, club=club)
    for start in range(0, members, 5_000):
        players = Player.objects.bulk_create(
            Player(last_name=f"Name{i:05d}", first_name=f"First{i}", member_number=f"M{i}")
            for i in range(start, min(start + 5_000, members)))
        Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    from tests.factories import make_championship

    return user, club, make_championship(club, entries=0, entry_type="individual")


def timed_get(client: Client, url: str, **params) -> tuple[float, float, int, int]:
    """(seconds to the first byte, seconds in all, bytes, queries) of a GET; ``LINES``
    holds its lines."""
    reset_queries()  # a full log (9,000 queries) would count none
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        response = client.get(url, params)
        if response.streaming:
            chunks = iter(response.streaming_content)
            first = next(chunks)
            first_byte = time.perf_counter() - start
            body = first + b"".join(chunks)
        else:
            first_byte = time.perf_counter() - start
            body = response.content
        size = len(body)
        LINES[:] = [body.count(b"\n")]
        total = time.perf_counter() - start
    check(response.status_code == 200, f"GET {url} {params}: {response.status_code}")
    return first_byte, total, size, len(queries)


def old_export(club: Club, export_format: str) -> tuple[float, int]:
    """The export as it was built before: the whole table as a dataset, then the file."""
    start = time.perf_counter()
    table = MemberTable(Membership.objects.filter(club=club).select_related("player"),
                        exclude=("member_number",))  # as the public's export
    exporter = SafeTableExport(export_format, table)
    if export_format == "csv":
        size = len(exporter.response("x.csv").content)
    else:
        size = len(old_xlsx("Members", exporter.dataset.headers, list(exporter.dataset)))
    return time.perf_counter() - start, size


def line(what: str, before: float, first_byte: float, total: float, size_before: int,
         size: int) -> None:
    print(f"{what:<34} before {before:6.2f} s ({size_before / 1e6:5.2f} MB)   now first byte "
          f"{first_byte:6.3f} s, in all {total:6.2f} s ({size / 1e6:5.2f} MB)   "
          f"ratio before / now (first byte) {before / max(first_byte, 1e-6):6.1f}x")


def whole_exports(client: Client, club: Club, entries: int, rounds: int) -> float:
    """The standings and ratings exports, written whole: seconds of the slowest."""
    from django.db import transaction

    from club.services.ratings import club_key, rebuild
    from tests.factories import make_played_championship

    champ = make_played_championship(entries, rounds, club=club)
    with transaction.atomic():
        rebuild(club_key(club.pk))
    slowest = 0.0
    for what, url, rows in (("standings", f"/championships/{champ.pk}/standings/", entries),
                            ("ratings", f"/clubs/{club.slug}/ratings/", 2 * entries)):
        for export in ("csv", "xlsx"):
            _fb, total, size, queries = timed_get(client, url, _export=export)
            if export == "csv":
                check(LINES[0] == rows + 1, f"the {what} CSV has {rows} rows ({LINES[0]} lines)")
            print(f"{what + ' ' + export.upper() + f' ({rows} rows)':<34} {total:6.2f} s "
                  f"({size / 1e6:5.2f} MB), {queries} queries")
            slowest = max(slowest, total)
    return slowest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=None)
    parser.add_argument("--entries", type=int, default=pick(500, 8),
                        help="pairs of the played championship whose standings export")
    parser.add_argument("--rounds", type=int, default=pick(5, 2))
    args = parser.parse_args()
    if pick(False, True):
        settings.TROEF_CLUB_MAX_MEMBERS, settings.TROEF_LIST_ALL_MAX = 120, 50
    members = args.members or int(settings.TROEF_CLUB_MAX_MEMBERS)
    user, club, champ = big_club(members)
    anonymous, organiser = Client(), Client()
    organiser.force_login(user)
    print(f"a club of {members} members (TROEF_CLUB_MAX_MEMBERS={settings.TROEF_CLUB_MAX_MEMBERS},"
          f" TROEF_LIST_ALL_MAX={settings.TROEF_LIST_ALL_MAX}), database {connection.vendor}")
    worst = 0.0
    url = f"/clubs/{club.slug}/"
    anonymous.get("/clubs/")  # the URLs, templates and translations loaded: not measured
    old_xlsx("warm", ["a"], [["b"]])  # openpyxl loaded: not measured either

    with override("en"):
        before, size_before = old_export(club, "csv")
    first_byte, total, size, queries = timed_get(anonymous, url, _export="csv")
    check(LINES[0] == members + 1, f"the CSV has every row ({LINES[0]} lines)")
    line("members CSV (anonymous)", before, first_byte, total, size_before, size)
    print(f"{'':34} {queries} queries")
    worst = max(worst, first_byte)

    if members <= int(settings.TROEF_CLUB_MAX_MEMBERS):
        with override("en"):
            before, size_before = old_export(club, "xlsx")
        first_byte, total, size, queries = timed_get(anonymous, url, _export="xlsx")
        line("members XLSX (anonymous)", before, first_byte, total, size_before, size)
        print(f"{'':34} {queries} queries")
        worst = max(worst, total)

    entries = f"/championships/{champ.pk}/entries/"
    pair_add = f"/clubs/{club.slug}/pairs/add/"
    threshold = settings.TROEF_LIST_ALL_MAX
    for what, page, search in (("entries page", entries, {"q": "name0001"}),
                               ("new pair's page", pair_add, {"first_q": "first12",
                                                              "second_q": "name0003"})):
        settings.TROEF_LIST_ALL_MAX = members + 1  # as before: every member listed
        _fb, before, size_before, _q = timed_get(organiser, page)
        settings.TROEF_LIST_ALL_MAX = threshold
        _fb, now, size, _q = timed_get(organiser, page)
        line(f"{what}, nothing listed", before, now, now, size_before, size)
        _fb, found, found_size, queries = timed_get(organiser, page, **search)
        print(f"{what + ', a search':<34} {found:6.3f} s ({found_size / 1e6:5.2f} MB), "
              f"{queries} queries")
        check(size < size_before, f"the {what} lists no one")
        worst = max(worst, now, found)

    worst = max(worst, whole_exports(organiser, club, args.entries, args.rounds))
    print(f"slowest request now (a streamed CSV to its first byte): {worst:.2f} s; target under "
          f"{TARGET_SECONDS:.0f} s: {target(worst < TARGET_SECONDS)}")


if __name__ == "__main__":
    run(main)
