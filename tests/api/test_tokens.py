"""Personal API tokens: made and revoked on the user's page, the secret shown once and
never stored, Token or Bearer, an unknown or revoked token refused."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client
from rest_framework.test import APIClient

from club.models import ApiToken

pytestmark = pytest.mark.django_db


def test_make_use_and_revoke_a_token(world):
    page = Client()
    page.force_login(world.users["organiser"])
    made = page.post("/account/api-tokens/", {"name": "scoreboard"})
    assert made.status_code == 200
    secret = made.context["secret"]
    assert secret.startswith("troef_") and secret in made.content.decode()
    token = ApiToken.objects.get(name="scoreboard")
    assert token.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    stored = " ".join(str(v) for v in ApiToken.objects.values_list().get(pk=token.pk))
    assert secret not in stored  # only the hash and a prefix are kept
    assert secret not in page.get("/account/api-tokens/").content.decode()  # shown once

    for scheme in ("Token", "Bearer"):
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"{scheme} {secret}")
        assert api.get(f"/api/tables/{world.table.pk}/sheet/").status_code == 200
    assert ApiToken.objects.get(pk=token.pk).last_used is not None

    other = Client()
    other.force_login(world.users["other_organiser"])
    assert other.post(f"/account/api-tokens/{token.pk}/revoke/").status_code == 404
    assert page.post(f"/account/api-tokens/{token.pk}/revoke/").status_code == 302
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    refused = api.get("/api/clubs/")
    assert refused.status_code == 401
    assert refused.json()["errors"][0]["code"] == "token_invalid"


@pytest.mark.parametrize("header", ["Token troef_unknown", "Bearer", "Token a b",
                                    "Token \u00e9t\u00e9"])
def test_unknown_or_malformed_tokens_are_refused(world, header):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=header)
    response = api.get("/api/clubs/")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] in ("token_invalid", "authentication_failed")


def test_the_tokens_page_needs_a_login_and_a_name(world):
    assert Client().get("/account/api-tokens/").status_code == 302
    page = Client()
    page.force_login(world.users["no_role"])
    assert page.post("/account/api-tokens/", {"name": "  "}).status_code == 400
    assert not ApiToken.objects.filter(user=world.users["no_role"]).exists()
