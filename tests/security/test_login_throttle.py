"""Login throttling (club.throttle): per username and, much higher, per address; the client's
address from X-Forwarded-For only behind a trusted proxy; the admin's login the same way."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.core.cache.backends import locmem
from django.test import RequestFactory
from django.urls import reverse

from club import safe_cache
from club.throttle import client_address
from tests.factories import make_user

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
RIGHT = "pw-right-12345"
REFUSED = "Too many failed logins"


@pytest.fixture(autouse=True)
def fresh(settings):
    # A fast hasher: these tests check many passwords.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TROEF_LOGIN_MAX_FAILURES = 5
    settings.TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS = 50
    settings.TROEF_LOGIN_WINDOW_SECONDS = 300
    settings.TROEF_TRUSTED_PROXIES = []
    cache.clear()
    safe_cache.reset()
    yield
    cache.clear()


@pytest.fixture
def alice(fresh):
    return make_user("alice", password=RIGHT)


@pytest.fixture
def bob(fresh):
    return make_user("bob", password=RIGHT)


def login(client, username, password, url=LOGIN, **extra):
    return client.post(url, {"username": username, "password": password}, **extra)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_five_failures_for_one_user_leave_other_users_at_that_address_alone(client, alice, bob):
    for _ in range(5):
        assert login(client, "alice", "wrong").status_code == 200
    assert login(client, "bob", RIGHT).status_code == 302
    assert logged_in(client)


def test_a_throttled_user_is_refused_even_with_the_right_password_until_the_window_passes(
        client, alice, settings, monkeypatch):
    settings.TROEF_LOGIN_WINDOW_SECONDS = 1
    for _ in range(5):
        login(client, "alice", "wrong")
    refused = login(client, "Alice", RIGHT)  # any spelling, any address
    assert refused.status_code == 429 and REFUSED in refused.content.decode()
    assert login(client, "alice", RIGHT, REMOTE_ADDR="10.9.9.9").status_code == 429
    assert not logged_in(client)
    # The window passes: the cache (the tests' local-memory cache) sees a clock 1.2 s on.
    assert settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    monkeypatch.setattr(locmem, "time", SimpleNamespace(time=lambda: time.time() + 1.2))
    assert login(client, "alice", RIGHT).status_code == 302 and logged_in(client)


def test_four_failures_then_success_start_the_count_again(client, alice):
    for _ in range(4):
        login(client, "alice", "wrong")
    assert login(client, "alice", RIGHT).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        login(client, "alice", "wrong")
    assert login(client, "alice", RIGHT).status_code == 302


def test_fifty_failures_from_one_address_block_that_address_for_everyone(client, bob):
    for n in range(49):
        assert login(client, f"guess{n}", "wrong").status_code == 200
    assert login(client, "bob", RIGHT).status_code == 302  # 49: not yet
    client.post(reverse("logout"))
    login(client, "guess49", "wrong")
    refused = login(client, "bob", RIGHT)
    assert refused.status_code == 429 and not logged_in(client)
    assert login(client, "bob", RIGHT, REMOTE_ADDR="10.1.2.3").status_code == 302


def forwarded(remote, header=None):
    extra = {"REMOTE_ADDR": remote}
    if header is not None:
        extra["HTTP_X_FORWARDED_FOR"] = header
    return RequestFactory().get("/", **extra)


def test_x_forwarded_for_is_ignored_without_trusted_proxies(settings):
    assert client_address(forwarded("10.0.0.1", "5.5.5.5")) == "10.0.0.1"


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(settings):
    settings.TROEF_TRUSTED_PROXIES = ["10.0.0.1", "192.168.0.0/16"]
    # the right-most entry not a trusted proxy; entries left of it were written by the client
    assert client_address(forwarded("10.0.0.1", "6.6.6.6, 5.5.5.5")) == "5.5.5.5"
    assert client_address(forwarded("10.0.0.1", "6.6.6.6, 5.5.5.5, 192.168.3.4")) == "5.5.5.5"
    assert client_address(forwarded("10.0.0.1")) == "10.0.0.1"
    # straight from a client (not through the proxy): its header proves nothing
    assert client_address(forwarded("7.7.7.7", "5.5.5.5")) == "7.7.7.7"


def test_the_address_limit_follows_the_trusted_proxys_header(client, bob, settings):
    settings.TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS = 3
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    for n in range(3):  # the attacker varies the left-most entry; the proxy appends his address
        login(client, f"guess{n}", "wrong", HTTP_X_FORWARDED_FOR=f"1.1.1.{n}, 5.5.5.5", **proxy)
    # without the setting, the proxy's address is everyone's: blocked
    assert login(client, "bob", RIGHT, HTTP_X_FORWARDED_FOR="8.8.8.8", **proxy).status_code == 429
    settings.TROEF_TRUSTED_PROXIES = ["10.0.0.1"]
    cache.clear()
    for n in range(3):
        login(client, f"guess{n}", "wrong", HTTP_X_FORWARDED_FOR=f"1.1.1.{n}, 5.5.5.5", **proxy)
    assert login(client, "bob", RIGHT, HTTP_X_FORWARDED_FOR="9.9.9.9, 5.5.5.5",
                 **proxy).status_code == 429
    assert login(client, "bob", RIGHT, HTTP_X_FORWARDED_FOR="8.8.8.8", **proxy).status_code == 302


def test_admin_login_is_throttled_the_same_way(client, fresh):
    make_user("boss", password=RIGHT, is_staff=True, is_superuser=True)
    for _ in range(20):
        login(client, "boss", "wrong", url=ADMIN_LOGIN)
    refused = login(client, "boss", RIGHT, url=ADMIN_LOGIN)
    assert refused.status_code == 429 and REFUSED in refused.content.decode()
    assert not logged_in(client)
    assert client.get("/admin/").status_code == 302
    cache.clear()  # the window has passed
    assert login(client, "boss", RIGHT, url=ADMIN_LOGIN).status_code == 302
    assert client.get("/admin/").status_code == 200


def test_admin_failures_count_for_the_sites_login_too(client, alice):
    for _ in range(5):
        login(client, "alice", "wrong", url=ADMIN_LOGIN)
    assert login(client, "alice", RIGHT).status_code == 429
