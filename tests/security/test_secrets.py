"""No secrets in the repository; production refuses to start without its own."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATTERNS = {
    "private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "AWS access key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "Slack token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
    "password in a URL": re.compile(r"[a-z]+://[^/\s:@]+:(?!\$\{)[^@\s/]{6,}@"),
}


def tracked_files():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.split(b"\0")
    return [ROOT / name.decode() for name in listed if name]


def test_no_secrets_in_tracked_files():
    found = []
    for path in tracked_files():
        if not path.is_file() or path.suffix in {".png", ".pdf", ".xlsx", ".woff2"}:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        for name, pattern in PATTERNS.items():
            if pattern.search(text):
                found.append(f"{path.relative_to(ROOT)}: {name}")
    assert not found, found


def test_the_patterns_catch_what_they_are_for():
    # Built from pieces, so that this file itself holds nothing the scan would find.
    samples = {"private key": "-----BEGIN RSA " + "PRIVATE KEY-----",
               "AWS access key": "AKIA" + "ABCDEFGHIJKLMNOP",
               "password in a URL": "postgres://troef:" + "hunter2secret@db/troef"}
    for name, sample in samples.items():
        assert PATTERNS[name].search(sample), name
    assert not PATTERNS["password in a URL"].search(
        "postgres://troef:${POSTGRES_PASSWORD:?set it}@postgres:5432/troef")


def test_production_mode_will_not_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(TROEF_PRODUCTION="1", DJANGO_ALLOWED_HOSTS="troef.example.org")
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
