"""The hand-written SQL of the hot paths agrees with the ORM: reads (club.selectors.raw,
the logged-in user) and the write behind the optimistic lock (club.services.locked_write),
on SQLite in the first CI pass and on PostgreSQL (one statement) in the second."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.forms.models import model_to_dict
from django.utils import timezone

from club.auth_backend import UserBackend
from club.models import Deal, DealChange, MatchResult, Table
from club.selectors.raw import fetch
from club.services.locked_write import write_under_lock
from club.services.results import RESULT_KEY
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.fixture
def table():
    return sheet_table(make_user("org"))


def lock_changes(version: int, user_id=None) -> dict:
    return {"version": version + 1, "entered_by": user_id, "confirmed_by": None,
            "confirmed_at": None}


def deal(table, number, points=38, play=None):
    return Deal(table=table, number=number, dealer=0, trump="h", points=points,
                points_other=60 - points, play=play)


def results(table, won: str):
    seats = {s.entry_id: s.side for s in table.seats.all()}
    return [MatchResult(table=table, entry_id=entry, side=side, finished=True,
                        result=won if side == 0 else "loss", games_won=1 - side)
            for entry, side in seats.items()]


def test_fetch_makes_the_same_instances_as_the_orm(table):
    Deal.objects.create(table=table, number=1, dealer=1, trump=None, points=None,
                        points_other=None, cancelled=True)
    Deal.objects.create(table=table, number=2, dealer=2, trump="s", doubling=2, points=40,
                        points_other=20, play=[["7h", "8h", "9h", "Ah"]], renonce=1)
    raw = fetch(Deal, ("number",), table=table.pk)
    orm = list(Deal.objects.filter(table=table).order_by("number"))
    assert [fields(d) for d in raw] == [fields(d) for d in orm]
    assert raw[1].play == [["7h", "8h", "9h", "Ah"]] and raw[0].cancelled is True
    assert isinstance(raw[0].entered_at, type(timezone.now()))
    assert not raw[0]._state.adding  # loaded, as the ORM marks them
    assert fetch(Deal, table=table.pk + 1000) == []


def test_the_user_backend_loads_the_user_and_refuses_inactive_or_bad_ids():
    user = make_user("someone", email="s@example.org")
    loaded = UserBackend().get_user(str(user.pk))
    assert model_to_dict(loaded) == model_to_dict(get_user_model().objects.get(pk=user.pk))
    assert loaded.get_session_auth_hash() == user.get_session_auth_hash()
    assert UserBackend().get_user("not a number") is None
    assert UserBackend().get_user(str(user.pk + 99)) is None
    assert UserBackend().get_user(str(2**70)) is None  # beyond any integer column
    user.is_active = False
    user.save()
    assert UserBackend().get_user(str(user.pk)) is None


def test_the_lock_matching_writes_everything(table):
    user = make_user("writer")
    audit = DealChange(table=table, deal_number=1, action="entered", user=user,
                       new={"points": 38})
    ok = write_under_lock(table.pk, 0, lock_changes(0, user.pk), unconfirmed_only=True,
                          inserts=[deal(table, 1), audit], upserts=results(table, "win"),
                          upsert_on=RESULT_KEY)
    assert ok
    stored = Table.objects.get(pk=table.pk)
    assert (stored.version, stored.entered_by_id) == (1, user.pk)
    assert list(Deal.objects.filter(table=table).values_list("number", "points")) == [(1, 38)]
    change = DealChange.objects.get(table=table)
    assert change.new == {"points": 38} and change.at is not None
    assert sorted(MatchResult.objects.filter(table=table).values_list("side", "result")) == [
        (0, "win"), (1, "loss")]
    # the upsert overwrites the derived rows rather than adding more
    assert write_under_lock(table.pk, 1, lock_changes(1), unconfirmed_only=True,
                            inserts=[deal(table, 2)], upserts=results(table, "draw"),
                            upsert_on=RESULT_KEY)
    assert sorted(MatchResult.objects.filter(table=table).values_list("side", "result")) == [
        (0, "draw"), (1, "loss")]


def test_a_stale_version_or_a_confirmed_sheet_writes_nothing(table):
    def attempt(version: int, *, unconfirmed_only: bool = True) -> bool:
        return write_under_lock(table.pk, version, lock_changes(version),
                                unconfirmed_only=unconfirmed_only, inserts=[deal(table, 1)],
                                upserts=results(table, "win"), upsert_on=RESULT_KEY)

    Table.objects.filter(pk=table.pk).update(version=3)
    assert not attempt(2)
    Table.objects.filter(pk=table.pk).update(confirmed_at=timezone.now())
    assert not attempt(3)
    assert not Deal.objects.filter(table=table).exists()
    assert not MatchResult.objects.filter(table=table).exists()
    assert Table.objects.get(pk=table.pk).version == 3
    assert attempt(3, unconfirmed_only=False)  # a correction may write a confirmed sheet
    stored = Table.objects.get(pk=table.pk)
    assert stored.version == 4 and stored.confirmed_at is None
