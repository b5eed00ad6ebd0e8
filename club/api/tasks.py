"""The API's periodic work: the daily sweep of the idempotent answers older than
``TROEF_API_IDEMPOTENCY_DAYS`` (Celery beat runs it: ``CELERY_BEAT_SCHEDULE`` in the
settings; without beat, cron ``manage.py sweep_api_requests``)."""

from __future__ import annotations

from celery import shared_task

from club.services.once import sweep


@shared_task(name="club.sweep_api_requests")
def sweep_api_requests() -> int:
    """Delete the expired Idempotency-Key answers; how many."""
    return sweep()
