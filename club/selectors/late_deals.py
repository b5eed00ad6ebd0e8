"""Deals that reached a round after it closed (issue 26), read side: the table a closed
round's code still names (the deal is kept, the sheet is not served), a late deal as its
organiser may act on it, and a round's late deals and its tables' last reports."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from club.access import can_edit_club
from club.models import LateDeal, Round, Table
from club.selectors.names import conceal_seats
from club.selectors.sheet_rows import seat_rows
from club.selectors.sheets import Actor, SheetNotFound, TableContext
from club.table_codes import normalise


def closed_table(actor: Actor) -> TableContext:
    """The table of a closed round that the actor's code names (while its championship
    lets players enter), as :func:`club.selectors.sheets.load_table` gives an open one: so
    that a deal sent to it is kept and a key stored before the close answers again. Raises
    :class:`SheetNotFound` (no such table, or two closed tables share the code)."""
    code = normalise(actor.code) if actor.by_code else ""
    if not code:
        raise SheetNotFound
    seats = [seat for seat, _editor in seat_rows(None, code=code, status=Round.Status.CLOSED)]
    if not seats or len({seat.table_id for seat in seats}) > 1:
        raise SheetNotFound
    conceal_seats(seats)
    return TableContext(seats[0].table, seats, actor)


def late_deal_for(user, pk: int) -> LateDeal:
    """A late deal as one who manages its championship's club may act on it (with its
    table, round, stage and championship); ``LateDeal.DoesNotExist`` for anyone else, as
    for no such deal."""
    late = (LateDeal.objects.select_related("table__round__stage__championship__club")
            .filter(pk=pk).first())
    if late is None or not can_edit_club(user, late.table.round.stage.championship.club):
        raise LateDeal.DoesNotExist
    return late


def round_late_deals(rnd: Round) -> list[LateDeal]:
    """The round's late deals, the waiting ones first, each in the order received, with
    its table and who sent and decided it. One query."""
    order = {LateDeal.State.WAITING: 0, LateDeal.State.APPLIED: 1, LateDeal.State.DISCARDED: 1}
    deals = list(LateDeal.objects.filter(table__round=rnd).select_related(
        "table", "sent_by", "decided_by").order_by("received_at", "pk"))
    return sorted(deals, key=lambda late: order.get(late.state, 1))


def waiting_late_deals(rnd: Round) -> Counter:
    """Table id -> how many of its late deals wait for the organiser. One query."""
    return Counter(LateDeal.objects.filter(table__round=rnd, state=LateDeal.State.WAITING)
                   .values_list("table_id", flat=True))


@dataclass(frozen=True)
class TableReport:
    """When a table's code page last asked the API and how many deals it said were
    waiting on the phone (None: not said), and how many late deals wait for a decision."""

    at: object  # datetime or None: never reported
    waiting: int | None
    late: int


def table_reports(rnd: Round) -> dict[int, TableReport]:
    """Table id -> its report, for every table of the round. Two queries."""
    late = waiting_late_deals(rnd)
    rows = Table.objects.filter(round=rnd, is_bye=False).values_list(
        "pk", "reported_at", "reported_waiting")
    return {pk: TableReport(at, waiting, late.get(pk, 0)) for pk, at, waiting in rows}


def late_counts(rnd: Round) -> tuple[int, int]:
    """(waiting, all) late deals of the round. One query."""
    states = list(LateDeal.objects.filter(table__round=rnd).values_list("state", flat=True))
    return sum(1 for state in states if state == LateDeal.State.WAITING), len(states)
