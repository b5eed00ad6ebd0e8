"""Cards: plain ints inside, a small immutable :class:`Card` and a set-like :class:`CardSet` outside.

A card is an int ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 and ranks counted from
the lowest, 7 = 0 up to the 10 (the manille) = 7, so that inside a suit a higher int is a
higher card. A hand is a 32-bit mask. Suit masks, rank masks and card points are tables
built once at import; a simulation never builds an object per card played.

>>> Card.parse("10h")
Card('10', 'h')
>>> str(Card.parse("Tc")), Card.parse("k♣").pretty()
('10c', 'K♣')
>>> hand = CardSet.parse("10c Ac 7d")
>>> len(hand), hand.points, str(hand)
(3, 9, '10c Ac 7d')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Any, Self

from engine.errors import CardError

SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
#: Ranks from the lowest (index 0) to the highest, the manille (index 7).
RANKS = ("7", "8", "9", "J", "Q", "K", "A", "10")
RANK_POINTS = (0, 0, 0, 1, 2, 3, 4, 5)

CARD_COUNT = 32
DECK_MASK = (1 << CARD_COUNT) - 1
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))
RANK_MASKS = tuple(sum(1 << (suit * 8 + rank) for suit in range(4)) for rank in range(8))
CARD_POINTS = tuple(RANK_POINTS[card & 7] for card in range(CARD_COUNT))
CARD_NAMES = tuple(RANKS[card & 7] + SUITS[card >> 3] for card in range(CARD_COUNT))
#: Cards of the same suit above each card: ``ABOVE[card] & hand`` are the cards that beat it.
ABOVE = tuple(SUIT_MASKS[card >> 3] & ~((2 << card) - 1) for card in range(CARD_COUNT))
#: Card points of every 8-bit suit mask.
_BYTE_POINTS = tuple(
    sum(RANK_POINTS[rank] for rank in range(8) if byte >> rank & 1) for byte in range(256)
)

_RANK_INPUT = {name.lower(): index for index, name in enumerate(RANKS)} | {"t": 7}
_SUIT_INPUT = {letter: index for index, letter in enumerate(SUITS)} | {
    symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)
}
_NOTATION_HELP = (
    "write the rank then the suit, e.g. 10h, Ac, Kd, Qs "
    "(ranks 10 or T, A, K, Q, J, 9, 8, 7; suits c, d, h, s or ♣ ♦ ♥ ♠)"
)


def mask_points(mask: int) -> int:
    """Card points of the cards in ``mask``.

    >>> mask_points(DECK_MASK)
    60
    """
    return (
        _BYTE_POINTS[mask & 0xFF]
        + _BYTE_POINTS[mask >> 8 & 0xFF]
        + _BYTE_POINTS[mask >> 16 & 0xFF]
        + _BYTE_POINTS[mask >> 24 & 0xFF]
    )


def lowest(mask: int) -> int:
    """The lowest card index in a non-empty mask (inside one suit: its lowest card).

    >>> CARD_NAMES[lowest(CardSet.parse("Kd 9d").mask)]
    '9d'
    """
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card index in a non-empty mask (inside one suit: its highest card).

    >>> CARD_NAMES[highest(CardSet.parse("Kd 9d").mask)]
    'Kd'
    """
    return mask.bit_length() - 1


def iter_cards(mask: int) -> Iterator[int]:
    """Card indices of ``mask``, lowest first.

    >>> [CARD_NAMES[c] for c in iter_cards(CardSet.parse("Ah 7c").mask)]
    ['7c', 'Ah']
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: The suit index of no trump inside the engine (the bit-mask code); None everywhere outside.
NO_TRUMP = -1


def parse_suit(text: str | None) -> int:
    """Suit index 0..3 from ``c d h s`` (any case) or ``♣ ♦ ♥ ♠``; ``None`` (no trump) is
    :data:`NO_TRUMP`.

    >>> parse_suit("h"), parse_suit("♠"), parse_suit(None)
    (2, 3, -1)
    """
    if text is None:
        return NO_TRUMP
    if isinstance(text, str):
        suit = _SUIT_INPUT.get(text.strip().lower())
        if suit is not None:
            return suit
    raise CardError(
        f"not a suit: {text!r}: use c, d, h, s (or ♣ ♦ ♥ ♠), or None for no trump",
        code="suit_notation",
        field="trump",
    )


def suit_letter(suit: int) -> str | None:
    """The letter of suit index ``suit``; None for :data:`NO_TRUMP`.

    >>> suit_letter(1), suit_letter(-1)
    ('d', None)
    """
    return None if suit == NO_TRUMP else SUITS[suit]


class Card:
    """One of the 32 cards: ``rank`` ('10', 'A', 'K', 'Q', 'J', '9', '8', '7'), ``suit``
    ('c', 'd', 'h', 's') and ``points``. Immutable; one instance per card.

    Cards order by Manille rank (10 > A > K > Q > J > 9 > 8 > 7), then by suit.

    >>> Card("10", "h") > Card("A", "h") > Card("K", "s")
    True
    >>> Card.parse("Qs").points, Card.parse("Qs").index
    (2, 28)
    """

    __slots__ = ("index",)
    index: int

    def __new__(cls, rank: str, suit: str) -> Self:
        rank_index = _RANK_INPUT.get(str(rank).strip().lower())
        suit_index = _SUIT_INPUT.get(str(suit).strip().lower())
        if rank_index is None or suit_index is None:
            raise CardError(f"not a card: rank {rank!r}, suit {suit!r}: {_NOTATION_HELP}")
        return DECK[suit_index * 8 + rank_index]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with int ``index`` (``suit * 8 + rank``).

        >>> Card.from_index(7)
        Card('10', 'c')
        """
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``10h``, ``Th``, ``ah``, ``K♣``; raise :class:`CardError` (a ValueError) naming the text.

        >>> Card.parse(" t♦ ")
        Card('10', 'd')
        >>> Card.parse("11h")
        Traceback (most recent call last):
        ...
        engine.errors.CardError: not a card: '11h': write the rank then the suit, e.g. 10h, Ac, Kd, Qs (ranks 10 or T, A, K, Q, J, 9, 8, 7; suits c, d, h, s or ♣ ♦ ♥ ♠)
        """
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            stripped = text.strip()
            rank = _RANK_INPUT.get(stripped[:-1].lower())
            suit = _SUIT_INPUT.get(stripped[-1:].lower())
            if rank is not None and suit is not None:
                return DECK[suit * 8 + rank]
        raise CardError(f"not a card: {text!r}: {_NOTATION_HELP}")

    @property
    def rank(self) -> str:
        return RANKS[self.index & 7]

    @property
    def suit(self) -> str:
        return SUITS[self.index >> 3]

    @property
    def points(self) -> int:
        return CARD_POINTS[self.index]

    @property
    def mask(self) -> int:
        return 1 << self.index

    def pretty(self) -> str:
        """The card with its suit symbol, as used in messages.

        >>> Card.parse("Kc").pretty()
        'K♣'
        """
        return RANKS[self.index & 7] + SUIT_SYMBOLS[self.index >> 3]

    def __str__(self) -> str:
        return CARD_NAMES[self.index]

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (self.index,))

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def _key(self) -> int:
        return (self.index & 7) * 4 + (self.index >> 3)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()


#: The 32 cards by index: clubs 7..10, diamonds, hearts, spades.
DECK: tuple[Card, ...] = tuple(Card._make(index) for index in range(CARD_COUNT))


def to_mask(cards: Iterable[Card | str] | CardSet | int) -> int:
    """The mask of ``cards`` (Cards, notation strings, a CardSet or a mask).

    >>> to_mask(["7c", Card.parse("8c")])
    3
    """
    if isinstance(cards, int):
        return cards
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    mask = 0
    for card in cards:
        mask |= 1 << Card.parse(card).index
    return mask


class CardSet(AbstractSet):
    """An immutable set of cards over a 32-bit mask; iterates by suit, highest card first.

    >>> hand = CardSet.parse("7c 10c Kd")
    >>> list(hand)
    [Card('10', 'c'), Card('7', 'c'), Card('K', 'd')]
    >>> Card.parse("Kd") in hand, hand.of_suit("c").points
    (True, 5)
    >>> hand - CardSet.parse("Kd") == {Card.parse("10c"), Card.parse("7c")}
    True
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | str] | int = 0) -> None:
        object.__setattr__(self, "mask", to_mask(cards) & DECK_MASK)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards separated by spaces or commas, e.g. ``"10h Ac, K♦"``; raises CardError.

        >>> CardSet.parse("10h, Ac")
        CardSet.parse('Ac 10h')
        """
        words = text.replace(",", " ").split()
        return cls([Card.parse(word) for word in words])

    @classmethod
    def _from_iterable(cls, cards: Iterable[Card]) -> CardSet:
        return cls(cards)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet, (self.mask,))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        for suit in range(4):
            yield from _SUIT_RUNS[suit][mask >> (8 * suit) & 0xFF]

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return AbstractSet.__eq__(self, other)

    def __hash__(self) -> int:
        return hash(frozenset(self))

    def _combine(self, other: Iterable[Any], op: str) -> Any:
        if isinstance(other, CardSet):
            a, b = self.mask, other.mask
            return CardSet({"|": a | b, "&": a & b, "-": a & ~b, "^": a ^ b}[op])
        generic = {"|": AbstractSet.__or__, "&": AbstractSet.__and__,
                   "-": AbstractSet.__sub__, "^": AbstractSet.__xor__}
        return generic[op](self, other)

    def __or__(self, other: Any) -> Any:
        return self._combine(other, "|")

    def __and__(self, other: Any) -> Any:
        return self._combine(other, "&")

    def __sub__(self, other: Any) -> Any:
        return self._combine(other, "-")

    def __xor__(self, other: Any) -> Any:
        return self._combine(other, "^")

    @property
    def points(self) -> int:
        return mask_points(self.mask)

    def of_suit(self, suit: str) -> CardSet:
        """The cards of one suit (``c d h s`` or a symbol).

        >>> CardSet.parse("10c Ad 7c").of_suit("c")
        CardSet.parse('10c 7c')
        """
        return CardSet(self.mask & SUIT_MASKS[parse_suit(suit)])

    def pretty(self) -> str:
        """The cards with suit symbols.

        >>> CardSet.parse("10c Ac Kd").pretty()
        '10♣ A♣ K♦'
        """
        return " ".join(card.pretty() for card in self)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __bool__(self) -> bool:
        return bool(self.mask)


FULL_DECK = CardSet(DECK_MASK)
#: The cards of each 8-bit suit mask, highest first: ``_SUIT_RUNS[suit][byte]``.
_SUIT_RUNS = tuple(
    tuple(tuple(DECK[suit * 8 + rank] for rank in range(7, -1, -1) if byte >> rank & 1)
          for byte in range(256))
    for suit in range(4)
)
