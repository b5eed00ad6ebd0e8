"""A partnership sheet's page (or a table of three's): games, rows with their scores and
notes, the next deal, and the sheet's state, from the table's context
(:func:`club.selectors.sheets.load_table`) and one query for the deals, scored with
``scoring``. :class:`SheetState` is shared with the auction sheet's page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from club.models import Deal, Round, Table
from club.selectors.replay import TableScore, score_table, time_limited
from club.selectors.sheet_notes import describe_row
from club.selectors.sheet_rows import table_deals
from club.selectors.sheets import TRUMP_SYMBOLS, TableContext, expected_dealer
from club.sheet_labels import points_label, tie_label
from engine.rules import RuleSet
from scoring import DealScore, ThreesOutcome, ThreesRow, points_in_play
from scoring.deal import points_text


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
    rules = ctx.rules
    number = len(deals) + 1
    return SheetPage(ctx, games, score, deals, number, expected_dealer(ctx, deals, number),
                     rules.allowed_doublings(), points_in_play(rules))


def _name_list(names: tuple[str, ...], seats: tuple[int, ...]) -> str:
    return " & ".join(names[seat] for seat in seats)


def _game_summary(number: int, winners: tuple[int, ...], totals: tuple[int, ...],
                  names: tuple[str, ...]) -> str:
    """How a finished game at a table of three ended (equal highest totals share the win)."""
    figures = "–".join(map(points_text, totals))
    if not winners:
        return _("Game %(number)d drawn, %(totals)s.") % {"number": number, "totals": figures}
    return _("Game %(number)d won by %(players)s, %(totals)s.") % {
        "number": number, "players": _name_list(names, winners), "totals": figures}


def page_rows(page: SheetPage):
    """The page's deal rows, game by game (the sheet kind's ``page_rows``)."""
    return (row for game in page.games for row in game.rows)


def page_extra(page: SheetPage) -> dict:
    """Nothing more for the page's context (the sheet kind's ``page_extra``)."""
    return {}


def preview(ctx: TableContext, outcome, number: int, count: int) -> dict:
    """The entry row's live figures for a candidate deal ``number`` of ``count``, scored in
    its place (the sheet kind's ``preview``): each column's points, the totals after it,
    and what it ends."""
    rows = [(game, row) for game in outcome.games for row in game.deals]
    game, row = rows[number - 1]
    last_of_game = row is game.deals[-1] and game.finished
    tie = ""
    if row.score.outcome == "tie":  # at a table of three too
        tie = tie_label(row.score, ctx.rules, ends_game=last_of_game,
                        points=row.result.points[0] if row.result.points else None)
    # What each column of the sheet gets: each side's points, or each player's at a table of three.
    credits = row.credits if isinstance(row, ThreesRow) else row.score.points
    return {
        "ok": True, "number": number, "points": [_json_points(p) for p in credits],
        "totals": [_json_points(t) for t in row.totals], "multiplier": row.score.multiplier,
        "outcome": row.score.outcome, "pending": row.score.pending,
        "game_over": last_of_game, "game_winner": game.winner if last_of_game else None,
        "match_over": outcome.finished and number == count,
        **({"tie": tie} if tie else {}),
    }


def _json_points(value):
    """A preview's game points: an int, or a half written "4½" (JSON has no fractions)."""
    return points_text(value) if isinstance(value, Fraction) else value
