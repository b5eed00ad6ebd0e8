"""The cache for callers that must go on when it is down (login throttling).

``call("get", key)`` is ``cache.get(key)`` on the configured cache; when the cache cannot be
reached (Redis down, a timeout) it logs one warning, stops asking it for ``RETRY_SECONDS``
so no request waits on a dead server again, and answers from a cache kept in this process
instead. Counters then hold per worker process: weaker than one shared count, but the limits
still apply and nobody is locked out by the outage. Errors that are not about reaching the
cache (a bug) are not caught.

``shared(...)`` is the same call without the stand-in: it raises :class:`Unreachable`
instead, for counts that must stay shared by every worker (login throttling then counts in
the database: :mod:`club.throttle`).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache

log = logging.getLogger(__name__)

RETRY_SECONDS = 30.0

try:
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover (redis is a runtime requirement)
    CACHE_ERRORS: tuple[type[BaseException], ...] = (OSError,)
else:
    CACHE_ERRORS = (RedisError, OSError)

_fallback = LocMemCache("troef-safe-cache-fallback", {"OPTIONS": {"MAX_ENTRIES": 10_000}})
_down_until = 0.0


class Unreachable(Exception):
    """The shared cache cannot be reached (now, or at a call less than ``RETRY_SECONDS``
    ago)."""


def shared(method: str, *args: Any, **kwargs: Any) -> Any:
    """``cache.<method>(*args, **kwargs)``; :class:`Unreachable` while the cache is
    unreachable."""
    global _down_until
    if time.monotonic() < _down_until:
        raise Unreachable
    try:
        return getattr(cache, method)(*args, **kwargs)
    except CACHE_ERRORS as error:
        _down_until = time.monotonic() + RETRY_SECONDS
        log.warning("Cache unreachable (%s: %s); not asking it again for %d s (counting in "
                    "this process, login failures in the database)",
                    type(error).__name__, error, RETRY_SECONDS)
        raise Unreachable from error


def call(method: str, *args: Any, **kwargs: Any) -> Any:
    """``cache.<method>(*args, **kwargs)``, or the same on the in-process stand-in while the
    cache is unreachable."""
    try:
        return shared(method, *args, **kwargs)
    except Unreachable:
        return getattr(_fallback, method)(*args, **kwargs)


def reset() -> None:
    """Ask the cache again on the next call and forget the stand-in's entries (tests)."""
    global _down_until
    _down_until = 0.0
    _fallback.clear()
