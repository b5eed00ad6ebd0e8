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


#: Run in a child process: a preset added to the engine (as a later issue might), then every
#: migration on a new, empty SQLite database.
MIGRATE_WITH_A_NEW_PRESET = """
import dataclasses, sys
import engine.rules as rules
rules.GAME_PRESETS["blind_flemish"] = dataclasses.replace(rules.GAME_PRESETS["blind"],
                                                          name="blind_flemish")
rules.PRESETS["knock_house"] = dataclasses.replace(rules.PRESETS["house"], doubling="knock",
                                                   name="knock_house")
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from club.models import RuleSet
print(sorted(RuleSet.objects.filter(club=None).values_list("preset", flat=True)))
"""


def test_migrations_read_no_live_preset(tmp_path):
    """Each migration carries the values it needs: a preset added to engine.rules changes
    nothing a migration does (0003 and 0017 read the live presets: KeyError on a new one).
    That the presets stored are the engine's: test_rulesets.py."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
               DJANGO_SETTINGS_MODULE="club.settings", PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", MIGRATE_WITH_A_NEW_PRESET], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == str(sorted(
        ["house", "flemish", "pagat", "french", "auction1", "auction2", "auction3", "blind"]))
