"""A small world for the API tests: club A (its organiser, a private self-entry
championship with a published round of two tables, one deal entered), club B with its own
organiser and a public championship, staff and a user with no role; clients by role."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from club.api.authentication import create_token
from club.models import Deal, Round
from club.services.results import rebuild_table_results
from tests.factories import make_championship, make_club, make_round, make_user


@dataclass
class World:
    users: dict
    club: object
    championship: object
    round: object
    table: object
    other_table: object
    public_championship: object
    public_round: object
    public_table: object
    draft_round: object


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


def client_as(world: World | None, role: str, *, token: bool = True) -> APIClient:
    """An API client for ``role`` (anonymous, code: no credentials), by a token (default)
    or by the session."""
    client = APIClient()
    user = world.users.get(role) if world is not None else None
    if user is not None:
        if token:
            _token, secret = create_token(user, "tests")
            client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
        else:
            client.force_login(user)
    return client
