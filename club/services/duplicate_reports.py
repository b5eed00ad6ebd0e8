"""The PDFs of a duplicate session, made on the Celery workers: board slips, table cards,
travellers and hand records (``club.reports.duplicate_hands`` / ``duplicate_movement``).

``ReportJob`` belongs to a championship, and a duplicate event is not one (see
``club.models.duplicate``), so these jobs keep no row: the file's name carries the
fingerprint of what it shows (the same document is never made twice and a change makes a new
one), and the job's state while it is made sits in the cache (``queued``, ``running``,
``failed``). A lost state only means the next request sends the job again; every step is
idempotent. Hand records first need every board's double-dummy record
(``club.services.duplicate_handrecords``): the request sends the boards, and the board that
completes the set sends the PDF; the page shows the boards solved so far.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from club import safe_cache
from club.models import DuplicateSession
from club.reports import data, pdf
from club.reports import duplicate_hands as hands
from club.reports import duplicate_movement as movement
from club.rule_labels import rules_name
from club.selectors.duplicate import board_set, movement_rounds
from club.services import duplicate_handrecords as records
from club.services import reports as queue

#: The task that renders an event's PDFs (club/tasks_duplicate.py), sent by its name.
RENDER = "club.tasks.render_duplicate_report"

log = logging.getLogger(__name__)

KINDS = {
    "slips": gettext_lazy("Board slips"),
    "tablecards": gettext_lazy("Table cards"),
    "travellers": gettext_lazy("Travellers"),
    "handrecords": gettext_lazy("Hand records"),
}
#: A job's state is kept this long in the cache (a job that takes longer is sent again).
STATE_SECONDS = 15 * 60


def _meta(session: DuplicateSession) -> dict[str, str]:
    event = session.event
    return {"event": event.name, "session": str(session),
            "movement": str(event.get_movement_display()),
            "rules": rules_name(event.rule_set.rules()) or event.rule_set.name}


def facts(kind: str, session: DuplicateSession) -> list[Any]:
    """What the PDF shows (its fingerprint), in the active language."""
    meta = _meta(session)
    boards = board_set(session)
    if kind == "tablecards":
        return [kind, get_language(), meta, movement_rounds(session)]
    if kind == "travellers":
        return [kind, get_language(), meta, [[b["number"], b["dealer"]] for b in boards],
                movement_rounds(session)]
    if kind == "handrecords":
        return [kind, get_language(), meta, boards]
    return [kind, get_language(), meta, [[b["number"], b["dealer"], b["hands"]] for b in boards]]


def html(kind: str, session: DuplicateSession) -> str:
    meta = _meta(session)
    if kind == "slips":
        return hands.slips_html(board_set(session), event=meta["event"],
                                session=meta["session"])
    if kind == "handrecords":
        return hands.hand_records_html(board_set(session), event=meta["event"],
                                       session=meta["session"], rules=meta["rules"])
    if kind == "tablecards":
        return movement.table_cards_html(movement_rounds(session), event=meta["event"],
                                         session=meta["session"], movement=meta["movement"])
    if kind == "travellers":
        return movement.travellers_html(board_set(session), movement_rounds(session),
                                        event=meta["event"], session=meta["session"])
    raise KeyError(kind)


def file_name(kind: str, session: DuplicateSession, fingerprint: str | None = None) -> str:
    fingerprint = fingerprint or data.digest(facts(kind, session))
    return f"reports/duplicate/session-{session.pk}-{kind}-{fingerprint[:24]}.pdf"


def _state_key(name: str) -> str:
    return f"duplicate-report:{name}"


def state(kind: str, session: DuplicateSession) -> dict[str, Any]:
    """The PDF's state for the page: ``status`` (ready, queued, running, solving, failed,
    unsent, none), the boards solved (hand records), the file's name and a sentence."""
    name = file_name(kind, session)
    out: dict[str, Any] = {"kind": kind, "label": str(KINDS[kind]), "name": name,
                           "done": 0, "total": 0}
    if kind == "handrecords":
        out["done"], out["total"] = records.progress(session)
    if default_storage.exists(name):
        return {**out, "status": "ready", "message": _("Ready.")}
    status = safe_cache.call("get", _state_key(name)) or "none"
    if status == "none" and kind == "handrecords" and safe_cache.call(
            "get", _records_wanted(session)):
        status = "solving"
    messages = {
        "none": "", "queued": _("Queued: waiting for a free worker."),
        "running": _("Rendering."),
        "solving": _("Solving the boards double dummy: %(done)d of %(total)d done.") % {
            "done": out["done"], "total": out["total"]},
        "failed": _("The PDF could not be made. Ask again; if it fails again, tell the "
                    "site's administrator."),
        "unsent": _("The PDF service is unavailable right now: the task queue cannot be "
                    "reached. Nothing is lost; ask again in a few minutes."),
    }
    return {**out, "status": status, "message": messages.get(status, "")}


def _records_wanted(session: DuplicateSession) -> str:
    return f"duplicate-report:handrecords-wanted:{session.pk}"


def request(kind: str, session: DuplicateSession) -> dict[str, Any]:
    """Make the PDF unless it is there or on its way; its state afterwards."""

    if kind not in KINDS:
        raise KeyError(kind)
    now = state(kind, session)
    if now["status"] in ("ready", "queued", "running", "solving"):
        return now
    if kind == "handrecords" and now["done"] < now["total"]:
        safe_cache.call("set", _records_wanted(session), get_language() or "en", STATE_SECONDS)
        if not records.request_records(session):
            safe_cache.call("delete", _records_wanted(session))
            safe_cache.call("set", _state_key(now["name"]), "unsent", 60)
        return state(kind, session)
    safe_cache.call("set", _state_key(now["name"]), "queued", STATE_SECONDS)
    if not queue.publish(RENDER, (kind, session.pk, get_language())):
        safe_cache.call("set", _state_key(now["name"]), "unsent", 60)
    return state(kind, session)


def records_complete(session: DuplicateSession) -> None:
    """Worker side, when the last board of a session is solved: send the hand records PDF
    if someone asked for it."""

    language = safe_cache.call("get", _records_wanted(session))
    if language and safe_cache.call("add", _records_wanted(session) + ":sent", 1, 60):
        safe_cache.call("delete", _records_wanted(session))
        queue.publish(RENDER, ("handrecords", session.pk, language))


def render(kind: str, session: DuplicateSession) -> str:
    """Worker side: render the PDF of the current data and store it; its file name."""
    name = file_name(kind, session)
    if default_storage.exists(name):
        return name
    safe_cache.call("set", _state_key(name), "running", STATE_SECONDS)
    try:
        content = pdf.html_to_pdf(html(kind, session))
        default_storage.save(name, ContentFile(content))
    except Exception:
        safe_cache.call("set", _state_key(name), "failed", STATE_SECONDS)
        raise
    safe_cache.call("delete", _state_key(name))
    return name
