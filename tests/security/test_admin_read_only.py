"""The admin shows a sheet's deals, audit trail and derived results but never writes them:
such a write would skip the sheet's version, its audit row and the rebuild."""

from __future__ import annotations

import pytest

from club.models import Deal, DealChange, MatchResult, Table
from club.selectors.sheets import Actor, load_table
from club.services.sheets import enter_deal
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    table = sheet_table(boss)
    ctx = load_table(Actor(boss), table.pk)
    enter_deal(Actor(boss), table.pk, ctx.table.version,
               {"dealer": 0, "trump": "h", "doubling": 1, "points": 38, "points_other": 22,
                "all_tricks": None, "renonce": None, "cancelled": False, "blind": False,
                "en_face": False, "tricks": None}, ctx=ctx)
    client.force_login(boss)
    return client


@pytest.mark.parametrize("model", [Deal, DealChange, MatchResult, Table])
def test_a_superuser_sees_but_cannot_change_add_or_delete(admin_client, model):
    row = model.objects.first()
    base = f"/admin/club/{model._meta.model_name}/"
    assert admin_client.get(base).status_code == 200
    assert admin_client.get(f"{base}{row.pk}/change/").status_code == 200  # view only
    before = list(model.objects.order_by("pk").values())
    assert admin_client.post(f"{base}{row.pk}/change/", {"points": 60}).status_code == 403
    assert admin_client.get(f"{base}add/").status_code == 403
    assert admin_client.post(f"{base}{row.pk}/delete/", {"post": "yes"}).status_code == 403
    assert list(model.objects.order_by("pk").values()) == before
