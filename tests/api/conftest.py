"""A small world for the API tests: club A (its organiser, a private self-entry
championship with a published round of two tables, one deal entered), club B with its own
organiser and a public championship, staff and a user with no role (clients by role:
tests/helpers/api.py)."""

from __future__ import annotations

import pytest

from club.models import Deal, Round
from club.services.results import rebuild_table_results
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.api import World


@pytest.fixture(autouse=True)
def _fresh_counts(fresh_throttle_counts):
    """Throttle counts live in the cache: every test starts with none."""


@pytest.fixture
def world(db):
    organiser, other, staff = make_user("api-org"), make_user("api-other"), make_user(
        "api-staff", is_staff=True)
    nobody = make_user("api-nobody")
    club = make_club("api-club", organiser=organiser)
    club_b = make_club("api-club-b", organiser=other)
    championship = make_championship(club, entries=4, self_entry=True, name="Private A")
    rnd = make_round(championship)
    table, other_table = rnd.tables.order_by("number")
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22,
                        entered_by=organiser)
    rebuild_table_results(table)
    draft = make_round(championship, number=2, status=Round.Status.DRAFT)
    for t in draft.tables.all():
        t.code = f"DRAFT{t.number:02d}"
        t.save(update_fields=["code"])
    public = make_championship(club_b, entries=4, public=True, self_entry=True, name="Open B")
    public_round = make_round(public)
    for t in public_round.tables.all():
        t.code = f"BCODE{t.number:02d}"
        t.save(update_fields=["code"])
    return World({"organiser": organiser, "other_organiser": other, "staff": staff,
                  "no_role": nobody}, club, championship, rnd, table, other_table, public,
                 public_round, public_round.tables.order_by("number").first(), draft)
