"""The auction games' checked state machines (RULES.md §13): the bidding of variants 2 and 3
and the privilege of variant 1 (the declarer's exchanges are :mod:`engine.auction_exchange`).

Every illegal step raises :class:`AuctionError` (a ValueError) whose ``code`` names the rule
broken and whose ``field`` the input at fault, as the engine's other errors do.

A count bid is what the bidder undertakes to make in cards and tricks; ``"all"`` (all tricks)
outranks any count; ``None`` passes. Choices of the project where the text is silent, each
also in docs/auction.md:

- the lowest bid is ``rules.lowest_bid``, or the total in play (60 + the tricks) divided by
  the players, rounded up; no count bid may exceed the total in play;
- once all tricks is bid nobody can bid higher, so the auction ends at once;
- if everybody passes (or declines the privilege) the deal is thrown in.

The presets play counter-clockwise (the French text), so after seat 1 comes seat 0:

>>> bidding = Bidding("auction2", eldest=1)
>>> bidding.lowest, bidding.turn
(17, 1)
>>> bidding.call(1, 17); bidding.call(0, None); bidding.call(3, 20); bidding.call(2, None)
>>> bidding.call(1, None)
>>> bidding.finished, bidding.declarer, bidding.contract
(True, 3, 20)
>>> Bidding("auction2").call(0, 12)
Traceback (most recent call last):
...
engine.auction.AuctionError: bid: 12 is below the lowest bid, 17
"""

from __future__ import annotations

from typing import Literal

from engine.errors import EngineError
from engine.rules import RuleSet

ALL_TRICKS = "all"
Bid = int | Literal["all"] | None


class AuctionError(EngineError):
    """An illegal call, privilege or exchange; ``code`` names the rule, ``field`` the input."""

    default_code = "auction"


def total_in_play(rules: RuleSet | str) -> int:
    """The count in play when every card is: 60 card points + one point per trick.

    >>> total_in_play("auction2"), total_in_play(RuleSet.preset("auction2").replace(players=7))
    (68, 64)
    """
    return 60 + RuleSet.coerce(rules).tricks_per_deal


def lowest_bid(rules: RuleSet | str) -> int:
    """``rules.lowest_bid``, or the total in play divided by the players, rounded up.

    >>> lowest_bid("auction2"), lowest_bid(RuleSet.preset("auction3").replace(players=3))
    (17, 23)
    """
    rules = RuleSet.coerce(rules)
    if rules.lowest_bid is not None:
        return rules.lowest_bid
    return -(-total_in_play(rules) // rules.players)


def _table(rules: RuleSet | str, games: tuple[str, ...], players: int | None,
           eldest: int) -> RuleSet:
    rules = RuleSet.coerce(rules)
    if rules.game not in games:
        raise AuctionError(f"rules: the {rules.game} game has no "
                           f"{'bidding' if 'auction2' in games else 'privilege'}",
                           code="auction_wrong_game", field="rules")
    if players is not None and players != rules.players:
        rules = rules.with_players(players)
    if not (isinstance(eldest, int) and 0 <= eldest < rules.players):
        raise AuctionError(f"eldest: must be a seat from 0 to {rules.players - 1}",
                           code="seat_invalid", field="eldest")
    return rules


class _Round:
    """Calls round the table from the eldest, each player in turn."""

    def __init__(self, rules: RuleSet, eldest: int) -> None:
        self.rules = rules
        self.players = rules.players
        self.eldest = eldest
        self._step = 1 if rules.direction == "clockwise" else -1
        self._turn = eldest
        self._declarer: int | None = None
        self._finished = False
        self.calls: list[tuple[int, object]] = []

    @property
    def turn(self) -> int | None:
        """The seat to call, None once finished."""
        return None if self._finished else self._turn

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def declarer(self) -> int | None:
        """The declarer once finished; None while running and when the deal is thrown in."""
        return self._declarer if self._finished else None

    @property
    def thrown_in(self) -> bool:
        """Everybody passed: nothing is scored and the next player deals."""
        return self._finished and self._declarer is None

    def _check_seat(self, seat: object) -> int:
        if self._finished:
            raise AuctionError("seat: the auction is over", code="auction_over", field="seat")
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            raise AuctionError(f"seat: must be a seat from 0 to {self.players - 1}, not {seat!r}",
                               code="seat_invalid", field="seat")
        return seat

    def _out_of_turn(self, seat: int) -> AuctionError:
        return AuctionError(f"seat: seat {seat} called out of turn: seat {self._turn} is to call",
                            code="out_of_turn", field="seat")


class Privilege(_Round):
    """Auction Manille 1: the eldest may become declarer; if he declines, the privilege passes
    on round the table until someone takes it (everyone declining throws the deal in).

    >>> privilege = Privilege("auction1", eldest=2)
    >>> privilege.decline(2); privilege.take(1)
    >>> privilege.declarer, privilege.finished
    (1, True)
    """

    def __init__(self, rules: RuleSet | str = "auction1", players: int | None = None,
                 eldest: int = 0) -> None:
        super().__init__(_table(rules, ("auction1",), players, eldest), eldest)

    def call(self, seat: int, take: bool) -> None:
        """``seat`` takes (True) or declines (False) the privilege."""
        seat = self._check_seat(seat)
        if seat != self._turn:
            raise self._out_of_turn(seat)
        if not isinstance(take, bool):
            raise AuctionError(f"take: must be true or false, not {take!r}",
                               code="privilege_invalid", field="take")
        self.calls.append((seat, take))
        if take:
            self._declarer, self._finished = seat, True
        elif len(self.calls) == self.players:
            self._finished = True
        else:
            self._turn = (seat + self._step) % self.players

    def take(self, seat: int) -> None:
        self.call(seat, True)

    def decline(self, seat: int) -> None:
        self.call(seat, False)


class Bidding(_Round):
    """Auction Manille 2 and 3: from the eldest, each in turn passes or bids higher than the
    last bid; a player who has passed may not come back. The auction ends when all but the
    last bidder have passed (at once after an all-tricks bid).

    ``players`` defaults to ``rules.players``; ``eldest`` is the seat after the dealer.
    """

    def __init__(self, rules: RuleSet | str = "auction2", players: int | None = None,
                 eldest: int = 0) -> None:
        super().__init__(_table(rules, ("auction2", "auction3"), players, eldest), eldest)
        self.lowest = lowest_bid(self.rules)
        self.total = total_in_play(self.rules)
        self._passed = [False] * self.players
        self._high: Bid = None

    @property
    def contract(self) -> Bid:
        """The declarer's bid once finished (a count or ``"all"``), else None."""
        return self._high if self._finished else None

    @property
    def highest(self) -> Bid:
        """The highest bid so far (None before the first)."""
        return self._high

    @property
    def next_bid(self) -> int | None:
        """The lowest count that may be bid now; None when only all tricks (or a pass) is left.

        >>> bidding = Bidding("auction2"); bidding.call(0, 30); bidding.next_bid
        31
        """
        if self._high == ALL_TRICKS:
            return None
        low = self.lowest if self._high is None else self._high + 1
        return low if low <= self.total else None

    def call(self, seat: int, bid: Bid) -> None:
        """``seat`` bids a count, ``"all"`` (all tricks), or passes (None).

        >>> bidding = Bidding("auction2"); bidding.call(0, None); bidding.call(3, 20)
        >>> bidding.call(0, 25)
        Traceback (most recent call last):
        ...
        engine.auction.AuctionError: seat: seat 0 has passed and may not come back
        >>> bidding.call(2, 20)
        Traceback (most recent call last):
        ...
        engine.auction.AuctionError: bid: 20 is not higher than the last bid, 20
        """
        seat = self._check_seat(seat)
        if self._passed[seat]:
            raise AuctionError(f"seat: seat {seat} has passed and may not come back",
                               code="bid_after_pass", field="seat")
        if seat != self._turn:
            raise self._out_of_turn(seat)
        high = self._high
        if bid is None:
            self._passed[seat] = True
        elif bid == ALL_TRICKS:
            if high == ALL_TRICKS:
                raise AuctionError("bid: all tricks has been bid already: nothing is higher",
                                   code="bid_not_higher", field="bid")
        elif isinstance(bid, int) and not isinstance(bid, bool):
            if bid < self.lowest:
                raise AuctionError(f"bid: {bid} is below the lowest bid, {self.lowest}",
                                   code="bid_below_lowest", field="bid")
            if bid > self.total:
                raise AuctionError(f"bid: {bid} is more than the {self.total} in play",
                                   code="bid_above_total", field="bid")
            if high is not None and (high == ALL_TRICKS or bid <= high):
                raise AuctionError(f"bid: {bid} is not higher than the last bid, {high}",
                                   code="bid_not_higher", field="bid")
        else:
            raise AuctionError(f"bid: a bid is a count, 'all' or None (pass), not {bid!r}",
                               code="bid_invalid", field="bid")
        self.calls.append((seat, bid))
        if bid is not None:
            self._high, self._declarer = bid, seat
        active = [s for s in range(self.players) if not self._passed[s]]
        if bid == ALL_TRICKS or not active or (len(active) == 1 and self._declarer == active[0]):
            self._finished = True
            return
        nxt = (seat + self._step) % self.players
        while self._passed[nxt]:
            nxt = (nxt + self._step) % self.players
        self._turn = nxt
