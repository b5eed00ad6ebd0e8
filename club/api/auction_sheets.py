"""The REST API's auction Manille sheet (RULES.md §13): the sheet read with one column per
player, and a deal parsed by the auction sheet's own form (:class:`club.forms_auction.
AuctionDealForm`), so the API and the page accept and refuse the same deals.
:mod:`club.api.views_sheets` hands an auction table over here."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from club.api import serializers as shapes
from club.api.errors import form_errors
from club.api.views_sheets import refuse_fields
from club.forms_auction import AuctionDealForm
from club.selectors.auction_sheets import auction_sheet_page
from club.selectors.sheets import TableContext


def sheet_data(ctx: TableContext) -> dict[str, Any]:
    """The sheet as ``SheetOut``: each deal with every player's points and running totals."""
    page = auction_sheet_page(ctx)
    table = page.table
    deals = []
    for row in page.rows:
        deal = row.deal
        scored = bool(row.outcome)
        deals.append({
            **{name: getattr(deal, name) for name in deal.FACT_FIELDS},
            **{name: getattr(deal, name) for name in deal.AUCTION_FIELDS},
            "calls": getattr(deal, "calls", None) or [],
            "dealer": deal.dealer, "number": deal.number, "game": 1,
            "credits": [int(c) for c in row.credits] if scored else None,
            "totals": [int(t) for t in row.totals] if scored else None})
    return {"table": table.pk, "number": table.number, "round": table.round_id,
            "championship": ctx.championship.pk, "version": table.version,
            "confirmed": table.confirmed, "locked": page.locked,
            "accepts_deals": page.accepts_deals, "next_number": page.next_number,
            "next_dealer": page.next_dealer, "columns": list(page.names),
            "game": page.rules.game,
            "seats": [{"position": s.position, "side": s.side, "player": s.player.full_name}
                      for s in ctx.seats],
            "deals": deals}


def _auction_lacks(name: str) -> str | None:
    if name in shapes.AuctionDeal().fields:
        return None
    return _("An auction sheet has no field “%(field)s”: its deal is the declarer, bid, trump, "
             "count, exchanged and all_tricks (the rotation deals).") % {"field": name}


def deal_facts(ctx: TableContext, data: dict[str, Any]) -> tuple[int, dict[str, Any], str]:
    """(version, facts, reason) of an auction deal sent to the API, through the page's form
    (its refusals as the API's 400 with the field). A partnership field (the dealer: the
    rotation deals; points, doubling ...) is refused by name."""
    data = refuse_fields(data, shapes.AuctionDeal, _auction_lacks)
    fields = {"version": str(data.get("version", "")), "reason": data.get("reason") or ""}
    for name in ("declarer", "bid", "trump", "exchanged", "count"):
        value = data.get(name)
        fields[name] = "" if value is None else str(value)
    if data.get("all_tricks") == 0 and data.get("all_tricks") is not False:
        fields["all_tricks"] = "on"  # side 0, the declarer's, took every trick
    form = AuctionDealForm(ctx, data=fields)
    if not form.is_valid():
        raise form_errors(form)
    return form.cleaned_data["version"], form.facts(), form.cleaned_data.get("reason", "")

