"""Fixtures shared by the club tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def tasks_in_process(settings, tmp_path):
    """An empty cache, files in a temporary folder, and the tasks run in this process (as
    without a broker: in CI's services pass a worker would run them later)."""
    from django.core.cache import cache

    from club import safe_cache
    from club.celery import app

    cache.clear()
    safe_cache.reset()
    settings.MEDIA_ROOT = str(tmp_path)
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before
