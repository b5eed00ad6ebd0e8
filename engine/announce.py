"""Naming trump in a deal: the dealer's choice, passed to a partner en face, or a blind trump
(RULES.md section 3), and what may follow it before the first card: the French 3-player
exchange of the spare cards (section 8). A part of :class:`engine.deal.Deal`, kept apart
because it is where the variants differ most.

>>> from engine.deal import Deal
>>> deal = Deal.random(1, rules="french")
>>> deal.pass_trump(); deal.announce(None)
>>> deal.en_face, deal.trump, deal.chooser
(True, None, None)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, CardSet, iter_cards, parse_suit, suit_letter, to_mask
from engine.errors import DealError


class TrumpAnnouncement:
    """The announcement half of a :class:`~engine.deal.Deal` (it holds the state slots)."""

    __slots__ = ()

    @property
    def chooser(self) -> int | None:
        """The seat that names trump: the dealer, or the partner after en face; None after."""
        return None if self._announced else self._chooser

    @property
    def announced(self) -> bool:
        return self._announced

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None for no trump (see :attr:`announced`)."""
        return suit_letter(self._trump)

    @property
    def blind(self) -> bool:
        return self._blind

    @property
    def en_face(self) -> bool:
        return self._en_face

    def pass_trump(self, to: int | None = None) -> None:
        """En face: the dealer passes the trump choice to a partner (where rules.en_face).

        ``to`` defaults to the partner two seats on in playing direction (opposite with 4).

        >>> from engine.deal import Deal
        >>> deal = Deal.random(1, rules="french"); deal.pass_trump(); deal.chooser
        2
        >>> Deal.random(1).pass_trump()
        Traceback (most recent call last):
        ...
        engine.errors.DealError: en face: the house rules do not let the dealer pass the trump choice
        """
        if not self.rules.en_face:
            raise DealError(f"en face: the {self.rules.name} rules do not let the dealer pass "
                            "the trump choice", code="en_face_not_allowed", field="en_face")
        if self._announced or self._en_face:
            raise DealError("en face: only the dealer may pass, once, before trump is named",
                            code="en_face_late", field="en_face")
        partner = (self.dealer + 2 * self._step) % self.seats if to is None else to
        if partner not in range(self.seats) or partner == self.dealer or (
                self._sides[partner] != self._sides[self.dealer]):
            raise DealError(f"en face: seat {to} is not the dealer's partner",
                            code="en_face_partner", field="en_face")
        self._chooser = partner
        self._en_face = True

    def announce(self, trump: str | None, *, blind: bool = False) -> None:
        """Name trump (``'c' 'd' 'h' 's'``) or no trump (None); ``blind`` before looking.

        The player after the dealer leads; after a blind trump (rules.blind_trump) the dealer.

        >>> from engine.deal import Deal
        >>> deal = Deal.random(1, rules="french"); deal.announce("s", blind=True)
        >>> deal.turn == deal.dealer, deal.blind
        (True, True)
        """
        if self._announced:
            raise DealError("trump: already announced", code="already_announced", field="trump")
        if blind and not self.rules.blind_trump:
            raise DealError(f"blind: the {self.rules.name} rules do not allow a blind trump",
                            code="blind_not_allowed", field="blind")
        if blind and self._en_face:
            raise DealError("blind: only the dealer names a blind trump, not after en face",
                            code="blind_after_en_face", field="blind")
        self._trump = parse_suit(trump)
        self._announced = True
        self._blind = bool(blind)
        self._turn = self._leader = self.dealer if blind else self.next_seat(self.dealer)

    @property
    def exchanged(self) -> bool:
        """Whether the dealer has exchanged cards with the spares (French 3-player variant)."""
        return self._exchanged

    def exchange(self, discard: Iterable[Card | str] | CardSet | int = (),
                 take: Iterable[Card | str] | CardSet | int | None = None) -> None:
        """French 3-player variant (``rules.spare_cards == "exchange"``): after trump is named
        and before the first card, the dealer lays ``discard`` (0, 1 or 2 cards of their
        hand) with the face-down spare cards and takes as many of them unseen. ``take`` names
        the spares taken (a caller picks them blind, e.g. at random); by default the lowest.
        Once a deal. The winner of the first trick adds the spares to its tricks.

        >>> from engine.deal import Deal
        >>> from engine.rules import RuleSet
        >>> deal = Deal.random(4, rules=RuleSet(players=3, spare_cards="exchange"))
        >>> deal.announce("h"); spares = deal.out_of_play
        >>> low = min(deal.hand(0)); deal.exchange([low], take=[min(spares)])
        >>> low in deal.out_of_play, min(spares) in deal.hand(0), len(deal.hand(0))
        (True, True, 10)
        """
        if self.rules.spare_cards != "exchange":
            raise DealError(f"exchange: the {self.rules.name} rules leave the spare cards face "
                            "up out of play", code="exchange_not_allowed", field="exchange")
        if not self._announced or self._history or self._cards or self._exchanged:
            raise DealError("exchange: the dealer exchanges once, after trump is named and "
                            "before the first card", code="exchange_late", field="exchange")
        give, spares, hand = to_mask(discard), self._out, self._hands[self.dealer]
        if give & ~hand or give.bit_count() > spares.bit_count():
            raise DealError(f"exchange: the dealer may lay down 0 to {spares.bit_count()} cards "
                            f"of their own hand, not {CardSet(give).pretty()}",
                            code="exchange_cards", field="exchange")
        count = give.bit_count()
        if take is None:
            got = sum(1 << card for card in sorted(iter_cards(spares))[:count])
        else:
            got = to_mask(take)
            if got & ~spares or got.bit_count() != count:
                raise DealError(f"exchange: the dealer takes {count} of the spare cards, not "
                                f"{CardSet(got).pretty() or 'none'}", code="exchange_cards",
                                field="exchange")
        self._hands[self.dealer] = hand & ~give | got
        self._out = spares & ~got | give
        self._exchanged = True
