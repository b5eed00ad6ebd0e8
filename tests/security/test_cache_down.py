"""With the cache unreachable (Redis on a closed port), logins, deal entry and pages work:
login throttling falls back to counting in the process, with a logged warning, and no
request waits on the dead cache."""

from __future__ import annotations

import logging
import time

import pytest
from django.test import Client

from club import safe_cache
from club.models import Deal
from tests.factories import make_user
from tests.helpers.sheets import deal_data, sheet_table, url

pytestmark = pytest.mark.django_db

PASSWORD = "pw-right-12345"
DEAD = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                    "LOCATION": "redis://127.0.0.1:1/0",
                    "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}}


@pytest.fixture(autouse=True)
def dead_cache(settings):
    settings.CACHES = DEAD
    safe_cache.reset()
    yield
    safe_cache.reset()


def login(client, password):
    return client.post("/accounts/login/", {"username": "alice", "password": password})


def timed(call, *args):
    start = time.monotonic()
    response = call(*args)
    return response, time.monotonic() - start


def test_login_works_and_is_fast_with_the_cache_down(client, caplog, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # time the rest
    make_user("alice", password=PASSWORD)
    caplog.set_level(logging.WARNING, logger="club.safe_cache")
    page, seconds = timed(client.get, "/accounts/login/")
    assert page.status_code == 200 and seconds < 1
    wrong, seconds = timed(login, client, "wrong")
    assert wrong.status_code == 200 and seconds < 1
    assert "Please enter a correct username and password" in str(wrong.context["form"].errors)
    assert "_auth_user_id" not in client.session
    right, seconds = timed(login, client, PASSWORD)
    assert right.status_code == 302 and seconds < 1
    assert "_auth_user_id" in client.session
    assert any("Cache unreachable" in r.getMessage() for r in caplog.records)


def test_throttling_still_counts_with_the_cache_down(client):
    make_user("alice", password=PASSWORD)
    for _ in range(5):
        login(client, "wrong")
    assert login(client, PASSWORD).status_code == 429


def test_deal_entry_and_pages_work_with_the_cache_down(client):
    organiser = make_user("alice", password=PASSWORD)
    table = sheet_table(organiser)
    assert login(client, PASSWORD).status_code == 302
    assert client.post(url(table), deal_data(table, points=38)).status_code == 302
    assert Deal.objects.filter(table=table).count() == 1
    for page in ("/", "/clubs/", "/clubs/club/", url(table), "/admin/login/"):
        assert client.get(page).status_code == 200, page
    assert Client().get("/").status_code == 200


def test_a_hung_cache_costs_one_request_half_a_second_and_the_next_nothing(client, settings):
    import socket

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    make_user("alice", password=PASSWORD)
    with socket.socket() as hung:  # accepts connections (the kernel does), never answers
        hung.bind(("127.0.0.1", 0))
        hung.listen(8)
        settings.CACHES = {"default": {**DEAD["default"],
                                       "LOCATION": f"redis://127.0.0.1:{hung.getsockname()[1]}/0"}}
        first, seconds = timed(login, client, "wrong")
        assert first.status_code == 200 and 0.4 < seconds < 1.5
        second, seconds = timed(login, client, PASSWORD)
        assert second.status_code == 302 and seconds < 0.3
