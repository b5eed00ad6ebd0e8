"""Request rates of the API, counted through :mod:`club.safe_cache` (a dead cache never
stops the API: it counts in-process meanwhile, as login throttling does).

Rates are read from ``settings.TROEF_API_THROTTLE_RATES`` on every request: ``anon`` per
client address (:func:`club.throttle.client_address`, which believes only the trusted
proxies), ``user`` per user, ``code`` per table code. A café's players entering by code
share one address, so codes are counted per table, not per address.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from club import safe_cache
from club.throttle import client_address


class _SafeCache:
    """The cache interface DRF's throttles use, through safe_cache."""

    def get(self, key, default=None):
        return safe_cache.call("get", key, default)

    def set(self, key, value, timeout=None):
        return safe_cache.call("set", key, value, timeout)


class _Throttle(SimpleRateThrottle):
    cache = _SafeCache()

    def get_rate(self):
        return settings.TROEF_API_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        self.rate = self.get_rate()  # read per request: settings may change (tests)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

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
