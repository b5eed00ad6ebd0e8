"""The accessibility audit at 390 px (a phone): every page state of
tests/e2e/test_accessibility.py's audit, axe-core with every impact counted (the pages and
states: tests/helpers/accessibility_pages.py)."""

from __future__ import annotations

import pytest

from tests.helpers.accessibility_pages import audit_size

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_no_violation_on_any_page_at_390_px(live_server, client):
    found = audit_size("phone", live_server, client)
    assert found == [], "\n".join(found)
