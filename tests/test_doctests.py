"""The runnable examples in the docstrings of the pure libraries (engine, scoring and
scoring.pairing) pass: they are part of the documentation, so they are tested."""

import doctest
import importlib
import pkgutil

import pytest

import engine
import scoring


def modules():
    for package in (engine, scoring):
        yield package.__name__
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            yield info.name


@pytest.mark.parametrize("name", sorted(modules()))
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_every_engine_and_scoring_module_shows_an_example():
    finder = doctest.DocTestFinder()
    bare = [name for name in modules()
            if not any(test.examples for test in finder.find(importlib.import_module(name)))]
    assert bare == []
