"""axe-core (through selenium-axe-python) on every page of the demo world (issue 14 point
11, issue 29): logged out and as the organiser, in English, Dutch and French, in a 1280 px
window and in a 390 px phone. A violation of any impact (minor to critical) fails, named by
rule, element and page, unless tests/helpers/accessibility.py's ALLOWED lists it with its
reason (and docs/accessibility.md says why). WCAG 2.2's target size (24 x 24 CSS px) is
switched on: axe leaves it off by default. Some states need an action first (a sheet after a
save, the closing page after a refusal, Swagger drawn): tests/helpers/accessibility.py.

Every page in English at both sizes; a representative set (a form with its errors, the
sheet, the standings, the charts) in Dutch and French: the same templates, so what differs
is the translated text (its length and its ``lang``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.accessibility import ALLOWED
from tests.helpers.accessibility_pages import audit_size

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_no_violation_on_any_page_at_1280_px(live_server, client):
    """The desktop half; the phone's is test_accessibility_phone.py (run side by side)."""
    found = audit_size("desktop", live_server, client)
    assert found == [], "\n".join(found)


def test_every_allowed_violation_is_explained_in_the_docs():
    """docs/accessibility.md names each violation the audit allows, with its page."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "accessibility.md").read_text()
    assert "## Results" in text
    for rule, page in ALLOWED:
        assert f"`{rule}`" in text and f"`{page}`" in text, (rule, page)
