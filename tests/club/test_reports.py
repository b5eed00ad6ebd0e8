"""What the PDFs show, read back from the PDF with pypdf: names, dealers, totals, ranks."""

from __future__ import annotations

import re

import pytest

from club.models import Deal, Player, Seat, Table
from club.reports import data, documents, fonts
from club.reports.sheets import DEALER_WIDTH, ROWS, dealer_size
from tests.factories import make_championship, make_club, make_round
from tests.helpers.reports import pdf_pages, play

pytestmark = pytest.mark.django_db

LONG = ("Hans-Jürgen", "Schwarzenberger-Vandenbroucke")


def dealer_rows(text: str) -> dict[int, str]:
    rows = {}
    for line in text.splitlines():
        match = re.match(r"^[\u2007 ]?(\d{1,2})  (\S.*)$", line)
        if match:
            rows[int(match.group(1))] = match.group(2).strip()
    return rows


def number_rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()
            if re.match(r"^\s+(♣|♦|♥|♠|NT|–)\s", line)]


@pytest.fixture
def round_one():
    champ = make_championship(make_club(), entries=4, self_entry=True)
    rnd = make_round(champ)
    first = Seat.objects.get(table__round=rnd, table__number=1, position=0).player
    Player.objects.filter(pk=first.pk).update(first_name=LONG[0], last_name=LONG[1])
    Table.objects.filter(round=rnd, number=1).update(first_dealer=1, sheet_keeper=2)
    return rnd


def seat_names(table: Table) -> list[str]:
    return [s.player.full_name for s in table.seats.select_related("player").order_by("position")]


def test_blank_sheets_one_page_per_table_with_seats_keeper_code_and_dealers(round_one):
    pages = pdf_pages(documents.sheets_html(round_one.pk))
    assert len(pages) == 2
    table = round_one.tables.get(number=1)
    text = pages[0]
    names = seat_names(table)
    for name in names[1:]:
        assert name in text
    # the long name is printed whole where there is room, shortened in the dealer column
    assert f"{LONG[0]} {LONG[1]}" in text
    assert "Table\n1" in text and "Test championship" in text and "Round 1" in text
    assert "Sheet kept by seat 3" in text and names[2] in text.split("Sheet kept by seat 3")[1]
    assert "Players' code: CODE01" in text
    dealers = dealer_rows(text)
    assert sorted(dealers) == list(range(1, ROWS + 1))
    # the column's type: as large as lets every name fit whole, 9 points at least
    size = dealer_size([s.player for s in table.seats.select_related("player")])
    assert size == 9
    # first dealer is seat 2, then the dealer moves on one seat after every deal
    for number, name in dealers.items():
        seat = (1 + number - 1) % 4
        first, last = (LONG if seat == 0 else names[seat].split(" ", 1))
        assert name == fonts.fit_name(first, last, DEALER_WIDTH, size)
    assert dealers[4].startswith("H.-J. Schwarzenberg") and dealers[4].endswith("…")
    assert not number_rows(text)  # blank: no numbers
    assert "Signatures of the four players" in text


def test_filled_sheet_has_game_points_and_running_totals_from_scoring(round_one):
    table = round_one.tables.get(number=1)
    # house rules: 38-22 scores 8; no trump doubles; 30-30 leaves the next deal x2
    play(table, [(38, "h"), (22, None), (30, "s"), (45, "c")])
    text = pdf_pages(documents.sheets_html(round_one.pk))[0]
    rows = number_rows(text)
    assert rows[0] == ["♥", "38", "22", "8", "0", "8", "0"]
    assert rows[1] == ["NT", "22", "38", "0", "16", "8", "16"]
    assert rows[2] == ["♠", "30", "30", "0", "0", "8", "16", "=×2"]  # the next deal ×2
    assert rows[3] == ["♣", "45", "15", "30", "0", "38", "16"]
    assert "In progress: games 0–0, game points 38–16" in text
    assert len(dealer_rows(text)) == ROWS  # the rows still to play keep their dealers


def test_finished_game_marked_and_result_line(round_one):
    table = round_one.tables.get(number=2)
    play(table, [(60, "h")] * 4)  # 30 a deal: 120 after four
    text = pdf_pages(documents.sheets_html(round_one.pk, [table.pk]))[0]
    assert number_rows(text)[3][-1] == "G1:A"
    assert number_rows(text)[3][-3:-1] == ["120", "0"]
    assert "Result: side A wins, games 1–0, game points 120–0" in text


def test_more_deals_than_rows_continue_on_a_second_page(round_one):
    champ = round_one.stage.championship
    champ.match_format = {"kind": "deals", "count": 30, "minutes": None}
    champ.save()
    table = round_one.tables.get(number=1)
    play(table, [(32, "d")] * 26)
    pages = pdf_pages(documents.sheets_html(round_one.pk, [table.pk]))
    assert len(pages) == 2
    assert "(continued)" in pages[1]
    assert sorted(dealer_rows(pages[1]))[:3] == [25, 26, 27]
    assert number_rows(pages[1])[1][-2:] == ["52", "0"]  # deal 26: 2 points a deal


def test_fit_name_never_overflows_its_column():
    for first, last in [LONG, ("Marie-Christine", "Vanden Bossche-Van Hoorebeke"), ("A", "B" * 60)]:
        for width in (20, 40, 90):
            name = fonts.fit_name(first, last, width, 10)
            assert fonts.text_width_mm(name, 10) <= width
            assert name


def _standings_round():
    champ = make_championship(make_club(), entries=4, public=True)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    rounds = []
    for number in (1, 2):
        rnd = make_round(champ, number=number)
        for table in rnd.tables.all():
            # table 1: side A wins 120-0; table 2: side B wins 105-0 (15 a deal)
            play(table, [(60, "h")] * 4 if table.number == 1 else [(15, "h")] * 7)
        rounds.append(rnd)
    return champ, rounds


def test_standings_pdf_ranking_seed_last_result_page_numbers_and_chart():
    champ, _rounds = _standings_round()
    pages = pdf_pages(documents.standings_document(champ).html())
    text = "\n".join(pages)
    order = [name for name in ("Pair 1", "Pair 2", "Pair 3", "Pair 4") if name in text]
    assert len(order) == 4
    assert f"Draw seed {champ.seed}" in text
    assert "last result" in text and "Page 1 of" in text
    assert "Match points" in text and "Ranked by" in text
    assert "Rank of the leaders after each round" in text  # the chart's own text
    # pairs 1 and 4 won both rounds, pair 1 by more game points; pair 3 lost by less than 2
    lines = pages[0].splitlines()
    names = [line.strip() for line in lines if line.strip() in order]
    assert names[:4] == ["Pair 1", "Pair 4", "Pair 3", "Pair 2"]  # then the chart legend
    ranks = [line.strip() for line in lines if re.fullmatch(r"\s*\d+=?\s*", line)]
    assert ranks[:4] == ["1", "2", "3", "4"]


def test_standings_pdf_with_a_bad_ranking_order_says_why():
    champ = make_championship(make_club(), entries=4)
    champ.ranking_order = ["no_such_metric"]
    champ.save()
    text = pdf_pages(documents.standings_document(champ).html())[0]
    assert "cannot be computed" in text and "no_such_metric" in text


def test_results_pdf_lists_every_table_with_games_points_and_charts():
    _champ, rounds = _standings_round()
    pages = pdf_pages(documents.results_document(rounds[0].pk).html())
    text = "\n".join(pages)
    assert "Results: Round 1" in text
    assert "Pair 1" in text and "Pair 2" in text and "Pair 3" in text and "Pair 4" in text
    assert "1–0" in text and "120–0" in text and "0–105" in text
    assert "A wins" in text and "B wins" in text
    assert "2 of 2 tables finished" in text
    assert "Table 1: game points deal by deal" in text  # chart title, as text


def test_round_view_for_the_page_picks_a_table_and_its_chart():
    _champ, rounds = _standings_round()
    view = documents.round_view(rounds[0].pk, 2)
    assert view.selected == 2 and view.numbers == [1, 2]
    assert "<svg" in view.chart and "Table 2" in view.chart
    assert documents.round_view(rounds[0].pk, 99).selected == 1


def test_all_tricks_renonce_and_cancelled_deals_are_noted(round_one):
    table = round_one.tables.get(number=2)
    Deal.objects.bulk_create([
        Deal(table=table, number=1, dealer=0, trump="h", points=0, points_other=60, all_tricks=1),
        Deal(table=table, number=2, dealer=1, trump="s", renonce=0),
        Deal(table=table, number=3, dealer=2, cancelled=True),
    ])
    text = pdf_pages(documents.sheets_html(round_one.pk, [table.pk]))[0]
    rows = number_rows(text)
    assert rows[0] == ["♥", "0", "60", "0", "60", "0", "60", "AT:B"]
    assert rows[1] == ["♠", "–", "–", "0", "30", "0", "90", "R:A"]
    assert rows[2] == ["–", "–", "–", "0", "0", "0", "90", "X"]
    assert "AT:A all tricks by side A" in text.replace("\n", " ")


def test_report_data_takes_a_fixed_number_of_queries(django_assert_num_queries):
    small = make_round(make_championship(make_club("small"), entries=4))
    large = make_round(make_championship(make_club("large"), entries=12))
    for rnd in (small, large):
        play(rnd.tables.get(number=1), [(38, "h")] * 3)
        with django_assert_num_queries(4):
            data.round_sheets(rnd.pk)
        with django_assert_num_queries(5):
            data.round_results(rnd.pk)
