"""The account tests' autouse fixture: fast password hashing and an empty cache (the login
throttle's counts) before and after each test."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from club import safe_cache


@pytest.fixture(autouse=True)
def fresh(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    safe_cache.reset()
    yield
    cache.clear()
