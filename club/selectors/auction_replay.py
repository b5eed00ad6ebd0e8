"""An auction Manille table's sheet scored (RULES.md §13): its deals replayed as one
:class:`scoring.AuctionGame` of 3 to 7 players, each for themselves.

The same path as every sheet: :func:`club.selectors.replay.replay_sheet` dispatches here
when the championship's rules are an auction game, so the sheet check, the stored match
rows, ``verify_results`` and the pages all score an auction table the same way.

How a ``Deal`` row records an auction deal (``club.models.Deal``):

- ``dealer``: the seat that dealt. The game's rotation decides it (the table's first dealer,
  then one seat on in playing order each deal); the replay scores each deal with the
  rotation's dealer, so a deal struck out moves the later ones to the dealer of their new
  place, as on paper.
- ``declarer``: the declarer's seat at the table (not counted from the dealer); empty when
  the deal was thrown in.
- ``contract``: the bid (a count); ``contract_all``: the bid was all tricks; both empty with
  a declarer: variant 1's privilege.
- ``exchanged``: the cards the declarer drew from the widow or took from those laid out.
- ``points``: the declarer's count (card points + one per trick); ``all_tricks`` 0 when he
  took every trick (side 0 is the declarer's, as at a table of three it is the dealer's).
- ``trump``: the suit the declarer named (empty: no trump); scoring does not need it.

Match rows: one per player, ``side`` = the seat (a seat's side is its position at an auction
table), ``points_for`` the player's total, ``points_against`` the best total of the others,
``result`` win for the highest total (shared), else loss (a draw when all are level),
``games_won`` 1 for a winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from club.models import Deal, Seat, Table
from engine.auction import ALL_TRICKS
from engine.rules import RuleSet
from scoring import ScoringError
from scoring.auction import AuctionDeal, AuctionGame, AuctionRow


def contract_of(deal: Deal) -> int | str | None:
    """The bid as scoring says it: a count, ``"all"``, or None (privilege / thrown in)."""
    return ALL_TRICKS if deal.contract_all else deal.contract


def auction_deal(deal: Deal, players: int, dealer: int) -> AuctionDeal:
    """The ``scoring`` value of an auction Deal row dealt by ``dealer`` (a seat): seats
    counted from the dealer, as :class:`scoring.AuctionDeal` counts them. Raises
    ``scoring.DealResultError`` naming the field for facts that cannot be."""
    declarer = None if deal.declarer is None else (deal.declarer - dealer) % players
    if deal.declarer is not None and not 0 <= deal.declarer < players:
        declarer = deal.declarer  # outside the table: scoring refuses it, naming the field
    return AuctionDeal(players=players, declarer=declarer, contract=contract_of(deal),
                       exchanged=deal.exchanged or 0, count=deal.points,
                       all_tricks=deal.all_tricks == 0)


@dataclass(frozen=True)
class SeatView:
    """One player's line of a scored auction table (what a match row stores)."""

    result: str
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    place: int


@dataclass(frozen=True)
class AuctionOutcome:
    """An auction table's sheet scored: the game (seats are the table's positions)."""

    game: AuctionGame

    @property
    def games(self) -> list[AuctionGame]:
        """The one game of the sheet (as a match's outcome lists its games)."""
        return [self.game]

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def accepts_deals(self) -> bool:
        return not self.game.finished

    @property
    def totals(self) -> tuple[int, ...]:
        return self.game.totals

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's total (what the closing check shows per side: here per player)."""
        return self.game.totals

    @property
    def time_called(self) -> bool:
        """An auction game is a fixed number of deals: never decided by the clock."""
        return False

    @property
    def places(self) -> tuple[int, ...]:
        return self.game.places

    @property
    def winners(self) -> tuple[int, ...]:
        return self.game.winners

    @property
    def rows(self) -> list[AuctionRow]:
        return self.game.deals

    def seat(self, position: int) -> SeatView:
        """The player at ``position``: result, total, best other total, place."""
        totals, places = self.game.totals, self.game.places
        others = [t for p, t in enumerate(totals) if p != position]
        level = len(set(totals)) == 1
        if not self.finished:
            result = ""
        elif level:
            result = "draw"
        else:
            result = "win" if places[position] == 1 else "loss"
        won = int(result == "win")
        return SeatView(result, won, int(result == "loss"), totals[position],
                        max(others) if others else 0, places[position])


def game_of(rules: RuleSet, players: int, first_dealer: int) -> AuctionGame:
    """A fresh game for the table (its first dealer a seat of it)."""
    return AuctionGame(rules, players, first_dealer=first_dealer % players)


def replay_auction(table: Table, seats: Sequence[Seat], deals: Sequence[Deal],
                   rules: RuleSet) -> AuctionOutcome:
    """Score an auction table's deals in order; raises ``ScoringError`` whose ``deal`` is
    the number (from 1) of the first deal that does not add up (``rules`` already the
    table's: its number of players)."""
    players = rules.players
    game = game_of(rules, players, table.first_dealer)
    for number, deal in enumerate(deals, 1):
        try:
            game.add(auction_deal(deal, players, game.dealer))
        except ScoringError as error:
            error.deal = number
            raise
    return AuctionOutcome(game)
