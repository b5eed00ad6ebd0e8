"""A job on its own thread with its own database connection, for the lock tests."""

from __future__ import annotations

import threading

from django.db import connections


def in_thread(job):
    """Start ``job`` on a new thread; return the thread and a dict that gets the job's
    "value" or the "error" it raised. The thread closes its connections when done."""
    result: dict = {}

    def run():
        try:
            result["value"] = job()
        except Exception as error:  # noqa: BLE001 (the outcome under test)
            result["error"] = error
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, result
