"""Logout ends the session: a signed-cookie session copied before logout stops working (the
session generation in club.models.accounts), on every device; so does a password change;
and the user is still read in one query."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from club import safe_cache
from club.auth_backend import UserBackend
from club.models import SessionGeneration, SessionUser
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "pw-right-12345"
PAGE = "/clubs/new/"  # logged-in users only


@pytest.fixture(autouse=True)
def fresh():
    cache.clear()
    safe_cache.reset()


@pytest.fixture
def alice():
    return make_user("alice", password=PASSWORD, is_staff=True, is_superuser=True)


def logged_in_client(username="alice", url="/accounts/login/") -> Client:
    client = Client()
    response = client.post(url, {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(PAGE).status_code == 200
    return client


def with_cookie(value: str) -> Client:
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = value
    return client


def is_anonymous(client: Client) -> bool:
    response = client.get(PAGE)
    return response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_cookie_copied_before_logout_is_anonymous_after_it(alice):
    client = logged_in_client()
    copied = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert not is_anonymous(with_cookie(copied))
    assert client.post(reverse("logout")).status_code == 302
    assert is_anonymous(with_cookie(copied))
    assert is_anonymous(client)
    home = with_cookie(copied).get("/")
    assert home.status_code == 200 and home.wsgi_request.user.is_anonymous


def test_logout_ends_the_sessions_on_other_devices_and_a_new_login_works(alice):
    phone, laptop = logged_in_client(), logged_in_client()
    phone.post(reverse("logout"))
    assert is_anonymous(laptop)
    again = logged_in_client()  # generation 1: the new session's hash matches on every request
    assert not is_anonymous(again) and not is_anonymous(again)
    assert SessionGeneration.objects.get(user=alice).generation == 1
    again.post(reverse("logout"))
    assert SessionGeneration.objects.get(user=alice).generation == 2
    assert is_anonymous(again)


def test_admin_logout_ends_the_session_too(alice):
    client = logged_in_client(url="/admin/login/")
    copied = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert client.get("/admin/").status_code == 200
    assert client.post("/admin/logout/").status_code == 302
    stale = with_cookie(copied)
    assert stale.get("/admin/").status_code == 302 and is_anonymous(stale)


def test_a_password_change_ends_the_other_sessions(alice):
    client = logged_in_client()
    copied = client.cookies[settings.SESSION_COOKIE_NAME].value
    alice.set_password("pw-new-67890")
    alice.save()
    assert is_anonymous(with_cookie(copied))


def test_a_session_from_before_generations_existed_stays_valid(alice):
    client = Client()
    client.force_login(alice)  # Django's own session hash: generation 0
    assert not is_anonymous(client)


def test_the_user_and_its_generation_are_read_in_one_query(alice, django_assert_num_queries):
    SessionGeneration.objects.create(user=alice, generation=7)
    with django_assert_num_queries(1):
        user = UserBackend().get_user(alice.pk)
        assert isinstance(user, SessionUser) and user.generation == 7
        assert user.get_session_auth_hash() != alice.get_session_auth_hash()
    bob = make_user("bob")
    with django_assert_num_queries(1):
        assert UserBackend().get_user(bob.pk).generation == 0


def test_a_login_with_a_user_read_elsewhere_carries_the_generation(alice):
    logged_in_client().post(reverse("logout"))  # generation 1
    client = Client()
    client.force_login(alice)  # a plain User instance, not the backend's
    assert not is_anonymous(client) and not is_anonymous(client)


def test_changing_ones_own_password_in_the_admin_keeps_one_logged_in_and_ends_the_rest(alice):
    logged_in_client().post(reverse("logout"))  # generation 1
    client = logged_in_client(url="/admin/login/")
    copied = client.cookies[settings.SESSION_COOKIE_NAME].value
    response = client.post(f"/admin/auth/user/{alice.pk}/password/",
                           {"password1": "pw-new-67890-x", "password2": "pw-new-67890-x"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert client.get("/admin/").status_code == 200 and not is_anonymous(client)
    assert is_anonymous(with_cookie(copied))
    assert not SessionGeneration.objects.filter(user=alice).exists()
