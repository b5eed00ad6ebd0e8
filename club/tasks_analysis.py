"""Celery task of the play analysis (``club.services.play_analysis``); imported by
``club.tasks`` so that workers register it.

Idempotent: a task delivered twice finds the first one's result in the cache. A failure is
logged and marked: the page says so, and asks again once the mark expires.
"""

from __future__ import annotations

import logging

from celery import shared_task

from club.selectors.play_analysis import PlayInput
from club.services.play_analysis import mark_failed, solve_and_store

log = logging.getLogger(__name__)


@shared_task(name="club.tasks.analyse_play", ignore_result=True)
def analyse_play_task(payload: dict) -> str:
    """Solve one deal's play analysis and keep it in the cache."""

    inp = PlayInput.from_payload(payload)
    try:
        result = solve_and_store(inp)
    except Exception:
        log.exception("play analysis failed")
        mark_failed(inp)
        return "failed"
    return f"solved in {result['seconds']} s"
