"""Closing a round is a decision: every table that is not finished (or not confirmed where
the championship wants confirmation) gets the organiser's decision first, the check and
the close happen under the round's lock, and a closed round can be reopened with a reason.

Decisions (``Table.Decision``; how each scores: :mod:`club.selectors.decided` and
``docs/architecture.md``, "Closing a round"):

- **scored as played**: time is called on the table: the finished games count and the game
  in progress goes to the side ahead on its game points so far (equal: to nobody); more
  games won wins, equal is a draw (a sheet with no deal is a 0-0 draw). For an unconfirmed
  finished sheet it is the organiser's confirmation.
- **forfeit** by one side, with a reason: the other side wins.
- **average score**, with a reason: a draw for both sides.
- **not played**: the table counts for no one.

The lock: closing takes the round's row lock, then moves every table's version on (the
sheets' own lock, so an entry in flight either committed before, and is seen by the check,
or finds its version gone), then checks, then closes, in one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import AuditEntry, Championship, Round, Table
from club.selectors.closing import round_checks
from club.services.draws import RoundError
from club.services.ratings_queue import queue_refresh
from club.services.results import rebuild_table_results
from club.services.standings import results_changed

Decision = Table.Decision
#: Decisions that need a reason (an adjusted result).
NEED_REASON = (Decision.FORFEIT, Decision.AVERAGE)
REASON_LENGTH = 300


class DecisionError(RoundError):
    """A decision the form must refuse: ``field`` is the form field at fault."""


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _audit(rnd: Round, user, action: str, subject: str, reason: str = "", **detail) -> None:
    championship = rnd.stage.championship
    AuditEntry.objects.create(club_id=championship.club_id, championship=championship,
                              user=_user(user), action=action, subject=subject[:200],
                              reason=reason[:REASON_LENGTH], detail=detail)


def _locked_round(rnd: Round) -> Round:
    return Round.objects.select_for_update().select_related("stage__championship").get(pk=rnd.pk)


def _sides(table: Table) -> int:
    """How many sides the table's match rows have: 3 at a table of three, one per player at
    an auction table (each seat its own side), else 2."""
    if table.seats.count() == 3:
        return 3
    return max(2, table.seats.values("side").distinct().count())


def _set_decision(rnd: Round, table: Table, user, decision: str, side: int | None,
                  reason: str) -> None:
    """Check and record one decision (the round already locked by the caller)."""
    reason = (reason or "").strip()
    if decision not in Decision.values and not (decision == "" and table.decision):
        # "" withdraws a decision: there must be one to withdraw
        raise DecisionError(_("Choose a decision from the list."), field="decision")
    if table.is_bye:
        raise DecisionError(_("A bye needs no decision: nobody plays at this table."),
                            field="decision")
    if decision in NEED_REASON and not reason:
        raise DecisionError(_("A forfeit or an average score needs a reason."), field="reason")
    if len(reason) > REASON_LENGTH:
        raise DecisionError(_("The reason is at most %(n)d characters.") % {"n": REASON_LENGTH},
                            field="reason")
    if decision == Decision.FORFEIT:
        if side is None or not 0 <= side < _sides(table):
            raise DecisionError(_("Choose the side that forfeits."), field="side")
    else:
        side = None
    # the log keeps the history (the decision replaced, with its reason); the public pages
    # read the table, so they show the current decision and reason only
    previous = ({"decision": table.decision, "side": table.decision_side,
                 "reason": table.decision_reason} if table.decision else None)
    table.decision, table.decision_side, table.decision_reason = decision, side, reason
    table.decided_by, table.decided_at = _user(user), timezone.now() if decision else None
    table.save(update_fields=["decision", "decision_side", "decision_reason", "decided_by",
                              "decided_at"])
    _audit(rnd, user, "table.decided", str(_("Round %(round)d, table %(table)d") % {
        "round": rnd.number, "table": table.number}), reason, round=rnd.pk, table=table.pk,
        number=table.number, decision=decision, side=side,
        **({"previous": previous} if previous else {}))


@transaction.atomic
def decide_table(table: Table, user, decision: str, *, side: int | None = None,
                 reason: str = "") -> Table:
    """Record the organiser's decision for a table of a published round ("" withdraws it).
    A closed round is reopened first: its decisions score its results."""
    rnd = _locked_round(table.round)
    if rnd.status != Round.Status.PUBLISHED:
        raise DecisionError(_("Decisions are taken while the round is published (reopen a "
                              "closed round first)."), field="decision")
    table = Table.objects.get(pk=table.pk, round=rnd)
    _set_decision(rnd, table, user, decision, side, reason)
    return table


def _table_list(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


@transaction.atomic
def close_round(rnd: Round, user=None, *, decisions: Mapping[int, tuple] | None = None,
                remaining: str | None = None) -> Round:
    """Close a published round once every table that needs one has a decision.

    ``decisions`` maps table numbers to ``(decision, side, reason)``, recorded first (as
    :func:`decide_table` does); ``remaining`` ("played" or "not_played") decides every
    table that still needs a decision, as the check finds it under the lock (time called
    on a live round). Refuses, naming the tables, when one still lacks a decision; nothing
    is written then.
    """
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.PUBLISHED:
        raise RoundError(_("Only a published round can be closed."))
    if remaining not in (None, Decision.PLAYED, Decision.NOT_PLAYED):
        raise DecisionError(_("Only \"scored as played\" or \"not played\" can decide every "
                              "remaining table at once."), field="remaining")
    # The sheets' lock: an entry in flight commits before this or conflicts after it.
    Table.objects.filter(round=rnd).update(version=F("version") + 1)
    by_number = {t.number: t for t in Table.objects.filter(round=rnd)}
    for number, (decision, side, reason) in (decisions or {}).items():
        if number not in by_number:
            raise DecisionError(_("Table %(number)d is not in this round.") % {"number": number},
                                field="decision")
        _set_decision(rnd, by_number[number], user, decision, side, reason)
    checks = round_checks(rnd)
    if remaining:
        for check in checks:
            if check.missing:
                _set_decision(rnd, check.table, user, remaining, None, "")
    missing = [c.table.number for c in checks if c.missing]
    if missing:
        raise RoundError(ngettext(
            "Table %(tables)s needs a decision before the round can close (not finished, or "
            "not confirmed).",
            "Tables %(tables)s need a decision before the round can close (not finished, or "
            "not confirmed).", len(missing)) % {"tables": _table_list(missing)})
    rnd.status, rnd.closed_at, rnd.closed_by = Round.Status.CLOSED, timezone.now(), _user(user)
    rnd.save(update_fields=["status", "closed_at", "closed_by"])
    results_changed(rnd.stage.championship_id)
    for table in rnd.tables.filter(is_bye=False).select_related("round__stage__championship"):
        rebuild_table_results(table)
    _audit(rnd, user, "round.closed", str(rnd), decisions={
        str(c.table.number): c.table.decision for c in checks if c.table.decision},
        round=rnd.pk, number=rnd.number)
    queue_refresh(rnd.stage.championship.club_id)  # the ratings read the closed round
    return rnd


def reopen_blocker(rnd: Round) -> Round | None:
    """A later round (of this stage, or of a later stage) that is published or closed: it
    was drawn from this round's results, so this round cannot be reopened."""
    later = Round.objects.filter(stage__championship_id=rnd.stage.championship_id,
                                 status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED))
    same = later.filter(stage=rnd.stage, number__gt=rnd.number)
    after = later.filter(stage__number__gt=rnd.stage.number)
    return (same.order_by("number").first()
            or after.select_related("stage").order_by("stage__number", "number").first())


@transaction.atomic
def reopen_round(rnd: Round, user, reason: str) -> Round:
    """Reopen a closed round, with a reason, while no later round is published or closed.
    Its decisions are kept (they score it again when it closes again; they can be changed
    meanwhile); its results are rebuilt from the deals and the standings marked stale."""
    reason = (reason or "").strip()
    if not reason:
        raise DecisionError(_("Say why the round is reopened."), field="reason")
    if len(reason) > REASON_LENGTH:
        raise DecisionError(_("The reason is at most %(n)d characters.") % {"n": REASON_LENGTH},
                            field="reason")
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.CLOSED:
        raise RoundError(_("Only a closed round can be reopened."))
    # the results' row, as publish_round takes it: a later round is published before this
    # check (and blocks it) or after this reopen (and is refused while this round is open)
    Championship.objects.select_for_update().filter(pk=rnd.stage.championship_id).values_list(
        "pk", flat=True).first()
    blocker = reopen_blocker(rnd)
    if blocker is not None:
        raise RoundError(_("%(round)s cannot be reopened: %(later)s of %(stage)s is already "
                           "%(status)s and was drawn from its results.") % {
            "round": rnd, "later": blocker, "stage": blocker.stage,
            "status": blocker.get_status_display()})
    rnd.status, rnd.closed_at, rnd.closed_by = Round.Status.PUBLISHED, None, None
    rnd.save(update_fields=["status", "closed_at", "closed_by"])
    Table.objects.filter(round=rnd).update(version=F("version") + 1)
    results_changed(rnd.stage.championship_id)
    for table in rnd.tables.filter(is_bye=False).select_related("round__stage__championship"):
        rebuild_table_results(table)
    _audit(rnd, user, "round.reopened", str(rnd), reason, round=rnd.pk, number=rnd.number)
    queue_refresh(rnd.stage.championship.club_id)  # its ratings were applied: rebuilt
    return rnd
