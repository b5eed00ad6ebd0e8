"""The API tests' helpers: the small world's shape (built by tests/api/conftest.py's
``world``), API clients by role, and deals sent to a sheet with an Idempotency-Key."""

from __future__ import annotations

from dataclasses import dataclass

from rest_framework.test import APIClient

from club.api.authentication import create_token
from club.models import Deal, DealChange, Table


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


def deals_url(world, table=None):
    return f"/api/tables/{(table or world.table).pk}/sheet/deals/"


def post(client, url, data, key="key-1", **extra):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return client.post(url, data, format="json", **headers, **extra)


def state():
    return (Deal.objects.count(), DealChange.objects.count(),
            sorted(Table.objects.values_list("pk", "version")))
