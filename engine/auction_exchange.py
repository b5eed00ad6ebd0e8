"""The declarer's exchanges in the auction games (RULES.md §13), checked: one card at a time
from the widow in variant 1 (:class:`WidowDraw`); any number with the cards laid out in
variant 3 (:class:`OpenExchange`). Errors are :class:`~engine.auction.AuctionError`.

>>> exchange = OpenExchange("10c 7d 8d", face_up="Ah 7s", face_down="9s")
>>> exchange.exchange(take="Ah 7s", discard="7d")
Traceback (most recent call last):
...
engine.auction.AuctionError: discard: take and discard as many cards (2 taken, 1 discarded)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.auction import AuctionError
from engine.cards import DECK_MASK, Card, CardSet, to_mask


def _cards(value: Iterable[Card | str] | CardSet | Card | str | int) -> int:
    if isinstance(value, (Card, str)) and not (isinstance(value, str) and " " in value.strip()):
        return 1 << Card.parse(value).index
    return to_mask(value)


class WidowDraw:
    """Auction Manille 1: the declarer draws from the widow one card at a time, each draw
    followed by a discard (which may be the card just drawn), as long as he likes.

    ``widow`` is in drawing order (top card first). ``drawn`` is *k*, the cards drawn.

    >>> exchange = WidowDraw("10c Ac Kc 7d", ["7h", "10h"])
    >>> exchange.draw()
    Card('7', 'h')
    >>> exchange.discard("7d"); exchange.stop()
    >>> str(exchange.hand), str(exchange.discards), exchange.drawn
    ('10c Ac Kc 7h', '7d', 1)
    """

    def __init__(self, hand: Iterable[Card | str] | CardSet | int | str,
                 widow: Sequence[Card | str | int]) -> None:
        self._hand = to_mask(hand)
        self._widow = [card if isinstance(card, int) else Card.parse(card).index for card in widow]
        if len(set(self._widow)) != len(self._widow) or any(
                self._hand >> card & 1 for card in self._widow):
            raise AuctionError("widow: a widow card is twice in the widow or in the hand",
                               code="widow_invalid", field="widow")
        self._discards = 0
        self._drawn = 0
        self._holding = -1  # the card drawn and not yet answered by a discard
        self._finished = False

    @property
    def hand(self) -> CardSet:
        return CardSet(self._hand)

    @property
    def discards(self) -> CardSet:
        return CardSet(self._discards)

    @property
    def rest(self) -> CardSet:
        """The widow cards not drawn."""
        return CardSet(sum(1 << card for card in self._widow[self._drawn:]))

    @property
    def drawn(self) -> int:
        return self._drawn

    @property
    def finished(self) -> bool:
        return self._finished

    def _open(self) -> None:
        if self._finished:
            raise AuctionError("exchange: the declarer has stopped exchanging",
                               code="exchange_over", field="exchange")

    def draw(self) -> Card:
        """Take the widow's top card into the hand."""
        self._open()
        if self._holding >= 0:
            raise AuctionError("draw: discard a card before drawing the next one",
                               code="discard_first", field="draw")
        if self._drawn == len(self._widow):
            raise AuctionError("draw: the widow is empty", code="widow_empty", field="draw")
        card = self._widow[self._drawn]
        self._drawn += 1
        self._hand |= 1 << card
        self._holding = card
        return Card.from_index(card)

    def discard(self, card: Card | str) -> None:
        """Lay a card of the hand aside after a draw (the card just drawn included)."""
        self._open()
        if self._holding < 0:
            raise AuctionError("discard: each discard follows a draw",
                               code="discard_without_draw", field="discard")
        bit = 1 << Card.parse(card).index
        if not self._hand & bit:
            raise AuctionError(f"discard: {Card.parse(card).pretty()} is not in the hand",
                               code="discard_not_in_hand", field="discard")
        self._hand ^= bit
        self._discards |= bit
        self._holding = -1

    def stop(self) -> None:
        """End the exchange (the hand again holds as many cards as dealt)."""
        self._open()
        if self._holding >= 0:
            raise AuctionError("stop: discard a card for the one drawn first",
                               code="discard_first", field="draw")
        self._finished = True


class OpenExchange:
    """Auction Manille 3: the highest bidder may take any of the cards laid out (open or
    closed) and discard as many from his hand (the cards taken included), once.

    >>> exchange = OpenExchange("10c 7d 8d", face_up="Ah", face_down="9s")
    >>> exchange.exchange(take="Ah", discard="7d")
    >>> str(exchange.hand), exchange.taken
    ('10c 8d Ah', 1)
    """

    def __init__(self, hand: Iterable[Card | str] | CardSet | int | str,
                 face_up: Iterable[Card | str] | CardSet | int | str = 0,
                 face_down: Iterable[Card | str] | CardSet | int | str = 0) -> None:
        self._hand, self._up, self._down = _cards(hand), _cards(face_up), _cards(face_down)
        if self._hand & (self._up | self._down) or self._up & self._down:
            raise AuctionError("laid out: a card laid out is also in the hand",
                               code="widow_invalid", field="widow")
        self._discards = 0
        self._taken = 0
        self._finished = False

    @property
    def hand(self) -> CardSet:
        return CardSet(self._hand)

    @property
    def discards(self) -> CardSet:
        return CardSet(self._discards)

    @property
    def taken(self) -> int:
        """How many cards the declarer took (0: he played without exchanging)."""
        return self._taken

    @property
    def finished(self) -> bool:
        return self._finished

    def exchange(self, take: Iterable[Card | str] | CardSet | int | str = (),
                 discard: Iterable[Card | str] | CardSet | int | str = ()) -> None:
        """Take ``take`` from the cards laid out and discard as many (once; empty: keep)."""
        if self._finished:
            raise AuctionError("exchange: the declarer exchanges once",
                               code="exchange_over", field="exchange")
        got, give = _cards(take) & DECK_MASK, _cards(discard) & DECK_MASK
        if got & ~(self._up | self._down):
            raise AuctionError(f"take: {CardSet(got & ~(self._up | self._down)).pretty()} is not "
                               "laid out", code="take_not_laid_out", field="take")
        if give & ~(self._hand | got):
            raise AuctionError(f"discard: {CardSet(give & ~(self._hand | got)).pretty()} is not "
                               "in the hand", code="discard_not_in_hand", field="discard")
        if got.bit_count() != give.bit_count():
            raise AuctionError(f"discard: take and discard as many cards ({got.bit_count()} "
                               f"taken, {give.bit_count()} discarded)",
                               code="exchange_count", field="discard")
        self._hand = (self._hand | got) & ~give
        self._discards = give
        self._taken = got.bit_count()
        self._finished = True
