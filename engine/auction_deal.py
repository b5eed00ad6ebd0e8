"""Dealing for every game and table size: the hands, and what lies out (RULES.md §§2, 8, 13, 14).

A :class:`Layout` is what a deal puts on the table: one hand per seat and the cards that are
not in a hand, by their part in the game:

- ``widow`` (Auction Manille 1: 2 cards with 3, 5 or 6 players, 4 with 4 or 7), face down, in
  the order the declarer draws them (top first);
- ``face_up`` and ``face_down`` (Auction Manille 3: the cards laid out, part open, part closed);
- ``removed`` (Auction Manille 2: the sevens taken out, in the order 7♣ 7♦ 7♥ 7♠);
- ``spare`` (the partnership game with 3 or 6 players: the 2 cards out of play).

:func:`deal_packets` deals a given ordered deck (top card first) in packets, starting with the
player after the dealer in the direction of play, so that a deal can be reproduced card for
card (§14); :func:`deal_layout` shuffles with a ``random.Random`` and deals the same way.
Choices of the project where the texts are silent: the packets are ``rules.packets`` or
:func:`default_packets` (3-2-3 for hands of 8, the Flemish texts; otherwise packets of three,
the last one what remains, as variant 3 prescribes); the sevens of variant 2 are taken out
before dealing; the cards that are not dealt into hands are the deck's last cards, in order
(with variant 3 the open ones first).

>>> layout = deal_packets(range(32), "auction3", dealer=0)
>>> [len(hand) for hand in layout.hands], str(layout.face_up), str(layout.face_down)
([7, 7, 7, 7], 'Ks Qs', '10s As')
>>> layout = deal_layout(random.Random(5), RuleSet.preset("auction2").replace(players=5))
>>> str(layout.removed), sum(map(len, layout.hands))
('7c 7d', 30)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from engine.cards import Card, CardSet
from engine.errors import DealError
from engine.rules import RuleSet
from engine.table import seat_count

#: The sevens of Auction Manille 2, in the order they are taken out (7♣, 7♦, 7♥, 7♠).
SEVENS: tuple[int, ...] = (0, 8, 16, 24)
#: Auction Manille 1: widow size by players.
WIDOW: dict[int, int] = {3: 2, 4: 4, 5: 2, 6: 2, 7: 4}
#: Auction Manille 3: (face up, face down) cards laid out, by players.
LAID_OUT: dict[int, tuple[int, int]] = {3: (2, 3), 4: (2, 2), 5: (1, 1), 6: (1, 1), 7: (2, 2)}


def default_packets(cards: int) -> tuple[int, ...]:
    """The packets a hand of ``cards`` is dealt in when the rule set names none.

    >>> default_packets(8), default_packets(7), default_packets(9)
    ((3, 2, 3), (3, 3, 1), (3, 3, 3))
    """
    if cards == 8:
        return (3, 2, 3)
    return (3,) * (cards // 3) + ((cards % 3,) if cards % 3 else ())


def widow_size(rules: RuleSet | str) -> int:
    """Cards in the widow of Auction Manille 1 (0 in the other games).

    >>> widow_size("auction1"), widow_size(RuleSet.preset("auction1").replace(players=5))
    (4, 2)
    """
    rules = RuleSet.coerce(rules)
    return WIDOW[rules.players] if rules.game == "auction1" else 0


def removed_sevens(rules: RuleSet | str) -> int:
    """The mask of the sevens Auction Manille 2 takes out of the deck (0 elsewhere).

    >>> str(CardSet(removed_sevens(RuleSet.preset("auction2").replace(players=7))))
    '7c 7d 7h 7s'
    """
    rules = RuleSet.coerce(rules)
    if rules.game != "auction2":
        return 0
    out = 32 - rules.cards_per_player * rules.players
    return sum(1 << card for card in SEVENS[:out])


def laid_out(rules: RuleSet | str) -> tuple[int, int]:
    """(face up, face down) cards laid out in Auction Manille 3; (0, 0) elsewhere.

    >>> laid_out("auction3"), laid_out("auction2")
    ((2, 2), (0, 0))
    """
    rules = RuleSet.coerce(rules)
    return LAID_OUT[rules.players] if rules.game == "auction3" else (0, 0)


class Layout(NamedTuple):
    """A dealt deal: one hand mask per seat, and the cards that lie out (masks; the widow as
    card indices in drawing order). Seats are numbered round the table as in
    :class:`engine.Deal`; ``dealer`` is the seat that dealt.
    """

    dealer: int
    hand_masks: tuple[int, ...]
    widow_cards: tuple[int, ...] = ()
    face_up_mask: int = 0
    face_down_mask: int = 0
    removed_mask: int = 0
    spare_mask: int = 0

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(CardSet(mask) for mask in self.hand_masks)

    @property
    def widow(self) -> tuple[Card, ...]:
        """The widow of variant 1, top card first."""
        return tuple(Card.from_index(card) for card in self.widow_cards)

    @property
    def face_up(self) -> CardSet:
        return CardSet(self.face_up_mask)

    @property
    def face_down(self) -> CardSet:
        return CardSet(self.face_down_mask)

    @property
    def removed(self) -> CardSet:
        return CardSet(self.removed_mask)

    @property
    def spare(self) -> CardSet:
        return CardSet(self.spare_mask)

    @property
    def out(self) -> CardSet:
        """Every card not in a hand."""
        return CardSet(((1 << 32) - 1) & ~sum(self.hand_masks))


def _order(deck: Iterable[Card | str | int]) -> list[int]:
    cards = [card if isinstance(card, int) else Card.parse(card).index for card in deck]
    if sorted(cards) != list(range(32)):
        raise DealError("deck: give the 32 cards, each once, top card first",
                        code="deck_invalid", field="deck")
    return cards


def deal_packets(deck: Iterable[Card | str | int], rules: RuleSet | str = "house",
                 dealer: int = 0) -> Layout:
    """Deal the ordered ``deck`` (32 cards, top first: Cards, notation or indices) in packets,
    starting with the player after ``dealer`` in the direction of play (RULES.md §14).

    >>> layout = deal_packets(range(32), "house", dealer=3)
    >>> str(layout.hands[0])
    '9c 8c 7c Kd Qd Ah Kh Qh'
    >>> deal_packets(range(31), "house")
    Traceback (most recent call last):
    ...
    engine.errors.DealError: deck: give the 32 cards, each once, top card first
    """
    rules = RuleSet.coerce(rules)
    plan = _plan(rules, dealer)
    removed = removed_sevens(rules)
    return _deal([1 << card for card in _order(deck) if not removed >> card & 1], plan, dealer)


_PLANS: dict[tuple[int, int], tuple] = {}


def _plan(rules: RuleSet, dealer: int) -> tuple:
    """How ``rules`` deal from ``dealer``, worked out once: (rules, seats, the bits of the
    cards dealt in deck order, the (seat, start, end) slice of each packet, cards in hands,
    the sevens taken out).
    Keyed by the rule set's identity (hashing a RuleSet costs more than a deal's shuffle);
    the plan holds the rule set, so the key cannot be reused while it is cached."""
    plan = _PLANS.get((id(rules), dealer))
    if plan is not None and plan[0] is rules:
        return plan
    seats = seat_count(rules)
    if not (isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < seats):
        raise DealError(f"dealer: must be a seat from 0 to {seats - 1}", code="dealer",
                        field="dealer")
    removed = removed_sevens(rules)
    step = 1 if rules.direction == "clockwise" else -1
    order = [(dealer + step * (i + 1)) % seats for i in range(seats)]
    slices, top = [], 0
    for size in rules.packets or default_packets(rules.cards_per_player):
        for seat in order:
            slices.append((seat, top, top + size))
            top += size
    bits = [1 << card for card in range(32) if not removed >> card & 1]
    plan = (rules, seats, bits, tuple(slices), top, removed)
    if len(_PLANS) > 512:
        _PLANS.clear()
    _PLANS[(id(rules), dealer)] = plan
    return plan


def _deal(bits: list[int], plan: tuple, dealer: int) -> Layout:
    """Deal ``bits`` (the cards as bit masks, top first, the removed sevens out)."""
    rules, seats, _all, slices, top, removed = plan
    hands = [0] * seats
    for seat, start, end in slices:
        hands[seat] |= sum(bits[start:end])
    rest = bits[top:]
    if rules.game == "auction1":
        return Layout(dealer, tuple(hands), widow_cards=tuple(b.bit_length() - 1 for b in rest))
    if rules.game == "auction3":
        up = LAID_OUT[rules.players][0]
        return Layout(dealer, tuple(hands), face_up_mask=sum(rest[:up]),
                      face_down_mask=sum(rest[up:]))
    return Layout(dealer, tuple(hands), removed_mask=removed, spare_mask=sum(rest))


def deal_layout(rng: random.Random, rules: RuleSet | str = "house", dealer: int = 0) -> Layout:
    """Shuffle with ``rng`` and deal as :func:`deal_packets` does (the sevens of variant 2
    are out of the deck before the shuffle).

    >>> layout = deal_layout(random.Random(1), "auction1")
    >>> [len(hand) for hand in layout.hands], len(layout.widow)
    ([7, 7, 7, 7], 4)
    """
    rules = RuleSet.coerce(rules)
    plan = _plan(rules, dealer)
    deck = plan[2][:]
    draw = rng.random
    for last in range(len(deck) - 1, 0, -1):  # Fisher-Yates on floats, as deal_hands
        other = int(draw() * (last + 1))
        deck[last], deck[other] = deck[other], deck[last]
    return _deal(deck, plan, dealer)
