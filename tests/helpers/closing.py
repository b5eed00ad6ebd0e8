"""Deals for the round-closing tests: a deal's facts, deals entered through the sheet service,
the next dealer, and one deal that wins a game to 101."""

from __future__ import annotations

from club.models import Table
from club.selectors.sheets import Actor, load_table
from club.services.sheets import enter_deal
from tests.factories import make_championship, make_club, make_round


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


def round_of_three_tables(organiser, slug: str):
    """A public pairs round of three tables: 1 finished, 2 in progress, 3 without a deal."""
    club = make_club(slug, organiser=organiser)
    rnd = make_round(make_championship(club, entries=6, public=True))
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    enter(organiser, tables[0], win_for(0, tables[0]))
    enter(organiser, tables[1], facts(38, dealer(tables[1])))
    return rnd
