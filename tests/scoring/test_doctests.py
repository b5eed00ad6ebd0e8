"""The runnable examples in the docstrings of every scoring module pass."""

import doctest
import importlib
import pkgutil

import pytest

import scoring

# scoring.pairing belongs to its own helper and its own tests.
MODULES = [scoring.__name__] + [
    f"scoring.{info.name}" for info in pkgutil.iter_modules(scoring.__path__) if info.name != "pairing"
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0, f"{name} has no runnable example"
    assert failures == 0
