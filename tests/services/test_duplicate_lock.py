"""Traveller lines serialise on their session's row (real PostgreSQL connections, one per
thread): two tables recording the same board for the same pair at once (a movement changed
by hand: the pair North-South at one table and East-West at the other, which no unique
constraint catches) cannot both be written; the second waits for the first, then finds it
and is refused naming the table and round."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from club.models import DuplicateTable, Traveller
from club.services.duplicate import DuplicateInvalid
from club.services.duplicate_travellers import enter_traveller
from tests.helpers.duplicate import make_event
from tests.helpers.threads import in_thread

pytestmark = [pytest.mark.services,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

LINE = {"trump": "h", "points": 38, "points_other": 22}


def test_a_board_for_one_pair_at_two_tables_at_once_is_written_once():
    assert connection.vendor == "postgresql"
    event = make_event(pairs=8)
    session = event.sessions.get()
    first = DuplicateTable.objects.get(session=session, round=1, number=2)
    board = first.boards[0]
    pair = first.pair_ns
    later = DuplicateTable.objects.filter(session=session, round__gt=1, pair_ew=pair).first()
    later.boards = [*later.boards, board]
    later.save()
    written, release = threading.Event(), threading.Event()

    def scorer_one():
        with transaction.atomic():
            enter_traveller(None, session.pk, first.pk, board, LINE)
            written.set()
            assert release.wait(20)

    one, one_result = in_thread(scorer_one)
    assert written.wait(20)
    two, two_result = in_thread(
        lambda: enter_traveller(None, session.pk, later.pk, board, LINE))
    two.join(1.0)
    assert two.is_alive(), "the second write must wait for the session's lock"
    release.set()
    one.join(20)
    two.join(20)
    assert "error" not in one_result, one_result
    assert isinstance(two_result.get("error"), DuplicateInvalid)
    assert "already played" in " ".join(two_result["error"].errors["board"])
    assert list(Traveller.objects.values_list("table_id", flat=True)) == [first.pk]
