"""The sheet service's own checks of a deal, before scoring replays the sheet: whether the
dealer is the one whose turn it was (RULES.md §2).

Scoring checks what it can see (the calls alternate, an opponent of the dealer first, and
are no more than the rule set allows); this module checks what needs the sheet: that the
deal is dealt by the player after the previous deal's dealer (the first deal: the table's
drawn first dealer), since a no-trump quota counts the dealer's side, and that each call
that names its caller names one who may make it (RULES.md §4: the dealer's partner says
tegen unless the rule set lets the dealer's side; club.sheet_callers, the entry row's own
check too), so that every way in (the page, the API, a late deal, a play typed trick by
trick) refuses the same deal. A call may name nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from club.models import Deal
from club.selectors.sheets import TableContext, expected_dealer
from club.sheet_callers import caller_rule, callers
from scoring.calls import knocks_of


class DealRefused(Exception):
    """A deal's fact the sheet refuses: ``field`` (a form field) and a translated message."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def normalise_calls(facts: dict[str, Any]) -> None:
    """Make ``facts["calls"]`` and ``facts["doubling"]`` agree: the calls decide the
    multiplier; facts without calls (only a multiplier: the demo, simulations, old files)
    get that many calls naming nobody."""
    calls = facts.get("calls")
    if calls is None:
        facts["calls"] = [None] * knocks_of(int(facts.get("doubling") or 1))
    elif isinstance(calls, (list, tuple)):
        facts["calls"] = list(calls)
        facts["doubling"] = 1 << len(calls)


def check_dealer(ctx: TableContext, deals: Sequence[Deal], number: int) -> None:
    """The dealer of deal ``number`` (and of the deal after it, when an edit moved it) is
    the one whose turn it was."""
    for n in (number, number + 1):
        if not 1 <= n <= len(deals):
            continue
        want = expected_dealer(ctx, deals, n)
        if deals[n - 1].dealer != want:
            if n == number:
                raise DealRefused("dealer", _(
                    "%(player)s deals deal %(number)d: the deal moves one player on each "
                    "deal (the first dealer was drawn).") % {
                    "player": ctx.seat_name(want), "number": n})
            raise DealRefused("dealer", _(
                "Deal %(next)d was dealt by %(player)s, so deal %(number)d was dealt by the "
                "player before: correct the deals in order.") % {
                "next": n, "player": ctx.seat_name(deals[n - 1].dealer), "number": number})


def check_partnership_deal(ctx: TableContext, deals: Sequence[Deal], number: int,
                           old: Deal | None = None) -> None:
    """The partnership sheet's own checks of deal ``number`` (the sheet kind's
    ``check_deal``): whose deal it was, and who made each call. A call may name nobody
    (the sheet did not say who made it: "not recorded", null in the API): the score reads
    each call's side, which its turn gives."""
    if old is None or old.dealer != deals[number - 1].dealer:  # a correction of the points
        check_dealer(ctx, deals, number)  # alone keeps the dealer it had
    new = deals[number - 1]
    if old is None or (old.calls, old.dealer) != (new.calls, new.dealer):
        check_callers(ctx, new)  # a correction of the points keeps the callers it had


def check_callers(ctx: TableContext, deal: Deal) -> None:
    """Each named caller of ``deal`` may make that call under its dealer (RULES.md §4)."""
    positions = [s.position for s in ctx.seats]
    sides = {s.position: s.side for s in ctx.seats}
    rules = ctx.rules
    for index, seat in enumerate(deal.calls or []):
        if seat not in positions or deal.dealer not in positions:
            continue  # nobody named, or a seat the replay refuses (calls_seat)
        allowed = callers(positions, sides, deal.dealer, index, rules.doubling,
                          ctx.dealer_alone, rules.redouble_by)
        if seat not in allowed:
            raise DealRefused("doubling", _(
                "%(player)s may not make this call: %(rule)s (here %(who)s).") % {
                "player": ctx.seat_name(seat), "rule": caller_rule(
                    index, rules.doubling, rules.redouble_by),
                "who": ", ".join(ctx.seat_name(p) for p in allowed)})


def check_nothing_more(ctx: TableContext, deals: Sequence[Deal], number: int,
                       old: Deal | None = None) -> None:
    """A sheet kind with no checks beyond its replay (auction: the rotation deals, nobody
    doubles)."""
