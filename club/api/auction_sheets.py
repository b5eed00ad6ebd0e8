"""The REST API's auction Manille sheet (RULES.md §13): the sheet read with one column per
player, and a deal parsed by the auction sheet's own form (:class:`club.forms_auction.
AuctionDealForm`), so the API and the page accept and refuse the same deals.
:mod:`club.api.views_sheets` hands an auction table over here."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from club.api import serializers as shapes
from club.api.errors import form_errors
from club.api.views_read import metric_value
from club.api.views_sheets import refuse_fields
from club.forms_auction import AuctionDealForm
from club.models import Entry
from club.selectors.auction_sheets import auction_sheet_page
from club.selectors.auction_standings import ORDERS, auction_standings_of
from club.selectors.names import player_name
from club.selectors.sheets import TableContext
from scoring.auction_standings import COLUMNS


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


def deal_facts(ctx: TableContext, data: dict[str, Any],
               correction: bool = False) -> tuple[int, dict[str, Any], str]:
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


def standings_rows(championship, stage, reveal: bool, order: str | None):
    """An auction championship's standings as the API gives them: ``order`` "places" ranks
    by table places, anything else by total score (as its standings page; the auction
    kind's)."""
    key = order if order in ORDERS else "total"
    standings = auction_standings_of(championship, stage, key)
    entries = {e.pk: e for e in Entry.objects.filter(championship=championship)
               .select_related("player")}
    rows = []
    for row in standings.rows:
        entry = entries.get(row.entry)
        name = (player_name(entry.player, reveal) if entry and entry.player_id
                else entry.name if entry else "?")
        rows.append({"rank": row.rank, "tied": row.tied, "entry": row.entry, "name": name,
                     "active": entry.active if entry else True,
                     "values": {k: metric_value(row.values.get(k)) for k in COLUMNS}})
    return list(standings.order), list(COLUMNS), rows
