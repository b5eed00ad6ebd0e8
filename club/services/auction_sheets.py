"""Writing an auction Manille sheet (RULES.md §13) goes the one way every sheet goes
(:mod:`club.services.sheets`: the whole sheet replayed before the write, the table's
optimistic lock, the deal, its ``DealChange`` audit row and the derived match rows in one
statement or transaction). This module adds what only the auction sheet needs: the dealer
of a deal is the rotation's (not typed), and the live figures of the entry row.
"""

from __future__ import annotations

from typing import Any

from club.models import Deal
from club.selectors.auction_sheets import dealer_of
from club.selectors.sheets import Actor, TableContext
from club.services import sheets
from club.services.sheets import Saved, SheetInvalid, check_sheet


def enter_auction_deal(actor: Actor, ctx: TableContext, version: int, facts: dict[str, Any],
                       reason: str = "") -> Saved:
    """Add the next deal; its dealer is the rotation's."""
    number = Deal.objects.filter(table=ctx.table).count() + 1
    facts = {**facts, "dealer": dealer_of(ctx, number)}
    return sheets.enter_deal(actor, ctx.table.pk, version, facts, reason, ctx=ctx)


def edit_auction_deal(actor: Actor, ctx: TableContext, number: int, version: int,
                      facts: dict[str, Any], reason: str = "") -> Saved:
    """Correct deal ``number``; its dealer is the rotation's for that number."""
    facts = {**facts, "dealer": dealer_of(ctx, number)}
    return sheets.edit_deal(actor, ctx.table.pk, number, version, facts, reason, ctx=ctx)


def preview_auction_deal(ctx: TableContext, deals: list[Deal], facts: dict[str, Any],
                         number: int | None = None) -> dict[str, Any]:
    """Score a candidate deal in its place without saving (the entry row's live figures):
    every player's points for it and the totals after it, or the refusal."""
    deals = list(deals)
    if number is None or not 1 <= number <= len(deals):
        number = len(deals) + 1
        deals.append(sheets._new_deal(ctx, number, {**facts, "dealer": dealer_of(ctx, number)}))
    else:
        old = deals[number - 1]
        deals[number - 1] = sheets._new_deal(ctx, number,
                                             {**facts, "dealer": dealer_of(ctx, number)})
        deals[number - 1].pk = old.pk
    try:
        outcome = check_sheet(ctx, deals, number)
    except SheetInvalid as invalid:
        return {"ok": False, "errors": {k: [str(m) for m in v] for k, v in invalid.errors.items()}}
    row = outcome.rows[number - 1]
    return {"ok": True, "number": number, "points": list(row.credits),
            "totals": list(row.totals), "outcome": row.score.outcome,
            "game_over": outcome.finished and number == len(deals)}
