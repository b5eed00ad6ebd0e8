"""The values a deal produces: its tricks, a renonce, and :class:`DealFacts` for ``scoring``.

Sides are numbered 0 and 1. With 2, 4 and 6 hands, side 0 holds the even seats and side 1
the odd seats (partners sit alternately). With 3 players, side 0 is the dealer playing
alone and side 1 the two others.

>>> facts = DealFacts(trump="h", card_points=(38, 22), tricks=(5, 3))
>>> facts.points_in_play, facts.no_trump
(60, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True)
class DealFacts:
    """What a score sheet records of one finished deal, as ``scoring`` consumes it.

    ``trump`` is ``'c' 'd' 'h' 's'`` or None for no trump; ``card_points`` and ``tricks``
    are per side (card points include the trick bonus where the rule set has one);
    ``all_tricks`` is the side that took every trick, ``renonce`` the side that revoked
    first (None for none); ``blind`` and ``en_face`` say how trump was announced.

    >>> DealFacts(trump=None, card_points=(60, 0), tricks=(8, 0), all_tricks=0).all_tricks
    0
    """

    trump: str | None
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    all_tricks: int | None = None
    renonce: int | None = None
    blind: bool = False
    en_face: bool = False

    @property
    def points_in_play(self) -> int:
        """Card points of both sides together: 60 with 32 cards dealt and no trick bonus."""
        return self.card_points[0] + self.card_points[1]

    @property
    def no_trump(self) -> bool:
        return self.trump is None


@dataclass(frozen=True)
class Trick:
    """A completed trick: its number (1-based), the seats in play order, their cards, the winner.

    >>> from engine.cards import Card
    >>> trick = Trick(1, (1, 3, 2, 0), tuple(map(Card.parse, ["Ks", "As", "7s", "8s"])), 3)
    >>> trick.leader, trick.points, trick.card_of(2)
    (1, 7, Card('7', 's'))
    """

    number: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int

    @property
    def leader(self) -> int:
        return self.seats[0]

    @property
    def points(self) -> int:
        """Card points of the trick's cards (no trick bonus)."""
        return sum(card.points for card in self.cards)

    def card_of(self, seat: int) -> Card:
        """The card that ``seat`` played to this trick.

        >>> Trick(1, (1, 2, 3, 0), tuple(map(Card.parse, ["Ks", "As", "7s", "8s"])), 2).card_of(0)
        Card('8', 's')
        """
        return self.cards[self.seats.index(seat)]

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


@dataclass(frozen=True)
class Renonce:
    """A breach of a play obligation: trick number (1-based), seat, card, the rule, why.

    >>> from engine.cards import Card
    >>> Renonce(2, 3, Card.parse("7c"), "follow_suit", "must follow suit in clubs: Q♣").rule
    'follow_suit'
    """

    trick: int
    player: int
    card: Card
    rule: str
    message: str = ""
