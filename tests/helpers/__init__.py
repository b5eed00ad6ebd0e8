"""Helpers shared by the test modules (no tests here): a test module imports from here, never
from another test module. Named by subject: sheets, reports, duplicate, ratings, browser...

pytest rewrites the asserts of test modules and conftest files only; the helpers' asserts
(a form refused, a redirect expected) are rewritten too, so that a failure shows its values."""

from __future__ import annotations

import pkgutil

import pytest

pytest.register_assert_rewrite(*(f"{__name__}.{module.name}"
                                 for module in pkgutil.iter_modules(__path__)))
