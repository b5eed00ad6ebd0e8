"""Request rates of the API, counted through :mod:`club.safe_cache` (a dead cache never
stops the API: it counts in-process meanwhile).

Rates are read from ``settings.TROEF_API_THROTTLE_RATES`` on every request: ``anon`` per
client address (:func:`club.throttle.client_address`, which believes only the trusted
proxies), ``user`` per user, ``code`` per table code. A café's players entering by code
share one address, so codes are counted per table, not per address.

The count is atomic in the cache (``add`` then ``incr``: Redis's INCR), a sliding window of
two counters: the requests of this window plus those of the previous one weighted by the
part of it still inside the last ``duration`` seconds. A request first counts itself, then
passes only if that total is within the rate; a refused request takes its count back, so
requests arriving together never pass beyond the rate (DRF's own throttle read a history
list, appended and wrote it back: concurrent requests all passed, 459 a minute against 300).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from club import safe_cache
from club.throttle import client_address


def _increment(key: str, timeout: int) -> int:
    """The counter at ``key`` plus one (made at 1, ending ``timeout`` seconds from now)."""
    if safe_cache.call("add", key, 1, timeout):
        return 1
    try:
        return safe_cache.call("incr", key)
    except ValueError:  # expired between the two calls
        safe_cache.call("set", key, 1, timeout)
        return 1


def _decrement(key: str) -> None:
    try:
        safe_cache.call("decr", key)
    except ValueError:  # expired meanwhile: nothing to take back
        pass


class _Throttle(SimpleRateThrottle):
    def get_rate(self):
        return settings.TROEF_API_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        self.rate = self.get_rate()  # read per request: settings may change (tests)
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        self.elapsed = now - window * self.duration
        self.previous = safe_cache.call("get", f"{self.key}:{window - 1}") or 0
        weight = 1 - self.elapsed / self.duration
        current = f"{self.key}:{window}"
        self.count = _increment(current, 2 * self.duration)
        if self.previous * weight + self.count <= self.num_requests:
            return True
        _decrement(current)
        self.count -= 1
        return False

    def wait(self):
        """Seconds until a request would pass again (the 429's Retry-After)."""
        if self.count >= self.num_requests:  # this window is full: the next one, once
            # this window's weight has dropped enough
            later = max(0.0, 1 - (self.num_requests - 1) / self.count) * self.duration
            return max(1.0, self.duration - self.elapsed + later)
        needed = (1 - (self.num_requests - self.count - 1) / self.previous) * self.duration
        return max(1.0, needed - self.elapsed)

    def get_ident(self, request):
        return client_address(request)


class AnonThrottle(_Throttle):
    scope = "anon"

    def get_cache_key(self, request, view):
        if request.user.is_authenticated or getattr(view, "table_code", ""):
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserThrottle(_Throttle):
    scope = "user"

    def get_cache_key(self, request, view):
        if not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class CodeThrottle(_Throttle):
    scope = "code"

    def get_cache_key(self, request, view):
        code = getattr(view, "table_code", "")
        if not code or request.user.is_authenticated:
            return None
        # the code as typed may hold any character: its digest keys the count
        ident = hashlib.sha256(code[:40].encode("utf-8", "replace")).hexdigest()[:32]
        return self.cache_format % {"scope": self.scope, "ident": ident}
