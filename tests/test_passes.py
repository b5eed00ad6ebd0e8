"""The split of the suite between .ci/run's two passes (tests/passes.py) holds: a test that
needs a database, PostgreSQL or the worker never runs only in the first pass, and a test run
once as pure touches nothing that the second pass changes."""

from __future__ import annotations

import inspect
import re

import pytest
from _pytest.fixtures import FixtureFunctionDefinition

from tests import passes

pytestmark = pytest.mark.pure

#: Words in a test (its function and its module's fixtures) that mean it depends on the
#: database or the services under it: such a test is not pure.
SERVICE_WORDS = re.compile(r"TROEF_SERVICES|CELERY_BROKER_URL|DATABASE_URL|connection\.vendor|"
                           r"postgresql|live_server|django_db|celery")


def collected(request) -> list:
    return request.config.stash.get(passes.COLLECTED, [])


def uses_database(item) -> bool:
    return bool(item.get_closest_marker("django_db")
                or set(item.fixturenames) & passes.DATABASE_FIXTURES)


def source(item) -> str:
    """The test's own code, and its module's fixtures (this module: its tests only)."""
    function = getattr(item, "function", None)
    own = inspect.getsource(function) if function else ""
    if item.module.__name__ == __name__:
        return own
    fixtures = [inspect.getsource(value._get_wrapped_function())
                for value in vars(item.module).values()
                if isinstance(value, FixtureFunctionDefinition)]
    return own + "".join(fixtures)


def test_every_test_runs_in_a_pass(request):
    kinds = {passes.kind(item) for item in collected(request)}
    every_pass = set().union(*passes.PASSES.values())
    assert kinds <= every_pass, kinds - every_pass
    assert "pure" in kinds  # this module's


def test_pure_tests_touch_no_database(request):
    wrong = [item.nodeid for item in collected(request)
             if passes.kind(item) == "pure" and uses_database(item)]
    assert not wrong, wrong[:20]


def test_a_test_that_needs_the_services_is_never_run_only_in_the_first_pass(request):
    wrong = []
    for item in collected(request):
        kind = passes.kind(item)
        needs = (uses_database(item) or kind in ("services", "browser")
                 or SERVICE_WORDS.search(source(item)))
        if needs and kind not in passes.PASSES["services"]:
            wrong.append(item.nodeid)
    assert not wrong, wrong[:20]


class FakeItem:
    def __init__(self, nodeid: str, *markers: str):
        self.nodeid, self.markers = nodeid, markers

    def get_closest_marker(self, name):
        return name if name in self.markers else None


@pytest.mark.parametrize(("nodeid", "markers", "expected"), [
    ("tests/engine/test_dd.py::test_x", (), "pure"),
    ("tests/test_doctests.py::test_docstring_examples[engine]", (), "pure"),
    ("tests/club/test_i18n.py::test_catalog_is_complete[nl]", ("pure",), "pure"),
    ("tests/club/test_clubs.py::test_x", (), "database"),
    ("tests/services/test_worker.py::test_x", ("services",), "services"),
    ("tests/scoring/test_x.py::test_y", ("services",), "services"),  # the marker wins
    ("tests/e2e/test_keyboard.py::test_x", (), "browser"),
    ("tests/e2e/test_offline_network.py::test_x", (), "night"),
])
def test_kinds(nodeid, markers, expected):
    assert passes.kind(FakeItem(nodeid, *markers)) == expected


def test_each_pass_keeps_its_kinds():
    items = [FakeItem("tests/engine/a.py::t"), FakeItem("tests/club/b.py::t"),
             FakeItem("tests/services/c.py::t", "services"), FakeItem("tests/e2e/d.py::t"),
             FakeItem(passes.NIGHT_PATHS[0] + "::t")]
    stash = {}
    first, _ = passes.select(items, "embedded", stash)
    second, _ = passes.select(items, "services", stash)
    assert [i.nodeid for i in first] == ["tests/engine/a.py::t", "tests/club/b.py::t",
                                         passes.NIGHT_PATHS[0] + "::t"]
    assert [i.nodeid for i in second] == ["tests/club/b.py::t", "tests/services/c.py::t",
                                          "tests/e2e/d.py::t", passes.NIGHT_PATHS[0] + "::t"]
    assert len(stash[passes.COLLECTED]) == 5
    with pytest.raises(pytest.UsageError):
        passes.select(items, "nightly", stash)


def test_no_test_module_imports_another():
    """Shared test code lives in tests/helpers (or a conftest), never in a test module that
    others import (pytest would collect it under two names, and a helper's change would
    look like a test's)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent
    imports = re.compile(r"^\s*(from|import)\s+tests\.(\w+\.)*test_\w+", re.MULTILINE)
    found = [str(path.relative_to(root)) for path in root.rglob("*.py")
             if imports.search(path.read_text())]
    assert found == []


def test_the_long_modules_run_first_and_exist():
    """The modules CI starts first are still there (a renamed one would run last again),
    and :func:`passes.long_first` puts them first, the others by size, each module's tests
    in their order."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert [p for p in passes.LONG_FIRST if not (root / p).is_file()] == []
    items = [FakeItem("tests/club/a.py::t1"), FakeItem("tests/club/b.py::t1"),
             FakeItem("tests/club/b.py::t2"), FakeItem(passes.LONG_FIRST[1] + "::t"),
             FakeItem(passes.LONG_FIRST[0] + "::t")]
    assert [i.nodeid for i in passes.long_first(items)] == [
        passes.LONG_FIRST[0] + "::t", passes.LONG_FIRST[1] + "::t",
        "tests/club/b.py::t1", "tests/club/b.py::t2", "tests/club/a.py::t1"]
