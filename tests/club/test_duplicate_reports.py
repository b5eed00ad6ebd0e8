"""The duplicate PDFs: renderers from plain data (slips, table cards, travellers, hand
records), the hand records solved in the background with their progress, the pages and who
may use them."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from django.urls import reverse
from pypdf import PdfReader

from club.models import DuplicateBoard
from club.reports import duplicate_hands as hands
from club.reports import duplicate_movement as movement
from club.services import duplicate_handrecords as records
from club.services import duplicate_reports as service
from engine import board_double_dummy
from engine.board import Board
from scoring import par
from scoring.movements import boards_of
from scoring.movements import movement as make_movement
from tests.factories import make_club, make_user
from tests.helpers.duplicate import make_event

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def _rounds(kind: str, pairs: int, per: int = 2):
    m = make_movement(kind, pairs)
    return m, [{"round": i + 1, "tables": [
        {"table": s.table, "ns": s.ns, "ew": s.ew, "ns_name": f"NS {s.ns}", "ew_name": f"EW {s.ew}",
         "group": s.group, "boards": boards_of(s.group, per), "sit_out": s.sit_out}
        for s in seatings]} for i, seatings in enumerate(m.rounds)]


def _boards(count: int, seed: str = "pdf"):
    out = []
    for n in range(1, count + 1):
        b = Board.random(n, seed=seed)
        out.append({"number": n, "dealer": b.dealer,
                    "hands": [[str(c) for c in hand] for hand in b.hands],
                    "double_dummy": None, "par": None})
    return out


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- renderers from plain data (no database) ----------------------------------------------

def test_slips_give_every_seat_its_cards_suit_by_suit():
    boards = _boards(5)
    html = hands.slips_html(boards, event="Evening", session="Session 1")
    for board in boards:
        for seat, cards in enumerate(board["hands"]):
            lines = hands.hand_by_suit(cards)
            assert sum(len(line["cards"].split()) for line in lines if line["cards"] != "–") == 8
            # the ranks of each suit, highest first, as the card says them
            for line in lines:
                ranks = [c[:-1] for c in cards if c[-1] == line["suit"]]
                order = ["10", "A", "K", "Q", "J", "9", "8", "7"]
                assert line["cards"] == (" ".join(sorted(ranks, key=order.index)) or "–")
    text = _text(html)
    assert text.count("Board ") >= 5 and "Dealer: North" in text and "Dealer: East" in text


@pytest.mark.parametrize("kind, pairs", [("mitchell", 13), ("mitchell", 14), ("howell", 8),
                                         ("howell", 7)])
def test_table_cards_send_every_pair_and_board_where_the_movement_does(kind, pairs):
    m, rounds = _rounds(kind, pairs)
    cards = movement.table_cards(rounds)
    assert [c["table"] for c in cards] == list(range(1, m.tables + 1))
    seat_of = {(r + 1, p): (s.table, d) for r, seatings in enumerate(m.rounds) for s in seatings
               for p, d in ((s.ns, "NS"), (s.ew, "EW")) if p}
    last = len(m.rounds)
    for card in cards:
        assert len(card["rows"]) == last
        for row in card["rows"]:
            for key in ("ns", "ew"):
                pair = row[key]
                if pair is None:
                    continue
                nxt = seat_of.get((row["round"] + 1, pair))
                expected = ("end" if row["round"] == last else "sits out" if nxt is None
                            else f"table {nxt[0]} {nxt[1]}")
                assert row[f"{key}_next"] == expected, (card["table"], row)
            assert bool(row["sit_out"]) == (row["ns"] is None or row["ew"] is None)
    html = movement.table_cards_html(rounds, event="E", session="S", movement=kind)
    assert "Table 1" in html and "Next round" in html


@pytest.mark.parametrize("kind, pairs", [("mitchell", 13), ("howell", 8)])
def test_a_traveller_has_a_row_for_each_table_that_plays_its_board(kind, pairs):
    m, rounds = _rounds(kind, pairs)
    boards = [{"number": n, "dealer": (n - 1) % 4} for n in range(1, m.boards(2) + 1)]
    sheets = movement.travellers(boards, rounds)
    plays = m.plays
    for sheet in sheets:
        group = (sheet["number"] - 1) // 2 + 1
        assert len(sheet["rows"]) == plays[group]
        for key in ("ns", "ew"):  # no pair plays a board twice
            assert not [p for p, n in Counter(r[key] for r in sheet["rows"]).items() if n > 1]
        assert all(r["ns"] and r["ew"] for r in sheet["rows"])  # never the phantom
    assert "Board 1" in movement.travellers_html(boards, rounds, event="E", session="S")


def test_hand_records_print_the_double_dummy_table_and_the_par():
    boards = _boards(2)
    board = Board.random(1, seed="pdf")
    table = board_double_dummy(board, "house")
    best = par(table, board.dealer % 2, "house")
    boards[0]["double_dummy"] = {("nt" if t is None else t): [r.points[0], r.points[1],
                                                               r.all_tricks]
                                 for t, r in table.items()}
    boards[0]["par"] = {"trump": best.trump, "points": list(best.points),
                        "score": list(best.score)}
    html = hands.hand_records_html(boards, event="E", session="S", rules="House rules")
    rows = hands._dd_rows(boards[0])
    assert [(r["ns"], r["ew"]) for r in rows] == [table[t].points for t in ("c", "d", "h", "s",
                                                                            None)]
    assert sum(r["par"] for r in rows) == 1
    assert f"{best.points[0]}–{best.points[1]} card points" in _text(html)
    assert "not computed yet" in html  # board 2 has no record


def test_every_pdf_renders_with_weasyprint():
    m, rounds = _rounds("howell", 7, per=1)
    boards = _boards(m.boards(1))
    from club.reports.pdf import html_to_pdf

    for html in (hands.slips_html(boards, event="E", session="S"),
                 hands.hand_records_html(boards, event="E", session="S", rules="R"),
                 movement.table_cards_html(rounds, event="E", session="S", movement="howell"),
                 movement.travellers_html(boards, rounds, event="E", session="S")):
        data = html_to_pdf(html)
        assert len(PdfReader(io.BytesIO(data)).pages) >= 1


# -- the web app: hand records in the background, the pages, who may use them ------------

@pytest.fixture
def event(db, organiser):
    return make_event(pairs=4, movement="howell", per_round=1, organiser=organiser)


@pytest.fixture
def fast_solver(monkeypatch):
    """A stand-in solver (seconds a board otherwise): the flow, not the values."""
    from engine.dd import DDResult

    def stub(board, rules):
        return {t: DDResult(t, 0, (40, 20), None) for t in ("c", "d", "h", "s", None)}
    monkeypatch.setattr(records, "board_double_dummy", stub)


def test_the_stored_record_is_the_solvers_and_verify_finds_a_changed_one(event):
    session = event.sessions.get()
    board = DuplicateBoard.objects.filter(session=session).order_by("number").first()
    complete = records.solve_board(board.pk)
    assert records.progress(session)[0] == 1
    assert complete == (records.progress(session)[1] == 1)
    board.refresh_from_db()
    rules = session.event.rule_set.rules()
    table = board_double_dummy(board.board(), rules)
    assert board.double_dummy["h"][:2] == list(table["h"].points)
    assert board.double_dummy["nt"][:2] == list(table[None].points)
    assert board.par["trump"] == par(table, board.board().dealer % 2, rules).trump
    assert records.verify(session) == []
    DuplicateBoard.objects.filter(pk=board.pk).update(double_dummy={**board.double_dummy,
                                                                    "h": [0, 60, 1]})
    assert records.verify(session) == [board.number]


def test_hand_records_are_solved_in_the_background_then_rendered(org_client, event,
                                                                  fast_solver):
    session = event.sessions.get()
    page = org_client.get(reverse("duplicate-pdfs", args=[session.pk]))
    assert page.status_code == 200
    hr = next(s for s in page.context["states"] if s["kind"] == "handrecords")
    assert (hr["done"], hr["status"]) == (0, "none")
    response = org_client.post(reverse("duplicate-pdf-request", args=[session.pk,
                                                                      "handrecords"]))
    assert response.status_code == 302
    done, total = records.progress(session)
    assert done == total > 0  # without a broker the tasks ran here
    state = service.state("handrecords", session)
    assert state["status"] == "ready"
    download = org_client.get(reverse("duplicate-pdf-file", args=[session.pk, "handrecords"]))
    assert download.status_code == 200
    assert b"".join(download.streaming_content).startswith(b"%PDF")


def test_progress_is_shown_while_boards_are_being_solved(org_client, event, monkeypatch):
    from club.services import reports

    session = event.sessions.get()
    sent = []
    monkeypatch.setattr(reports, "publish", lambda task, args, *a, **k: sent.append(args) or True)
    org_client.post(reverse("duplicate-pdf-request", args=[session.pk, "handrecords"]))
    total = DuplicateBoard.objects.filter(session=session).count()
    assert len(sent) == total  # one task a board
    page = org_client.get(reverse("duplicate-pdfs", args=[session.pk]))
    html = page.content.decode()
    assert f"0 of {total} boards solved" in html
    # the page reloads itself by script; the refresh meta only without scripts (axe: meta-refresh)
    assert '<meta name="troef-reload-after"' in html
    assert '<noscript><meta http-equiv="refresh"' in html and html.count('http-equiv="refresh"') == 1
    org_client.post(reverse("duplicate-pdf-request", args=[session.pk, "handrecords"]))
    assert len(sent) == total  # not sent twice


@pytest.mark.parametrize("kind", ["slips", "tablecards", "travellers"])
def test_each_pdf_is_made_once_and_downloaded(org_client, event, kind):
    session = event.sessions.get()
    url = reverse("duplicate-pdf-request", args=[session.pk, kind])
    assert org_client.post(url).status_code == 302
    name = service.file_name(kind, session)
    from django.core.files.storage import default_storage

    assert default_storage.exists(name)
    org_client.post(url)  # the same document: nothing new
    assert service.file_name(kind, session) == name
    download = org_client.get(reverse("duplicate-pdf-file", args=[session.pk, kind]))
    assert download.status_code == 200
    default_storage.delete(name)


def test_a_file_not_made_yet_sends_back_to_the_page(org_client, event):
    session = event.sessions.get()
    response = org_client.get(reverse("duplicate-pdf-file", args=[session.pk, "slips"]))
    assert response.status_code == 302 and response.url == reverse("duplicate-pdfs",
                                                                    args=[session.pk])


def test_an_unknown_kind_is_a_404(org_client, event):
    session = event.sessions.get()
    assert org_client.post(reverse("duplicate-pdf-request", args=[session.pk, "bogus"])
                           ).status_code == 404
    assert org_client.get(reverse("duplicate-pdf-file", args=[session.pk, "bogus"])
                          ).status_code == 404


def test_strangers_and_other_clubs_cannot_see_the_cards(client, event):
    session = event.sessions.get()
    page = reverse("duplicate-pdfs", args=[session.pk])
    assert client.get(page).status_code == 302  # to log in
    client.force_login(make_user("stranger"))
    assert client.get(page).status_code == 403
    other = make_user("other-org")
    make_club("elsewhere", organiser=other)
    client.force_login(other)
    assert client.get(page).status_code == 403
    assert client.post(reverse("duplicate-pdf-request", args=[session.pk, "slips"])
                       ).status_code == 403
    assert service.state("slips", session)["status"] == "none"  # nothing was queued


def test_the_event_page_links_organisers_to_the_pdfs(org_client, event):
    from django.test import Client

    session = event.sessions.get()
    link = reverse("duplicate-pdfs", args=[session.pk])
    assert link in org_client.get(event.get_absolute_url()).content.decode()
    event.public = True
    event.save()
    assert link not in Client().get(event.get_absolute_url()).content.decode()


def test_a_board_that_cannot_be_read_is_a_sentence_not_a_500(org_client, event):
    session = event.sessions.get()
    DuplicateBoard.objects.filter(session=session, number=1).update(hands="1 dealer 0: Ac / Ac")
    page = org_client.get(reverse("duplicate-pdfs", args=[session.pk]))
    assert page.status_code == 409
    assert "cannot be read" in page.content.decode()
    asked = org_client.post(reverse("duplicate-pdf-request", args=[session.pk, "slips"]))
    assert asked.status_code == 302
    got = org_client.get(reverse("duplicate-pdf-file", args=[session.pk, "slips"]))
    assert got.status_code == 302
