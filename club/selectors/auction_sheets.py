"""Reading an auction Manille table's sheet (RULES.md §13): one column per player, each deal's
declarer, bid, trump, cards exchanged and count, every player's points and running total.

The table is read by :func:`club.selectors.sheets.load_table` like any sheet; the deals are
scored by :func:`club.selectors.replay.score_table` (dispatching to
:mod:`club.selectors.auction_replay`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import Deal
from club.selectors.auction_replay import AuctionOutcome
from club.selectors.replay import TableScore, score_table
from club.selectors.sheet_page import SheetState
from club.selectors.sheet_rows import table_deals
from club.selectors.sheets import TRUMP_SYMBOLS, TableContext
from club.sheets.auction_games import AuctionGameSheet, game_sheet
from engine.auction import total_in_play


def bid_label(deal: Deal, game: AuctionGameSheet) -> str:
    """The bid in words: a count, "all tricks", "privilege" (variant 1), or "thrown in"."""
    if deal.declarer is None:
        return _("thrown in")
    if deal.contract_all:
        return _("all tricks")
    if deal.contract is None:
        return _("privilege") if game.privilege else "?"
    return str(deal.contract)


@dataclass
class AuctionRow:
    deal: Deal
    dealer_name: str
    declarer_name: str
    bid: str
    trump: str
    credits: tuple = ()
    totals: tuple = ()
    outcome: str = ""
    edit_url: str = ""
    delete_url: str = ""

    @property
    def cells(self) -> list[tuple[int, int]]:
        """Each player's points for the deal and total after it."""
        return list(zip(self.credits, self.totals, strict=True))


@dataclass
class AuctionSheetPage(SheetState):
    ctx: TableContext
    rows: list[AuctionRow]
    score: TableScore
    deals: list[Deal]
    next_number: int
    next_dealer: int
    length: int
    names: tuple[str, ...] = field(default_factory=tuple)
    short: tuple[str, ...] = field(default_factory=tuple)

    @property
    def columns(self) -> list[tuple[str, str]]:
        """Each player's column: full name (its title) and last name (its heading)."""
        return list(zip(self.names, self.short, strict=True))

    @property
    def outcome(self) -> AuctionOutcome:
        return self.score.outcome

    @property
    def totals(self) -> tuple[int, ...]:
        return self.outcome.totals

    @property
    def places(self) -> tuple[int, ...]:
        return self.outcome.places

    @property
    def standing(self) -> list[tuple[str, int, int]]:
        """(name, total, place) per seat."""
        return list(zip(self.names, self.totals, self.places, strict=True))

    @property
    def game(self) -> AuctionGameSheet:
        return game_sheet(self.rules)

    @property
    def privilege(self) -> bool:
        return self.game.privilege

    @property
    def summary(self) -> str:
        """The game's state in words."""
        outcome = self.outcome
        done = len(self.deals)
        if not outcome.finished:
            return ngettext("Deal %(done)d of %(length)d played.",
                            "Deals: %(done)d of %(length)d played.", done) % {
                "done": done, "length": self.length}
        winners = " & ".join(self.names[seat] for seat in outcome.winners)
        return _("Game over after %(length)d deals. Won by %(players)s.") % {
            "length": self.length, "players": winners}

    @property
    def facts(self) -> list[str]:
        """What the table plays, for the sheet's head (widow, lowest bid, total in play)."""
        rules = self.rules
        # a preset's name already says the game; a club's own rule set names it here
        own = self.ctx.championship.rule_set.club_id is not None
        out = [str(self.game.name)] if own else []
        out += [ngettext("%(n)d deal", "%(n)d deals", self.length) % {"n": self.length},
                _("%(n)d in play") % {"n": total_in_play(rules)}]
        return out + self.game.facts(rules)


def dealer_of(ctx: TableContext, number: int) -> int:
    """The seat that deals deal ``number`` (from 1): the rotation from the first dealer."""
    players = ctx.seat_count
    return (ctx.table.first_dealer + number - 1) % players


def auction_preview(outcome: AuctionOutcome, number: int, count: int) -> dict[str, Any]:
    """The entry row's live figures for a candidate deal ``number`` of ``count``: every
    player's points for it and the totals after it (the preview's answer on an auction sheet)."""
    row = outcome.rows[number - 1]
    return {"ok": True, "number": number, "points": list(row.credits),
            "totals": list(row.totals), "outcome": row.score.outcome,
            "game_over": outcome.finished and number == count}


def auction_sheet_page(ctx: TableContext) -> AuctionSheetPage:
    """The auction sheet of a table: rows, totals, the next deal. One query for the deals."""
    deals = table_deals(ctx.table)
    score = score_table(ctx.table, deals, ctx.seats)
    game = game_sheet(ctx.rules)
    names = tuple(s.player.full_name for s in ctx.seats)
    short = tuple(s.player.last_name for s in ctx.seats)
    rows = []
    scored = score.outcome.rows
    for index, deal in enumerate(deals):
        dealer = dealer_of(ctx, deal.number)
        row = AuctionRow(deal, short[dealer] if dealer < len(short) else "?",
                         short[deal.declarer] if deal.declarer is not None
                         and deal.declarer < len(short) else "",
                         bid_label(deal, game),
                         TRUMP_SYMBOLS.get(deal.trump, _("NT")) if deal.declarer is not None
                         else "")
        if index < len(scored):
            row.credits, row.totals = scored[index].credits, scored[index].totals
            row.outcome = scored[index].score.outcome
        rows.append(row)
    length = score.outcome.game.length
    return AuctionSheetPage(ctx, rows, score, deals, len(deals) + 1,
                            dealer_of(ctx, len(deals) + 1), length, names, short)


def change_summary(facts: dict, names=None) -> str:
    """An auction deal's facts in one line for the change log: "Peeters: 20 ♥, count 25" or
    "thrown in" (``names``: the table's seat names)."""
    declarer = facts.get("declarer")
    if declarer is None:
        return _("thrown in")
    who = names.seat(declarer) if names else _("seat %(number)d") % {"number": declarer + 1}
    if facts.get("contract_all"):
        bid = _("all tricks")
    elif facts.get("contract") is None:
        bid = _("privilege")
    else:
        bid = str(facts["contract"])
    trump = TRUMP_SYMBOLS.get(facts.get("trump"), _("NT"))
    line = _("%(who)s: %(bid)s %(trump)s, count %(count)s") % {
        "who": who, "bid": bid, "trump": trump, "count": facts.get("points")}
    if facts.get("exchanged"):
        line += " " + _("(%(n)s exchanged)") % {"n": facts["exchanged"]}
    return line


def page_rows(page: AuctionSheetPage):
    """The page's deal rows (the sheet kind's ``page_rows``)."""
    return page.rows


def page_extra(page: AuctionSheetPage) -> dict:
    """The table's width in columns: one per player (the sheet kind's ``page_extra``)."""
    return {"colspan": 7 + len(page.names)}


def preview(ctx: TableContext, outcome: AuctionOutcome, number: int, count: int) -> dict:
    """The entry row's live figures (the sheet kind's ``preview``): see
    :func:`auction_preview`."""
    return auction_preview(outcome, number, count)
