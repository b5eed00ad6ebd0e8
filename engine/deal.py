"""One deal as a state machine: hands, the trump announcement, tricks, and the deal's facts.

Seats are numbered 0..n-1 clockwise round the table; play goes round in the rule set's
``direction``. With 2 players there are 4 hands (each player also plays the dummy opposite:
seats 0 and 2 belong to player 0, seats 1 and 3 to player 1); with 3 players 10 cards
each and 2 out of play, the dealer alone against the two others; with 6 players sides of
three sit alternately, 5 cards each, 2 out of play.

:meth:`Deal.play` checks every obligation and raises :class:`IllegalPlay` naming the rule;
:meth:`Deal.push` plays a card index unchecked and :meth:`Deal.copy` is cheap, for search.

>>> deal = Deal.random(seed=7, dealer=0)
>>> deal.announce("h")
>>> deal.turn
1
>>> while not deal.finished:
...     _ = deal.play(min(deal.legal_cards()))
>>> facts = deal.facts()
>>> facts.trump, sum(facts.card_points), sum(facts.tricks)
('h', 60, 8)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.announce import TrumpAnnouncement
from engine.cards import DECK_MASK, NO_TRUMP, Card, CardSet, mask_points
from engine.errors import DealError, IllegalPlay
from engine.facts import DealFacts, Renonce, Trick
from engine.obligations import broken_obligation
from engine.play import beats, legal_mask, rule_flags
from engine.rules import RuleSet
from engine.table import deal_hands, dealt_masks, seat_count, seat_sides


class Deal(TrumpAnnouncement):
    """A deal of Manille from the dealt hands to the last trick (RULES.md sections 2-5, 8).

    ``hands`` are one collection of cards per seat (Cards, notation strings, a CardSet or
    a mask); ``dealer`` a seat; ``rules`` a RuleSet or a preset name.
    """

    __slots__ = (
        "_announced", "_blind", "_cards", "_chooser", "_count", "_en_face", "_exchanged",
        "_flags", "_hands", "_history", "_leader", "_led", "_out", "_renonce", "_sides",
        "_spares_won", "_step", "_tricks_per_deal", "_trump", "_turn", "_win", "_win_seat",
        "_won", "dealer", "rules", "seats",
    )

    def __init__(
        self,
        hands: Sequence[Iterable[Card | str] | CardSet | int],
        dealer: int = 0,
        rules: RuleSet | str = "house",
    ) -> None:
        self.rules = rules = RuleSet.coerce(rules)
        self.seats = seats = seat_count(rules)
        masks = dealt_masks(hands, rules)
        if not (isinstance(dealer, int) and 0 <= dealer < seats):
            raise DealError(f"dealer: must be a seat from 0 to {seats - 1}", code="dealer",
                            field="dealer")
        self.dealer = dealer
        self._flags = rule_flags(rules)
        self._step = 1 if rules.direction == "clockwise" else -1
        self._tricks_per_deal = rules.tricks_per_deal
        self._sides = seat_sides(rules, dealer)
        self._hands = masks
        self._out = DECK_MASK & ~sum(masks)
        self._spares_won = rules.spare_cards == "exchange"
        self._exchanged = False
        self._chooser = dealer
        self._announced = self._blind = self._en_face = False
        self._trump = NO_TRUMP
        self._turn = self._leader = -1
        self._cards: list[int] = []
        self._led = self._win = self._win_seat = -1
        self._history: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        self._won = [0, 0]
        self._count = [0, 0]
        self._renonce: Renonce | None = None

    @classmethod
    def random(cls, seed: int | None = None, dealer: int = 0, rules: RuleSet | str = "house") -> Deal:
        """A freshly shuffled deal, reproducible from ``seed``.

        >>> Deal.random(3).hand(0) == Deal.random(3).hand(0)
        True
        """
        return cls(deal_hands(random.Random(seed), rules), dealer, rules)

    def copy(self) -> Deal:
        """An independent copy (copy-make: play on the copy, keep the original).

        >>> deal = Deal.random(1); deal.announce(None); twin = deal.copy()
        >>> twin.push(min(twin.legal_cards()).index); deal.trick, len(twin.trick)
        ((), 1)
        """
        twin = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._hands = self._hands[:]
        twin._cards = self._cards[:]
        twin._history = self._history[:]
        twin._won = self._won[:]
        twin._count = self._count[:]
        return twin

    # -- seats -------------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in playing direction.

        >>> Deal.random(1).next_seat(3), Deal.random(1, rules="french").next_seat(3)
        (0, 2)
        """
        return (seat + self._step) % self.seats

    def side_of(self, seat: int) -> int:
        """The side (0 or 1) of ``seat``; see :mod:`engine.facts`.

        >>> Deal.random(1).side_of(2), Deal.random(1, dealer=2, rules=RuleSet(players=3)).side_of(2)
        (0, 0)
        """
        return self._sides[seat]

    def controller(self, seat: int) -> int:
        """The player who plays ``seat``: with 2 players each also plays the dummy opposite.

        >>> Deal.random(1, rules=RuleSet(players=2)).controller(3)
        1
        """
        return seat % 2 if self.rules.players == 2 else seat

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` still holds.

        >>> len(Deal.random(1).hand(0))
        8
        """
        return CardSet(self._hands[seat])

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(CardSet(mask) for mask in self._hands)

    @property
    def out_of_play(self) -> CardSet:
        """The spare cards (2 with 3 and 6 players): face up out of play, or with the French
        exchange face down, won with the first trick."""
        return CardSet(self._out)

    # -- play --------------------------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to play, or None before the announcement and after the last trick."""
        return self._turn if self._turn >= 0 else None

    @property
    def leader(self) -> int | None:
        """The seat that led (or leads) the current trick."""
        return self._leader if self._leader >= 0 else None

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, lead first."""
        return tuple(Card.from_index(card) for card in self._cards)

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick in progress, or of the last one when finished."""
        return min(len(self._history) + 1, self.rules.tricks_per_deal)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._trick_value(number) for number in range(1, len(self._history) + 1))

    def _trick_value(self, number: int) -> Trick:
        seats, cards, winner = self._history[number - 1]
        return Trick(number, seats, tuple(Card.from_index(c) for c in cards), winner)

    @property
    def finished(self) -> bool:
        return len(self._history) == self._tricks_per_deal

    def legal_mask(self) -> int:
        """The mask of the cards the seat to play may play (fast path).

        >>> deal = Deal.random(1); deal.announce("h")
        >>> deal.legal_mask() == deal.hand(1).mask  # the leader may play anything
        True
        """
        seat = self._turn
        if not self._cards:
            return self._hands[seat]
        partner_winning = self._sides[self._win_seat] == self._sides[seat]
        return legal_mask(self._hands[seat], self._led, self._win, partner_winning,
                          self._trump, self._flags)

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play.

        >>> deal = Deal(["Qc 7c Ad 8h 9h 10s As Ks", "10c Ac Kc 10d Kd Qd Jd Ah",
        ...              "9c 8c Kh Qh Jh Qs Js 9s", "Jc 7d 8d 9d 7h 10h 7s 8s"], dealer=2)
        >>> deal.announce("d"); deal.play("Jc"); deal.legal_cards()
        CardSet.parse('Qc')
        """
        self._require_play()
        return CardSet(self.legal_mask())

    def _require_play(self) -> None:
        if not self._announced:
            raise DealError("play: trump has not been announced yet", code="not_announced")
        if self.finished:
            raise DealError("play: the deal is finished", code="deal_finished")

    def play(self, card: Card | str, *, allow_renonce: bool = False) -> Trick | None:
        """Play ``card`` for the seat to play; return the trick if this card completed it.

        An illegal card raises :class:`IllegalPlay` naming the rule broken; with
        ``allow_renonce`` it is played and the deal's first renonce recorded instead
        (a card not in the hand always raises).

        >>> deal = Deal(["Ks 10c Ac Kc Qc Jc 9c 8c", "As 9s 7c 10d Ad Kd Qd Jd",
        ...              "7s Js 9d 8d 7d 10h Ah Kh", "8s Qs 10s Qh Jh 9h 8h 7h"], dealer=3)
        >>> deal.announce("h"); deal.play("Ks")
        >>> deal.play("9s")
        Traceback (most recent call last):
        ...
        engine.errors.IllegalPlay: seat 1 may not play 9♠ in trick 1 (beat_led_suit): must beat the opponent's K♠ with a higher spade: A♠
        """
        self._require_play()
        card = Card.parse(card)
        seat = self._turn
        legal = self.legal_mask()
        if not legal >> card.index & 1:
            renonce = self._explain(card, seat, legal)
            if not allow_renonce or renonce.rule == "not_in_hand":
                raise IllegalPlay(
                    f"seat {seat} may not play {card.pretty()} in trick {renonce.trick} "
                    f"({renonce.rule}): {renonce.message}",
                    rule=renonce.rule, player=seat, card=card, trick=renonce.trick,
                    legal=CardSet(legal))
            if self._renonce is None:
                self._renonce = renonce
        done = len(self._history)
        self.push(card.index)
        return self._trick_value(done + 1) if len(self._history) > done else None

    def _explain(self, card: Card, seat: int, legal: int) -> Renonce:
        number = self.trick_number
        hand = self._hands[seat]
        if not hand >> card.index & 1:
            return Renonce(number, seat, card, "not_in_hand",
                           f"{card.pretty()} is not in seat {seat}'s hand")
        partner_winning = self._sides[self._win_seat] == self._sides[seat]
        duty = broken_obligation(card, hand, self._led, self._win, partner_winning,
                                 self._trump, self.rules)
        rule, text = (duty.rule, duty.message) if duty else ("illegal_play", "not allowed")
        return Renonce(number, seat, card, rule, f"{text}: {CardSet(legal).pretty()}")

    def push(self, card: int) -> None:
        """Play card index ``card`` for the seat to play, unchecked (simulation and search).

        >>> deal = Deal.random(1); deal.announce("h")
        >>> card = min(deal.hand(1)); deal.push(card.index); deal.trick == (card,)
        True
        """
        seat = self._turn
        self._hands[seat] &= ~(1 << card)
        cards = self._cards
        if not cards:
            self._led, self._win, self._win_seat = card >> 3, card, seat
        elif beats(card, self._win, self._trump):
            self._win, self._win_seat = card, seat
        cards.append(card)
        if len(cards) < self.seats:
            self._turn = (seat + self._step) % self.seats
            return
        winner = self._win_seat
        side = self._sides[winner]
        seats = tuple((self._leader + i * self._step) % self.seats for i in range(self.seats))
        self._history.append((seats, tuple(cards), winner))
        self._won[side] |= sum(1 << c for c in cards)
        if self._spares_won and len(self._history) == 1:
            self._won[side] |= self._out  # French exchange: the first trick takes the spares
        self._count[side] += 1
        self._cards = []
        self._led = -1
        self._leader = winner
        self._turn = -1 if self.finished else winner

    # -- outcome -----------------------------------------------------------------------

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by side 0 and side 1."""
        return (self._count[0], self._count[1])

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points taken by each side, with the trick bonus where rules.trick_bonus."""
        bonus = self.rules.trick_bonus
        return tuple(mask_points(self._won[s]) + (self._count[s] if bonus else 0) for s in (0, 1))

    @property
    def all_tricks(self) -> int | None:
        """The side that took every trick of a finished deal, or None."""
        for side in (0, 1):
            if self._count[side] == self.rules.tricks_per_deal:
                return side
        return None

    @property
    def renonce(self) -> Renonce | None:
        """The first renonce recorded with ``play(..., allow_renonce=True)``, or None."""
        return self._renonce

    def facts(self) -> DealFacts:
        """The finished deal's facts as a score sheet records them.

        >>> deal = Deal.random(1); deal.announce("h")
        >>> while not deal.finished:
        ...     deal.push(min(deal.legal_cards()).index)
        >>> deal.facts().points_in_play
        60
        """
        if not self.finished:
            raise DealError("facts: the deal is not finished", code="deal_unfinished")
        renonce = self._renonce
        return DealFacts(
            trump=self.trump, card_points=self.card_points, tricks=self.tricks_won,
            all_tricks=self.all_tricks,
            renonce=None if renonce is None else self._sides[renonce.player],
            blind=self._blind, en_face=self._en_face,
        )

    def __repr__(self) -> str:
        state = "finished" if self.finished else f"trick {self.trick_number}, seat {self.turn} to play"
        return f"<Deal {self.rules.name} dealer={self.dealer} trump={self.trump!r} {state}>"
