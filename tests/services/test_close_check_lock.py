"""The check before closing and the close happen under the sheets' lock (real PostgreSQL
connections, one per thread): a deal being written while the organiser closes either
commits first and is seen by the check, or comes after and finds its version gone."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from club.models import Deal, Round, Table
from club.selectors.sheets import Actor, load_table
from club.services.closing import close_round
from club.services.sheets import SheetConflict, enter_deal
from club.services.verify import verify_championship
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.closing import win_for
from tests.helpers.threads import in_thread

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def round_of_two():
    """Two tables of pairs: table 1 finished, table 2 without a deal."""
    organiser = make_user("lock-closer")
    champ = make_championship(make_club("lock", organiser=organiser), entries=4)
    rnd = make_round(champ)
    one, two = Table.objects.filter(round=rnd).order_by("number")
    actor = Actor(user=organiser)
    ctx = load_table(actor, one.pk)
    enter_deal(actor, one.pk, ctx.table.version, win_for(0, one), ctx=ctx)
    return organiser, rnd, two


def test_a_deal_in_flight_commits_first_and_the_check_sees_it(round_of_two):
    """The scorer's write holds table 2's row lock; the close waits for it, and its check
    then finds table 2 finished: no decision needed. A check made before taking the lock
    would have refused ("Table 2 needs a decision")."""
    assert connection.vendor == "postgresql"
    organiser, rnd, two = round_of_two
    written, release = threading.Event(), threading.Event()

    def scorer():
        actor = Actor(user=organiser)
        with transaction.atomic():
            ctx = load_table(actor, two.pk)
            enter_deal(actor, two.pk, ctx.table.version, win_for(1, two), ctx=ctx)
            written.set()
            assert release.wait(20)

    scoring, _ = in_thread(scorer)
    assert written.wait(20)
    closing, closed = in_thread(lambda: close_round(Round.objects.get(pk=rnd.pk), organiser))
    closing.join(1.0)
    assert closing.is_alive(), "the close must wait for the sheet's lock"
    release.set()
    scoring.join(20)
    closing.join(20)
    assert "error" not in closed, closed
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    assert Table.objects.get(pk=two.pk).decision == ""
    assert verify_championship(rnd.stage.championship) == []


def test_a_deal_after_the_check_waits_and_conflicts(round_of_two):
    """The close holds the lock (its transaction still open); a scorer who read the sheet
    before it waits, then finds the version gone: nothing reaches the closed round."""
    organiser, rnd, two = round_of_two
    actor = Actor(user=organiser)
    ctx = load_table(actor, two.pk)  # read before the close
    with transaction.atomic():
        close_round(Round.objects.get(pk=rnd.pk), organiser,
                          remaining=Table.Decision.NOT_PLAYED)
        writing, wrote = in_thread(
            lambda: enter_deal(actor, two.pk, ctx.table.version, win_for(1, two), ctx=ctx))
        writing.join(1.0)
        assert writing.is_alive(), "the deal must wait for the close to commit"
    writing.join(20)
    assert isinstance(wrote.get("error"), SheetConflict), wrote
    assert not Deal.objects.filter(table=two).exists()
    assert verify_championship(rnd.stage.championship) == []
