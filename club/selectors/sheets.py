"""Reading a table's score sheet: who may open it, and the page's rows, each in fixed queries.

:func:`load_table` resolves a table for an organiser (by its id) or for its players (by
its code) in one query: the seats with their players, the table, round, stage,
championship, rule set and the sheet's users, and whether the user may edit the club.
:func:`sheet_page` adds one query for the deals and scores them with ``scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from club.access import club_scorer
from club.models import Deal, Round, Seat, Table
from club.selectors.names import conceal_seats
from club.selectors.replay import (
    TableScore,
    championship_rules,
    match_format,
    players_at,
    rules_at,
    score_table,
    time_limited,
)
from club.selectors.sheet_notes import describe_row
from club.selectors.sheet_rows import seat_rows, table_deals
from club.sheet_labels import points_label
from engine.rules import RuleSet
from scoring import DealScore, MatchFormat, ThreesOutcome, ThreesRow, dealer_alone, points_in_play

TRUMP_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


class SheetNotFound(Exception):
    """No such table (or no open table with this code)."""


class SheetForbidden(Exception):
    """The user may not open this table's sheet."""


@dataclass(frozen=True)
class Actor:
    """Who acts on a sheet: a logged-in user, or the table's players by its code."""

    user: Any = None
    code: str = ""

    @property
    def by_code(self) -> bool:
        return bool(self.code)

    @property
    def user_id(self) -> int | None:
        user = self.user
        return user.pk if self.code == "" and user is not None and user.is_authenticated else None


@dataclass
class TableContext:
    """A table with its seats, as :func:`load_table` found it."""

    table: Table
    seats: list[Seat]
    actor: Actor

    @property
    def championship(self):
        return self.table.round.stage.championship

    @property
    def rules(self) -> RuleSet:
        """The championship's rule set as this table plays it (its number of players)."""
        return rules_at(self.seats, championship_rules(self.championship))

    @property
    def players(self) -> int:
        return players_at(self.seats, championship_rules(self.championship))

    @property
    def dealer_alone(self) -> bool:
        """A table of three: each deal the dealer plays alone against the other two."""
        return dealer_alone(self.players)

    @property
    def format(self) -> MatchFormat:
        return match_format(self.championship)

    @property
    def seat_count(self) -> int:
        return max(len(self.seats), 1)

    def seat(self, position: int) -> Seat | None:
        for seat in self.seats:
            if seat.position == position:
                return seat
        return None

    def seat_name(self, position: int | None) -> str:
        return seat_label(self.seats, position)

    def side_name(self, side: int) -> str:
        """A side as the sheet heads it: the pair's name, or the two players' names; at a
        table of three the deal's sides, the dealer and the partners."""
        if self.dealer_alone:
            return _("dealer") if side == 0 else _("partners")
        return side_label(self.seats, side, self.championship.is_individual)

    @property
    def legend(self) -> list[tuple[str, list[str]]]:
        """Each side's name and its players, for the sheet's header (at a table of three,
        each player: every one keeps a total)."""
        if self.dealer_alone:
            return [(s.player.full_name, []) for s in self.seats]
        return [(self.side_name(side), [s.player.full_name for s in self.seats if s.side == side])
                for side in (0, 1)]

    @property
    def columns(self) -> tuple[str, ...]:
        """Who the game points and totals are written for: the two sides, or at a table of
        three each player (in seat order)."""
        if self.dealer_alone:
            return tuple(s.player.last_name for s in self.seats)
        return self.side_names

    @property
    def side_names(self) -> tuple[str, str]:
        return (self.side_name(0), self.side_name(1))


def seat_label(seats: Iterable[Seat], position: int | None) -> str:
    """The player at a seat (``seat N`` when nobody is seated there)."""
    for seat in seats:
        if seat.position == position:
            return seat.player.full_name
    return _("seat %(number)s") % {"number": "?" if position is None else position + 1}


def side_label(seats: Iterable[Seat], side: int, individual: bool) -> str:
    """A side as a sheet names it: the pair's name, or its players' last names."""
    seats = [s for s in seats if s.side == side]
    if not seats:
        return _("Side %(number)d") % {"number": side + 1}
    if not individual:
        return seats[0].entry.name
    return " & ".join(s.player.last_name for s in seats)


@dataclass(frozen=True)
class TableNames:
    """What a table's sheet calls its seats and sides (for the change log)."""

    seats: tuple[Seat, ...]
    individual: bool

    def seat(self, position: int | None) -> str:
        return seat_label(self.seats, position)

    def side(self, side: int) -> str:
        return side_label(self.seats, side, self.individual)


def table_names(individual: bool, **scope: Any) -> dict[int, TableNames]:
    """Table id -> its names, for the tables matching ``scope`` (Table lookups). One query."""
    by_table: dict[int, list[Seat]] = {}
    seats = Seat.objects.filter(**{f"table__{key}": value for key, value in scope.items()})
    for seat in seats.select_related("player", "entry").order_by("table_id", "position"):
        by_table.setdefault(seat.table_id, []).append(seat)
    return {table: TableNames(tuple(rows), individual) for table, rows in by_table.items()}


def load_table(actor: Actor, table_id: int | None = None, *, page: bool = False) -> TableContext:
    """The table an actor may open: by ``table_id`` for organisers and staff, by the actor's
    code for the table's players (while its round is published and the championship lets
    players enter). One query (see :mod:`club.selectors.sheet_rows`; one more for a table
    without seats, and with ``page`` one for who entered and confirmed the sheet). Raises
    :class:`SheetNotFound` or :class:`SheetForbidden`.
    """
    user = actor.user
    if actor.by_code:
        rows = seat_rows(None, code=actor.code)
    elif table_id is None:
        raise SheetNotFound
    else:
        rows = seat_rows(actor.user_id, table_id=table_id)
    seats = [seat for seat, _editor_flag in rows]
    if len({seat.table_id for seat in seats}) > 1:
        raise SheetNotFound  # two open tables share a code: refuse rather than guess
    if seats:
        table, editor = seats[0].table, rows[0][1]
    elif actor.by_code:
        raise SheetNotFound
    else:
        found = list(Table.objects.select_related("round__stage__championship__rule_set").filter(
            pk=table_id).annotate(club_editor=club_scorer(user, "round__stage__championship__club_id")))
        if not found:
            raise SheetNotFound
        table, editor = found[0], found[0].club_editor
    if not actor.by_code and not (editor or getattr(user, "is_staff", False)):
        raise SheetForbidden
    if actor.by_code:  # the players' page is a public one: names as the public sees them
        conceal_seats(seats)
    if page:
        _load_users(table)
    return TableContext(table, seats, actor)


def _load_users(table: Table) -> None:
    ids = {table.entered_by_id, table.confirmed_by_id} - {None}
    users = get_user_model().objects.in_bulk(ids) if ids else {}
    table.entered_by = users.get(table.entered_by_id)
    table.confirmed_by = users.get(table.confirmed_by_id)


@dataclass
class SheetRow:
    """One recorded deal on the page: the row, its score and the running totals."""

    deal: Deal
    dealer_name: str
    score: DealScore | None
    totals: tuple[int, ...] | None
    game: int
    #: The game points written in each column (each side's, or each player's at a table of three).
    credits: tuple[int, ...] | None = None
    #: Each doubling call in words: (the word said, who said it).
    calls: list[tuple[str, str]] = field(default_factory=list)
    #: What a tie leads to under the rules ('' when the deal is no tie).
    tie: str = ""
    #: Each side's tricks, when recorded ("5–3").
    tricks: str = ""
    #: The multiplier the doubling calls make under the rules ("×3" for a redouble where
    #: multipliers add; '' when nobody doubled).
    doubling: str = ""

    @property
    def trump_symbol(self) -> str:
        return TRUMP_SYMBOLS.get(self.deal.trump, _("NT"))


@dataclass
class GameBlock:
    number: int
    rows: list[SheetRow] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    totals: tuple[int, ...] = (0, 0)
    #: At a table of three: how the finished game ended, in words ('' elsewhere).
    summary: str = ""


class SheetState:
    """What every kind of sheet page says of its table's state (from ``ctx``, ``score`` and
    ``deals``): the partnership sheet and the auction sheet alike."""

    ctx: TableContext
    score: TableScore
    deals: list[Deal]

    @property
    def table(self) -> Table:
        return self.ctx.table

    @property
    def rules(self) -> RuleSet:
        return self.ctx.rules

    @property
    def outcome(self):
        return self.score.outcome

    @property
    def accepts_deals(self) -> bool:
        return self.score.broken_at is None and self.outcome.accepts_deals

    @property
    def locked(self) -> bool:
        """Confirmed, or the round closed: changes are corrections with a reason."""
        return self.table.confirmed or self.table.round.status == Round.Status.CLOSED

    @property
    def confirmation_required(self) -> bool:
        return self.ctx.championship.confirmation_required

    @property
    def confirm_refusal(self) -> str:
        """Why the actor may not confirm the sheet now ('' when they may)."""
        actor, table = self.ctx.actor, self.table
        if actor.by_code:
            return _("Players do not confirm their own sheet: an organiser does.")
        if table.confirmed:
            return _("The sheet is already confirmed.")
        if not self.deals:
            return _("There is nothing to confirm yet.")
        if table.entered_by_id is not None and table.entered_by_id == actor.user_id:
            return _("You entered this sheet last: another person confirms it.")
        return ""


@dataclass
class SheetPage(SheetState):
    ctx: TableContext
    games: list[GameBlock]
    score: TableScore
    deals: list[Deal]
    next_number: int
    next_dealer: int
    doublings: tuple[int, ...]
    in_play: tuple[int, int]

    @property
    def columns(self) -> tuple[str, ...]:
        return self.ctx.columns

    @property
    def points_label(self) -> str:
        return points_label(self.ctx.rules)

    @property
    def column_prefix(self) -> str:
        """The CSS class of the columns: ``s`` for sides, ``p`` for players (tables of three)."""
        return "p" if self.ctx.dealer_alone else "s"

    @property
    def colspan(self) -> int:
        """The sheet's columns: number, dealer, trump, (doubling), 2 card points, notes,
        game points and totals per column, the edit link."""
        return 7 + (len(self.doublings) > 1) + 2 * len(self.columns)

    @property
    def match_summary(self) -> str:
        """At a table of three, the match's state in words ('' elsewhere: the page says it)."""
        outcome = self.outcome
        if not isinstance(outcome, ThreesOutcome) or not self.deals:
            return ""
        games = "–".join(map(str, outcome.games_won))
        if not outcome.finished:
            return _("In progress. Games won: %(games)s.") % {"games": games}
        if not outcome.winners:
            return _("Match over. A draw (%(games)s in games).") % {"games": games}
        return _("Match over. Won by %(players)s (%(games)s in games).") % {
            "players": _name_list(self.columns, outcome.winners), "games": games}

    @property
    def time_limited(self) -> bool:
        return time_limited(self.table.round, self.ctx.format)




def sheet_page(ctx: TableContext) -> SheetPage:
    """The page of a table's sheet: games, rows with their scores, the next deal. One query."""
    deals = table_deals(ctx.table)
    score = score_table(ctx.table, deals, ctx.seats)
    games: list[GameBlock] = []
    index = 0
    for number, game in enumerate(score.outcome.games, 1):
        block = GameBlock(number, finished=game.finished, winner=game.winner, totals=game.totals)
        if game.finished and ctx.dealer_alone:
            block.summary = _game_summary(number, game.winners, game.totals, ctx.columns)
        for scored in game.deals:
            deal = deals[index]
            index += 1
            credits = scored.credits if isinstance(scored, ThreesRow) else scored.score.points
            row = SheetRow(deal, ctx.seat_name(deal.dealer), scored.score, scored.totals,
                           number, credits)
            ends = game.finished and scored is game.deals[-1]
            describe_row(row, ctx, ends)
            block.rows.append(row)
        games.append(block)
    if index < len(deals):  # deals after one that no longer scores (rules changed under it)
        block = GameBlock(len(games) + 1)
        empty = ("",) * len(ctx.columns)
        block.rows = [SheetRow(deal, ctx.seat_name(deal.dealer), None, empty, block.number,
                               empty) for deal in deals[index:]]
        for row in block.rows:
            describe_row(row, ctx, False)
        games.append(block)
    last = deals[-1].dealer if deals else None
    seats = ctx.seat_count
    next_dealer = ctx.table.first_dealer % seats if last is None else (last + 1) % seats
    rules = ctx.rules
    return SheetPage(ctx, games, score, deals, len(deals) + 1, next_dealer,
                     rules.allowed_doublings(), points_in_play(rules))


def _name_list(names: tuple[str, ...], seats: tuple[int, ...]) -> str:
    return " & ".join(names[seat] for seat in seats)


def _game_summary(number: int, winners: tuple[int, ...], totals: tuple[int, ...],
                  names: tuple[str, ...]) -> str:
    """How a finished game at a table of three ended (equal highest totals share the win)."""
    figures = "–".join(map(str, totals))
    if not winners:
        return _("Game %(number)d drawn, %(totals)s.") % {"number": number, "totals": figures}
    return _("Game %(number)d won by %(players)s, %(totals)s.") % {
        "number": number, "players": _name_list(names, winners), "totals": figures}
