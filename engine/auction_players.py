"""Computer players of the auction games (RULES.md §13): the card play of
:mod:`engine.players` with the auction's decisions (bid, take the privilege, draw from the
widow, exchange with the cards laid out, name trump). :mod:`engine.auction_sim` runs them.

The heuristic player estimates the tricks a hand takes (top cards of each suit from the
manille down, two at most in a plain suit, and length in trump), and the count as those tricks
times the average count of a trick (its card points and one); it bids up to that count, takes
the privilege when it nearly reaches the target, draws from the widow as long as it holds
plain 7s, 8s and 9s (discarding its weakest card each time), and takes from the cards laid
out the open ones that are honours or trumps.

>>> table = Table(tricks=8, total=68, lowest=17, target=21)
>>> from engine.cards import CardSet
>>> hand = CardSet.parse("10h Ah Kh 7h 10c Ac 9d 8s").mask
>>> AuctionHeuristicPlayer().bid(hand, 17, None, table, None)
17
>>> AuctionHeuristicPlayer().bid(hand, 60, 59, table, None) is None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.auction import ALL_TRICKS, Bid
from engine.cards import RANK_MASKS, SUIT_MASKS
from engine.players import HeuristicPlayer, RandomPlayer, _lowest_card, random_card

_LOW = RANK_MASKS[0] | RANK_MASKS[1] | RANK_MASKS[2]  # 7s, 8s and 9s: no points


def _top_run(byte: int) -> int:
    run, rank = 0, 7
    while rank >= 0 and byte >> rank & 1:
        run, rank = run + 1, rank - 1
    return run


# Tenths of a trick a suit (as an 8-bit mask) brings: as a plain suit, its top cards from the
# manille down, two at most (the third round is often trumped); as trump, the whole run and
# 0.6 for each further card but one.
_PLAIN = tuple(10 * min(_top_run(b), 2) for b in range(256))
_TRUMP = tuple(10 * _top_run(b) + 6 * max(0, b.bit_count() - _top_run(b) - 1) for b in range(256))


def estimate_tricks(hand: int, trump: int) -> float:
    """Tricks a hand may take as declarer with ``trump`` (-1: no trump).

    >>> from engine.cards import CardSet
    >>> estimate_tricks(CardSet.parse("10h Ah Kh 7h 10c 9d 8s").mask, 2)
    4.0
    """
    tenths = 0
    for suit in range(4):
        byte = hand >> (8 * suit) & 0xFF
        tenths += _TRUMP[byte] if suit == trump else _PLAIN[byte]
    return tenths / 10


def best_trump(hand: int) -> tuple[int, float]:
    """The trump (or -1, no trump) with the most estimated tricks, and that estimate.

    >>> from engine.cards import CardSet
    >>> best_trump(CardSet.parse("10h Ah Kh 7h 10c 9d 8s").mask)
    (2, 4.0)
    """
    c, d, h, s = hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF, hand >> 24
    plain = _PLAIN[c] + _PLAIN[d] + _PLAIN[h] + _PLAIN[s]
    best, most = -1, plain
    for suit, byte in ((0, c), (1, d), (2, h), (3, s)):
        if byte:
            tenths = plain - _PLAIN[byte] + _TRUMP[byte]
            if tenths > most:
                best, most = suit, tenths
    return best, most / 10


@dataclass(frozen=True)
class Table:
    """What a player needs to know of the deal's rules (computed once per rule set)."""

    tricks: int
    total: int
    lowest: int
    target: int

    @property
    def per_trick(self) -> float:
        """The count a trick brings on average: its card points and one."""
        return (self.total - self.tricks) / self.tricks + 1


class AuctionHeuristicPlayer(HeuristicPlayer):
    """The heuristic card player, with the auction decisions of the module docstring."""

    name = "heuristic"

    def choose_trump(self, hand: int, rng: random.Random) -> int:
        return best_trump(hand)[0]

    def _count(self, hand: int, table: Table) -> float:
        return best_trump(hand)[1] * table.per_trick

    def bid(self, hand: int, next_bid: int | None, high: Bid, table: Table,
            rng: random.Random) -> Bid:
        """A count up to the estimate (the lowest that outbids), all tricks with a sure
        hand, else pass (None)."""
        tricks = best_trump(hand)[1]
        if tricks >= table.tricks and high != ALL_TRICKS:
            return ALL_TRICKS
        if next_bid is not None and next_bid <= tricks * table.per_trick:
            return next_bid
        return None

    def take_privilege(self, hand: int, table: Table, rng: random.Random) -> bool:
        return self._count(hand, table) >= table.target - 4

    def draw_widow(self, hand: int, widow: tuple[int, ...], rng: random.Random) -> list[int]:
        """The discards, one per card drawn: draws while plain 7s, 8s, 9s are left."""
        trump = best_trump(hand)[0]
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0
        draws = min(len(widow), (hand & _LOW & ~trumps).bit_count())
        discards = []
        for card in widow[:draws]:
            hand |= 1 << card
            out = _lowest_card(hand, trumps)
            hand ^= 1 << out
            discards.append(out)
        return discards

    def exchange_open(self, hand: int, face_up: int, face_down: int,
                      rng: random.Random) -> tuple[int, int]:
        """Take the open honours (J and up) and open trumps; discard as many weakest cards."""
        trump = best_trump(hand | face_up)[0]
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0
        take = face_up & (~_LOW | trumps)
        give, rest = 0, hand
        for _ in range(take.bit_count()):
            out = _lowest_card(rest, trumps)
            give |= 1 << out
            rest ^= 1 << out
        return take, give


class AuctionRandomPlayer(RandomPlayer):
    """Random but legal decisions: bid or pass at even odds (all tricks now and then), take
    the privilege at even odds, draw and take at random, discard at random."""

    name = "random"

    def bid(self, hand: int, next_bid: int | None, high: Bid, table: Table,
            rng: random.Random) -> Bid:
        roll = rng.random()
        if roll < 0.02 and high != ALL_TRICKS:
            return ALL_TRICKS
        return next_bid if roll < 0.5 else None

    def take_privilege(self, hand: int, table: Table, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def draw_widow(self, hand: int, widow: tuple[int, ...], rng: random.Random) -> list[int]:
        discards = []
        for card in widow[:int(rng.random() * (len(widow) + 1))]:
            hand |= 1 << card
            out = random_card(hand, rng)
            hand ^= 1 << out
            discards.append(out)
        return discards

    def exchange_open(self, hand: int, face_up: int, face_down: int,
                      rng: random.Random) -> tuple[int, int]:
        take = 0
        laid = face_up | face_down
        while laid:
            card = random_card(laid, rng)
            laid ^= 1 << card
            if rng.random() < 0.3:
                take |= 1 << card
        give, pool = 0, hand | take
        for _ in range(take.bit_count()):
            out = random_card(pool, rng)
            give |= 1 << out
            pool ^= 1 << out
        return take, give


AUCTION_PLAYERS: dict[str, type] = {"random": AuctionRandomPlayer,
                                    "heuristic": AuctionHeuristicPlayer}
_SHARED = {name: kind() for name, kind in AUCTION_PLAYERS.items()}  # the players keep no state
