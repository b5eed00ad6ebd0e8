"""The Celery application. Without CELERY_BROKER_URL its tasks run in-process.

Every worker runs a sweep (:func:`sweep`) as soon as it is ready and then every
SWEEP_EVERY seconds, in a thread of its main process: the chunks a killed worker left half
done are sent again within seconds of their last heartbeat going stale, not after the
broker's visibility timeout (300 s) (``club.services.reports.resume_stalled``); what the
task queue could not take while it was down is sent within seconds of its return: report
jobs kept "not sent" (``club.services.reports.send_unsent``) and owed ratings refreshes
(``club.services.ratings_queue.send_owed``).
"""

import logging
import os
import threading

from celery import Celery
from celery.signals import worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

log = logging.getLogger(__name__)
app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
if not app.conf.broker_url:
    app.conf.broker_url = "memory://"
app.autodiscover_tasks()

#: Seconds between two sweeps of a worker.
SWEEP_EVERY = 5.0


def sweep() -> dict[str, int]:
    """One pass of the recovery sweep: each step, then the first error any raised (the
    others run all the same); the tasks each step sent."""
    from club.services.ratings_queue import send_owed
    from club.services.reports import resume_stalled, send_unsent

    sent, failure = {}, None
    for step in (resume_stalled, send_unsent, send_owed):
        try:
            sent[step.__name__] = step()
        except Exception as error:  # noqa: BLE001 (raised below, after the other steps)
            failure = failure or error
    if failure is not None:
        raise failure
    return sent


class Sweeper(threading.Thread):
    """Calls :func:`sweep` now and every ``every`` seconds until stopped."""

    def __init__(self, every: float = SWEEP_EVERY) -> None:
        super().__init__(name="troef-report-sweep", daemon=True)
        self.every = every
        self.stopped = threading.Event()

    def run(self) -> None:
        from django.db import connections

        failing = False
        while True:
            try:
                sweep()
            except Exception:  # the database or the broker away: try again later
                if not failing:  # logged once, not every few seconds while it lasts
                    log.warning("report sweep failed; trying again every %s s", self.every,
                                exc_info=True)
                failing = True
            else:
                if failing:
                    log.warning("report sweep works again")
                failing = False
            finally:
                connections.close_all()  # this thread's own; none kept between sweeps
            if self.stopped.wait(self.every):
                return


_sweeper: Sweeper | None = None


@worker_ready.connect
def start_sweeper(**_kwargs) -> None:
    global _sweeper  # one sweep per worker process
    if _sweeper is None:
        _sweeper = Sweeper()
        _sweeper.start()


@worker_shutdown.connect
def stop_sweeper(**_kwargs) -> None:
    if _sweeper is not None:
        _sweeper.stopped.set()
