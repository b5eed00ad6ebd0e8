"""Deals for the round-closing tests: a deal's facts, deals entered through the sheet service,
the next dealer, and one deal that wins a game to 101."""

from __future__ import annotations

from club.models import Table
from club.selectors.sheets import Actor, load_table
from club.services.sheets import enter_deal


def facts(points: int, dealer: int, *, trump="h", all_tricks=None) -> dict:
    return {"dealer": dealer, "trump": trump, "doubling": 1, "points": points,
            "points_other": 60 - points, "all_tricks": all_tricks, "renonce": None,
            "cancelled": False, "blind": False, "en_face": False, "tricks": None}


def enter(user, table: Table, *deals: dict) -> None:
    actor = Actor(user=user)
    for deal in deals:
        ctx = load_table(actor, table.pk)
        enter_deal(actor, table.pk, ctx.table.version, deal, ctx=ctx)


def dealer(table: Table) -> int:
    return (table.first_dealer + table.deals.count()) % 4


def win_for(side: int, table: Table) -> dict:
    """One deal that ends a game to 101: no trump, all tricks (120 game points)."""
    return facts(60 if side == 0 else 0, dealer(table), trump=None, all_tricks=side)
