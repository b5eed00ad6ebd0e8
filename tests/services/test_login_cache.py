"""Login throttling on a real Redis cache (the broker's server): the counts live in Redis,
shared by every web worker, not in the in-process stand-in."""

from __future__ import annotations

import logging
import uuid

import pytest
import redis

from club import safe_cache
from tests.factories import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_failures_are_counted_in_redis_and_throttle_the_username(client, settings, caplog):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": settings.CELERY_BROKER_URL,
                                   "KEY_PREFIX": "troef-test-" + uuid.uuid4().hex[:8],
                                   "OPTIONS": {"socket_connect_timeout": 0.5,
                                               "socket_timeout": 0.5}}}
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    safe_cache.reset()
    caplog.set_level(logging.WARNING, logger="club.safe_cache")
    name = "u" + uuid.uuid4().hex[:10]
    make_user(name, password="pw-right-12345")
    server = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    try:
        for _ in range(5):
            client.post("/accounts/login/", {"username": name, "password": "wrong"})
        refused = client.post("/accounts/login/", {"username": name, "password": "pw-right-12345"})
        assert refused.status_code == 429
        stored = server.keys(f"{prefix}:*login-fail:user:*")
        assert len(stored) == 1 and int(server.get(stored[0])) == 5
        assert not [r for r in caplog.records if "unreachable" in r.getMessage()]
    finally:
        for key in server.keys(f"{prefix}:*"):
            server.delete(key)
