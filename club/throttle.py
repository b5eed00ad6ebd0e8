"""Login throttling: failed logins are counted per username and per client address.

A username with ``TROEF_LOGIN_MAX_FAILURES`` failures (5) in ``TROEF_LOGIN_WINDOW_SECONDS``
(5 minutes) is refused even with the right password until the window passes; an address
with ``TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS`` (50) failures, over any usernames, is refused
for every username. So one mistyped account never locks out the other people behind the
same address (a club's network, the TLS proxy). A success forgets its username's failures.

The client's address is ``REMOTE_ADDR``, unless that is one of ``TROEF_TRUSTED_PROXIES``:
then it is the right-most X-Forwarded-For entry that is not a trusted proxy (the entries to
its left were written by the client and prove nothing).

Counts live in the shared cache. While it cannot be reached (:func:`club.safe_cache.shared`)
they live in the database instead (:class:`~club.models.ThrottleCount`, one atomic UPDATE per
count), so the limits still hold for the whole site: an in-process stand-in counted per web
worker, and two workers let 8 wrong passwords through against 5 (issue 27). A dead cache
never stops a login; the counts of the outage are not carried back into the cache when it
returns (at most one window's worth of extra attempts, once).
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Case, DateTimeField, F, Q, Value, When
from django.utils import timezone

from club import safe_cache
from club.models import ThrottleCount

log = logging.getLogger(__name__)

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy, strict=False))
        except ValueError:
            log.warning("TROEF_TRUSTED_PROXIES: %r is not an address or network; ignored", proxy)
    return tuple(networks)


def _trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request) -> str:
    """The address the request came from, believing only the trusted proxies."""
    remote = request.META.get("REMOTE_ADDR", "")
    networks = _networks(tuple(settings.TROEF_TRUSTED_PROXIES))
    if not networks or not _trusted(remote, networks):
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    for address in reversed(forwarded):
        if not _trusted(address, networks):
            return address[:100]
    return forwarded[0][:100] if forwarded else remote


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:40]


def _username_key(username: str | None) -> str:
    return "troef:login-fail:user:" + _digest((username or "").strip().casefold())


def _address_key(request) -> str:
    return "troef:login-fail:addr:" + _digest(client_address(request))


# The store: the shared cache, or the database while the cache is unreachable.

def _get_many(keys: list[str]) -> dict[str, int]:
    try:
        return safe_cache.shared("get_many", keys)
    except safe_cache.Unreachable:
        return dict(ThrottleCount.objects.filter(key__in=keys, expires__gt=timezone.now())
                    .values_list("key", "count"))


def _increment(key: str, window: int) -> None:
    """Count once more at ``key`` (the count ends ``window`` seconds after the first)."""
    try:
        if safe_cache.shared("add", key, 1, window):
            return
        try:
            safe_cache.shared("incr", key)
        except ValueError:  # expired between the two calls
            safe_cache.shared("set", key, 1, window)
        return
    except safe_cache.Unreachable:
        pass
    now = timezone.now()
    ends = now + timedelta(seconds=window)
    live = Q(expires__gt=now)

    def update() -> int:  # one statement: concurrent workers never lose a count
        return ThrottleCount.objects.filter(key=key).update(
            count=Case(When(live, then=F("count") + 1), default=Value(1)),
            expires=Case(When(live, then=F("expires")), default=Value(ends),
                         output_field=DateTimeField()))

    if update():
        return
    try:
        with transaction.atomic():
            ThrottleCount.objects.create(key=key, count=1, expires=ends)
    except IntegrityError:  # another worker made the row meanwhile
        update()
    else:
        ThrottleCount.objects.filter(expires__lt=now).delete()  # sweep the old ones


def _delete(key: str) -> None:
    try:
        safe_cache.shared("delete", key)
    except safe_cache.Unreachable:
        ThrottleCount.objects.filter(key=key).delete()


def is_throttled(request, username: str | None) -> bool:
    """Whether a login for ``username`` from this request's address must wait."""
    user_key, address_key = _username_key(username), _address_key(request)
    counts = _get_many([user_key, address_key])
    return (counts.get(user_key, 0) >= settings.TROEF_LOGIN_MAX_FAILURES
            or counts.get(address_key, 0) >= settings.TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS)


def record_failure(request, username: str | None) -> None:
    window = settings.TROEF_LOGIN_WINDOW_SECONDS
    for key in (_username_key(username), _address_key(request)):
        _increment(key, window)


def record_success(username: str | None) -> None:
    _delete(_username_key(username))


# Other throttled requests (password reset, invitation links): the same counters in the
# same store, by ``scope`` and any text (a client address, an e-mail address), hashed.

def _scoped_key(scope: str, text: str) -> str:
    return f"troef:{scope}:" + _digest(text.strip().casefold())


def count(scope: str, text: str) -> int:
    """How many times ``text`` was counted in ``scope`` within its window."""
    key = _scoped_key(scope, text)
    return _get_many([key]).get(key) or 0


def add(scope: str, text: str, window: int) -> None:
    """Count ``text`` once more in ``scope`` (the count ends ``window`` seconds after the
    first)."""
    _increment(_scoped_key(scope, text), window)
