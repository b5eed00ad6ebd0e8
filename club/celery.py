"""The Celery application. Without CELERY_BROKER_URL its tasks run in-process.

Every worker runs a sweep (``club.services.reports.resume_stalled``) as soon as it is
ready and then every SWEEP_EVERY seconds, in a thread of its main process: the chunks a
killed worker left half done are sent again within seconds of their last heartbeat going
stale, not after the broker's visibility timeout (300 s).
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


class Sweeper(threading.Thread):
    """Calls ``resume_stalled`` now and every ``every`` seconds until stopped."""

    def __init__(self, every: float = SWEEP_EVERY) -> None:
        super().__init__(name="troef-report-sweep", daemon=True)
        self.every = every
        self.stopped = threading.Event()

    def run(self) -> None:
        from django.db import connections

        from club.services.reports import resume_stalled

        failing = False
        while True:
            try:
                resume_stalled()
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
