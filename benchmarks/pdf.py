"""Benchmark: the score sheets of a 136-table round (a world championship round) as PDF.

Builds a throwaway SQLite database (see ``_django.py``) with 272 fixed pairs seated at 136
tables, each table with a finished game to 101 (long names included), then measures in one
run:

1. one process: the sheets of all 136 tables as one document (data, HTML, WeasyPrint), in
   seconds a page, filled and blank;
2. end to end with 2 workers: the real ``club.tasks`` chunk tasks spread over a pool of 2
   processes, each rendering its chunks to files, then the merge task (pypdf);
3. the baseline: WeasyPrint alone rendering 136 minimal pages (one line of text each);
4. for the record, the standings (272 pairs) and round results (136 tables) PDFs.

Targets: 0.07 s a page or less (1), 10 s or less end to end (2). Run:
``.venv/bin/python benchmarks/pdf.py [--tables 136] [--out sheets.pdf]``. ``--smoke`` (or
BENCH_SMOKE=1): 4 tables in 2 chunks, files in a temporary folder removed at the end; the
sheets job must finish with every table.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _smoke import SMOKE, check, pick, run, target, tempdir

os.environ.pop("CELERY_BROKER_URL", None)
os.environ.setdefault("TROEF_MEDIA_ROOT", tempdir("troef-bench-media-"))
if SMOKE:  # 4 tables in 2 chunks: the pool and the merge still have work to share
    os.environ.setdefault("TROEF_REPORT_CHUNK_TABLES", "2")

import _django

_django.setup()

from django.db import connections
from pypdf import PdfReader

from club.models import (
    Championship,
    Club,
    Deal,
    Entry,
    Pair,
    Player,
    ReportJob,
    Round,
    RuleSet,
    Seat,
    Stage,
    Table,
)
from club.reports import documents, jobs, pdf
from club.services.results import rebuild_table_results
from scoring import DealResult, Game

FIRST = ["Hans-Jürgen", "Marie-Christine", "Jan", "Ann", "Pieter-Jan", "Sofie", "Luc", "Els",
         "Jean-François", "Nathalie", "Wim", "Griet"]
LAST = ["Schwarzenberger", "Vanden Bossche-Van Hoorebeke", "Peeters", "Janssens", "Maes",
        "De Smedt-Verstraeten", "Claes", "Goossens", "Wouters", "Dubois", "Lambert", "Mertens"]


def random_game(rng: random.Random) -> list[dict]:
    """Deals of one game to 101 under the house rules, as Deal field values."""
    game, deals, dealer = Game("house"), [], rng.randrange(4)
    while not game.finished:
        a = rng.choice([30, 34, 38, 41, 45, 52, 22, 26, 19, 15, 60])
        trump = rng.choice("cdhs") if rng.random() > 0.15 else ""
        facts = {"dealer": dealer, "trump": trump, "points": a, "points_other": 60 - a}
        result = DealResult(points=(a, 60 - a), trump=trump or None)
        game.add(result)
        deals.append(facts)
        dealer = (dealer + 1) % 4
    return deals


def build(tables: int) -> Round:
    rng = random.Random(2026)
    club = Club.objects.create(name="Bench club", slug="bench")
    rules = RuleSet.objects.get(club=None, preset="house")
    champ = Championship.objects.create(
        club=club, name="World Manille Championship 2026 — Oostende", rule_set=rules,
        match_format={"kind": "one_game", "count": None, "minutes": None},
        ranking_order=["match_points", "points_diff"], self_entry=True)
    stage = Stage.objects.create(championship=champ, number=1)
    players = Player.objects.bulk_create(
        Player(first_name=FIRST[i % len(FIRST)], last_name=f"{LAST[(i // 3) % len(LAST)]}")
        for i in range(4 * tables))
    pairs = Pair.objects.bulk_create(
        Pair(club=club, first=players[2 * i], second=players[2 * i + 1], name=f"Pair {i + 1}")
        for i in range(2 * tables))
    entries = Entry.objects.bulk_create(
        Entry(championship=champ, pair=p, name=p.name) for p in pairs)
    rnd = Round.objects.create(stage=stage, number=1, status=Round.Status.PUBLISHED)
    made = Table.objects.bulk_create(
        Table(round=rnd, number=t + 1, code=f"K{t + 1:04d}", first_dealer=t % 4,
              sheet_keeper=(t + 1) % 4) for t in range(tables))
    seats, deals = [], []
    for t, table in enumerate(made):
        a, b = entries[2 * t], entries[2 * t + 1]
        for pos, (entry, player) in enumerate([(a, a.pair.first), (b, b.pair.first),
                                               (a, a.pair.second), (b, b.pair.second)]):
            seats.append(Seat(table=table, position=pos, side=pos % 2, entry=entry,
                              player=player))
        for n, facts in enumerate(random_game(rng), 1):
            deals.append(Deal(table=table, number=n, **facts))
    Seat.objects.bulk_create(seats)
    Deal.objects.bulk_create(deals)
    for table in Table.objects.filter(round=rnd).select_related("round__stage__championship"):
        rebuild_table_results(table)
    return rnd


def one_process(rnd: Round, out: Path) -> tuple[float, int]:
    start = time.perf_counter()
    html = documents.sheets_html(rnd.pk)
    pdf.render_to(html, out)
    return time.perf_counter() - start, html.count("<section>")


def _chunk(args: tuple[int, int]) -> bool:
    from club.tasks import render_report_chunk

    job_id, index = args
    return render_report_chunk.run(job_id, index, queue=None, language="en", merge=False)


def two_workers(rnd: Round) -> tuple[float, ReportJob, int]:
    from club.tasks import merge_report

    start = time.perf_counter()
    job = ReportJob.objects.create(kind=ReportJob.Kind.SHEETS, championship=rnd.stage.championship,
                                   round=rnd, fingerprint="bench", total=0)
    from django.test import override_settings

    with override_settings(TROEF_REPORT_CHUNK_TABLES=None, CELERY_TASK_ALWAYS_EAGER=False):
        chunks = jobs.plan(job)
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        pool.map(_chunk, [(job.pk, i) for i in range(len(chunks))], chunksize=1)
    merge_report.run(job.pk)
    job.refresh_from_db()
    return time.perf_counter() - start, job, len(chunks)


BARE = """<html><head><style>@page {{ size: A4 }} p {{ page-break-after: always }}</style></head>
<body>{}</body></html>"""


def bare(pages: int) -> float:
    html = BARE.format("".join(f"<p>Page {i}</p>" for i in range(pages)))
    start = time.perf_counter()
    pdf.html_to_pdf(html)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=pick(136, 4))
    parser.add_argument("--out", default=str(Path(tempdir("troef-bench-pdf-") if SMOKE else
                                                  tempfile.gettempdir()) / "troef-sheets.pdf"))
    args = parser.parse_args()
    t0 = time.perf_counter()
    rnd = build(args.tables)
    print(f"data: {args.tables} tables, {Deal.objects.count()} deals "
          f"({time.perf_counter() - t0:.1f} s to build)")
    pdf.html_to_pdf(BARE.format("<p>warm-up</p>"))  # fonts and imports, once per process

    total, job, chunks = two_workers(rnd)
    check(job.status == ReportJob.Status.DONE and job.done == job.total == args.tables,
          f"sheets job {job.status}, {job.done}/{job.total} tables of {args.tables}")
    merged = Path(os.environ["TROEF_MEDIA_ROOT"]) / job.file.name
    filled, pages = one_process(rnd, Path(args.out))
    print(f"1 process, filled sheets: {filled:.2f} s for {pages} pages = "
          f"{filled / pages:.3f} s a page ({os.path.getsize(args.out) / 1024:.0f} KiB) -> {args.out}")
    print(f"2 workers, {chunks} chunks + merge, end to end: {total:.2f} s "
          f"(job {job.status}, {job.done}/{job.total} tables, "
          f"{merged.stat().st_size / 1024:.0f} KiB merged)")
    for name, build_doc in (("standings", lambda: documents.standings_document(
            rnd.stage.championship)), ("results", lambda: documents.results_document(rnd.pk))):
        start = time.perf_counter()
        data = pdf.html_to_pdf(build_doc().html())
        seconds = time.perf_counter() - start
        count = len(PdfReader(io.BytesIO(data)).pages)
        out = Path(args.out).with_name(f"troef-{name}.pdf")
        out.write_bytes(data)
        print(f"1 process, {name} PDF ({2 * args.tables} pairs, {args.tables} tables): "
              f"{seconds:.2f} s for {count} pages -> {out}")
    Deal.objects.all().delete()
    blank_out = Path(args.out).with_name("troef-sheets-blank.pdf")
    blank, pages_b = one_process(Round.objects.get(pk=rnd.pk), blank_out)
    print(f"1 process, blank sheets:  {blank:.2f} s for {pages_b} pages = "
          f"{blank / pages_b:.3f} s a page -> {blank_out}")

    base = bare(args.tables)
    print(f"baseline, WeasyPrint alone, {args.tables} minimal pages: {base:.2f} s = "
          f"{base / args.tables:.4f} s a page")
    print(f"ratio sheet page / minimal page: {filled / pages / (base / args.tables):.1f}x; "
          f"targets: <= 0.070 s a page ({target(filled / pages <= 0.07, 'MISSED')}), "
          f"<= 10 s end to end with 2 workers ({target(total <= 10, 'MISSED')})")


if __name__ == "__main__":
    run(main)
