"""Nothing dropped at closing (issue 26): a deal that reaches a closed round is kept as a
:class:`~club.models.LateDeal` (:func:`keep`), never lost and never on the sheet by itself,
and so is a deal a phone sends to the organiser while the round is open (its dealer order
could not hold: ``X-Troef-To-Organiser``, club.api.organiser; ``sent["to_organiser"]``):
the round's "deals waiting for the organiser". The organiser applies one while the round
is open (a closed one reopened first) (:func:`apply`: the sheet's own entry,
:func:`club.services.sheets.enter_deal`, with its version and dealer checks, so a sheet
that moved is a conflict and a deal out of turn is refused with the sheet's sentence) or
discards it with a reason (:func:`discard`); both are audit entries
(``late_deal.applied``, ``late_deal.discarded``). A late deal is decided once: each
decision locks its row first.

A table's code page reports itself with every API request by the code
(:func:`report`): when, and how many deals it had waiting (``X-Troef-Waiting``), for the
closing check page. The row is written at most every :data:`REPORT_SECONDS` while the
count stays the same (the phones ask often; the page shows minutes).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import AuditEntry, LateDeal, Round, Table
from club.selectors.sheets import Actor, TableContext, load_table
from club.services.sheets import Saved, enter_deal

#: A report newer than this with the same count is not written again.
REPORT_SECONDS = 15
REASON_LENGTH = 300
State = LateDeal.State


class LateRefused(Exception):
    """A decision the page refuses, nothing written: ``field`` is the form's field at fault
    ("__all__": the deal as a whole)."""

    def __init__(self, message: str, field: str = "__all__") -> None:
        super().__init__(message)
        self.field = field


class TooManyWaiting(Exception):
    """The table has ``settings.TROEF_LATE_DEALS_PER_TABLE`` deals waiting already."""


@transaction.atomic
def keep(ctx: TableContext, facts: dict[str, Any], sent: dict[str, Any],
         key: str = "") -> LateDeal:
    """Keep a deal sent to ``ctx``'s table after its round closed, or sent to the organiser:
    ``facts`` as the sheet's entry checked them, ``sent`` as the client sent them, with the
    Idempotency-Key. A table holds at most ``TROEF_LATE_DEALS_PER_TABLE`` waiting deals (a
    code holder cannot fill the organiser's list): :class:`TooManyWaiting` beyond (under
    the table's row lock, so two at once count each other)."""
    Table.objects.select_for_update().filter(pk=ctx.table.pk).first()
    limit = settings.TROEF_LATE_DEALS_PER_TABLE
    if LateDeal.objects.filter(table=ctx.table, state=State.WAITING).count() >= limit:
        raise TooManyWaiting(limit)
    return LateDeal.objects.create(table=ctx.table, facts=facts, sent=sent,
                                   by_code=ctx.actor.by_code, sent_by_id=ctx.actor.user_id,
                                   key=(key or "")[:255])


def report(table: Table, waiting: int | None, now=None) -> bool:
    """The table's code page asked now, with ``waiting`` deals waiting on the phone (None:
    not said). Whether the row was written (not when the last report is recent and the
    same)."""
    now = now or timezone.now()
    last = table.reported_at
    if (last is not None and now - last < timedelta(seconds=REPORT_SECONDS)
            and table.reported_waiting == waiting):
        return False
    Table.objects.filter(pk=table.pk).update(reported_at=now, reported_waiting=waiting)
    table.reported_at, table.reported_waiting = now, waiting
    return True


def _locked(late: LateDeal) -> LateDeal:
    """The late deal's row, locked, still waiting (else refused: decided once)."""
    late = LateDeal.objects.select_for_update().select_related(
        "table__round__stage__championship").get(pk=late.pk)
    if late.state == State.APPLIED:
        raise LateRefused(_("This late deal was already applied (deal %(number)s).")
                          % {"number": late.number or "?"})
    if late.state == State.DISCARDED:
        raise LateRefused(_("This late deal was already discarded."))
    return late


def _audit(late: LateDeal, user, action: str, reason: str = "", **detail: Any) -> None:
    table = late.table
    championship = table.round.stage.championship
    AuditEntry.objects.create(
        club_id=championship.club_id, championship=championship, user=user, action=action,
        subject=(_("%(round)s, table %(table)d") % {"round": table.round,
                                                     "table": table.number})[:200],
        reason=reason[:REASON_LENGTH],
        detail={"late_deal": late.pk, "table": table.pk, "round": table.round_id,
                "deal": late.facts, **detail})


@transaction.atomic
def apply(user, late: LateDeal, version: int) -> Saved:
    """Enter the late deal as the sheet's next deal, as ``user`` typed it on the sheet at
    ``version`` (the version the organiser's page showed): only while the round is open
    again. The sheet's refusals (:class:`~club.services.sheets.SheetInvalid`,
    :class:`~club.services.sheets.SheetConflict`) leave everything as it was."""
    late = _locked(late)
    table = late.table
    if table.round.status != Round.Status.PUBLISHED:
        raise LateRefused(_("The round is closed: reopen the round to apply a late deal (or "
                            "discard it)."))
    actor = Actor(user=user)
    ctx = load_table(actor, table.pk)
    reason = (_("Sent to the organiser by a phone (late deal %(id)d).")
              if late.sent.get("to_organiser")
              else _("Received after the round closed (late deal %(id)d).")) % {"id": late.pk}
    saved = enter_deal(actor, table.pk, version, late.facts, reason, ctx=ctx)
    late.state, late.number = State.APPLIED, saved.number
    late.decided_by, late.decided_at = user, timezone.now()
    late.save(update_fields=["state", "number", "decided_by", "decided_at"])
    _audit(late, user, "late_deal.applied", number=saved.number)
    return saved


@transaction.atomic
def discard(user, late: LateDeal, reason: str) -> LateDeal:
    """Discard the late deal, with a reason (required); open or closed round alike."""
    reason = (reason or "").strip()
    if not reason:
        raise LateRefused(_("Say why the late deal is discarded."), "reason")
    if len(reason) > REASON_LENGTH:
        raise LateRefused(_("The reason is at most %(n)d characters.") % {"n": REASON_LENGTH},
                          "reason")
    late = _locked(late)
    late.state, late.reason = State.DISCARDED, reason
    late.decided_by, late.decided_at = user, timezone.now()
    late.save(update_fields=["state", "reason", "decided_by", "decided_at"])
    _audit(late, user, "late_deal.discarded", reason)
    return late
