"""Celery tasks. Without a broker they run in-process; with one, on the worker pool."""

from __future__ import annotations

from celery import shared_task
from django.db import connection

from club.models import Player


@shared_task
def worker_health() -> dict:
    """What the worker sees: its database backend and the number of players in it."""
    return {"database": connection.vendor, "players": Player.objects.count()}
