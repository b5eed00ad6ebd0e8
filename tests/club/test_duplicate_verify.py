"""verify_results on duplicate events: a played event checks clean; a tampered movement,
board or line is named; --repair rewrites a line's pairs from its table."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from club.models import DuplicateBoard, DuplicateTable, Traveller
from club.services.duplicate_travellers import enter_traveller
from club.services.duplicate_verify import verify_duplicate_event
from tests.helpers.duplicate import make_event

pytestmark = pytest.mark.django_db


def played(pairs=8):
    event = make_event(pairs=pairs)
    session = event.sessions.get()
    for table in session.tables.filter(round__lte=2):
        if table.sit_out:
            continue
        for board in table.boards:
            enter_traveller(None, session.pk, table.pk, board,
                            {"trump": "s", "points": 30 + board % 7, "points_other": 30 - board % 7})
    return event, session


def run(*args):
    out = StringIO()
    try:
        call_command("verify_results", *args, stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue()


def test_a_played_event_checks_clean():
    event, _session = played()
    assert verify_duplicate_event(event) == []
    code, text = run()
    assert code == 0 and "1 duplicate event(s) checked: 0 difference(s)" in text


def test_a_tampered_board_and_table_are_named():
    event, session = played()
    board = DuplicateBoard.objects.get(session=session, number=5)
    other = DuplicateBoard.objects.get(session=session, number=6)
    board.hands = other.hands.replace("6 dealer", "5 dealer")
    board.save()
    table = DuplicateTable.objects.get(session=session, round=3, number=2)
    table.board_group = table.board_group % 7 + 1
    table.save()
    found = {(d.where, d.field) for d in verify_duplicate_event(event)}
    assert ("session 1, board 5", "hands") in found
    assert ("session 1, round 3, table 2", "table") in found
    code, text = run()
    assert code == 1 and "duplicate event" in text


def test_a_lines_pairs_are_repaired_from_its_table():
    event, _session = played()
    line = Traveller.objects.order_by("pk").first()
    good = (line.pair_ns_id, line.pair_ew_id)
    Traveller.objects.filter(pk=line.pk).update(pair_ns_id=good[1], pair_ew_id=good[0])
    assert [d.field for d in verify_duplicate_event(event)] == ["pairs"]
    code, text = run("--repair")
    assert code == 0 and "repaired: duplicate event" in text
    line.refresh_from_db()
    assert (line.pair_ns_id, line.pair_ew_id) == good
    assert verify_duplicate_event(event) == []


def test_a_line_that_does_not_add_up_is_named():
    event, _session = played()
    Traveller.objects.filter(pk=Traveller.objects.order_by("pk").first().pk).update(points=50)
    (difference,) = verify_duplicate_event(event)
    assert difference.where == "results" and difference.stored == "points_total"


def test_hand_records_are_solved_again_on_request_and_repaired():
    """One board solved for real (a few seconds a solve): a changed record is seen only with
    --hand-records, and --repair solves it again (and checks it again: exit 0)."""
    from club.services import duplicate_handrecords as records

    _event, session = played()
    board = DuplicateBoard.objects.get(session=session, number=3)
    records.solve_board(board.pk)
    board.refresh_from_db()
    good = (board.double_dummy, board.par)
    wrong = [p + 1 for p in board.double_dummy["h"][:2]] + [None]  # adds up to 62: no solve
    DuplicateBoard.objects.filter(pk=board.pk).update(
        double_dummy={**board.double_dummy, "h": wrong})
    assert run()[0] == 0  # without the flag nothing is solved again: not seen
    code, text = run("--hand-records")
    assert code == 1 and "session 1, board 3: hand record" in text
    code, text = run("--hand-records", "--repair")  # exit 0: checked again after the repair
    assert code == 0 and "repaired: duplicate event" in text
    board.refresh_from_db()
    assert (board.double_dummy, board.par) == good
