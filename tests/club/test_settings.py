"""Settings: embedded defaults, and a production mode that passes check --deploy."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_check(extra_env):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_DEBUG",
                        "DJANGO_SETTINGS_MODULE")}
    env.update(extra_env)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_check_deploy_is_clean_in_production_mode():
    result = run_check({"TROEF_PRODUCTION": "1",
                        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
                        "DJANGO_ALLOWED_HOSTS": "troef.example.org"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_development_defaults_are_not_deployable():
    result = run_check({})
    assert result.returncode != 0
    assert "DEBUG" in result.stdout + result.stderr


def test_embedded_defaults_use_sqlite_and_eager_tasks(settings):
    if os.environ.get("DATABASE_URL"):
        return  # the services pass runs on PostgreSQL on purpose
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings.CELERY_TASK_ALWAYS_EAGER is True


def test_the_site_hashes_passwords_with_pbkdf2_and_only_the_tests_do_not(settings):
    """The tests run on tests.settings, whose only change is a fast hasher; the site's own
    settings keep Django's PBKDF2 (or a stronger hasher ahead of it)."""
    import importlib

    from django.conf import global_settings

    site = importlib.import_module("club.settings")
    hashers = getattr(site, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert hashers[0] in ("django.contrib.auth.hashers.PBKDF2PasswordHasher",
                          "django.contrib.auth.hashers.Argon2PasswordHasher")
    assert "MD5" not in " ".join(hashers)
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_statement_and_a_request_have_a_time_limit_in_production():
    """Issue 27, break 1: no request holds the site whatever a club's size: on PostgreSQL a
    statement stops after TROEF_DB_STATEMENT_TIMEOUT_MS (30 s unless set), and the image's
    gunicorn ends a request's worker after 30 s."""
    env = {k: v for k, v in os.environ.items() if k != "TROEF_DB_STATEMENT_TIMEOUT_MS"}
    code = ("import club.settings as s; "
            "print(s.DATABASES['default'].get('OPTIONS', {}).get('options', ''))")
    for url, wanted in (("postgres://u@db:5432/troef", "-c statement_timeout=30000"),
                        ("sqlite:////tmp/x.sqlite3", "")):
        found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                               text=True, timeout=60, check=True,
                               env={**env, "DATABASE_URL": url}).stdout.strip()
        assert found == wanted, (url, found)
    for name in ("Dockerfile", "docker-compose.yml"):
        text = (ROOT / name).read_text()
        assert "--timeout" in text and "30" in text.split("--timeout", 1)[1][:6], name
