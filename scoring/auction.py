"""Auction Manille on the sheet (RULES.md §13): one deal's facts (:class:`AuctionDeal`), what
each player scores for it (:func:`score_auction`) and a game of N players (:class:`AuctionGame`).

Seats are numbered in the direction of play: in a deal, seat 0 is the dealer, seat 1 the eldest
and so on; in a game, seat 0 is the first dealer and the deal passes one seat on each deal.

Scoring, with the project's defaults where the text is silent (each a rule-set option):

- **Variant 1:** the declarer receives the stake *s(k)* from each opponent when his count
  reaches the target (``declarer_target``; by default 21 with 3 or 4 players, 15 with 5 to 7),
  and pays it to each when it does not, so a deal's scores add up to zero. *k* is the cards he
  drew from the widow; *s(k)* is ``stakes[k]`` (the last stake for a longer *k*) or, by
  default, the widow's size + 1 - *k*.
- **Variants 2 and 3:** the declarer scores the value of his bid when he makes it (his count
  reaches it; an all-tricks bid needs every trick) and loses it when he does not; the others
  score nothing. An all-tricks bid is worth ``all_tricks_value``, by default twice the total
  in play (60 + the tricks). Variant 3 with ``open_widow_doubling``: x2 for an all-tricks bid,
  x2 when the declarer took no card from those laid out (both: x4).
- A deal thrown in (no declarer) scores nothing.

>>> score_auction(AuctionDeal(players=4, declarer=2, count=30, exchanged=1), "auction1").points
(-4, -4, 12, -4)
>>> score_auction(AuctionDeal(players=4, declarer=1, contract=20, count=18), "auction2").points
(0, -20, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from engine.auction import ALL_TRICKS, lowest_bid, total_in_play
from engine.auction_deal import LAID_OUT, WIDOW
from engine.rules import AUCTION_PLAYER_COUNTS, RuleSet
from scoring.deal import as_rules
from scoring.errors import DealResultError, GameFinishedError, ScoringError

Outcome = Literal["made", "lost", "thrown_in"]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse(message: str, *, code: str, field: str) -> DealResultError:
    return DealResultError(message, code=code, field=field)


@dataclass(frozen=True, slots=True)
class AuctionDeal:
    """One auction deal as the sheet records it.

    ``players`` at the table (3 to 7); ``declarer`` his seat counted from the dealer (0), or
    None when the deal was thrown in; ``contract`` the bid (a count or ``"all"``; variants 2
    and 3) — in variant 1 the declarer took the privilege and there is none; ``exchanged`` the
    cards drawn from the widow (variant 1) or taken from those laid out (variant 3);
    ``count`` the declarer's count (card points + one per trick); ``all_tricks`` whether he
    took every trick.

    >>> AuctionDeal(players=8, declarer=None)
    Traceback (most recent call last):
    scoring.errors.DealResultError: players: must be 3 to 7 players, not 8
    """

    players: int
    declarer: int | None
    contract: int | str | None = None
    exchanged: int = 0
    count: int | None = None
    all_tricks: bool = False

    def __post_init__(self) -> None:
        if not (_whole(self.players) and self.players in AUCTION_PLAYER_COUNTS):
            raise _refuse(f"must be 3 to 7 players, not {self.players!r}",
                          code="players_invalid", field="players")
        if self.declarer is not None and not (_whole(self.declarer)
                                              and 0 <= self.declarer < self.players):
            raise _refuse(f"must be a seat from 0 to {self.players - 1} (0 the dealer), or "
                          f"empty when the deal was thrown in, not {self.declarer!r}",
                          code="declarer_invalid", field="declarer")
        if self.contract is not None and self.contract != ALL_TRICKS and not _whole(self.contract):
            raise _refuse(f"must be a count, 'all' or empty, not {self.contract!r}",
                          code="contract_invalid", field="contract")
        if not (_whole(self.exchanged) and self.exchanged >= 0):
            raise _refuse(f"must be a number of cards, 0 or more, not {self.exchanged!r}",
                          code="exchanged_invalid", field="exchanged")
        if self.count is not None and not (_whole(self.count) and self.count >= 0):
            raise _refuse(f"must be a count, 0 or more, not {self.count!r}",
                          code="declarer_count_invalid", field="count")
        if not isinstance(self.all_tricks, bool):
            raise _refuse(f"must be true or false, not {self.all_tricks!r}",
                          code="flag_type", field="all_tricks")

    @classmethod
    def from_facts(cls, facts: Any) -> AuctionDeal:
        """The sheet's record of an :class:`engine.AuctionFacts` (seats counted from the dealer).

        >>> from engine import simulate_auction_facts
        >>> deal = AuctionDeal.from_facts(simulate_auction_facts(3, "auction2"))
        >>> deal.players, deal.declarer is None or deal.count >= 0
        (4, True)
        """
        if facts.declarer is None:
            return cls(facts.players, None)
        return cls(facts.players, facts.relative(facts.declarer), facts.contract,
                   facts.exchanged, facts.count, facts.all_tricks)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        return {name: getattr(self, name) for name in self.__slots__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AuctionDeal:
        """Read a dict written by :meth:`to_dict`.

        >>> AuctionDeal.from_dict(AuctionDeal(4, 1, "all", 0, 68, True).to_dict()).contract
        'all'
        """
        unknown = set(data) - set(cls.__slots__)
        if unknown:
            raise _refuse("is not a fact an auction deal records",
                          code="unknown_field", field=min(unknown))
        return cls(**data)


@dataclass(frozen=True, slots=True)
class AuctionScore:
    """What a deal scores: every seat's points (seat 0 the dealer), whether the declarer made
    it (None when thrown in), the stake or bid value before multipliers, the multiplier."""

    points: tuple[int, ...]
    made: bool | None
    value: int
    multiplier: int
    outcome: Outcome


def table_rules(rules: RuleSet | str | None, players: int) -> RuleSet:
    """``rules`` for an auction table of ``players`` (the preset's own count is 4).

    >>> table_rules("auction1", 5).players
    5
    """
    rules = as_rules(rules)
    if not rules.auction:
        raise ScoringError(f"rule set {rules.name!r} is not an auction game (its game is "
                           f"{rules.game})", code="auction_rules_needed", field="rules")
    return rules if rules.players == players else rules.with_players(players)


def stake(rules: RuleSet, exchanged: int) -> int:
    """Variant 1's stake after drawing ``exchanged`` cards.

    >>> [stake(RuleSet.preset("auction1"), k) for k in range(5)]
    [5, 4, 3, 2, 1]
    >>> stake(RuleSet.preset("auction1").replace(stakes=(3, 2)), 3)
    2
    """
    if rules.stakes:
        return rules.stakes[min(exchanged, len(rules.stakes) - 1)]
    return WIDOW[rules.players] + 1 - exchanged


def declarer_target(rules: RuleSet) -> int:
    """Variant 1's target: ``rules.declarer_target``, else 21 with 3-4 players, 15 with 5-7."""
    return rules.declarer_target or (21 if rules.players <= 4 else 15)


def check_auction(deal: AuctionDeal, rules: RuleSet | str | None) -> RuleSet:
    """Check that ``deal`` adds up under ``rules``; return the table's rules.

    >>> check_auction(AuctionDeal(4, 1, contract=12, count=20), "auction2")
    Traceback (most recent call last):
    scoring.errors.DealResultError: contract: 12 is below the lowest bid, 17
    """
    if not isinstance(deal, AuctionDeal):
        raise DealResultError(f"a deal must be an AuctionDeal, not {type(deal).__name__}",
                              code="deal_type")
    rules = table_rules(rules, deal.players)
    game = rules.game
    if deal.declarer is None:
        for name in ("contract", "count"):
            if getattr(deal, name) is not None:
                raise _refuse("must be empty: the deal was thrown in",
                              code="thrown_in_facts", field=name)
        if deal.exchanged or deal.all_tricks:
            raise _refuse("must be empty: the deal was thrown in",
                          code="thrown_in_facts",
                          field="exchanged" if deal.exchanged else "all_tricks")
        return rules
    total = total_in_play(rules)
    if deal.count is None:
        raise _refuse("the declarer's count (cards and tricks) is needed",
                      code="count_missing", field="count")
    if deal.count > total:
        raise _refuse(f"{deal.count} is more than the {total} in play",
                      code="count_above_total", field="count")
    if deal.all_tricks and deal.count < rules.tricks_per_deal:
        raise _refuse(f"all {rules.tricks_per_deal} tricks count at least "
                      f"{rules.tricks_per_deal}, not {deal.count}",
                      code="all_tricks_count", field="count")
    most = {"auction1": WIDOW[rules.players], "auction2": 0,
            "auction3": sum(LAID_OUT[rules.players])}[game]
    if deal.exchanged > most:
        raise _refuse(f"{deal.exchanged} cards exchanged, but at most {most} can be in the "
                      f"{game} game with {rules.players} players",
                      code="exchanged_above_widow", field="exchanged")
    if game == "auction1":
        if deal.contract is not None:
            raise _refuse("variant 1 has no bid: the declarer took the privilege",
                          code="contract_not_allowed", field="contract")
        return rules
    contract = deal.contract
    if contract is None:
        raise _refuse("the declarer's bid is needed", code="contract_missing", field="contract")
    if contract != ALL_TRICKS:
        low = lowest_bid(rules)
        if contract < low:
            raise _refuse(f"{contract} is below the lowest bid, {low}",
                          code="contract_below_lowest", field="contract")
        if contract > total:
            raise _refuse(f"{contract} is more than the {total} in play",
                          code="contract_above_total", field="contract")
    return rules


def score_auction(deal: AuctionDeal, rules: RuleSet | str | None = "auction2") -> AuctionScore:
    """Every seat's score for ``deal`` under ``rules`` (seat 0 the dealer); raises
    :class:`~scoring.errors.DealResultError` naming the field for impossible facts.

    >>> score_auction(AuctionDeal(5, 4, "all", count=66, all_tricks=True), "auction3").points
    (0, 0, 0, 0, 132)
    >>> score_auction(AuctionDeal(4, None), "auction1").outcome
    'thrown_in'
    """
    rules = check_auction(deal, rules)
    players = deal.players
    declarer = deal.declarer
    if declarer is None:
        return AuctionScore((0,) * players, None, 0, 1, "thrown_in")
    if rules.game == "auction1":
        value = stake(rules, deal.exchanged)
        made = deal.count >= declarer_target(rules)  # type: ignore[operator]
        each = value if made else -value
        points = tuple(each * (players - 1) if seat == declarer else -each
                       for seat in range(players))
        return AuctionScore(points, made, value, 1, "made" if made else "lost")
    if deal.contract == ALL_TRICKS:
        value = rules.all_tricks_value or 2 * total_in_play(rules)
        made = deal.all_tricks
    else:
        value = deal.contract  # type: ignore[assignment]
        made = deal.count >= value  # type: ignore[operator]
    multiplier = 1
    if rules.open_widow_doubling:
        multiplier *= 2 if deal.contract == ALL_TRICKS else 1
        multiplier *= 2 if deal.exchanged == 0 else 1
    won = value * multiplier if made else -value * multiplier
    points = tuple(won if seat == declarer else 0 for seat in range(players))
    return AuctionScore(points, made, value, multiplier, "made" if made else "lost")


@dataclass(frozen=True, slots=True)
class AuctionRow:
    """One deal of an auction game: its number, the dealer's seat, the facts, the score, each
    seat's points from it (``credits``, seats of the game) and the totals after it."""

    number: int
    dealer: int
    deal: AuctionDeal
    score: AuctionScore
    credits: tuple[int, ...]
    totals: tuple[int, ...]


class AuctionGame:
    """A game of auction Manille: an agreed number of deals (``deals``, else the rule set's)
    rounded up to a multiple of the players, so that everyone deals equally often; the highest
    total wins and equal totals share the place. A deal thrown in counts as a deal (the next
    player deals).

    >>> game = AuctionGame("auction2", players=3, deals=3)
    >>> for declarer, count in [(1, 30), (2, 20), (1, 10)]:
    ...     _ = game.add(AuctionDeal(3, declarer, contract=24, count=count))
    >>> game.totals, game.finished, game.places, game.winners
    ((-48, 24, 0), True, (3, 1, 2), (1,))
    """

    def __init__(self, rules: RuleSet | str | None = "auction2", players: int | None = None, *,
                 deals: int | None = None, first_dealer: int = 0) -> None:
        base = as_rules(rules)
        self.players = players if players is not None else base.players
        self.rules = table_rules(base, self.players)
        wanted = deals if deals is not None else self.rules.deals
        if not (_whole(wanted) and wanted >= 1):
            raise ScoringError(f"must be a whole number of deals, 1 or more, not {wanted!r}",
                               code="deals_invalid", field="deals")
        self.length = -(-wanted // self.players) * self.players
        if not (_whole(first_dealer) and 0 <= first_dealer < self.players):
            raise ScoringError(f"must be a seat from 0 to {self.players - 1}",
                               code="dealer", field="first_dealer")
        self.first_dealer = first_dealer
        self._rows: list[AuctionRow] = []
        self._totals = (0,) * self.players

    @property
    def totals(self) -> tuple[int, ...]:
        return self._totals

    @property
    def deals(self) -> list[AuctionRow]:
        return list(self._rows)

    @property
    def finished(self) -> bool:
        return len(self._rows) >= self.length

    @property
    def dealer(self) -> int:
        """The seat to deal next."""
        return (self.first_dealer + len(self._rows)) % self.players

    def add(self, deal: AuctionDeal) -> AuctionRow:
        """Score ``deal`` as the next deal (its seats counted from this deal's dealer)."""
        if self.finished:
            raise GameFinishedError(f"the game of {self.length} deals is over",
                                    code="game_finished")
        if isinstance(deal, AuctionDeal) and deal.players != self.players:
            raise _refuse(f"the table has {self.players} players, not {deal.players}",
                          code="players_invalid", field="players")
        score = score_auction(deal, self.rules)
        dealer = self.dealer
        credits = tuple(score.points[(seat - dealer) % self.players]
                        for seat in range(self.players))
        totals = tuple(a + b for a, b in zip(self._totals, credits, strict=True))
        row = AuctionRow(len(self._rows) + 1, dealer, deal, score, credits, totals)
        self._rows.append(row)
        self._totals = totals
        return row

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place (1 the best); equal totals share a place, the next is skipped."""
        return tuple(1 + sum(other > total for other in self._totals) for total in self._totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is finished (shared first place)."""
        if not self.finished:
            return ()
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @property
    def winner(self) -> int | None:
        """The one seat that won the finished game alone, else None."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None


def replay_auction(deals: Iterable[AuctionDeal], rules: RuleSet | str | None = "auction2",
                   players: int | None = None, *, first_dealer: int = 0,
                   length: int | None = None) -> AuctionGame:
    """Score a sheet's auction deals in order as one game (as the web app does on every
    change); the first bad deal's error carries its number on the sheet in ``deal``.

    >>> game = replay_auction([AuctionDeal(3, None)] * 3, "auction1", 3, length=3)
    >>> game.finished, game.totals, game.winners
    (True, (0, 0, 0), (0, 1, 2))
    >>> replay_auction([AuctionDeal(3, 0, count=99)], "auction1", 3)
    Traceback (most recent call last):
    scoring.errors.DealResultError: deal 1: count: 99 is more than the 70 in play
    """
    game = AuctionGame(rules, players, deals=length, first_dealer=first_dealer)
    for number, deal in enumerate(deals, 1):
        try:
            game.add(deal)
        except ScoringError as error:
            error.deal = number
            raise
    return game
