"""The play of an auction deal: the declarer alone against the others (RULES.md §13).

:class:`ContractDeal` is a :class:`engine.Deal` with 3 to 7 hands in which the declarer is
side 0 and every other player side 1. Each player plays for himself, but the declarer's
opponents count as partners of each other for the obligations: with the French obligations
of the presets (follow suit, otherwise any card) that changes nothing; a club that switches
on the stricter obligations (§5, rules 2-5) gets them between the defenders.

A deal's *count* is card points + one point per trick won (the auction rule sets have
``trick_bonus``); cards out of play (the widow, the discards, the cards laid out and not
taken, the removed sevens) count for nobody, except the declarer's discards under
``rules.discards_count``. The eldest leads, except after an all-tricks bid: the declarer.

>>> from engine.auction_deal import deal_layout
>>> import random
>>> layout = deal_layout(random.Random(3), "auction2", dealer=0)
>>> deal = ContractDeal(layout.hand_masks, 0, "auction2", declarer=2, contract=20)
>>> deal.announce("h"); deal.turn  # the eldest: counter-clockwise, seat 3
3
>>> while not deal.finished:
...     _ = deal.play(min(deal.legal_cards()))
>>> facts = deal.auction_facts()
>>> facts.total, sum(deal.counts) == facts.total, facts.declarer
(68, True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engine.auction import ALL_TRICKS, Bid, lowest_bid, total_in_play
from engine.cards import Card, CardSet, mask_points, to_mask
from engine.deal import Deal
from engine.errors import DealError
from engine.rules import RuleSet


class AuctionFacts(NamedTuple):
    """What one auction deal leaves for the sheet (``scoring.AuctionDeal.from_facts``).

    Seats are the table's seats (``dealer`` dealt). ``declarer`` is None when the deal was
    thrown in; ``contract`` is the declarer's bid (variants 2 and 3; None in variant 1);
    ``exchanged`` the cards drawn (variant 1) or taken (variant 3); ``count`` the declarer's
    count (cards + tricks, with his discards under ``discards_count``), ``others`` the other
    players' count together; ``tricks`` the declarer's tricks, ``all_tricks`` whether he took
    every trick. A named tuple: a simulation makes one per deal, and it is cheap to build.
    """

    game: str
    players: int
    dealer: int
    declarer: int | None
    contract: Bid = None
    exchanged: int = 0
    trump: str | None = None
    count: int = 0
    others: int = 0
    tricks: int = 0
    all_tricks: bool = False
    direction: int = 1

    @property
    def total(self) -> int:
        """The count in play in this deal: the declarer's and the others' together."""
        return self.count + self.others

    @property
    def thrown_in(self) -> bool:
        return self.declarer is None

    def relative(self, seat: int) -> int:
        """``seat`` numbered from the dealer (0) in the direction of play, as ``scoring`` does.

        >>> AuctionFacts("auction2", 4, dealer=2, declarer=1, direction=-1).relative(1)
        1
        """
        return (seat - self.dealer) * self.direction % self.players


def check_contract(rules: RuleSet, contract: Bid) -> None:
    """Refuse a contract the rules cannot produce (:class:`DealError` ``contract_invalid``)."""
    if rules.game == "auction1":
        ok = contract is None
    else:
        ok = contract == ALL_TRICKS or (
            isinstance(contract, int) and not isinstance(contract, bool)
            and lowest_bid(rules) <= contract <= total_in_play(rules))
    if not ok:
        raise DealError(f"contract: {contract!r} is not a contract of the {rules.game} game",
                        code="contract_invalid", field="contract")


class ContractDeal(Deal):
    """The play of an auction deal: ``hands`` one per seat (after the exchange), the
    ``dealer``, the ``declarer`` and his ``contract`` (None in variant 1), the cards
    ``exchanged`` (for the facts) and the declarer's ``discards``.
    """

    __slots__ = ("_discards", "contract", "declarer", "exchanged")

    def __init__(
        self,
        hands: Sequence[Iterable[Card | str] | CardSet | int],
        dealer: int,
        rules: RuleSet | str,
        declarer: int,
        contract: Bid = None,
        *,
        exchanged: int = 0,
        discards: Iterable[Card | str] | CardSet | int = 0,
    ) -> None:
        rules = RuleSet.coerce(rules)
        if not rules.auction:
            raise DealError(f"rules: the {rules.game} game has no declarer",
                            code="auction_wrong_game", field="rules")
        super().__init__(hands, dealer, rules)
        if not (isinstance(declarer, int) and 0 <= declarer < self.seats):
            raise DealError(f"declarer: must be a seat from 0 to {self.seats - 1}",
                            code="declarer_invalid", field="declarer")
        check_contract(rules, contract)
        self.declarer, self.contract, self.exchanged = declarer, contract, exchanged
        self._discards = to_mask(discards)
        self._sides = tuple(0 if seat == declarer else 1 for seat in range(self.seats))

    def copy(self) -> ContractDeal:
        """An independent copy (copy-make)."""
        twin = object.__new__(ContractDeal)
        for name in (*Deal.__slots__, *ContractDeal.__slots__):
            setattr(twin, name, getattr(self, name))
        twin._hands, twin._cards, twin._history = self._hands[:], self._cards[:], self._history[:]
        twin._won, twin._count = self._won[:], self._count[:]
        return twin

    def announce(self, trump: str | None, *, blind: bool = False) -> None:
        """The declarer names trump (or no trump); the eldest leads, after all tricks the
        declarer."""
        super().announce(trump, blind=blind)
        if self.contract == ALL_TRICKS:
            self._turn = self._leader = self.declarer

    @property
    def counts(self) -> tuple[int, ...]:
        """Each seat's count so far: card points and one per trick (the declarer's discards
        too under ``discards_count``)."""
        counts = [0] * self.seats
        for _seats, cards, winner in self._history:
            counts[winner] += 1 + sum(Card.from_index(c).points for c in cards)
        if self.rules.discards_count:
            counts[self.declarer] += mask_points(self._discards)
        return tuple(counts)

    def auction_facts(self) -> AuctionFacts:
        """The finished deal's facts for the sheet."""
        if not self.finished:
            raise DealError("facts: the deal is not finished", code="deal_unfinished")
        count, others = self.card_points
        if self.rules.discards_count:
            count += mask_points(self._discards)
        tricks = self._count[0]
        return AuctionFacts(
            self.rules.game, self.seats, self.dealer, self.declarer, self.contract,
            self.exchanged, self.trump, count, others, tricks,
            tricks == self.rules.tricks_per_deal, self._step)
