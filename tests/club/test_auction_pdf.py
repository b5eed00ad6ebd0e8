"""Printed auction score sheets (club.reports.auction_pages): a page per table of 3 to 7 with
a column per player, the rule set's name and the table's rules in short; filled sheets carry
the scores and running totals from scoring.auction; read back from the PDF with pypdf."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from club.models import Deal, Table
from club.reports import auction_grid, data, documents
from club.reports.auction_pages import auction_game
from engine.rules import RuleSet as Rules
from scoring.auction import table_rules
from tests.factories import make_championship, make_club
from tests.helpers.auction import SIZES, auction_round
from tests.helpers.reports import pdf_pages

pytestmark = pytest.mark.django_db


def test_blank_sheets_a_page_per_table_size_with_a_column_per_player():
    rnd = auction_round()
    pages = pdf_pages(documents.sheets_html(rnd.pk))
    assert len(pages) == len(SIZES)
    for text, size in zip(pages, SIZES, strict=True):
        table = Table.objects.get(round=rnd, number=SIZES.index(size) + 1)
        assert "Auction Manille 2 (bidding, sevens removed)" in text
        assert f"{size} players, each for themselves" in text
        for seat in table.seats.select_related("player"):
            assert seat.player.last_name in text
        rules = table_rules(Rules.preset("auction2"), size)
        length = auction_grid.game_length(rules)
        assert f"{length} deals, each player deals {length // size} times" in text
        assert "Lowest bid" in text and "Running totals" in text
        assert f"Signatures of the {size} players" in text
        # The dealer of every deal is pre-printed: the letters in turn from the first dealer.
        letters = "ABCDEFG"[:size]
        assert all(letter in text for letter in letters)
    four = pages[SIZES.index(4)]
    assert "Lowest bid 17 · all tricks (AT) worth 136" in four
    assert "every card dealt" in four
    seven = pages[SIZES.index(7)]
    assert "out of play: 7♣ 7♦ 7♥ 7♠" in seven


def test_the_game_rounds_up_so_everyone_deals_equally_often():
    rules = Rules.preset("auction2")
    assert [auction_grid.game_length(table_rules(rules, n)) for n in range(3, 8)] == [
        12, 12, 15, 12, 14]


@pytest.mark.parametrize("preset, present, absent", [
    ("auction1", ["Drawn", "Target 21", "Stake by cards drawn: 0:5, 1:4"], ["Bid"]),
    ("auction2", ["Bid"], ["Drawn", "Exch."]),
    ("auction3", ["Bid", "Exch.", "laid out 2 face up, 2 face down"], ["Drawn"]),
])
def test_each_game_has_its_own_columns_and_rules(preset, present, absent):
    rnd = auction_round(preset, sizes=(4,))
    text = pdf_pages(documents.sheets_html(rnd.pk))[0]
    for word in present:
        assert word in text
    for word in absent:
        assert word not in text


def _play(table, facts):
    players = table.seats.count()
    Deal.objects.bulk_create(
        Deal(table=table, number=n, dealer=(table.first_dealer + n - 1) % players, **f)
        for n, f in enumerate(facts, 1))


def test_filled_sheet_scores_totals_and_places_from_scoring():
    rnd = auction_round(sizes=(3,))
    table = Table.objects.get(round=rnd)
    Table.objects.filter(pk=table.pk).update(first_dealer=0)
    made = {"declarer": 1, "contract": 24, "points": 30, "trump": "h", "all_tricks": None}
    lost = {"declarer": 2, "contract": 25, "points": 20, "trump": "s", "all_tricks": None}
    thrown = {"declarer": None, "points": None}
    facts = [made, lost, thrown] * 4
    _play(table, facts)
    text = pdf_pages(documents.sheets_html(rnd.pk))[0]
    # B made 24 four times, C lost 25 four times: B 96, C -100, A 0; places 2., 1., 3.
    assert "+24" in text and "−25" in text
    assert "96" in text and "−100" in text
    assert "thrown in" in text
    assert "Result: won by B First1" in text
    rnd_data, _facts = data.round_sheets(rnd.pk)
    scored = auction_game(rnd_data.tables[0])
    assert scored.places == (2, 1, 3)
    assert scored.rows[-1]["total0"] == "0" and scored.rows[-1]["total1"] == "96"


def test_a_deal_that_cannot_be_scored_is_named_and_stops_the_totals():
    rnd = auction_round(sizes=(4,))
    table = Table.objects.get(round=rnd)
    _play(table, [{"declarer": 1, "contract": 20, "points": 30, "trump": "c"},
                  {"declarer": 2, "contract": 20, "points": 99, "trump": "c"}])
    text = pdf_pages(documents.sheets_html(rnd.pk))[0]
    assert "Deal 2 could not be scored" in text
    rnd_data, _facts = data.round_sheets(rnd.pk)
    scored = auction_game(rnd_data.tables[0])
    assert scored.broken_at == 2 and scored.places is None and scored.rows[1]["score"] == "?"


def test_a_self_entry_sheet_carries_the_code_and_its_square():
    rnd = auction_round(sizes=(5,), self_entry=True)
    html = documents.sheets_html(rnd.pk)
    assert "AUC01" in html and "data:image/svg+xml" in html
    assert "Players' code: AUC01" in pdf_pages(html)[0]


def test_a_partnership_round_keeps_the_partnership_sheet():
    from tests.factories import make_round
    champ = make_championship(make_club("other"), entries=4)
    rnd = make_round(champ)
    assert "Running totals" not in documents.sheets_html(rnd.pk)


def test_the_report_job_renders_auction_sheets_in_chunks_through_celery(settings, tmp_path):
    """The round's sheets kind of the report registry, its tasks run in process (as without
    a broker), two tables a chunk: five tables of 7 to 3, merged in table order."""
    from pathlib import Path

    from club.celery import app
    from club.models import ReportJob
    from club.services import reports as service

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.MEDIA_ROOT = str(tmp_path)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.TROEF_REPORT_CHUNK_TABLES = 2
    try:
        rnd = auction_round()
        asked = service.request_report(ReportJob.Kind.SHEETS, rnd.stage.championship, rnd)
        job = asked.job
        job.refresh_from_db()
        assert job.status == ReportJob.Status.DONE and (job.done, job.total) == (5, 5)
        reader = PdfReader(io.BytesIO(Path(job.file.path).read_bytes()))
        texts = [page.extract_text() for page in reader.pages]
        assert [f"{size} players, each for themselves" in t
                for t, size in zip(texts, SIZES, strict=True)] == [True] * 5
    finally:
        app.conf.task_always_eager = before
