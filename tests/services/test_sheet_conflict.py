"""Two real PostgreSQL connections saving the same sheet at once: one wins, the other gets the
conflict, nothing is lost or doubled (optimistic lock UPDATE ... WHERE version = n)."""

from __future__ import annotations

import threading
import time
from functools import partial

import pytest
from django.db import connection, connections, transaction

from club.models import ClubRole, Deal, DealChange, MatchResult, Table
from club.selectors.sheets import Actor, load_table
from club.services import sheets as service
from club.services.sheets import SheetConflict, SheetInvalid
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def facts(points: int, dealer: int = 0) -> dict:
    return {"dealer": dealer, "trump": "h", "doubling": 1, "points": points,
            "points_other": 60 - points, "all_tricks": None, "renonce": None,
            "cancelled": False, "blind": False, "en_face": False, "tricks": None}


def run_together(*jobs):
    """Run each job in its own thread (its own database connection), started together."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list = [None] * len(jobs)

    def run(index, job):
        try:
            barrier.wait()
            outcomes[index] = job()
        except Exception as error:  # noqa: BLE001 (the outcome under test)
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_postgresql_is_the_database():
    assert connection.vendor == "postgresql"


@pytest.fixture
def setup():
    first = make_user("first")
    table = sheet_table(first, match_format={"kind": "games", "count": 40, "minutes": None})
    second = make_user("second")
    ClubRole.objects.create(user=second, club=table.round.stage.championship.club)
    return table, first, second


def test_two_people_saving_the_same_deal_one_wins(setup):
    table, first, second = setup
    for round_number in range(8):
        version = Table.objects.get(pk=table.pk).version
        dealer = (table.first_dealer + round_number) % 4  # the deal moves one player each time
        ctx_a = load_table(Actor(first), table.pk)  # both loaded the sheet at this version
        ctx_b = load_table(Actor(second), table.pk)
        outcomes = run_together(
            partial(service.enter_deal, Actor(first), table.pk, version, facts(38, dealer),
                    ctx=ctx_a),
            partial(service.enter_deal, Actor(second), table.pk, version, facts(44, dealer),
                    ctx=ctx_b))
        won = [o for o in outcomes if isinstance(o, service.Saved)]
        lost = [o for o in outcomes if isinstance(o, SheetConflict)]
        assert len(won) == 1 and len(lost) == 1, outcomes
        assert Table.objects.get(pk=table.pk).version == version + 1
        assert Deal.objects.filter(table=table).count() == round_number + 1
    assert DealChange.objects.filter(table=table).count() == 8
    assert sorted(Deal.objects.filter(table=table).values_list("number", flat=True)) == list(
        range(1, 9))
    assert MatchResult.objects.filter(table=table).count() == 2


def test_the_second_writer_waits_for_the_first_and_is_refused(setup):
    """The first writer holds the row lock (it saves inside a transaction it keeps open for
    a moment); the second blocks on the lock, then finds the version moved on and writes
    nothing."""
    table, first, second = setup
    entered = threading.Event()
    ctx_b = load_table(Actor(second), table.pk)

    def slow_writer():
        with transaction.atomic():
            saved = service.enter_deal(Actor(first), table.pk, 0, facts(38, table.first_dealer))
            entered.set()
            time.sleep(0.5)
        return saved

    def late_writer():
        entered.wait(5)
        started = time.monotonic()
        try:
            service.enter_deal(Actor(second), table.pk, 0, facts(44, table.first_dealer),
                               ctx=ctx_b)
        except SheetConflict as error:
            return error, time.monotonic() - started
        return None, time.monotonic() - started

    saved, (conflict, waited) = run_together(slow_writer, late_writer)
    assert isinstance(saved, service.Saved) and isinstance(conflict, SheetConflict)
    assert waited > 0.2  # it blocked on the first writer's row lock
    assert list(Deal.objects.filter(table=table).values_list("points", flat=True)) == [38]
    assert DealChange.objects.filter(table=table).count() == 1
    assert MatchResult.objects.filter(table=table).count() == 2


def test_confirmations_at_once_one_wins(setup):
    table, first, second = setup
    champ = table.round.stage.championship
    champ.confirmation_required = True
    champ.save()
    service.enter_deal(Actor(first), table.pk, 0, facts(38, table.first_dealer))
    third = make_user("third")
    ClubRole.objects.create(user=third, club=champ.club)
    outcomes = run_together(lambda: service.confirm_sheet(Actor(second), table.pk, 1),
                            lambda: service.confirm_sheet(Actor(third), table.pk, 1))
    assert sum(isinstance(o, service.Saved) for o in outcomes) == 1
    assert sum(isinstance(o, (SheetConflict, SheetInvalid)) for o in outcomes) == 1
    assert DealChange.objects.filter(table=table, action="confirmed").count() == 1


def test_database_refuses_a_sheet_confirmed_by_its_enterer(setup):
    from django.db import IntegrityError, transaction

    table, first, _ = setup
    service.enter_deal(Actor(first), table.pk, 0, facts(38, table.first_dealer))
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(confirmed_by=first)
