"""The layers of the code hold (.importlinter, import-linter): the engine and scoring import
nothing of the web app or Django, nothing below the pages imports them, the models import
no service, and the web app's layers go one way (its known exceptions are listed there)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.pure


def test_every_import_contract_is_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_broken_contract_fails(tmp_path):
    """The check can fail: a contract that the code breaks (the views import the models)."""
    config = tmp_path / "broken.ini"
    config.write_text("[importlinter]\nroot_packages =\n    club\n\n"
                      "[importlinter:contract:x]\nname = x\ntype = forbidden\n"
                      "source_modules =\n    club.views\nforbidden_modules =\n    club.models\n")
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache", "--config", str(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode != 0 and "BROKEN" in done.stdout
