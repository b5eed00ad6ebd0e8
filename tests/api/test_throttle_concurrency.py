"""The API's rates hold under concurrency: many requests at once (threads, each cache call
taking as long as a round trip to Redis) never get more answers than the rate allows.
DRF's own throttle read the history, appended and wrote it back, so requests arriving
together all passed (459 answers a minute against 300)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from club import safe_cache
from club.api.throttling import AnonThrottle, CodeThrottle, UserThrottle

RATES = {"anon": "20/minute", "user": "30/minute", "code": "10/minute"}


@pytest.fixture(autouse=True)
def _rates_and_latency(settings, monkeypatch, fresh_throttle_counts):
    settings.TROEF_API_THROTTLE_RATES = RATES
    real = safe_cache.call

    def slow(method, *args, **kwargs):
        time.sleep(0.002)  # a round trip to the cache server: other requests run meanwhile
        return real(method, *args, **kwargs)

    monkeypatch.setattr(safe_cache, "call", slow)


def fake_request(user=None, address="203.0.113.7"):
    request = RequestFactory().get("/api/clubs/", REMOTE_ADDR=address)
    request.user = user or AnonymousUser()
    return request


def allowed_at_once(throttle_class, request, view, attempts=120):
    def one(_):
        return throttle_class().allow_request(request, view)

    with ThreadPoolExecutor(max_workers=24) as pool:
        return sum(pool.map(one, range(attempts)))


@pytest.mark.parametrize("scope", ["anon", "user", "code"])
def test_requests_at_once_never_exceed_the_rate(scope):
    limit = int(RATES[scope].split("/")[0])
    user = SimpleNamespace(is_authenticated=True, pk=42)
    throttle, request, view = {
        "anon": (AnonThrottle, fake_request(), SimpleNamespace(table_code="")),
        "user": (UserThrottle, fake_request(user), SimpleNamespace(table_code="")),
        "code": (CodeThrottle, fake_request(), SimpleNamespace(table_code="ABC123")),
    }[scope]
    assert allowed_at_once(throttle, request, view) == limit
    refused = throttle()
    assert not refused.allow_request(request, view)
    assert 0 < refused.wait() <= 120


def test_refused_requests_do_not_count_against_the_next_window(monkeypatch):
    request, view = fake_request(), SimpleNamespace(table_code="")
    now = [1_000_020.0]  # a third into a minute
    monkeypatch.setattr(AnonThrottle, "timer", lambda self: now[0])
    assert allowed_at_once(AnonThrottle, request, view, attempts=60) == 20
    now[0] += 120  # two windows later: nothing of the refused 40 remains
    assert allowed_at_once(AnonThrottle, request, view, attempts=30) == 20
