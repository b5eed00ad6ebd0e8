"""Issue 26, "A laptop in the hall": ``make run HOST=0.0.0.0 PORT=8300`` lets the players'
phones reach the laptop by its LAN address (allowed host, the address in the sheets' QR
codes), and the reports pages warn before printing sheets whose QR codes name localhost."""

from __future__ import annotations

import runpy
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest
import segno
from django.core.management import call_command
from django.urls import reverse

from club import laptop
from club.models import Table
from club.reports import documents
from club.reports.sheets import entry_qr
from tests.factories import make_championship, make_club, make_round, make_user

ROOT = Path(__file__).resolve().parents[2]
LAN = "192.168.1.10"
WARNING = "Phones cannot open"
ENV = ("TROEF_BIND", "TROEF_SITE_URL", "TROEF_PRODUCTION", "DJANGO_ALLOWED_HOSTS",
       "DJANGO_SECRET_KEY", "DJANGO_DEBUG")


def site_settings(monkeypatch, addresses=(LAN,), **env) -> dict:
    """The site's settings module run afresh in ``env``, the machine's LAN addresses
    being ``addresses`` (the laptop's own secret key in a new temporary folder)."""
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TROEF_SECRET_KEY_FILE",
                       str(Path(tempfile.mkdtemp(prefix="troef-key-")) / "secret-key"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(laptop, "lan_addresses", lambda: list(addresses))
    return runpy.run_path(str(ROOT / "club" / "settings.py"))


def make_run(*args: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    return subprocess.run(["make", "-n", "run", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True,
                          env={"PATH": "/usr/bin:/bin", "HOST": "shell-host"}).stdout


# -- make run ----------------------------------------------------------------------------

def test_make_run_passes_host_and_port_to_the_server_and_the_settings():
    lines = make_run("HOST=0.0.0.0", "PORT=8300").splitlines()
    assert any("TROEF_BIND=0.0.0.0:8300" in line and "runserver 0.0.0.0:8300" in line
               for line in lines)
    assert any("TROEF_BIND=0.0.0.0:8300" in line and "site_address" in line for line in lines)


def test_make_run_keeps_this_machine_by_default_whatever_the_shell_says():
    out = make_run()
    assert "runserver 127.0.0.1:8000" in out and "TROEF_BIND=127.0.0.1:8000" in out
    assert "shell-host" not in out


# -- the settings ------------------------------------------------------------------------

def test_the_laptop_mode_allows_the_lan_address_and_puts_it_in_the_site_address(monkeypatch):
    site = site_settings(monkeypatch, TROEF_BIND="0.0.0.0:8300")
    assert LAN in site["ALLOWED_HOSTS"] and "localhost" in site["ALLOWED_HOSTS"]
    assert site["TROEF_SITE_URL"] == f"http://{LAN}:8300"


def test_the_laptop_mode_has_no_debug_pages_and_a_secret_key_of_its_own(monkeypatch,
                                                                        tmp_path):
    """Everyone on the hall's network reaches the laptop: no debug page (settings, code),
    and not the repository's development key (anyone could sign an organiser's session)."""
    key_file = tmp_path / "key"
    site = site_settings(monkeypatch, TROEF_BIND="0.0.0.0:8300")
    monkeypatch.setenv("TROEF_SECRET_KEY_FILE", str(key_file))
    site = runpy.run_path(str(ROOT / "club" / "settings.py"))
    assert site["DEBUG"] is False
    assert "development" not in site["SECRET_KEY"] and len(site["SECRET_KEY"]) >= 50
    assert key_file.stat().st_mode & 0o077 == 0  # its owner's only
    again = runpy.run_path(str(ROOT / "club" / "settings.py"))
    assert again["SECRET_KEY"] == site["SECRET_KEY"]  # kept: sessions survive a restart
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in site["MIDDLEWARE"]  # static files
    assert site["WHITENOISE_USE_FINDERS"] is True
    plain = site_settings(monkeypatch)
    assert plain["DEBUG"] is True and "development" in plain["SECRET_KEY"]


def test_without_the_laptop_mode_nothing_changes(monkeypatch):
    site = site_settings(monkeypatch)
    assert site["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "testserver"]
    assert site["TROEF_SITE_URL"] == "http://localhost:8000" and site["LAPTOP"] is None
    site = site_settings(monkeypatch, TROEF_BIND="127.0.0.1:8300")
    assert LAN not in site["ALLOWED_HOSTS"] and site["TROEF_SITE_URL"] == "http://localhost:8300"


def test_an_explicit_site_address_wins_over_the_lan_address(monkeypatch):
    site = site_settings(monkeypatch, TROEF_BIND="0.0.0.0:8300",
                         TROEF_SITE_URL="https://troef.example.be/")
    assert site["TROEF_SITE_URL"] == "https://troef.example.be" and LAN in site["ALLOWED_HOSTS"]


def test_a_bind_address_of_the_network_is_used_as_it_is(monkeypatch):
    site = site_settings(monkeypatch, addresses=("10.0.0.99",), TROEF_BIND=f"{LAN}:8300")
    assert site["TROEF_SITE_URL"] == f"http://{LAN}:8300"
    assert LAN in site["ALLOWED_HOSTS"] and "10.0.0.99" not in site["ALLOWED_HOSTS"]


def test_no_network_address_leaves_the_sheets_on_localhost(monkeypatch):
    site = site_settings(monkeypatch, addresses=(), TROEF_BIND="0.0.0.0:8300")
    assert site["TROEF_SITE_URL"] == "http://localhost:8300"
    assert laptop.phones_cannot_open(site["TROEF_SITE_URL"])


def test_production_is_unchanged_by_the_laptop_mode(monkeypatch):
    site = site_settings(monkeypatch, TROEF_BIND="0.0.0.0:8300", TROEF_PRODUCTION="1",
                         DJANGO_SECRET_KEY="x" * 60, DJANGO_ALLOWED_HOSTS="troef.example.org")
    assert site["ALLOWED_HOSTS"] == ["troef.example.org"] and site["LAPTOP"] is None
    assert site["TROEF_SITE_URL"] == "http://localhost:8000"


def test_lan_addresses_are_the_machines_own_and_never_loopback():
    found = laptop.lan_addresses()
    assert all(laptop.phones_cannot_open(f"http://{a}/") is False for a in found)
    assert len(found) == len(set(found))


def test_lan_addresses_without_any_network_are_none(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET, socket.SOCK_DGRAM, 17, "", ("127.0.1.1", 0))])
    assert laptop.lan_addresses() == []


@pytest.mark.parametrize(("url", "unreachable"), [
    ("http://localhost:8000", True), ("http://127.0.0.1:8300/", True),
    ("http://[::1]:8000", True), ("http://0.0.0.0:8300", True), ("http://troef.localhost", True),
    (f"http://{LAN}:8300", False), ("https://troef.example.be", False),
])
def test_which_addresses_phones_cannot_open(url, unreachable):
    assert laptop.phones_cannot_open(url) is unreachable


# -- requests, sheets and the warning ----------------------------------------------------

@pytest.fixture
def self_entry(db):
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=8, self_entry=True)
    return organiser, make_round(champ)


def test_a_phone_reaches_the_laptop_and_the_sheets_carry_its_address(
        monkeypatch, settings, client, self_entry):
    organiser, rnd = self_entry
    assert client.get(reverse("home"), HTTP_HOST=f"{LAN}:8300").status_code == 400
    site = site_settings(monkeypatch, TROEF_BIND="0.0.0.0:8300")
    settings.ALLOWED_HOSTS = site["ALLOWED_HOSTS"]
    settings.TROEF_SITE_URL = site["TROEF_SITE_URL"]
    assert client.get(reverse("home"), HTTP_HOST=f"{LAN}:8300").status_code == 200
    code = Table.objects.filter(round=rnd).order_by("number").first().code
    assert client.get(reverse("code-sheet", args=[code]),
                      HTTP_HOST=f"{LAN}:8300").status_code == 200
    expected = segno.make(f"http://{LAN}:8300/sheet/{code}/", error="m", micro=False)
    assert entry_qr(code) == expected.svg_data_uri(border=0, dark="#111")
    assert expected.svg_data_uri(border=0, dark="#111") in documents.sheets_html(rnd.pk)
    client.force_login(organiser)
    page = client.get(reverse("reports-round", args=[rnd.pk]), HTTP_HOST=f"{LAN}:8300")
    assert page.status_code == 200 and WARNING not in page.content.decode()


@pytest.mark.parametrize("url", ["http://localhost:8000", "http://127.0.0.1:8300"])
def test_the_reports_pages_warn_before_sheets_point_at_this_computer(
        settings, client, self_entry, url):
    organiser, rnd = self_entry
    settings.TROEF_SITE_URL = url
    client.force_login(organiser)
    for page in (reverse("reports-round", args=[rnd.pk]),
                 reverse("reports-championship", args=[rnd.stage.championship_id])):
        body = client.get(page).content.decode()
        assert f"{WARNING} {url}" in body and "make run HOST=0.0.0.0" in body
        assert "TROEF_SITE_URL" in body


def test_no_warning_when_the_site_address_is_elsewhere_or_nobody_scans(
        settings, client, self_entry):
    organiser, rnd = self_entry
    client.force_login(organiser)
    settings.TROEF_SITE_URL = "https://troef.example.be"
    assert WARNING not in client.get(reverse("reports-round", args=[rnd.pk])).content.decode()
    settings.TROEF_SITE_URL = "http://localhost:8000"
    rnd.stage.championship.__class__.objects.filter(pk=rnd.stage.championship_id).update(
        self_entry=False)
    assert WARNING not in client.get(reverse("reports-round", args=[rnd.pk])).content.decode()


def test_the_warning_is_translated(settings, client, self_entry):
    organiser, rnd = self_entry
    settings.TROEF_SITE_URL = "http://localhost:8000"
    client.force_login(organiser)
    for language in ("nl", "fr"):
        body = client.get(reverse("reports-round", args=[rnd.pk]),
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "http://localhost:8000" in body and WARNING not in body


def test_make_run_prints_the_address_for_the_phones(monkeypatch, settings, capsys):
    monkeypatch.setenv("TROEF_BIND", "0.0.0.0:8300")
    settings.LAPTOP = laptop.Laptop(port="8300", hosts=(LAN,), site_url=f"http://{LAN}:8300")
    settings.TROEF_SITE_URL = f"http://{LAN}:8300"
    call_command("site_address")
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8300/" in out and f"open http://{LAN}:8300/" in out
    settings.TROEF_SITE_URL = "http://localhost:8300"
    call_command("site_address")
    assert "No network address found" in capsys.readouterr().out
