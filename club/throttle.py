"""Login throttling: failed logins are counted per username and per client address.

A username with ``TROEF_LOGIN_MAX_FAILURES`` failures (5) in ``TROEF_LOGIN_WINDOW_SECONDS``
(5 minutes) is refused even with the right password until the window passes; an address
with ``TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS`` (50) failures, over any usernames, is refused
for every username. So one mistyped account never locks out the other people behind the
same address (a club's network, the TLS proxy). A success forgets its username's failures.

The client's address is ``REMOTE_ADDR``, unless that is one of ``TROEF_TRUSTED_PROXIES``:
then it is the right-most X-Forwarded-For entry that is not a trusted proxy (the entries to
its left were written by the client and prove nothing).

Counts live in the cache through :mod:`club.safe_cache`, so a dead cache never stops a login.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
from functools import lru_cache

from django.conf import settings

from club import safe_cache

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


def is_throttled(request, username: str | None) -> bool:
    """Whether a login for ``username`` from this request's address must wait."""
    user_key, address_key = _username_key(username), _address_key(request)
    counts = safe_cache.call("get_many", [user_key, address_key])
    return (counts.get(user_key, 0) >= settings.TROEF_LOGIN_MAX_FAILURES
            or counts.get(address_key, 0) >= settings.TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS)


def record_failure(request, username: str | None) -> None:
    window = settings.TROEF_LOGIN_WINDOW_SECONDS
    for key in (_username_key(username), _address_key(request)):
        if safe_cache.call("add", key, 1, window):
            continue
        try:
            safe_cache.call("incr", key)
        except ValueError:  # expired between the two calls
            safe_cache.call("set", key, 1, window)


def record_success(username: str | None) -> None:
    safe_cache.call("delete", _username_key(username))


# Other throttled requests (password reset, invitation links): the same counters in the
# cache, by ``scope`` and any text (a client address, an e-mail address), hashed.

def _scoped_key(scope: str, text: str) -> str:
    return f"troef:{scope}:" + _digest(text.strip().casefold())


def count(scope: str, text: str) -> int:
    """How many times ``text`` was counted in ``scope`` within its window."""
    return safe_cache.call("get", _scoped_key(scope, text)) or 0


def add(scope: str, text: str, window: int) -> None:
    """Count ``text`` once more in ``scope`` (the count ends ``window`` seconds after the
    first)."""
    key = _scoped_key(scope, text)
    if safe_cache.call("add", key, 1, window):
        return
    try:
        safe_cache.call("incr", key)
    except ValueError:  # expired between the two calls
        safe_cache.call("set", key, 1, window)
