"""The laptop mode: ``make run HOST=0.0.0.0 PORT=8300`` serves a club evening's phones.

The Makefile passes the address ``runserver`` binds as ``TROEF_BIND`` (``host:port``).
When that host is not this machine's loopback, the settings (``club/settings.py``, outside
production) allow the machine's addresses on the local network as hosts, and the site
address that printed score sheets and their QR codes carry becomes
``http://<address>:<port>`` (``TROEF_SITE_URL``, when set, still wins).

The addresses are found with the standard library only (settings import this module):
the source address the system would use towards the network (a UDP socket "connected" to a
non-routable address: nothing is sent) and the addresses of the machine's host name.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

#: The default ``make run`` address: this machine only.
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "[::1]"}
#: Bind hosts that mean "every interface".
WILDCARD_HOSTS = {"", "0.0.0.0", "::", "[::]"}
# Any address off this machine would do: a UDP connect() only picks the route, it sends
# nothing. 192.0.2.1 is TEST-NET-1 (RFC 5737), reserved for documentation: no host has it.
_PROBE = ("192.0.2.1", 9)


@dataclass(frozen=True)
class Laptop:
    """The laptop mode's facts: the hosts to allow and the site address (``""`` when the
    machine has no address on a network: the sheets then keep pointing at localhost)."""

    port: str
    hosts: tuple[str, ...]
    site_url: str


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, the one of the default route first;
    empty when it has none (no Wi-Fi, no cable)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)  # UDP: chooses the route and source address, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found += [info[4][0] for info in infos]
    return [a for i, a in enumerate(found) if _usable(a) and a not in found[:i]]


def split_bind(bind: str) -> tuple[str, str]:
    """``"0.0.0.0:8300"`` -> ``("0.0.0.0", "8300")``; a bare host keeps port 8000."""
    host, colon, port = bind.strip().rpartition(":")
    if not colon or not port.isdigit() or (host.count(":") and not host.startswith("[")):
        return bind.strip(), "8000"
    return host, port


def from_environment(environ, find=None) -> Laptop | None:
    """The laptop mode asked for by ``TROEF_BIND`` in ``environ``, or None (loopback or
    unset: the machine alone). ``find`` lists the LAN addresses (default ``lan_addresses``)."""
    bind = environ.get("TROEF_BIND", "")
    if not bind.strip():
        return None
    host, port = split_bind(bind)
    if host.lower() in LOOPBACK_NAMES or host.startswith("127."):
        return None
    if host in WILDCARD_HOSTS:
        addresses = list((find or lan_addresses)())
        names = [socket.gethostname()] if addresses else []
    else:
        addresses, names = [host], []
    names += [f"{name}.local" for name in names if "." not in name]  # mDNS names
    site_url = f"http://{addresses[0]}:{port}" if addresses else ""
    return Laptop(port=port, hosts=tuple(addresses + names), site_url=site_url)


def local_port(environ) -> str:
    """The port ``make run`` serves (8000 unless ``TROEF_BIND`` names another)."""
    bind = environ.get("TROEF_BIND", "")
    return split_bind(bind)[1] if bind.strip() else "8000"


def phones_cannot_open(url: str) -> bool:
    """Whether ``url`` names this computer only (localhost, 127.x, ::1, 0.0.0.0), an
    address a player's phone cannot open."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost") or not host:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def machine_secret_key(path) -> str:
    """This machine's own secret key for the laptop mode, made once and kept in ``path``
    (readable by its owner only): the development key is in the repository, and anyone on
    the hall's network could sign a session cookie with it."""
    import secrets
    from pathlib import Path

    path = Path(path)
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if len(key) < 50:
        key = secrets.token_urlsafe(64)
        path.touch(mode=0o600)
        path.write_text(key + "\n")
    return key
