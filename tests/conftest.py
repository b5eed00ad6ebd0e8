"""Shared fixtures. Which test runs in which pass of .ci/run is decided in tests/passes.py
(docs/testing.md); services tests (marker ``services``) run only in the second pass, where
skipping any test fails the run (TROEF_FORBID_SKIPS=1)."""

from __future__ import annotations

import contextlib
import io
import os

import pytest
from hypothesis import settings as hypothesis_settings

from tests import passes

hypothesis_settings.register_profile("dev", deadline=None)
# CI explores the same examples every run (a flaky red run would not land); make test
# explores new ones each time.
hypothesis_settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config, items):
    """Keep the tests of the pass that ``TROEF_PASS`` names (tests/passes.py); without it,
    every test runs and the services tests are skipped unless TROEF_SERVICES=1."""
    kept, dropped = passes.select(items, os.environ.get("TROEF_PASS", ""), config.stash)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
    items[:] = passes.long_first(items)
    if os.environ.get("TROEF_SERVICES") == "1":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL, Redis and a Celery worker: run by .ci/run")
    for item in items:
        if "services" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if os.environ.get("TROEF_FORBID_SKIPS") == "1":
        skipped = len(terminalreporter.stats.get("skipped", []))
        if skipped:
            terminalreporter.write_line(f"FAIL: {skipped} test(s) skipped in the services pass")
            config._troef_skips = skipped


def pytest_sessionfinish(session, exitstatus):
    if getattr(session.config, "_troef_skips", 0) and session.exitstatus == 0:
        session.exitstatus = 1


@pytest.fixture(scope="module")
def demo_built(django_db_setup, django_db_blocker):
    """The demo club (``manage.py demo``) built once for a module whose tests read it, or
    change it only inside their own test: it is written in a transaction that stays open
    while the module's tests run, each in a savepoint of its own (pytest-django's ``db``),
    and rolled back after the last. Not for transactional tests (they empty the database)."""
    from django.core.management import call_command
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("demo", stdout=io.StringIO())
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)  # never leave the next module in this one
            raise
    yield
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture
def organiser(db, django_user_model):
    return django_user_model.objects.create_user("org", password="pw-org-12345")


@pytest.fixture
def club_a(db, organiser):
    from club.models import Club, ClubRole

    club = Club.objects.create(name="Club A", slug="club-a", town="Gent")
    ClubRole.objects.create(user=organiser, club=club, role=ClubRole.Role.OWNER)
    return club


@pytest.fixture
def club_b(db):
    from club.models import Club

    return Club.objects.create(name="Club B", slug="club-b", town="Namur")


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """A transactional test empties the database when it ends (Django flushes it): put back
    what the migrations wrote (the rule-set presets, the content types) at once, so that the
    tests after it find the database as migrated, in whatever order they run. (Django puts
    it back only when the next test is transactional too; pytest-xdist does not run the
    transactional tests last, as a single process does.)"""
    result = yield
    marker = item.get_closest_marker("django_db")
    if marker and marker.kwargs.get("transaction"):
        from django.db import connections
        from pytest_django.plugin import blocking_manager_key

        with item.config.stash[blocking_manager_key].unblock():
            for connection in connections.all(initialized_only=True):
                contents = getattr(connection, "_test_serialized_contents", None)
                if contents:
                    connection.creation.deserialize_db_from_string(contents)
    return result


def pytest_itemcollected(item):
    """Every transactional test restores the serialized database (see test_rehearsal.py):
    mixing both kinds fails on PostgreSQL with duplicate content types."""
    marker = item.get_closest_marker("django_db")
    if marker and marker.kwargs.get("transaction") and not marker.kwargs.get("serialized_rollback"):
        raise pytest.UsageError(f"{item.nodeid}: transactional tests need serialized_rollback=True")


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: pages cache what they show by the ids of
    championships and rounds (club.services.standings, club.views.championships), and a
    test database hands out the same ids again after each rollback."""
    from django.core.cache import cache

    with contextlib.suppress(Exception):  # a test about the cache being down clears nothing
        cache.clear()
    yield


@pytest.fixture
def fresh_throttle_counts():
    """The API's throttle counts live in the cache (or its stand-in while the cache is
    down): the test starts with none and leaves none behind."""
    from django.core.cache import cache

    from club import safe_cache

    cache.clear()
    safe_cache.reset()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a test client's request leaves the
    language of its last page active in this thread (LocaleMiddleware does not reset it),
    and a service called next would then render a PDF in Dutch."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
