"""A deal entered trick by trick, read for its double-dummy analysis (issue 18).

:func:`play_input` turns a recorded deal (``Deal.play``: the tricks card by card, leader
first) and its table into the solver's input in the engine's terms: the four hands (the
cards each seat played), the seat that led, the trump, the rule set and the cards in play
order. A renonce ends the analysis at the card that broke the rule (perfect play is legal
play: the solver has nothing to say about the cards after it). Damaged or partial play data
and tables the solver cannot analyse raise :class:`AnalysisUnavailable` with a sentence for
the page, never an exception the user sees as a 500.

:func:`analysis_page` turns the solver's costs (``club.services.play_analysis``) back into
the table's words: each card's trick, player, name and cost, and what each side lost.
Reads only: the cache and the solver are the service's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club import messages
from club.card_names import card_name, suit_name
from club.rule_labels import rules_name
from club.selectors.sheets import TableContext
from engine.cards import Card, CardSet
from engine.dd_position import check_position
from engine.deal import Deal as EngineDeal
from engine.errors import EngineError
from engine.play import trick_winner
from engine.rules import RuleSet

#: Part of the cache key: a change to what the analysis computes makes new entries.
ANALYSIS_VERSION = 1


class AnalysisUnavailable(Exception):
    """This deal cannot be analysed; ``str(error)`` says why, in the user's language."""


@dataclass(frozen=True)
class PlayInput:
    """What the solver needs, in engine seats (0-3 clockwise; side = seat % 2).

    ``cards`` stop before a renonce (``renonce`` then says where it was); ``positions`` are
    the table positions (playing order) of the players of ``cards``."""

    hands: tuple[str, ...]
    leader: int
    trump: str | None
    rules: dict[str, Any]
    cards: tuple[str, ...]
    positions: tuple[int, ...]
    tricks: int
    renonce: dict[str, Any] | None = None
    sides: tuple[int, ...] = field(default=(0, 1, 0, 1))  # the table side of each position

    def key(self) -> str:
        """The cache key: every fact the costs depend on, nothing the page only shows."""
        facts = [ANALYSIS_VERSION, self.hands, self.leader, self.trump, self.rules, self.cards]
        text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
        return "play-analysis:" + hashlib.sha256(text.encode()).hexdigest()

    def payload(self) -> dict[str, Any]:
        """A plain dict for a Celery task (JSON)."""
        return asdict(self)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> PlayInput:
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def _damaged(detail: str) -> AnalysisUnavailable:
    return AnalysisUnavailable(_("The recorded play of this deal is incomplete or damaged "
                                 "(%(detail)s): enter the deal trick by trick again to "
                                 "analyse it.") % {"detail": detail})


def _tricks(play: Any, count: int, seats: int) -> list[list[Card]]:
    """The recorded tricks, checked: ``count`` tricks of ``seats`` cards, each card once."""
    tricks = play.get("tricks") if isinstance(play, dict) else None
    if not isinstance(tricks, list) or len(tricks) != count:
        found = len(tricks) if isinstance(tricks, list) else 0
        raise _damaged(_("%(found)d of %(count)d tricks") % {"found": found, "count": count})
    out: list[list[Card]] = []
    seen: set[Card] = set()
    for number, trick in enumerate(tricks, 1):
        if not isinstance(trick, list) or len(trick) != seats:
            raise _damaged(_("trick %(trick)d does not hold %(seats)d cards")
                           % {"trick": number, "seats": seats})
        cards = []
        for text in trick:
            try:
                card = Card.parse(str(text))
            except (ValueError, EngineError):
                raise _damaged(_("trick %(trick)d: “%(text)s” is not a card")
                               % {"trick": number, "text": str(text)[:10]}) from None
            if card in seen:
                raise _damaged(_("%(card)s is recorded twice") % {"card": card.pretty()})
            seen.add(card)
            cards.append(card)
        out.append(cards)
    return out


def play_input(ctx: TableContext, deal: Any) -> PlayInput:
    """The solver's input for ``deal`` (a recorded :class:`club.models.Deal` of ``ctx``'s
    table); :class:`AnalysisUnavailable` when there is nothing to analyse."""
    if not deal.play:
        raise AnalysisUnavailable(_("This deal was not entered trick by trick: only a deal "
                                    "whose every card is known can be analysed."))
    if deal.cancelled:
        raise AnalysisUnavailable(_("This deal was cancelled: there is no play to analyse."))
    rules: RuleSet = ctx.rules
    if ctx.dealer_alone or ctx.players != 4 or rules.players != 4:
        raise AnalysisUnavailable(_("The analysis needs a table of four players in two "
                                    "partnerships."))
    seats = 4
    tricks = _tricks(deal.play, rules.tricks_per_deal, seats)
    if not 0 <= deal.dealer < seats:
        raise _damaged(_("the dealer is not a seat"))
    engine_seat = (lambda p: p) if rules.direction == "clockwise" else (lambda p: -p % seats)
    trump = deal.trump or None
    if trump not in (None, "c", "d", "h", "s"):
        raise _damaged(_("the trump is not a suit"))
    leader = deal.dealer if deal.blind else (deal.dealer + 1) % seats
    first = leader
    hands: list[list[Card]] = [[] for _ in range(seats)]
    cards: list[Card] = []
    positions: list[int] = []
    for trick in tricks:
        for offset, card in enumerate(trick):
            hands[engine_seat((leader + offset) % seats)].append(card)
            cards.append(card)
            positions.append((leader + offset) % seats)
        leader = (leader + trick_winner(trick, trump)) % seats
    stop, renonce = _renonce(hands, engine_seat(deal.dealer), rules, deal, trump, cards)
    try:
        check_position([CardSet(h) for h in hands], engine_seat(first), rules)
    except EngineError as error:
        raise AnalysisUnavailable(messages.explain(error, rules=rules_name(rules))) from None
    sides = tuple((ctx.seat(p).side if ctx.seat(p) is not None else p % 2) for p in range(4))
    return PlayInput(
        hands=tuple(str(CardSet(h)) for h in hands), leader=engine_seat(first), trump=trump,
        rules=rules.to_dict(), cards=tuple(str(c) for c in cards[:stop]),
        positions=tuple(positions[:stop]), tricks=len(tricks), renonce=renonce, sides=sides)


def _renonce(hands, dealer: int, rules: RuleSet, deal: Any, trump: str | None,
             cards: list[Card]) -> tuple[int, dict[str, Any] | None]:
    """Replay with the engine: where the first renonce is (the index of its card), if any."""
    try:
        game = EngineDeal([CardSet(h) for h in hands], dealer, rules)
        if deal.en_face:
            game.pass_trump()
        game.announce(trump, blind=bool(deal.blind))
        for card in cards:
            game.play(card, allow_renonce=True)
    except EngineError as error:
        raise AnalysisUnavailable(messages.explain(error, rules=rules_name(rules))) from None
    found = game.renonce
    if found is None:
        return len(cards), None
    index = cards.index(found.card)
    return index, {"trick": found.trick, "card": str(found.card), "rule": found.rule}


@dataclass(frozen=True)
class AnalysedCard:
    """One card of the play as the page and the PDF show it."""

    trick: int
    position: int
    player: str
    side: int
    card: Card
    cost: int
    sentence: str  # "" for a card as good as any

    @property
    def name(self) -> str:
        return card_name(self.card)


@dataclass(frozen=True)
class AnalysisPage:
    tricks: list[list[AnalysedCard]]
    costly: list[AnalysedCard]
    side_costs: tuple[int, int]
    side_names: tuple[str, str]
    summary: list[str]
    note: str  # the renonce that ended the analysis, or ""
    trump: str


def analysis_page(ctx: Any, inp: PlayInput, result: dict[str, Any]) -> AnalysisPage:
    """The solver's ``result`` (``{"costs": [...], "start": n}``) in the table's words:
    ``ctx`` names the players (``seat_name(position)``) and the sides (``side_names``), a
    sheet's :class:`TableContext` or a traveller's :class:`TravellerNames`."""
    costs: list[int] = list(result["costs"])
    rows: list[AnalysedCard] = []
    for index, (text, cost) in enumerate(zip(inp.cards, costs)):
        card = Card.parse(text)
        position = inp.positions[index]
        trick = index // 4 + 1
        sentence = "" if not cost else ngettext(
            "The %(card)s on trick %(trick)d cost %(points)d point.",
            "The %(card)s on trick %(trick)d cost %(points)d points.", cost) % {
            "card": card_name(card), "trick": trick, "points": cost}
        rows.append(AnalysedCard(trick, position, ctx.seat_name(position),
                                 inp.sides[position], card, cost, sentence))
    tricks: list[list[AnalysedCard]] = []
    for row in rows:
        if not tricks or tricks[-1][0].trick != row.trick:
            tricks.append([])
        tricks[-1].append(row)
    side_costs = (sum(r.cost for r in rows if r.side == 0),
                  sum(r.cost for r in rows if r.side == 1))
    names = ctx.side_names
    summary = [ngettext("Cards of %(side)s: %(points)d point lost against perfect play.",
                        "Cards of %(side)s: %(points)d points lost against perfect play.",
                        side_costs[s]) % {"side": names[s], "points": side_costs[s]}
               for s in (0, 1)]
    start = result.get("start")
    if start is not None and inp.renonce is None:
        side0 = inp.sides.index(0) if 0 in inp.sides else 0
        engine_side = 0 if side0 % 2 == 0 else 1  # engine side of the table's side 0
        mine = start if engine_side == 0 else result["total"] - start
        summary.insert(0, _("With perfect play from the first card, %(side)s would take "
                            "%(points)d card points and %(other)s %(rest)d.") % {
            "side": names[0], "points": mine, "other": names[1],
            "rest": result["total"] - mine})
    note = ""
    if inp.renonce:
        note = _("The analysis stops at the renonce in trick %(trick)d (%(card)s breaks the "
                 "rule “%(rule)s”): after it the play is not legal play.") % {
            "trick": inp.renonce["trick"], "card": card_name(inp.renonce["card"]),
            "rule": messages.rule_name(inp.renonce["rule"])}
    return AnalysisPage(tricks, [r for r in rows if r.cost], side_costs, names, summary,
                        note, suit_name(inp.trump))


# -- a duplicate traveller: the board's hands are known, the play is checked against them --

@dataclass(frozen=True)
class TravellerNames:
    """Who sat where at a duplicate table (seats 0-3: North, East, South, West)."""

    seats: tuple[str, str, str, str]
    side_names: tuple[str, str]

    def seat_name(self, position: int) -> str:
        return self.seats[position]


def traveller_input(line: Any, board: Any, rules: RuleSet) -> PlayInput:
    """The solver's input for a traveller line (``club.models.Traveller``) of ``board`` (a
    ``DuplicateBoard``): the board's own hands, the player after the dealer leading, the
    recorded tricks; :class:`AnalysisUnavailable` when there is nothing to analyse or the
    recorded cards are not the board's."""
    if not line.play:
        raise AnalysisUnavailable(_("This result was entered without its cards: only a deal "
                                    "whose every card is known can be analysed."))
    if line.trump not in (None, "", "c", "d", "h", "s"):
        raise _damaged(_("the trump is not a suit"))
    try:
        dealt = board.board()
    except EngineError as error:
        raise AnalysisUnavailable(messages.explain(error)) from None
    tricks = _tricks(line.play, rules.tricks_per_deal, 4)
    trump = line.trump or None
    leader = first = dealt.leader(rules)
    step = 1 if rules.direction == "clockwise" else -1
    hands = [set(hand) for hand in dealt.hands]
    cards: list[Card] = []
    positions: list[int] = []
    for number, trick in enumerate(tricks, 1):
        for offset, card in enumerate(trick):
            seat = (leader + step * offset) % 4
            if card not in hands[seat]:
                raise _damaged(_("trick %(trick)d: %(card)s was not in that player's hand")
                               % {"trick": number, "card": card.pretty()})
            cards.append(card)
            positions.append(seat)
        leader = (leader + step * trick_winner(trick, trump)) % 4
    deal = type("Facts", (), {"en_face": False, "blind": False})()
    stop, renonce = _renonce([list(h) for h in dealt.hands], dealt.dealer, rules, deal, trump,
                             cards)
    return PlayInput(hands=tuple(str(CardSet(h)) for h in dealt.hands), leader=first,
                     trump=trump, rules=rules.to_dict(), cards=tuple(str(c) for c in cards[:stop]),
                     positions=tuple(positions[:stop]), tricks=len(tricks), renonce=renonce)
