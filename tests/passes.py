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
  some of them wait for);
- ``night``: the browser tests of a club night's network and screen (:data:`NIGHT_PATHS`,
  issue 26: through the loopback proxy that cuts, hangs and refuses, and the projector):
  both passes, since what a lost answer does depends on the database under the server (its
  locks, its transactions).

``TROEF_PASS=embedded`` keeps pure, database and night tests, ``TROEF_PASS=services``
database, services, browser and night tests; unset, everything is kept.
tests/test_passes.py checks the kinds against what each test uses.
"""

from __future__ import annotations

import pytest

PURE_PATHS = ("tests/engine/", "tests/scoring/", "tests/test_doctests.py")
BROWSER_PATHS = ("tests/e2e/",)
NIGHT_PATHS = ("tests/e2e/test_offline_network.py", "tests/e2e/test_projector_browser.py")

PASSES = {
    "embedded": frozenset({"pure", "database", "night"}),
    "services": frozenset({"database", "services", "browser", "night"}),
}

#: Fixtures that reach the database (pytest-django's, through any fixture that uses them).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_setup", "_django_db_helper",
                               "live_server", "django_user_model", "client", "admin_client",
                               "admin_user", "django_db_serialized_rollback",
                               "django_db_reset_sequences"})

#: The modules that take longest (CI's ``--durations``, 2026-12-01), longest first. Both
#: passes run them first: pytest-xdist hands whole modules (``--dist loadfile``) to the two
#: processes, so a minute-long module handed out last keeps one process busy while the
#: other has finished. ``.ci/run`` passes ``--no-loadscope-reorder``: xdist's own order
#: (most tests first) put these few-test modules at the very end.
LONG_FIRST = (
    "tests/security/test_http_fuzz.py",            # 270 s on PostgreSQL (10,000 requests)
    "tests/e2e/test_accessibility_phone.py",       # about 100 s
    "tests/e2e/test_accessibility.py",             # about 90 s
    "tests/services/test_report_faults.py",        # 73 s: workers killed and restarted
    "tests/club/test_typed_text.py",               # 50 s: PDFs of any name
    "tests/e2e/test_offline_network.py",           # 50-60 s: the proxy's tests, both passes
    "tests/club/test_privacy.py",                  # 20-35 s: the crawl
    "tests/e2e/test_sheet_browser.py",
    "tests/club/test_rehearsal.py",
    "tests/api/test_contract_all_checks.py",
    "tests/e2e/test_offline_entry.py",
    "tests/e2e/test_dutch_evening.py",
    "tests/e2e/test_projector_browser.py",
)

#: Where the full collection is kept for tests/test_passes.py (before any deselection).
COLLECTED = pytest.StashKey[list]()


def relative_path(item) -> str:
    return item.nodeid.split("::", 1)[0]


def kind(item) -> str:
    """The kind of a collected test (see the module's docstring)."""
    path = relative_path(item)
    if item.get_closest_marker("services"):
        return "services"
    if path.startswith(NIGHT_PATHS):
        return "night"
    if path.startswith(BROWSER_PATHS):
        return "browser"
    if path.startswith(PURE_PATHS) or item.get_closest_marker("pure"):
        return "pure"
    return "database"


def long_first(items) -> list:
    """``items`` with the modules of :data:`LONG_FIRST` first (in its order), then the other
    modules, most tests first (as xdist would), each module's tests in their own order."""
    sizes: dict[str, int] = {}
    for item in items:
        sizes[relative_path(item)] = sizes.get(relative_path(item), 0) + 1

    def rank(item):
        path = relative_path(item)
        return (LONG_FIRST.index(path) if path in LONG_FIRST else len(LONG_FIRST), -sizes[path])
    return sorted(items, key=rank)


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
