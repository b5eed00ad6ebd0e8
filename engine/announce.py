"""Naming trump in a deal: the dealer's choice, passed to a partner en face, or a blind trump
(RULES.md section 3). A part of :class:`engine.deal.Deal`, kept apart because it is where
the variants differ most.

>>> from engine.deal import Deal
>>> deal = Deal.random(1, rules="french")
>>> deal.pass_trump(); deal.announce(None)
>>> deal.en_face, deal.trump, deal.chooser
(True, None, None)
"""

from __future__ import annotations

from engine.cards import parse_suit, suit_letter
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
