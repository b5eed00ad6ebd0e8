"""Set up Django for a benchmark on a throwaway database (SQLite in a temp folder unless
DATABASE_URL is set), migrated, so that a benchmark never touches the real data. A smoke run
(see ``_smoke.py``) removes the temp folder when it ends."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from _smoke import tempdir

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    if not os.environ.get("DATABASE_URL"):
        folder = tempdir("troef-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
    import django
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    call_command("migrate", verbosity=0)
