"""Writing a table's score sheet: enter, edit, delete and confirm deals, and preview one.

Every write goes the same way. The table and its seats are read (one query, with the
permission check) and the deals (one query); the whole sheet with the change is replayed
with ``scoring`` (nothing is written when a deal does not add up: :class:`SheetInvalid`
names the field and the rule). Then, in one transaction, the optimistic lock
``UPDATE table SET version = n + 1 WHERE id = ... AND version = n`` comes first: when it
matches no row somebody else saved first and :class:`SheetConflict` is raised with nothing
written; otherwise the row stays locked until commit while the deal, its audit row
(:class:`DealChange`: who, when, old and new values, reason) and the derived match rows
are written (a new deal on PostgreSQL: all in one statement, see
:mod:`club.services.locked_write`). Reading the deals before the lock is safe because
every change to them bumps the version in the same transaction.

A confirmed sheet (or one of a closed round) is read-only except through a correction,
which needs a reason, is logged as such and withdraws the confirmation. Confirming takes a
``select_for_update`` row lock; the database refuses a sheet confirmed by the person who
entered it last (constraint ``sheet_confirmed_by_another_person``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Model
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Deal, DealChange, Round, Table
from club.selectors.auction_sheets import dealer_of
from club.selectors.replay import Outcome, replay_sheet, result_rows
from club.selectors.sheet_rows import table_deals
from club.selectors.sheets import Actor, TableContext, load_table
from club.services.draws import table_code
from club.services.locked_write import write_under_lock
from club.services.refusals import Conflict, Refused
from club.services.results import RESULT_KEY
from club.services.sheet_checks import DealRefused, normalise_calls
from club.services.sheet_messages import explain, format_label
from club.services.standings import results_changed
from scoring import ScoringError

Action = DealChange.Action
#: Offset used to renumber deals without crossing the unique (table, number) constraint.
_RENUMBER_OFFSET = 10000


#: A sheet's refusal is every result's (club.services.refusals).
SheetInvalid = Refused


class SheetConflict(Conflict):
    """The sheet changed since the form was loaded (stale version): nothing written."""

    def __init__(self, submitted: int, current: int | None) -> None:
        super().__init__(_("This sheet was changed by someone else while you were entering "
                           "(your version %(mine)s, now %(now)s). Nothing was saved: check the "
                           "sheet as it is now and save again.")
                         % {"mine": submitted, "now": "?" if current is None else current},
                         submitted, current)


@dataclass(frozen=True)
class Saved:
    """What a write did: the deal number, the sheet's new version, the action logged."""

    number: int | None
    version: int
    action: str


def refuse(field: str, message: str) -> SheetInvalid:
    return SheetInvalid({field: [message]})


def facts_of(deal: Deal) -> dict[str, Any]:
    """A deal's recorded facts for the audit trail (with its card play when recorded)."""
    facts = deal.facts()
    if deal.play:
        facts["play"] = deal.play
    return facts


# -- checks ------------------------------------------------------------------------------

def check_sheet(ctx: TableContext, deals: Sequence[Deal], focus: int | None) -> Outcome:
    """Replay ``deals`` (numbered 1..n) as the whole sheet; raise :class:`SheetInvalid` with
    the form field and rule of the first deal that does not add up (``focus`` is the deal
    being entered or edited: its errors go next to its fields; others are named by number).
    """
    for deal in deals:
        if not 0 <= deal.dealer < ctx.seat_count:
            raise refuse("dealer", _("The dealer must be one of the table's seats."))
    rules, fmt = ctx.rules, ctx.format
    try:
        return replay_sheet(ctx.table, ctx.seats, deals, rules=rules, fmt=fmt)
    except ScoringError as error:
        number = error.deal or len(deals) + 1
        bad = deals[number - 1] if 0 < number <= len(deals) else None
        total = None
        if bad is not None and bad.points is not None and bad.points_other is not None:
            total = bad.points + bad.points_other
        field, message = explain(error, rules, cancelled=bool(bad and bad.cancelled),
                                 doubling=bad.doubling if bad else 1, total=total,
                                 format_label=format_label(fmt))
        if number != focus:
            field = "__all__"
            message = _("Deal %(number)d: %(message)s") % {"number": number, "message": message}
        raise SheetInvalid({field: [message]}, deal=number) from None


def _guard(ctx: TableContext, version: int, reason: str) -> bool:
    """Refuse a write the sheet's state does not allow; True when it is a correction."""
    table = ctx.table
    if table.is_bye:
        raise refuse("__all__", _("A bye has no score sheet: nobody plays at this table."))
    if table.round.status == Round.Status.DRAFT:
        raise refuse("__all__", _("The round is still a draft: publish it before entering "
                                  "its sheets."))
    if table.version != version:
        raise SheetConflict(version, table.version)
    locked = table.confirmed or table.round.status == Round.Status.CLOSED
    if locked and ctx.actor.by_code:
        raise refuse("__all__", _("This sheet is closed: ask an organiser for a correction."))
    if locked and not reason.strip():
        if table.confirmed:
            message = _("This sheet is confirmed: a change is a correction and needs a reason.")
        else:
            message = _("This round is closed: a change is a correction and needs a reason.")
        raise refuse("reason", message)
    return locked


def _commit(ctx: TableContext, version: int, correction: bool, outcome: Outcome,
            rows: Sequence[Model], write: Callable[[], None] | None = None) -> int:
    """Take the optimistic lock and, when it holds, insert ``rows`` (the deal, the audit
    row), rewrite the derived match rows and run ``write`` (an edit or a delete of deals);
    one statement when there is no ``write``. Returns the new version."""
    table = ctx.table
    changes = {"version": version + 1, "entered_by": ctx.actor.user_id, "confirmed_by": None,
               "confirmed_at": None}
    results = result_rows(table, ctx.seats, outcome)

    def lock_and_insert() -> bool:
        return write_under_lock(table.pk, version, changes, unconfirmed_only=not correction,
                                inserts=rows, upserts=results, upsert_on=RESULT_KEY)

    # the standings move only when a finished outcome may change: a deal that finishes (or
    # changes) a finished match, an edit or a delete; then the championship's results
    # version moves in the same transaction (the row the whole championship shares is
    # written about once a table, not once a deal)
    counted = write is not None or any(row.finished for row in results)
    if write is None and not counted:
        updated = lock_and_insert()
    else:
        with transaction.atomic(savepoint=False):
            updated = lock_and_insert()
            if updated and write is not None:
                write()
            if updated and counted:
                results_changed(table.round.stage.championship_id)
    if not updated:
        raise SheetConflict(version, None)
    table.version = version + 1
    return table.version


def _change(ctx: TableContext, action: str, number: int | None, *, old=None, new=None,
            reason: str = "") -> DealChange:
    return DealChange(table=ctx.table, deal_number=number, action=action,
                      user_id=ctx.actor.user_id, by_code=ctx.actor.by_code, old=old, new=new,
                      reason=reason.strip()[:300])


def _new_deal(ctx: TableContext, number: int, facts: dict[str, Any]) -> Deal:
    facts = dict(facts)
    if not ctx.kind.dealer_typed:  # RULES §13: nobody types the dealer, the rotation says it
        facts["dealer"] = dealer_of(ctx, number)
    normalise_calls(facts)
    known = {name: facts[name] for name in (*Deal.FACT_FIELDS, *Deal.AUCTION_FIELDS, "play")
             if name in facts}
    return Deal(table=ctx.table, number=number, entered_by_id=ctx.actor.user_id, **known)


def _check_deal(ctx: TableContext, deals: list[Deal], number: int,
                old: Deal | None = None) -> None:
    """The sheet kind's own checks of deal ``number`` beyond the replay (a partnership
    sheet: who made each doubling call, and whose deal it was)."""
    try:
        ctx.kind.check_deal(ctx, deals, number, old)
    except DealRefused as refused:
        raise refuse(refused.field, refused.message) from None


def _deals(ctx: TableContext) -> list[Deal]:
    return table_deals(ctx.table)


@contextmanager
def _stale_is_conflict(ctx: TableContext, version: int) -> Iterator[None]:
    """The deals are read after the version was checked: when someone else's write came in
    between, a refusal found on them (a dealer out of turn, a deal no longer there) is that
    write's conflict, not the scorer's mistake. Checks that pass on such deals are stopped
    by the optimistic lock; so only a refusal costs the version's second read."""
    try:
        yield
    except SheetInvalid:
        current = Table.objects.filter(pk=ctx.table.pk).values_list("version", flat=True).first()
        if current != version:
            raise SheetConflict(version, current) from None
        raise


# -- writes ------------------------------------------------------------------------------

def enter_deal(actor: Actor, table_id: int | None, version: int, facts: dict[str, Any],
               reason: str = "", *,
    ctx: TableContext | None = None) -> Saved:
    """Add the next deal to the sheet."""
    ctx = ctx or load_table(actor, table_id)
    correction = _guard(ctx, version, reason)
    with _stale_is_conflict(ctx, version):
        deals = _deals(ctx)
        deal = _new_deal(ctx, len(deals) + 1, facts)
        deals.append(deal)
        _check_deal(ctx, deals, deal.number)
        outcome = check_sheet(ctx, deals, deal.number)
    action = Action.CORRECTED if correction else Action.ENTERED
    rows = [deal, _change(ctx, action, deal.number, new=facts_of(deal), reason=reason)]
    return Saved(deal.number, _commit(ctx, version, correction, outcome, rows), action)


def _find(deals: list[Deal], number: int) -> int:
    for index, deal in enumerate(deals):
        if deal.number == number:
            return index
    raise refuse("__all__", _("There is no deal %(number)s on this sheet.") % {"number": number})


def edit_deal(actor: Actor, table_id: int | None, number: int, version: int,
              facts: dict[str, Any], reason: str = "", *,
    ctx: TableContext | None = None) -> Saved:
    """Change a recorded deal; everything after it is scored again."""
    ctx = ctx or load_table(actor, table_id)
    correction = _guard(ctx, version, reason)
    with _stale_is_conflict(ctx, version):
        deals = _deals(ctx)
        index = _find(deals, number)
        old = deals[index]
        deal = _new_deal(ctx, number, facts)
        deal.pk = old.pk
        if deal.facts() == old.facts() and deal.play in (None, old.play):
            return Saved(number, version, "")  # nothing changed: nothing to log
        deals[index] = deal
        _check_deal(ctx, deals, index + 1, old)
        outcome = check_sheet(ctx, deals, number)
    action = Action.CORRECTED if correction else Action.EDITED

    change = _change(ctx, action, number, old=facts_of(old), new=facts_of(deal), reason=reason)
    return Saved(number, _commit(ctx, version, correction, outcome, [change],
                                 lambda: deal.save(force_update=True)), action)


def delete_deal(actor: Actor, table_id: int | None, number: int, version: int,
                reason: str = "", *,
    ctx: TableContext | None = None) -> Saved:
    """Strike a deal out; the deals after it move up one number (and are scored again).

    A scorer deletes a row entered twice or by mistake, often noticed a few deals later:
    the deals after it stay as they were played, so they move up rather than being lost.
    """
    ctx = ctx or load_table(actor, table_id)
    correction = _guard(ctx, version, reason)
    with _stale_is_conflict(ctx, version):
        deals = _deals(ctx)
        index = _find(deals, number)
        old = deals.pop(index)
        for later in deals[index:]:
            later.number -= 1
        outcome = check_sheet(ctx, deals, None)
    action = Action.CORRECTED if correction else Action.DELETED

    def write() -> None:
        Deal.objects.filter(pk=old.pk).delete()
        if index < len(deals):
            later = Deal.objects.filter(table=ctx.table, number__gt=number)
            later.update(number=F("number") + _RENUMBER_OFFSET)
            Deal.objects.filter(table=ctx.table, number__gt=_RENUMBER_OFFSET).update(
                number=F("number") - _RENUMBER_OFFSET - 1)

    change = _change(ctx, action, number, old=facts_of(old), reason=reason)
    return Saved(number, _commit(ctx, version, correction, outcome, [change], write), action)


@transaction.atomic
def confirm_sheet(actor: Actor, table_id: int | None, version: int) -> Saved:
    """A second person confirms the sheet; it is then read-only but for corrections."""
    ctx = load_table(actor, table_id)
    if actor.by_code:
        raise refuse("__all__", _("Players do not confirm their own sheet: an organiser does."))
    table = Table.objects.select_for_update().get(pk=ctx.table.pk)
    if not ctx.championship.confirmation_required:
        raise refuse("__all__", _("This championship does not ask for sheets to be confirmed."))
    if table.version != version:
        raise SheetConflict(version, table.version)
    if table.confirmed_at is not None:
        raise refuse("__all__", _("The sheet is already confirmed."))
    if not Deal.objects.filter(table=table).exists():
        raise refuse("__all__", _("There is nothing to confirm yet."))
    if table.entered_by_id is not None and table.entered_by_id == actor.user_id:
        raise refuse("__all__", _("You entered this sheet last: another person confirms it."))
    table.confirmed_by_id = actor.user_id
    table.confirmed_at = timezone.now()
    table.version = version + 1
    try:
        with transaction.atomic():
            table.save(update_fields=["confirmed_by", "confirmed_at", "version"])
    except IntegrityError:
        raise refuse("__all__", _("The person who entered a sheet cannot confirm it.")) from None
    _change(ctx, Action.CONFIRMED, None).save(force_insert=True)
    return Saved(None, table.version, Action.CONFIRMED)


# -- players' code ----------------------------------------------------------------------

def ensure_table_code(ctx: TableContext) -> str:
    """The table's code for its players, made (club.table_codes) and stored when missing."""
    table = ctx.table
    if not table.code:
        code = table_code()
        Table.objects.filter(pk=table.pk, code="").update(code=code)
        table.code = Table.objects.values_list("code", flat=True).get(pk=table.pk)
    return table.code


# -- preview -----------------------------------------------------------------------------

def preview_deal(ctx: TableContext, deals: list[Deal], facts: dict[str, Any],
                 number: int | None = None) -> dict[str, Any]:
    """Score a candidate deal in its place on the sheet without saving anything (the live
    figures of the entry row): the same replay as a save, so the same rules and messages."""
    deals = list(deals)
    old = None
    if number is None or not 1 <= number <= len(deals):
        number = len(deals) + 1
        deals.append(_new_deal(ctx, number, facts))
    else:
        old = deals[number - 1]
        deals[number - 1] = _new_deal(ctx, number, facts)
        deals[number - 1].pk = old.pk
    try:
        _check_deal(ctx, deals, number, old)
        outcome = check_sheet(ctx, deals, number)
    except SheetInvalid as invalid:
        return {"ok": False, "errors": invalid.errors}
    return ctx.kind.preview(ctx, outcome, number, len(deals))
