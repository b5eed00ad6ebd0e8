"""Which test runs in which pass of .ci/run (docs/testing.md).

Every test is of one kind:

- ``pure``: the engine, scoring and doctests, and tests marked ``pure`` (the translation
  catalogs' checks): no database, no service, the same result whatever runs beside them, so
  they run once, in the first pass;
- ``database``: a test of the web app that the database under it may change: both passes
  (SQLite with tasks in-process, then PostgreSQL with a broker and a worker);
- ``services``: marked ``services``, needs PostgreSQL, Redis and a live Celery worker: the
  second pass only;
- ``browser``: tests/e2e, a real Chromium against a live server: the second pass only (the
  pages it drives are the same in both passes; the second one also has the worker that
  some of them wait for).

``TROEF_PASS=embedded`` keeps pure and database tests, ``TROEF_PASS=services`` database,
services and browser tests; unset, everything is kept. tests/test_passes.py checks the
kinds against what each test uses.
"""

from __future__ import annotations

import pytest

PURE_PATHS = ("tests/engine/", "tests/scoring/", "tests/test_doctests.py")
BROWSER_PATHS = ("tests/e2e/",)

PASSES = {
    "embedded": frozenset({"pure", "database"}),
    "services": frozenset({"database", "services", "browser"}),
}

#: Fixtures that reach the database (pytest-django's, through any fixture that uses them).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "_django_db_helper",
                               "live_server", "django_user_model", "client", "admin_client",
                               "admin_user", "django_db_serialized_rollback",
                               "django_db_reset_sequences"})

#: Where the full collection is kept for tests/test_passes.py (before any deselection).
COLLECTED = pytest.StashKey[list]()


def relative_path(item) -> str:
    return item.nodeid.split("::", 1)[0]


def kind(item) -> str:
    """The kind of a collected test (see the module's docstring)."""
    path = relative_path(item)
    if item.get_closest_marker("services"):
        return "services"
    if path.startswith(BROWSER_PATHS):
        return "browser"
    if path.startswith(PURE_PATHS) or item.get_closest_marker("pure"):
        return "pure"
    return "database"


def select(items, name: str, stash) -> tuple[list, list]:
    """(kept, dropped) for the pass ``name`` ('' keeps everything)."""
    stash[COLLECTED] = list(items)
    if not name:
        return list(items), []
    if name not in PASSES:
        raise pytest.UsageError(f"TROEF_PASS={name!r}: expected one of {sorted(PASSES)}")
    wanted = PASSES[name]
    kept = [item for item in items if kind(item) in wanted]
    dropped = [item for item in items if kind(item) not in wanted]
    return kept, dropped
