"""Issue 28 point 7: a board's par and hand record are sent to be solved when its first
result is stored (and, with workers, when the session's boards are dealt), not only when
someone asks for the hand records PDF; the board page says when there is no play analysis;
the standings export to PDF like CSV and XLSX, a Mitchell's two lists in it."""

from __future__ import annotations

import io
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from club.models import DuplicateBoard, DuplicateTable
from club.services.duplicate_travellers import enter_traveller
from tests.factories import make_user
from tests.helpers.duplicate import board_one_evening, make_event
from tests.helpers.reports import published

pytestmark = pytest.mark.django_db

SOLVE = "club.tasks.solve_board"


def first_line(board, table, points=40):
    return enter_traveller(None, board.session_id, table.pk, board.number,
                           {"trump": "h", "points": points, "points_other": 60 - points})


def test_a_boards_first_result_sends_it_to_be_solved(organiser, tasks_in_process,
                                                     django_capture_on_commit_callbacks):
    _event, board, table = board_one_evening(organiser)
    with published() as calls, django_capture_on_commit_callbacks(execute=True):
        first_line(board, table)
    assert [(name, args) for name, args, _kw, _q in calls] == [(SOLVE, (board.pk,))]


def test_without_a_broker_the_par_is_there_after_the_first_result(
        organiser, tasks_in_process, django_capture_on_commit_callbacks):
    _event, board, table = board_one_evening(organiser)
    assert DuplicateBoard.objects.get(pk=board.pk).double_dummy is None
    with django_capture_on_commit_callbacks(execute=True):
        first_line(board, table)
    board.refresh_from_db()
    assert board.double_dummy is not None and board.hand_record_rules
    client = Client()
    client.force_login(organiser)
    html = client.get(reverse("duplicate-board", args=[board.session_id, 1])).content.decode()
    assert "Not computed yet" not in html
    assert "Best trump" in html or "Best for the dealer" in html or "No par under" in html


def test_with_workers_dealing_the_session_sends_every_board(
        organiser, tasks_in_process, django_capture_on_commit_callbacks):
    from club.celery import app

    app.conf.task_always_eager = False  # a broker: the workers solve (tasks_in_process resets)
    try:
        with published() as calls, django_capture_on_commit_callbacks(execute=True):
            event = make_event(pairs=4, movement="howell", per_round=1, organiser=organiser)
    finally:
        app.conf.task_always_eager = True
    boards = set(DuplicateBoard.objects.filter(session__event=event).values_list("pk", flat=True))
    assert boards and {args[0] for name, args, _k, _q in calls if name == SOLVE} == boards


def test_the_board_page_says_when_there_is_no_play_analysis(organiser, tasks_in_process):
    _event, board, table = board_one_evening(organiser)
    first_line(board, table)  # points only: no cards played
    client = Client()
    client.force_login(organiser)
    html = client.get(reverse("duplicate-board", args=[board.session_id, 1])).content.decode()
    assert "No play analysis for this board" in html
    assert "What each card cost" not in html


def play_all(event, seed: int = 5) -> None:
    rng = random.Random(seed)
    session = event.sessions.get()
    for table in DuplicateTable.objects.filter(session=session).order_by("round", "number"):
        if table.sit_out:
            continue
        for number in table.boards:
            points = rng.choice([p for p in range(61) if p != 30])
            enter_traveller(None, session.pk, table.pk, number,
                            {"trump": "h", "points": points, "points_other": 60 - points})


def pdf_text(response) -> str:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)
                                  if response.streaming else response.content))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def test_the_standings_export_as_pdf_with_the_two_mitchell_lists():
    organiser = make_user("org")
    event = make_event(pairs=10, movement="mitchell", per_round=1, public=True,
                       organiser=organiser)
    play_all(event)
    client = Client()
    client.force_login(organiser)
    url = reverse("duplicate-standings", args=[event.pk])
    page = client.get(url)
    assert "_export=pdf" in page.content.decode()
    response = client.get(url, {"_export": "pdf"})
    assert response["Content-Disposition"].endswith(f'duplicate-event-{event.pk}.pdf"')
    text = pdf_text(response)
    assert text.count("North-South") >= 5 and text.count("East-West") >= 5
    assert text.index("North-South") < text.index("East-West")
    for direction, rows in page.context["lists"]:
        for row in rows:
            assert row.pair.name in text
            assert f"{row.percentage:.2f}" in text
    datum = client.get(url, {"_export": "pdf", "by": "datum"})
    assert "datum" in pdf_text(datum)


def test_a_private_events_pdf_is_refused_to_strangers():
    organiser = make_user("org")
    event = make_event(pairs=8, movement="howell", per_round=1, public=False,
                       organiser=organiser)
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    answer = stranger.get(reverse("duplicate-standings", args=[event.pk]), {"_export": "pdf"})
    assert answer.status_code == 403


@pytest.mark.parametrize("workers", [False, True])
def test_a_simulated_session_is_solved_by_workers_only(
        organiser, tasks_in_process, django_capture_on_commit_callbacks, workers):
    """``manage.py demo`` and ``rehearse`` enter whole sessions: in-process they would solve
    every board in the command (about a minute for the demo); with workers they send them."""
    from club.celery import app
    from club.services.duplicate_sim import play_session

    event = make_event(pairs=4, movement="howell", per_round=1, organiser=organiser)
    app.conf.task_always_eager = not workers
    try:
        with published() as calls, django_capture_on_commit_callbacks(execute=True):
            play_session(event.sessions.get(), organiser, rounds=1)
    finally:
        app.conf.task_always_eager = True
    sent = {args[0] for name, args, _k, _q in calls if name == SOLVE}
    played = set(DuplicateBoard.objects.filter(session__event=event, travellers__isnull=False)
                 .values_list("pk", flat=True))
    assert played and sent == (played if workers else set())
