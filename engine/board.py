"""Boards for duplicate Manille (RULES.md §15): one pre-dealt deal kept in a wallet and played
unchanged at several tables.

A :class:`Board` is a number, a dealer seat and four hands of 8 cards (seats 0-3 as in
:class:`engine.Deal`; side 0 holds seats 0 and 2). It is made

- from a seed (:meth:`Board.random`): the same seed and number give the same board, and
  each number of a set gets its own deal from the set's one seed;
- from a deck dealt by hand (:meth:`Board.from_deck`): the 32 cards in order, top first,
  dealt in packets by :func:`engine.auction_deal.deal_packets` (RULES.md §14);
- from its hands, or from its text notation (:meth:`Board.parse`).

The dealer of board *n* is seat ``(n - 1) % 4`` unless given (bridge's rotation), so that
over four boards every seat deals once.

Text notation for hand records, one line a board: the number, the dealer seat, then the four
hands of seats 0 to 3 separated by ``/``, each hand as :class:`engine.CardSet` writes it::

    3 dealer 2: 10c Ac ... / ... / ... / ...

>>> board = Board.random(3, seed=2026)
>>> board.dealer, [len(hand) for hand in board.hands]
(2, [8, 8, 8, 8])
>>> Board.parse(str(board)) == board
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.auction_deal import deal_packets
from engine.cards import Card, CardSet
from engine.errors import DealError, EngineError
from engine.rules import RuleSet
from engine.table import dealt_masks

_FOUR = RuleSet()


class BoardError(EngineError):
    """A board that cannot be: a bad number, dealer or notation (hands: :class:`DealError`)."""

    default_code = "board"


def default_dealer(number: int) -> int:
    """The dealer of board ``number``: seats 0, 1, 2, 3 in turn from board 1.

    >>> [default_dealer(n) for n in range(1, 6)]
    [0, 1, 2, 3, 0]
    """
    return (number - 1) % 4


def _number(number: object) -> int:
    if not (isinstance(number, int) and not isinstance(number, bool) and number >= 1):
        raise BoardError(f"number: a board number is a whole number from 1, not {number!r}",
                         code="board_number", field="number")
    return number


@dataclass(frozen=True)
class Board:
    """A board: its ``number`` (from 1), the ``dealer`` seat (0-3) and the four ``hands``.

    Hands are checked as :class:`engine.Deal` checks them: four hands of 8 cards, no card
    twice (so none missing); a fault raises :class:`engine.DealError` with code
    ``hand_count``, ``hand_size`` or ``card_twice`` and field ``hands``.

    >>> Board(1, 0, ["10c Ac Kc Qc Jc 9c 8c 7c"] * 4)
    Traceback (most recent call last):
    ...
    engine.errors.DealError: hands: 10♣ A♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣ dealt twice
    """

    number: int
    dealer: int
    hands: tuple[CardSet, CardSet, CardSet, CardSet]

    def __init__(self, number: int, dealer: int | None,
                 hands: Sequence[Iterable[Card | str] | CardSet | int]) -> None:
        number = _number(number)
        if dealer is None:
            dealer = default_dealer(number)
        if not (isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < 4):
            raise DealError("dealer: must be a seat from 0 to 3", code="dealer", field="dealer")
        if isinstance(hands, str):
            raise DealError("hands: give four hands, not one text", code="hand_count",
                            field="hands")
        masks = dealt_masks([CardSet.parse(h) if isinstance(h, str) else h for h in hands],
                            _FOUR)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", tuple(CardSet(mask) for mask in masks))

    @classmethod
    def random(cls, number: int, seed: int | str, dealer: int | None = None) -> Board:
        """Board ``number`` of the set made from ``seed``: reproducible, and each number of
        the set a different deal.

        >>> Board.random(1, seed=7) == Board.random(1, seed=7) != Board.random(2, seed=7)
        True
        """
        number = _number(number)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise BoardError(f"seed: a whole number or a text, not {seed!r}", code="board_seed",
                             field="seed")
        rng = random.Random(f"manille-board:{seed}:{number}")
        deck = list(range(32))
        rng.shuffle(deck)
        return cls.from_deck(number, deck, dealer)

    @classmethod
    def from_deck(cls, number: int, deck: Iterable[Card | str | int],
                  dealer: int | None = None, rules: RuleSet | str = "house") -> Board:
        """Deal the ordered ``deck`` (the 32 cards, top first) in the rule set's packets
        (3-2-3 unless it names others), from the player after the dealer (RULES.md §14).

        >>> board = Board.from_deck(1, range(32))
        >>> str(board.hands[1])
        '9c 8c 7c Kd Qd Ah Kh Qh'
        """
        number = _number(number)
        if dealer is None:
            dealer = default_dealer(number)
        rules = RuleSet.coerce(rules)
        if rules.players != 4 or rules.auction:
            raise BoardError("rules: boards are dealt for the partnership game of four",
                             code="board_rules", field="rules")
        if isinstance(deck, str):
            deck = deck.replace(",", " ").split()
        layout = deal_packets(deck, rules, dealer)
        return cls(number, dealer, layout.hand_masks)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read one line of the notation ``"<number> dealer <seat>: <hand> / <hand> / ..."``.

        >>> Board.parse("1 dealer 0: 10c Ac / 7c")
        Traceback (most recent call last):
        ...
        engine.board.BoardError: board: write '<number> dealer <seat>: ' and four hands separated by '/'
        """
        head, colon, body = text.partition(":")
        words = head.split()
        parts = body.split("/")
        if not colon or len(words) != 3 or words[1].lower() != "dealer" or len(parts) != 4 \
                or not words[0].isdigit() or not words[2].isdigit():
            raise BoardError("board: write '<number> dealer <seat>: ' and four hands "
                             "separated by '/'", code="board_notation", field="board")
        return cls(int(words[0]), int(words[2]), [CardSet.parse(part) for part in parts])

    def __str__(self) -> str:
        return f"{self.number} dealer {self.dealer}: " + " / ".join(map(str, self.hands))

    @property
    def masks(self) -> tuple[int, int, int, int]:
        """The hands as 32-bit masks, seat by seat."""
        return tuple(hand.mask for hand in self.hands)  # type: ignore[return-value]

    @property
    def dealer_side(self) -> int:
        """The side (0: seats 0 and 2) of the dealer, who names trump."""
        return self.dealer % 2

    def leader(self, rules: RuleSet | str = "house") -> int:
        """The seat that leads the first trick: the player after the dealer in the rule
        set's direction (blind trump, where the dealer leads, is not played on boards).

        >>> Board.random(1, seed=1).leader(), Board.random(1, seed=1).leader("french")
        (1, 3)
        """
        step = 1 if RuleSet.coerce(rules).direction == "clockwise" else -1
        return (self.dealer + step) % 4
