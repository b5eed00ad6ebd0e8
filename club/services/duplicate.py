"""Duplicate events: creating one (pairs, sessions, each session's board set and the
movement's tables), and entering a session's boards card by card.

Refusals are :class:`DuplicateInvalid` (form field -> messages, nothing written); the
engine's and scoring's codes are put in the user's words by :func:`club.messages.explain`.
Travellers are :mod:`club.services.duplicate_travellers`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.messages import explain
from club.models import (
    DuplicateBoard,
    DuplicateEvent,
    DuplicatePair,
    DuplicateSession,
    DuplicateTable,
    Pair,
    RuleSet,
    Traveller,
)
from club.services import duplicate_handrecords as records
from club.services.refusals import Refused, refuse
from club.sheets.kinds import kind_of_rules
from engine.board import Board
from engine.cards import CardSet
from engine.errors import EngineError
from scoring.movements import Movement, MovementError, boards_of, movement

#: A duplicate refusal is every result's (club.services.refusals).
DuplicateInvalid = Refused


def plan(kind: str, pairs: int, rounds: int | None = None) -> Movement:
    """The movement for the field, or :class:`DuplicateInvalid` naming the field."""
    try:
        return movement(kind, pairs, rounds)
    except MovementError as error:
        field = {"pairs": "pairs", "rounds": "rounds"}.get(error.field or "", "movement")
        raise refuse(field, explain(error)) from error


def session_seed(event_seed: str, number: int) -> str:
    return f"{event_seed}-{number}"


@transaction.atomic
def create_event(club, *, name: str, rule_set: RuleSet, movement: str, boards_per_round: int,
                 pairs: Sequence[Pair], sessions: int = 1, rounds: int | None = None,
                 seed: str = "", date=None, public: bool = False, entered: bool = False
                 ) -> DuplicateEvent:
    """An event of ``pairs`` (numbered in the order given), with ``sessions`` sessions whose
    boards are dealt from ``seed`` (session *n*: ``"<seed>-<n>"``; empty: a new seed), or,
    ``entered``, left to be entered card by card (:func:`enter_board`)."""
    pairs = list(pairs)
    if rule_set.club_id not in (None, club.pk):
        raise refuse("rule_set", _("Choose a rule set of this club or a preset."))
    if rule_set.rules().players != 4 or kind_of_rules(rule_set.rules()).each_for_themselves:
        raise refuse("rule_set", explain("board_rules"))
    if any(pair.club_id != club.pk for pair in pairs):
        raise refuse("pairs", _("Choose pairs of this club."))
    if len({pair.pk for pair in pairs}) != len(pairs):
        raise refuse("pairs", _("A pair is listed twice."))
    moves = plan(movement, len(pairs), rounds)
    if moves.boards(boards_per_round) > 64:
        raise refuse("boards_per_round", _(
            "This movement with %(per)d boards a round needs %(boards)d boards; 64 at most.")
            % {"per": boards_per_round, "boards": moves.boards(boards_per_round)})
    event = DuplicateEvent.objects.create(
        club=club, name=name, date=date, rule_set=rule_set, movement=movement,
        boards_per_round=boards_per_round, public=public)
    DuplicatePair.objects.bulk_create(
        DuplicatePair(event=event, number=number, pair=pair, name=str(pair)[:160])
        for number, pair in enumerate(pairs, 1))
    seed = seed or secrets.token_hex(4)
    for number in range(1, sessions + 1):
        add_session(event, number, moves, seed="" if entered else session_seed(seed, number))
    return event


def add_session(event: DuplicateEvent, number: int, moves: Movement, *, seed: str = "",
                ) -> DuplicateSession:
    """A session with its movement tables and, given a ``seed``, its boards dealt from it
    (without: boards entered card by card later, :func:`enter_board`)."""
    per_round = event.boards_per_round
    session = DuplicateSession.objects.create(
        event=event, number=number, seed=seed, board_count=moves.boards(per_round),
        rounds=len(moves.rounds),
        board_source=DuplicateSession.BoardSource.SEED if seed
        else DuplicateSession.BoardSource.ENTERED)
    by_number = {pair.number: pair for pair in DuplicatePair.objects.filter(event=event)}
    DuplicateTable.objects.bulk_create(
        DuplicateTable(session=session, round=r, number=seating.table,
                       pair_ns=by_number.get(seating.ns), pair_ew=by_number.get(seating.ew),
                       board_group=seating.group, boards=boards_of(seating.group, per_round))
        for r, seatings in enumerate(moves.rounds, 1) for seating in seatings)
    if seed:
        DuplicateBoard.objects.bulk_create(
            board_row(session, Board.random(n, seed=seed))
            for n in range(1, session.board_count + 1))
        records.on_session_dealt(session)  # the workers solve the hand records meanwhile
    return session


def board_row(session: DuplicateSession, board: Board) -> DuplicateBoard:
    return DuplicateBoard(session=session, number=board.number, dealer=board.dealer,
                          hands=str(board))


def event_movement(event: DuplicateEvent, rounds: int | None = None) -> Movement:
    return plan(event.movement, event.pairs.count(), rounds)


@transaction.atomic
def enter_board(session: DuplicateSession, number: int, hands: Sequence[str] | None,
                dealer: int | None = None, *, deck: str = "") -> DuplicateBoard:
    """Board ``number`` of an entered set from its four hands (texts of 8 cards each), or
    from the ``deck`` (the 32 cards in order, dealt in the event's rule set's packets,
    ``engine.Board.from_deck``). Refused, naming the hand (or the deck): a card missing or
    twice, a hand of the wrong size, a card that is not one; and once a traveller of the
    board is entered."""
    session = DuplicateSession.objects.select_for_update().select_related(
        "event__rule_set").get(pk=session.pk)
    if not 1 <= number <= session.board_count:
        raise refuse("number", explain("board_unknown"))
    if session.board_source == DuplicateSession.BoardSource.SEED:
        raise refuse("__all__", _("This session's boards are dealt from the seed %(seed)s: "
                                  "their cards are not typed in.") % {"seed": session.seed})
    if Traveller.objects.filter(board__session=session, board__number=number).exists():
        raise refuse("__all__", _("This board has been played: its cards can no longer be "
                                  "changed."))
    try:
        if hands is None:
            board = Board.from_deck(number, deck, dealer,
                                    session.event.rule_set.rules())
        else:
            _check_hands(hands)
            board = Board(number, dealer, list(hands))
    except EngineError as error:
        if hands is None:
            raise refuse("deck", explain(error)) from error
        raise refuse("dealer" if getattr(error, "field", None) == "dealer" else "__all__",
                     explain(error)) from error
    row, _made = DuplicateBoard.objects.update_or_create(
        session=session, number=number, defaults={"dealer": board.dealer,
                                                  "hands": str(board)})
    DuplicateSession.objects.filter(pk=session.pk).update(version=session.version + 1)
    return row


SEAT_NAMES = (gettext_lazy("North"), gettext_lazy("East"), gettext_lazy("South"),
              gettext_lazy("West"))


def _check_hands(hands: Sequence[str]) -> None:
    """Each hand read and checked alone, so that the refusal names the hand: a word that is
    not a card, a hand of the wrong size, a card already in another hand (a card missing
    from the deck always shows as one of these)."""
    errors: dict[str, list[str]] = {}
    holder: dict = {}
    for seat, text in enumerate(hands):
        field, name = f"hand_{seat}", SEAT_NAMES[seat]
        try:
            cards = list(CardSet.parse(text))
            words = len(text.replace(",", " ").split())
        except EngineError as error:
            errors[field] = [f"{name}: {explain(error)}"]
            continue
        if words != len(cards):
            errors[field] = [_("%(seat)s: a card is written twice in this hand.")
                             % {"seat": name}]
        elif len(cards) != 8:
            errors[field] = [_("%(seat)s holds %(count)d cards: a hand is 8 cards.")
                             % {"seat": name, "count": len(cards)}]
        for card in cards:
            if card in holder and field not in errors:
                errors[field] = [_("%(seat)s: %(card)s is already in %(other)s's hand: every "
                                   "card is dealt once.") % {
                    "seat": name, "card": card, "other": SEAT_NAMES[holder[card]]}]
            holder.setdefault(card, seat)
    if errors:
        raise DuplicateInvalid(errors)
