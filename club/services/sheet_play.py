"""A deal entered trick by trick: the engine checks the play and fills in the sheet's facts.

The scorer types the deal's tricks (8 at a table of four, 10 at a table of three: the rule
set's ``tricks_per_deal`` for the table's players), each in the order its cards were played
(leader first).
The seats follow from the rules of play: the player after the dealer leads the first trick
(the dealer after a blind trump), the winner of a trick leads the next. The cards a seat
played *are* its hand, so the hands need not be typed: the engine replays the deal with
those hands, finds the first renonce (trick, player, card, rule) and counts the card
points and tricks. The sheet then records the renonce side, or the points and tricks. At
a table of three the engine's sides are the sheet's: the dealer (side 0) against the two
partners (side 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from club import messages
from club.rule_labels import rules_name
from club.selectors.sheets import Actor, TableContext, load_table
from club.services.sheets import Saved, SheetInvalid, edit_deal, enter_deal, refuse
from club.trump_keys import stored_trump
from engine.cards import Card
from engine.deal import Deal as EngineDeal
from engine.errors import EngineError
from engine.play import trick_winner
from engine.table import seat_count

_SPLIT_TRICKS = re.compile(r"[|\n;]+")
_SPLIT_CARDS = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class PlayReport:
    """The facts the play gives, and the renonce found (None when the play was legal)."""

    facts: dict[str, Any]
    renonce: str | None


def parse_tricks(text: str, tricks: int, seats: int = 4) -> list[list[Card]]:
    """The tricks of ``text``; :class:`SheetInvalid` on field ``play`` for bad notation."""
    lines = [line for line in _SPLIT_TRICKS.split(text or "") if line.strip()]
    if len(lines) != tricks:
        raise refuse("play", _("Enter %(tricks)d tricks (one a line, or separated by |), not "
                               "%(count)d.") % {"tricks": tricks, "count": len(lines)})
    out: list[list[Card]] = []
    seen: dict[Card, int] = {}
    for number, line in enumerate(lines, 1):
        words = [w for w in _SPLIT_CARDS.split(line.strip()) if w]
        if len(words) != seats:
            raise refuse("play", _("Trick %(trick)d holds %(count)d cards: each trick has "
                                   "%(seats)d.") % {"trick": number, "count": len(words),
                                                    "seats": seats})
        cards = []
        for word in words:
            try:
                card = Card.parse(word)
            except ValueError:
                raise refuse("play", _("Trick %(trick)d: “%(text)s” is not a card (rank then "
                                       "suit: 10h, Ac, Kd, Qs, J♣ ...).")
                             % {"trick": number, "text": word[:10]}) from None
            if card in seen:
                raise refuse("play", _("%(card)s is played twice (tricks %(first)d and "
                                       "%(second)d).") % {"card": card.pretty(),
                                                          "first": seen[card], "second": number})
            seen[card] = number
            cards.append(card)
        out.append(cards)
    return out


def facts_from_play(ctx: TableContext, dealer: int, trump: str | None, text: str, *,
                    blind: bool = False, en_face: bool = False, doubling: int = 1,
                    calls: list | None = None) -> PlayReport:
    """Replay the typed tricks with the engine; the deal's facts for the sheet."""
    rules = ctx.rules  # the table's: 3 players at a table of three
    seats = ctx.players
    if seat_count(rules) != seats:  # 2 players also play the dummies' hands
        raise refuse("play", _("Trick-by-trick entry needs one hand per player at the table."))
    if not 0 <= dealer < seats:
        raise refuse("dealer", _("The dealer must be one of the table's seats."))
    tricks = parse_tricks(text, rules.tricks_per_deal, seats)
    suit = trump
    # Table seats are numbered in playing order; the engine numbers them clockwise.
    engine_seat = (lambda p: p) if rules.direction == "clockwise" else (lambda p: -p % seats)
    leader = dealer if blind else (dealer + 1) % seats
    hands: list[list[Card]] = [[] for _ in range(seats)]
    leaders = []
    for cards in tricks:
        leaders.append(leader)
        for offset, card in enumerate(cards):
            hands[engine_seat((leader + offset) % seats)].append(card)
        leader = (leader + trick_winner(cards, suit)) % seats
    try:
        deal = EngineDeal(hands, engine_seat(dealer), rules)
        if en_face:
            deal.pass_trump()
        deal.announce(suit, blind=blind)
        for cards in tricks:
            for card in cards:
                deal.play(card, allow_renonce=True)
        facts = deal.facts()
    except EngineError as error:
        raise refuse(error.field if error.field in ("en_face", "blind", "trump") else "play",
                     messages.explain(error, rules=rules_name(rules))) from None
    # Table sides vs engine sides (at a table of three both say: the dealer is side 0).
    flip = not ctx.dealer_alone and ctx.seat(0) is not None and ctx.seat(0).side == 1
    side = (lambda s: 1 - s) if flip else (lambda s: s)
    points = facts.card_points if not flip else facts.card_points[::-1]
    record: dict[str, Any] = {
        "dealer": dealer, "trump": trump, "doubling": doubling, "blind": blind,
        "calls": list(calls if calls is not None else [None] * (doubling.bit_length() - 1)),
        "en_face": en_face, "cancelled": False,
        "play": {"tricks": [[str(c) for c in cards] for cards in tricks], "leaders": leaders},
    }
    report = None
    if deal.renonce is not None:
        found = deal.renonce
        position = found.player if rules.direction == "clockwise" else -found.player % seats
        offender = side(deal.side_of(found.player))
        record.update(points=None, points_other=None, all_tricks=None, tricks=None,
                      renonce=offender)
        record["play"]["renonce"] = {"trick": found.trick, "seat": position,
                                     "card": str(found.card), "rule": found.rule}
        report = _("Renonce in trick %(trick)d by %(player)s: %(card)s breaks the rule "
                   "“%(rule)s”. The deal is recorded as a renonce by %(side)s.") % {
            "trick": found.trick, "player": ctx.seat_name(position), "card": found.card.pretty(),
            "rule": messages.rule_name(found.rule), "side": ctx.side_name(offender)}
    else:
        tricks_won = facts.tricks if not flip else facts.tricks[::-1]
        record.update(points=points[0], points_other=points[1], renonce=None,
                      all_tricks=None if facts.all_tricks is None else side(facts.all_tricks),
                      tricks=tricks_won[0])
    return PlayReport(record, report)


def record_play(actor: Actor, table_id: int | None, version: int, data: dict[str, Any], *,
                number: int | None = None, reason: str = "",
                ctx: TableContext | None = None) -> tuple[Saved, PlayReport]:
    """Enter (or, with ``number``, replace) a deal from its tricks; nothing saved on error."""
    ctx = ctx or load_table(actor, table_id)
    report = facts_from_play(ctx, data["dealer"], stored_trump(data.get("trump")),
                             data.get("play", ""), blind=bool(data.get("blind")),
                             en_face=bool(data.get("en_face")),
                             doubling=data.get("doubling") or 1, calls=data.get("calls"))
    if number is None:
        saved = enter_deal(actor, table_id, version, report.facts, reason, ctx=ctx)
    else:
        saved = edit_deal(actor, table_id, number, version, report.facts, reason, ctx=ctx)
    return saved, report


__all__ = ["PlayReport", "SheetInvalid", "facts_from_play", "parse_tricks", "record_play"]
