"""The migrations describe the models: a model changed without its migration fails here
(every field option counts, choices and verbose names included)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_makemigrations_finds_no_change():
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:  # --check exits 1 when a migration is missing
        pytest.fail(f"a model change without its migration (exit {exit_.code}):\n"
                    f"{out.getvalue()}")
    assert "No changes detected" in out.getvalue()
