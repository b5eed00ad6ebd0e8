"""A table's sheet scored: its deals replayed with ``scoring`` under the championship's rules,
match format, seats and clock. Pure reads: the sheet check, the stored results, the pages,
the PDFs, ``verify_results`` and the simulations all score a sheet through
:func:`replay_sheet`; what is written lives in :mod:`club.services.results`.

The table's size decides how (:mod:`scoring.tables`): at a table of four (or of pairs) the
seats' sides are fixed and :func:`scoring.score_match` scores it; at a table of three the
dealer plays alone against the other two, the sides change every deal and
:func:`scoring.score_threes` keeps each player's total. Its match rows are then one per
player, keyed by seat (``MatchResult.side`` is the seat's position), so every other player
at the table is an opponent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from club.models import Championship, Deal, MatchResult, Round, Seat, Table
from club.selectors.auction_replay import AuctionOutcome, replay_auction
from club.sheets.kinds import kind_of_rules
from engine.rules import RuleSet
from scoring import (
    DealResult,
    DealResultError,
    MatchFormat,
    MatchOutcome,
    ScoringError,
    ThreesOutcome,
    dealer_alone,
    score_match,
    score_threes,
    table_players,
    table_rules,
)

#: A table's scored sheet: two fixed sides, or (a table of three, an auction table) each
#: player on their own.
Outcome = MatchOutcome | ThreesOutcome | AuctionOutcome


def championship_rules(championship: Championship) -> RuleSet:
    """The engine rule set of a championship (validated, cached on the rule-set row); an
    auction game's number of deals is the match format's "N deals" when it has one
    (:func:`game_rules`)."""
    return game_rules(championship.rule_set.rules(), match_format(championship))


def game_rules(rules: RuleSet, fmt: MatchFormat) -> RuleSet:
    """``rules`` with the match format's number of deals for an auction game (RULES.md §13:
    "an agreed number of deals"): a match of "N deals" is a game of N deals, rounded up by
    ``scoring.AuctionGame`` to a multiple of the players so that everyone deals equally
    often; any other format keeps the rule set's own ``deals`` (issue 28: 10 chosen, the
    sheet asked for the rule set's 12 rounded up to 15 at a table of 5)."""
    if (fmt.kind == "deals" and fmt.count and rules.deals != fmt.count
            and kind_of_rules(rules).each_for_themselves):
        return rules.replace(deals=fmt.count)
    return rules


def match_format(championship: Championship) -> MatchFormat:
    """The championship's match format; an empty dict means one game."""
    return MatchFormat.from_dict(championship.match_format or {"kind": "one_game"})


def time_limited(rnd: Round, fmt: MatchFormat) -> bool:
    """Whether the round is played against the clock (its own limit or the format's)."""
    return bool(rnd.time_limit) or fmt.kind == "time"


def time_called(rnd: Round, fmt: MatchFormat) -> bool:
    """Time is called on a time-limited round once it is closed: the game in progress counts."""
    return time_limited(rnd, fmt) and rnd.status == Round.Status.CLOSED


def decision_of(table: Table) -> str:
    """The organiser's decision that scores the table: its ``decision`` once its round is
    closed (a decision taken before, or kept while the round is reopened, waits for the
    close), else "" (the deals alone)."""
    if table.is_bye or not table.decision or table.round.status != Round.Status.CLOSED:
        return ""
    return table.decision


def players_at(seats: Sequence[Seat], rules: RuleSet) -> int:
    """How many play at the table: its seats (the rule set's count when none are recorded)."""
    return table_players(len(seats), rules)


def rules_at(seats: Sequence[Seat], rules: RuleSet) -> RuleSet:
    """The championship's ``rules`` as the table plays them (10 cards each at a table of 3)."""
    return table_rules(rules, players_at(seats, rules))


def seat_sides(seats: Iterable[Seat]) -> dict[int, int]:
    """Seat position -> side, from the table's seats."""
    return {seat.position: seat.side for seat in seats}


def deal_result(deal: Deal, *, sides: dict[int, int] | None = None,
                tricks_per_deal: int = 8) -> DealResult:
    """The ``scoring`` value of a Deal row (trump None is no trump; side 0 is "We").

    ``sides`` maps seat positions to sides (default: position % 2, partners opposite) to
    give the dealer's side; ``tricks_per_deal`` turns the recorded tricks of side 0 into
    both sides' tricks. Raises ``scoring.DealResultError`` for a row whose values have impossible
    types (the sheet service never stores one).
    """
    if deal.points is None and deal.points_other is None:
        points = None
    else:
        points = (deal.points, deal.points_other)
    # More tricks than a deal has: scoring says the two sides' tricks must add up to it.
    tricks = None if deal.tricks is None else (
        deal.tricks, max(tricks_per_deal - deal.tricks, 0))
    dealer_side = None
    if deal.dealer is not None:
        dealer_side = (sides or {}).get(deal.dealer, deal.dealer % 2)
    # A deal without its calls but doubled (a row written before they were kept, or by a
    # program that gives only the multiplier) is scored from the multiplier.
    recorded = deal.calls if deal.calls or deal.doubling == 1 else None
    calls = call_sides(recorded, sides, dealer_side)
    return DealResult(points=points, trump=deal.trump, doubling=deal.doubling,
                      all_tricks=deal.all_tricks, renonce=deal.renonce,
                      cancelled=deal.cancelled, blind=deal.blind, en_face=deal.en_face,
                      tricks=tricks, dealer_side=dealer_side, calls=calls)


def call_sides(calls: object, sides: dict[int, int] | None,
               dealer_side: int | None) -> tuple[int, ...] | None:
    """The sides of a deal's doubling calls (recorded as seats; a null seat, from a deal
    recorded before the calls were kept, is on the side whose turn it was). A seat not at
    the table raises ``DealResultError`` (code ``calls_seat``)."""
    if calls is None:
        return None
    if not isinstance(calls, list):
        raise DealResultError("must be a list of seats", code="calls_type", field="calls")
    out = []
    for index, seat in enumerate(calls):
        if seat is None:
            base = 0 if dealer_side is None else dealer_side
            out.append(1 - base if index % 2 == 0 else base)
        elif sides and seat in sides:
            out.append(sides[seat])
        elif not sides and isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
            out.append(seat % 2)
        else:
            raise DealResultError(f"seat {seat!r} is not at this table",
                                  code="calls_seat", field="calls")
    return tuple(out)


@dataclass(frozen=True)
class TableScore:
    """A table's sheet scored: the match outcome, and the first deal number that could not be
    scored (None when every deal counts; the rows after it are left out of the outcome)."""

    outcome: Outcome
    broken_at: int | None = None
    error: ScoringError | None = None


def first_dealer_side(table: Table, sides: dict[int, int]) -> int:
    """The side of the table's first dealer (partners opposite when the seats do not say)."""
    return sides.get(table.first_dealer, table.first_dealer % 2)


def replay_sheet(table: Table, seats: Sequence[Seat], deals: Sequence[Deal], *,
                 rules: RuleSet | None = None, fmt: MatchFormat | None = None) -> Outcome:
    """Score a table's sheet: ``deals`` in order, under its championship's rules and match
    format, with the table's sides, first dealer and clock (time is called once a
    time-limited round is closed). The one replay of a sheet: the sheet service's check
    before a write, the stored results, the printed sheet and the simulated tables.

    The seats decide the game: a table of three plays ``rules`` with 3 players, each
    deal's recorded dealer alone (side 0) against the other two (side 1).
    An auction rule set (RULES §13) is one game of 3 to 7 players, each for themselves
    (:mod:`club.selectors.auction_replay`).

    Raises ``ScoringError`` whose ``deal`` is the number (from 1) of the first deal that
    does not add up.
    """
    if rules is None or fmt is None:
        championship = table.round.stage.championship
        rules = rules or championship_rules(championship)
        fmt = fmt or match_format(championship)
    return kind_of_rules(rules).replay(table, seats, deals, rules, fmt)


def replay_auction_sheet(table: Table, seats: Sequence[Seat], deals: Sequence[Deal],
                         rules: RuleSet, fmt: MatchFormat) -> Outcome:
    """One game of 3 to 7 players, each for themselves (RULES §13; the auction kind's
    replay)."""
    return replay_auction(table, seats, deals, rules_at(seats, game_rules(rules, fmt)))


def replay_match(table: Table, seats: Sequence[Seat], deals: Sequence[Deal], rules: RuleSet,
                 fmt: MatchFormat) -> Outcome:
    """Two sides' match, or a table of three's (the partnership kind's replay)."""
    players = players_at(seats, rules)
    rules = table_rules(rules, players)
    alone = dealer_alone(players)
    sides = seat_sides(seats)
    results: list[DealResult] = []
    for deal in deals:
        try:
            own = {p: int(p != deal.dealer) for p in range(players)} if alone else sides
            results.append(deal_result(deal, sides=own,
                                       tricks_per_deal=rules.tricks_per_deal))
        except ScoringError as exc:
            exc.deal = len(results) + 1
            raise
    # "Scored as played" calls time on the table whatever the round's clock.
    called = time_called(table.round, fmt) or decision_of(table) == Table.Decision.PLAYED
    if alone:
        return score_threes(results, fmt, rules, table.first_dealer % players,
                            dealers=[deal.dealer for deal in deals], time_called=called,
                            seats=players)
    return score_match(results, fmt, rules, first_dealer_side=first_dealer_side(table, sides),
                       time_called=called)


def score_table(table: Table, deals: Sequence[Deal], seats: Sequence[Seat]) -> TableScore:
    """Replay ``deals`` (in number order) under the table's championship rules and format.

    Never raises for bad stored deals: the outcome then covers the deals before the first
    bad one, and ``broken_at`` names it (a rule set or match format changed under a sheet).
    """
    try:
        return TableScore(replay_sheet(table, seats, deals))
    except ScoringError as error:
        broken = error.deal or 1
        return TableScore(replay_sheet(table, seats, deals[:broken - 1]), broken, error)


def table_results(table: Table, deals: Sequence[Deal], seats: Sequence[Seat]) -> list[MatchResult]:
    """The MatchResult rows (unsaved) that ``deals`` give a table that is not a bye: what
    :func:`rebuild_table_results` writes and ``verify_results`` compares with what is stored."""
    return result_rows(table, seats, score_table(table, deals, seats).outcome)


def result_rows(table: Table, seats: Iterable[Seat], outcome: Outcome) -> list[MatchResult]:
    """The table's MatchResult rows (unsaved) for a scored match: one per seated entry (at a
    table of three one per player, its ``side`` the seat); a forfeit, an average score or
    "not played" (:func:`decision_of`) replaces what the deals say (:func:`decided_rows`)."""
    decision = decision_of(table)
    if decision and decision != Table.Decision.PLAYED:
        return decided_rows(table, seats, decision)
    rows = []
    for entry, side in entries_by_side(seats).items():
        by_seat = isinstance(outcome, ThreesOutcome | AuctionOutcome)
        view = outcome.seat(side) if by_seat else outcome.side(side)
        rows.append(MatchResult(
            table=table, entry_id=entry, side=side, result=view.result or "",
            finished=outcome.finished, games_won=view.games_won, games_lost=view.games_lost,
            points_for=view.points_for, points_against=view.points_against, is_bye=False))
    return rows


def decided_rows(table: Table, seats: Iterable[Seat], decision: str) -> list[MatchResult]:
    """The rows of an adjusted result, whatever the deals say. A forfeit: a win (one game
    to none) for every side but ``decision_side``, a loss for it; an average score: a draw
    for every side; both finished, their game points left at 0 here and given by the
    standings from the round's other tables, as a bye's (``club.selectors.decided``).
    Not played: unfinished rows with nothing, which no standings metric counts as a match.
    """
    rows = []
    for entry, side in entries_by_side(seats).items():
        row = MatchResult(table=table, entry_id=entry, side=side, is_bye=False)
        if decision == Table.Decision.FORFEIT:
            lost = side == table.decision_side
            row.result, row.finished = ("loss" if lost else "win"), True
            row.games_won, row.games_lost = (0, 1) if lost else (1, 0)
        elif decision == Table.Decision.AVERAGE:
            row.result, row.finished = "draw", True
        rows.append(row)
    return rows


def entries_by_side(seats: Iterable[Seat]) -> dict[int, int]:
    """entry id -> its match row's side, one per entry (fixed pairs: the pair's side;
    individual: each player's; at a table of three, where sides change every deal, the
    player's seat)."""
    seats = sorted(seats, key=lambda s: s.position)
    by_seat = dealer_alone(len(seats))
    out: dict[int, int] = {}
    for seat in seats:
        out.setdefault(seat.entry_id, seat.position if by_seat else seat.side)
    return out
