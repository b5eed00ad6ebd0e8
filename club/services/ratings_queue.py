"""Sending the ratings refreshes (club.services.ratings does them): a change that needs one
records it in its own transaction (:func:`queue_refresh`: a ``PendingRatingRefresh`` row, the
stale marker the pages read) and sends it to the workers after the commit; one the task
queue did not take is sent by the workers' sweep (:func:`send_owed`), and
:func:`club.services.ratings.refresh_club` clears it when it has run."""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from club.models import PendingRatingRefresh
from club.services import reports

log = logging.getLogger(__name__)


#: An owed refresh handed to the task queue that has not run after this long is sent again
#: (its message lost: a broker that restarted empty, say). A second one finds them current.
RESEND_AFTER = datetime.timedelta(minutes=5)


def _owe(club_id: int) -> int:
    """Record (in the caller's transaction) that the club's ratings need a refresh, about
    to be sent; the version recorded."""
    now = timezone.now()
    row, created = PendingRatingRefresh.objects.get_or_create(club_id=club_id,
                                                              defaults={"sent": now})
    if created:
        return row.version
    PendingRatingRefresh.objects.filter(pk=row.pk).update(version=F("version") + 1,
                                                          asked=now, sent=now)
    return PendingRatingRefresh.objects.filter(pk=row.pk).values_list(
        "version", flat=True).get()


def _publish(club_id: int) -> bool:
    """Send the club's refresh to the workers (``settings.TROEF_RATINGS_QUEUE`` when set);
    False when the task queue cannot be reached (``club.services.reports.publish``: never
    raises, gives up within about a second)."""
    return reports.publish("club.tasks.refresh_ratings", (club_id,), {},
                           settings.TROEF_RATINGS_QUEUE or None)


def queue_refresh(club_id: int) -> None:
    """Record the refresh the caller's change needs, in its transaction, and send it to the
    workers once that commits (in-process without a broker). A task queue that cannot be
    reached loses nothing: the refresh stays owed as not sent, the pages say the ratings
    are being updated, and the workers' sweep sends it when the queue is back
    (:func:`send_owed`); the refresh clears it."""
    version = _owe(club_id)

    def send() -> None:
        if not _publish(club_id):  # owed, not sent: for the sweep (unless asked again since)
            PendingRatingRefresh.objects.filter(club_id=club_id, version=version).update(
                sent=None)
            log.warning("ratings refresh for club %s not sent: the workers' sweep sends it",
                        club_id)

    transaction.on_commit(send)


def send_owed() -> int:
    """Worker side (the sweep, ``club.celery``): send the owed refreshes the task queue did
    not take, and those sent RESEND_AFTER ago that have not run; the number sent. Each is
    claimed first (its ``sent`` moved by one sweep only), so two sweeps do not both send
    it; the first that cannot be sent is left for the next sweep, and the rest with it (the
    queue is still down)."""
    now = timezone.now()
    sent = 0
    for club_id, version, when in PendingRatingRefresh.objects.filter(
            Q(sent__isnull=True) | Q(sent__lt=now - RESEND_AFTER)).order_by(
            "asked").values_list("club_id", "version", "sent"):
        if not PendingRatingRefresh.objects.filter(club_id=club_id, version=version,
                                                   sent=when).update(sent=now):
            continue  # another sweep took it, or it was asked for again (and sent) since
        if not _publish(club_id):
            PendingRatingRefresh.objects.filter(club_id=club_id, sent=now).update(sent=None)
            break
        log.warning("ratings refresh for club %s sent by the sweep", club_id)
        sent += 1
    return sent
