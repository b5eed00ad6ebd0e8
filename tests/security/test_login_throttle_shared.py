"""With the cache down, login throttling still counts once for the whole site: the
failures go to the database, so every web worker sees them. Before, each worker counted in
its own in-process stand-in and two workers together let 8 wrong passwords through
against a limit of 5 (issue 27)."""

from __future__ import annotations

import itertools

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client

from club import safe_cache
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "pw-right-12345"
DEAD = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                    "LOCATION": "redis://127.0.0.1:1/0",
                    "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}}


@pytest.fixture
def two_workers(settings, monkeypatch):
    """The cache is down; each call to ``attempt`` runs in the next of two worker
    processes, each with its own in-process stand-in."""
    settings.CACHES = DEAD
    safe_cache.reset()
    stand_ins = itertools.cycle([LocMemCache("troef-test-worker-a", {}),
                                 LocMemCache("troef-test-worker-b", {})])

    def attempt(username, password, address="198.51.100.4"):
        monkeypatch.setattr(safe_cache, "_fallback", next(stand_ins))
        return Client(REMOTE_ADDR=address).post(
            "/accounts/login/", {"username": username, "password": password})

    yield attempt
    for stand_in in (LocMemCache("troef-test-worker-a", {}),
                     LocMemCache("troef-test-worker-b", {})):
        stand_in.clear()
    safe_cache.reset()


def test_two_workers_together_accept_no_more_wrong_passwords_than_the_limit(two_workers,
                                                                             settings):
    make_user("alice", password=PASSWORD)
    answers = [two_workers("alice", "wrong").status_code for _ in range(8)]
    limit = settings.TROEF_LOGIN_MAX_FAILURES
    assert answers == [200] * limit + [429] * (8 - limit)
    assert two_workers("alice", PASSWORD).status_code == 429


def test_the_per_address_limit_holds_across_workers_too(two_workers, settings):
    settings.TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS = 6
    make_user("bob", password=PASSWORD)
    for n in range(6):
        assert two_workers(f"nobody-{n}", "wrong").status_code == 200
    assert two_workers("bob", PASSWORD).status_code == 429
    assert two_workers("bob", PASSWORD, address="198.51.100.5").status_code == 302


def test_a_success_forgets_the_usernames_failures_in_every_worker(two_workers):
    make_user("carol", password=PASSWORD)
    for _ in range(4):
        two_workers("carol", "wrong")
    assert two_workers("carol", PASSWORD).status_code == 302
    answers = [two_workers("carol", "wrong").status_code for _ in range(5)]
    assert answers == [200] * 5
    assert two_workers("carol", PASSWORD).status_code == 429
