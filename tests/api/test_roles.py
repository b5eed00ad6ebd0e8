"""The club's scorer and viewer through the API, with real JSON writes: the scorer enters
and confirms sheets, the viewer only reads the private championship; neither sets up."""

from __future__ import annotations

import pytest

from club.models import ClubRole, Deal
from tests.factories import make_user
from tests.helpers.api import client_as

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 1, "trump": "c", "points": 40}


@pytest.fixture
def roles(world):
    for role in ("scorer", "viewer"):
        user = make_user(f"api-{role}")
        ClubRole.objects.create(user=user, club=world.club, role=role)
        world.users[role] = user
    return world


def test_the_scorer_enters_the_viewer_reads(roles):
    world = roles
    url = f"/api/tables/{world.table.pk}/sheet/deals/"
    viewer, scorer = client_as(world, "viewer"), client_as(world, "scorer")
    assert viewer.get(f"/api/championships/{world.championship.pk}/").status_code == 200
    assert viewer.get(f"/api/rounds/{world.round.pk}/tables/").status_code == 200
    assert "Private A" in {c["name"] for c in viewer.get("/api/championships/").json()["results"]}
    refused = viewer.post(url, {**DEAL, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="v")
    assert refused.status_code == 403
    assert Deal.objects.filter(table=world.table).count() == 1
    entered = scorer.post(url, {**DEAL, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="s")
    assert entered.status_code == 201
    # the draft round is set-up work: organisers only
    assert scorer.get(f"/api/rounds/{world.draft_round.pk}/").status_code == 403
    assert viewer.post("/api/reports/", {"kind": "sheets", "round": world.round.pk},
                       format="json").status_code == 403
