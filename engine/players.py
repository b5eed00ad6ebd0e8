"""Computer players for simulation: a random legal player and a simple heuristic player.

A player chooses trump from the dealer's hand and a card from the legal cards; both work
on masks (see :mod:`engine.cards`) so that whole tournaments can be simulated quickly.
``choose_card`` receives the state of the trick as ints:

- ``hand``, ``legal``: the player's cards and those it may play (two or more);
- ``trick``: the cards already in the trick; ``led`` the suit led (-1 when leading);
  ``win`` the card winning it; ``partner_winning``; ``last``: the player plays last;
- ``trump``: the trump suit (-1 for no trump); ``gone``: the cards of finished tricks and
  those out of play; ``rng``: a ``random.Random``.

>>> import random
>>> from engine.cards import CardSet
>>> hand = CardSet.parse("10c Ac Kc Qc 7c 10d 8h 7s")
>>> HeuristicPlayer().choose_trump(hand.mask, random.Random(1))
0
>>> str(CardSet(1 << HeuristicPlayer().choose_card(
...     hand.mask, hand.mask, 0, -1, -1, False, False, 0, 0, random.Random(1))))
'10d'
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.cards import (
    ABOVE,
    CARD_POINTS,
    RANK_MASKS,
    SUIT_MASKS,
    highest,
    lowest,
    mask_points,
)

_TEN, _ACE = 7, 6


class Player(Protocol):
    """What a simulated player decides: the trump (as dealer) and each card."""

    name: str

    def choose_trump(self, hand: int, rng: random.Random) -> int:
        """A suit index 0..3, or -1 for no trump."""

    def choose_card(
        self, hand: int, legal: int, trick: int, led: int, win: int,
        partner_winning: bool, last: bool, trump: int, gone: int, rng: random.Random,
    ) -> int:
        """A card index from ``legal``."""

    # Optional, for the French 3-player exchange: ``choose_discards(hand, trump, rng)``, the
    # mask of the 0-2 cards the dealer lays down (a player without it exchanges none).


def random_card(legal: int, rng: random.Random) -> int:
    """A card index drawn uniformly from the non-empty mask ``legal``.

    >>> random_card(0b1000, random.Random(1))
    3
    """
    count = legal.bit_count()
    if count > 1:
        for _ in range(int(rng.random() * count)):
            legal &= legal - 1
    return (legal & -legal).bit_length() - 1


class RandomPlayer:
    """Any legal card, uniformly; trump (or no trump) uniformly among the five choices.

    >>> RandomPlayer().choose_trump(0, random.Random(4)) in (-1, 0, 1, 2, 3)
    True
    """

    name = "random"

    def choose_trump(self, hand: int, rng: random.Random) -> int:
        """Any of the four suits or no trump (-1), uniformly.

        >>> sorted({RandomPlayer().choose_trump(0, random.Random(s)) for s in range(40)})
        [-1, 0, 1, 2, 3]
        """
        choice = int(rng.random() * 5)
        return -1 if choice == 4 else choice

    def choose_card(
        self, hand: int, legal: int, trick: int, led: int, win: int,
        partner_winning: bool, last: bool, trump: int, gone: int, rng: random.Random,
    ) -> int:
        """A legal card, uniformly: see :func:`random_card`.

        >>> RandomPlayer().choose_card(0b110, 0b100, 0, -1, -1, False, False, -1, 0, random.Random())
        2
        """
        return random_card(legal, rng)

    def choose_discards(self, hand: int, trump: int, rng: random.Random) -> int:
        """French 3-player exchange: 0, 1 or 2 cards of the hand, uniformly.

        >>> RandomPlayer().choose_discards(0b1111, -1, random.Random(3)).bit_count() <= 2
        True
        """
        give = 0
        for _ in range(int(rng.random() * 3)):
            give |= 1 << random_card(hand & ~give, rng)
        return give


def _is_master(card: int, seen: int) -> bool:
    """No higher card of its suit can still come: all of them are seen."""
    return not ABOVE[card] & ~seen


def _lowest_card(cards: int, trumps: int) -> int:
    """The cheapest card to give away: the lowest rank, a plain suit before a trump."""
    plain = cards & ~trumps or cards
    for rank in range(8):
        of_rank = plain & RANK_MASKS[rank]
        if of_rank:
            return lowest(of_rank)
    raise ValueError("no card to play")


def _richest_card(cards: int, trumps: int, keep_tens: bool) -> int:
    """The card worth most points to feed a partner; keeps the 10s unless it is safe."""
    plain = cards & ~trumps or cards
    for rank in range(_ACE if keep_tens else _TEN, -1, -1):
        of_rank = plain & RANK_MASKS[rank]
        if of_rank:
            return lowest(of_rank)
    return lowest(plain)


class HeuristicPlayer:
    """A simple sensible player.

    Trump: no trump with three 10s and two aces, else the suit with most cards and points.
    Lead: cash a plain card no one can beat, draw trumps with three or more, else lead low
    from the longest plain suit. Partner winning: feed points, keeping the 10s unless the
    partner's card is safe. Opponent winning: take the trick cheaply when it pays (trump
    in when the trick holds points or it plays last), otherwise give the cheapest card.
    """

    name = "heuristic"

    def choose_trump(self, hand: int, rng: random.Random) -> int:
        """No trump with three 10s and two aces, else the longest and richest suit.

        >>> from engine.cards import CardSet
        >>> HeuristicPlayer().choose_trump(CardSet.parse("9s 8s 7s Js Ah 7d 8c 9c").mask, None)
        3
        """
        tens = (hand & RANK_MASKS[_TEN]).bit_count()
        aces = (hand & RANK_MASKS[_ACE]).bit_count()
        if tens >= 3 and aces >= 2:
            return -1
        scores = [
            4 * (hand & SUIT_MASKS[suit]).bit_count() + mask_points(hand & SUIT_MASKS[suit])
            for suit in range(4)
        ]
        return scores.index(max(scores))

    def choose_card(
        self, hand: int, legal: int, trick: int, led: int, win: int,
        partner_winning: bool, last: bool, trump: int, gone: int, rng: random.Random,
    ) -> int:
        """The card this player would play (see the class docstring).

        >>> from engine.cards import Card, CardSet
        >>> hand = CardSet.parse("10c Kc 7c 8d").mask
        >>> legal, trick = CardSet.parse("10c Kc 7c").mask, CardSet.parse("Jc Qc").mask
        >>> Card.from_index(HeuristicPlayer().choose_card(
        ...     hand, legal, trick, 0, Card.parse("Qc").index, True, False, 1, 0, None))
        Card('K', 'c')
        """
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0
        seen = gone | trick | hand
        if led < 0:
            return self._lead(legal, trumps, seen)
        if partner_winning:
            safe = last or (win >> 3 == trump or not trumps) and _is_master(win, seen)
            return _richest_card(legal, trumps, keep_tens=not safe)
        if win >> 3 == trump:
            winners = legal & ABOVE[win]
        else:
            winners = legal & (ABOVE[win] | trumps)
        if not winners:
            return _lowest_card(legal, trumps)
        if winners & trumps and not winners & SUIT_MASKS[led] and led != trump:
            # Trumping in: worth it for points, or when nothing else may be played.
            if last or mask_points(trick) >= 3 or winners == legal:
                return lowest(winners)
            return _lowest_card(legal, trumps)
        if last:
            return lowest(winners)
        top = highest(winners)
        if _is_master(top, seen):
            return top
        return lowest(winners) if mask_points(trick) >= 3 else _lowest_card(legal, trumps)

    def choose_discards(self, hand: int, trump: int, rng: random.Random) -> int:
        """French 3-player exchange: up to two plain 7s, 8s or 9s (no points), lowest first.

        >>> from engine.cards import CardSet
        >>> str(CardSet(HeuristicPlayer().choose_discards(
        ...     CardSet.parse("7h 9s Js 10d Ac 8h 7c Kc 10h Ah").mask, 2, None)))
        '7c 9s'
        """
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0
        blank = hand & ~trumps & (RANK_MASKS[0] | RANK_MASKS[1] | RANK_MASKS[2])
        give = 0
        for _ in range(2):
            if blank:
                card = _lowest_card(blank, 0)
                give |= 1 << card
                blank &= ~(1 << card)
        return give

    def _lead(self, hand: int, trumps: int, seen: int) -> int:
        best, best_points = -1, -1
        for suit in range(4):
            cards = hand & SUIT_MASKS[suit] & ~trumps
            if cards:
                top = highest(cards)
                if _is_master(top, seen) and CARD_POINTS[top] > best_points:
                    best, best_points = top, CARD_POINTS[top]
        if best >= 0:
            return best
        in_trump = hand & trumps
        if in_trump.bit_count() >= 3:
            top = highest(in_trump)
            return top if _is_master(top, seen) else lowest(in_trump)
        plain = [hand & SUIT_MASKS[suit] & ~trumps for suit in range(4)]
        longest = max(plain, key=int.bit_count)
        return lowest(longest) if longest else lowest(hand)


PLAYERS: dict[str, type] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
