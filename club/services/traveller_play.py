"""A traveller line entered trick by trick: the board's own hands checked card by card.

On a duplicate board the hands are known before the play (the board was dealt from a seed
or typed from the cards dealt at the club), so each typed card must be in the hand of the
seat whose turn it is: the first trick led by the player after the dealer in the rule set's
direction of play (:meth:`engine.board.Board.leader`), each next trick by the winner of the
last. Seats are 0-3: North, East, South, West; side 0 is North-South. The tricks are parsed
by :func:`club.services.sheet_play.parse_tricks` (the sheet's notation), replayed with the
engine (a renonce is played and recorded, as on a sheet), and the line's facts (card points,
all tricks, or the renonce side with no points) go in through
:func:`club.services.duplicate_travellers.enter_traveller` with the play record the
simulation stores (``{"tricks", "leaders"}``, plus ``"renonce"`` when there is one), so the
line can be analysed. Every refusal is :class:`DuplicateInvalid` naming its field; nothing
is written.

A scorer may not see the board's cards before every table has played it
(:func:`club.views.duplicate.hands_shown`), so a card the hands refuse is a
:class:`CardRefused` that says only where the play stopped, as typed (the trick and the
card's place in it), in the same sentence whoever holds the card: never whose hand lacks it
or holds it (issue 27: "the A♣ was not in West's hand" gave a hand away in 32 posts). Each
such refusal still tells that much, so the page counts them per user and board
(``TROEF_TRAVELLER_MAX_REFUSALS``). Mistakes of notation tell nothing of the hands and keep
their own messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from club import messages
from club.models import DuplicateBoard, DuplicateSession, Traveller
from club.rule_labels import rules_name
from club.services.duplicate import SEAT_NAMES, DuplicateInvalid, refuse
from club.services.duplicate_travellers import enter_traveller
from club.services.sheet_play import SheetInvalid, parse_tricks
from engine.board import Board
from engine.deal import Deal as EngineDeal
from engine.errors import EngineError
from engine.rules import RuleSet


@dataclass(frozen=True)
class TricksReport:
    """The line's facts, its play record, and the renonce found (None for legal play)."""

    facts: dict[str, Any]
    play: dict[str, Any]
    renonce: str | None


class CardRefused(DuplicateInvalid):
    """A typed card the board's hands do not allow at its place (field ``play``)."""


def card_refused(trick: int, position: int) -> CardRefused:
    """The one sentence for a card the hands refuse: where, as typed; nothing of the hands."""
    return CardRefused({"play": [_(
        "Trick %(trick)d, card %(position)d: this play is not possible with this board's "
        "cards. Check the tricks as they were played, each from its leader.") % {
        "trick": trick, "position": position}]})


def side_name(side: int) -> str:
    return _("North-South") if side == 0 else _("East-West")


def facts_from_tricks(board: Board, rules: RuleSet, trump: str | None, text: str,
                      doubling: int = 1) -> TricksReport:
    """Replay ``text`` (the tricks, leader first) on ``board``'s own hands under ``rules``;
    :class:`CardRefused` on field ``play`` for a card not in its player's hand (naming no
    hand), :class:`DuplicateInvalid` for the rest."""
    try:
        tricks = parse_tricks(text, rules.tricks_per_deal, 4)
    except SheetInvalid as error:  # the sheet's notation and messages, a traveller's refusal
        raise DuplicateInvalid(error.errors) from None
    try:
        deal = EngineDeal([hand.mask for hand in board.hands], board.dealer, rules)
        deal.announce(trump)
        for number, cards in enumerate(tricks, 1):
            for position, card in enumerate(cards, 1):
                if card not in board.hands[deal.turn]:
                    raise card_refused(number, position)
                try:
                    deal.play(card, allow_renonce=True)
                except EngineError:  # whatever the engine says of it comes from the hands
                    raise card_refused(number, position) from None
        facts = deal.facts()
    except EngineError as error:
        raise refuse("play", messages.explain(error, rules=rules_name(rules))) from None
    play: dict[str, Any] = {"tricks": [[str(c) for c in t.cards] for t in deal.tricks],
                            "leaders": [t.seats[0] for t in deal.tricks]}
    line: dict[str, Any] = {"trump": trump, "doubling": doubling or 1}
    found = deal.renonce
    if found is not None:
        offender = deal.side_of(found.player)
        line.update(points=None, points_other=None, all_tricks=None, renonce=offender)
        play["renonce"] = {"trick": found.trick, "seat": found.player,
                           "card": str(found.card), "rule": found.rule}
        report = _("Renonce in trick %(trick)d by %(player)s: %(card)s breaks the rule "
                   "“%(rule)s”. The line is recorded as a renonce by %(side)s.") % {
            "trick": found.trick, "player": SEAT_NAMES[found.player],
            "card": found.card.pretty(), "rule": messages.rule_name(found.rule),
            "side": side_name(offender)}
        return TricksReport(line, play, report)
    line.update(points=facts.card_points[0], points_other=facts.card_points[1],
                all_tricks=facts.all_tricks, renonce=None)
    return TricksReport(line, play, None)


def enter_traveller_tricks(user, session_id: int, table_id: int, board_number: int,
                           trump: str | None, text: str, *, doubling: int = 1,
                           version: int | None = None,
                           reason: str = "") -> tuple[Traveller, TricksReport]:
    """Write (or correct) the line of table ``table_id`` on board ``board_number`` from its
    tricks; the checks and the stale-form conflict are :func:`enter_traveller`'s."""
    session = DuplicateSession.objects.select_related("event__rule_set").get(pk=session_id)
    row = DuplicateBoard.objects.filter(session=session, number=board_number).first()
    if row is None:
        raise refuse("board", _("Board %(board)d has not been dealt yet: enter its cards "
                                "first.") % {"board": board_number})
    try:
        board = row.board()
    except EngineError as error:
        raise refuse("board", messages.explain(error)) from None
    report = facts_from_tricks(board, session.event.rule_set.rules(), trump, text, doubling)
    line = enter_traveller(user, session_id, table_id, board_number, report.facts,
                           version=version, play=report.play, hands=row.hands, reason=reason)
    return line, report


def play_text(line: Traveller | None) -> str:
    """A stored line's tricks as the form takes them (one trick a line), or ""."""
    play = line.play if line is not None else None
    tricks = play.get("tricks") if isinstance(play, dict) else None
    if not isinstance(tricks, list):
        return ""
    return "\n".join(" ".join(str(card) for card in trick) for trick in tricks
                     if isinstance(trick, list))


__all__ = ["CardRefused", "DuplicateInvalid", "TricksReport", "enter_traveller_tricks",
           "facts_from_tricks", "play_text"]
