"""Opening a table's score sheet: who may open it, the table's context, in one query.

:func:`load_table` resolves a table for an organiser (by its id) or for its players (by
its code) in one query: the seats with their players, the table, round, stage,
championship, rule set and the sheet's users, and whether the user may edit the club.
The page itself (rows, games, state) is :mod:`club.selectors.sheet_page`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from club.access import club_scorer
from club.models import Deal, Seat, Table
from club.selectors.names import conceal_seats
from club.selectors.replay import (
    championship_rules,
    match_format,
    players_at,
    rules_at,
)
from club.selectors.sheet_rows import seat_rows
from club.sheets.kinds import SheetKind, kind_of_rules
from club.table_codes import normalise
from engine.rules import RuleSet
from scoring import MatchFormat, dealer_alone

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
    def writer(self) -> str:
        """Who writes, as the write-once store keys it (club.services.once): the table's
        code holders as one (``table:<id>``), else the user (``user:<id>``)."""
        if self.actor.by_code:
            return f"table:{self.table.pk}"
        return f"user:{self.actor.user.pk}"

    @property
    def kind(self) -> SheetKind:
        """The table's kind of sheet (club.sheets.kinds): its form, page and checks."""
        return kind_of_rules(championship_rules(self.championship))

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
    players enter; the code as people type it, :func:`club.table_codes.normalise`). One
    query (see :mod:`club.selectors.sheet_rows`; one more for a table without seats, and
    with ``page`` one for who entered and confirmed the sheet). Raises
    :class:`SheetNotFound` or :class:`SheetForbidden`.
    """
    user = actor.user
    if actor.by_code:
        code = normalise(actor.code)
        if not code:
            raise SheetNotFound
        rows = seat_rows(None, code=code)
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


def expected_dealer(ctx: TableContext, deals: Sequence[Deal], number: int) -> int:
    """Who deals deal ``number``: the player after the previous deal's dealer (a cancelled
    deal too: the next player deals), the table's first dealer for the first deal."""
    seats = ctx.seat_count
    if number <= 1:
        return ctx.table.first_dealer % seats
    return (deals[number - 2].dealer + 1) % seats
