"""The printed sheet of an auction Manille table (RULES.md §13): what the players need to
write the deals by hand at a table of 3 to 7, and the grid's columns and drawing.

- :func:`rules_lines`: the table's rules in short (hands, what lies out, the count in play,
  the lowest bid and the all-tricks value, or variant 1's target and stakes, the deals of a
  game and how often each player deals, the direction of play, the obligations).
- :func:`columns`: the deal's facts (dealer, declarer, bid, trump, cards drawn or exchanged,
  the declarer's count, his score for the deal), then one column per player (A to G, the
  seats in playing order) holding the running totals. The columns a game does not use are
  left out (no bid in variant 1, no exchange in variant 2).
- :func:`background`: the grid as one SVG (opaque: each page carries its own, the table
  sizes of a round differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from club.reports.layout import Path, svg_data_url
from club.reports.sheet_grid import LEFT, PAGE_H, PAGE_W, RIGHT  # the partnership sheet's page
from club.sheets.auction_games import auction_sentences, game_sheet
from engine.rules import RuleSet
from scoring.auction import AuctionGame

HEAD_TOP, HEAD_H = 73.0, 11.0
ROWS_TOP = HEAD_TOP + HEAD_H
ROW_H = 9.0
#: Rows a page holds (a game's deals and the places row; a longer game goes on a second page).
PAGE_ROWS = 17
#: The letters of the players' columns: the seats in playing order.
LETTERS = "ABCDEFG"


@dataclass(frozen=True)
class Column:
    key: str
    width: float  # mm
    label: str
    align: str = "c"  # "c" or "r"
    player: int | None = None  # the seat of a player's column


def game_length(rules: RuleSet) -> int:
    """The deals of a game at this table: the rule set's, rounded up to a multiple of the
    players so that everyone deals equally often (``scoring.AuctionGame``)."""
    return AuctionGame(rules, rules.players).length


def rules_lines(rules: RuleSet) -> list[str]:
    """The table's rules in a few short lines (``rules`` at the table's size)."""
    players = rules.players
    lines = [ngettext("%(n)d players, each for themselves", "%(n)d players, each for themselves",
                      players) % {"n": players}, game_sheet(rules).hands(rules)]
    lines += auction_sentences(rules)  # the scoring facts, as the web sheet says them
    length = game_length(rules)
    direction = (_("counter-clockwise") if rules.direction == "counterclockwise"
                 else _("clockwise"))
    lines.append(_("%(deals)d deals, each player deals %(each)d times · play %(direction)s")
                 % {"deals": length, "each": length // players, "direction": direction})
    if rules.beat_led_suit or rules.must_trump:
        lines.append(_("Stricter obligations: the declarer's opponents are partners"))
    else:
        lines.append(_("Follow suit if you can, otherwise any card"))
    return lines


def columns(rules: RuleSet) -> list[Column]:
    """The grid's columns, left to right (widths add up to the page's width)."""
    game = game_sheet(rules)
    cols = [Column("number", 8.0, _("No."), "r"),
            Column("dealer", 12.5, _("Dealer")),
            Column("declarer", 15.0, pgettext("auction sheet column", "Declarer"))]
    if not game.privilege:
        cols.append(Column("bid", 11.0, pgettext("auction sheet column", "Bid")))
    cols.append(Column("trump", 9.5, _("Trump")))
    if game.exchange_column is not None:
        cols.append(Column("exchanged", 11.0, str(game.exchange_column)))
    cols += [Column("count", 12.0, pgettext("auction sheet column", "Count"), "r"),
             Column("score", 14.0, pgettext("auction sheet column", "Score"), "r")]
    used = sum(c.width for c in cols)
    each = (RIGHT - LEFT - used) / rules.players
    cols += [Column(f"total{seat}", each, LETTERS[seat], "r", player=seat)
             for seat in range(rules.players)]
    return cols


def x_of(cols: list[Column], index: int) -> float:
    return LEFT + sum(c.width for c in cols[:index])


def first_player(cols: list[Column]) -> int:
    return next(i for i, c in enumerate(cols) if c.player is not None)


def rows_bottom(rows: int) -> float:
    return ROWS_TOP + rows * ROW_H


@cache
def _background(widths: tuple[float, ...], first: int, rows: int, last_shaded: bool,
                signatures: int) -> str:
    thin, thick, shade, paper = Path(), Path(), Path(), Path()
    paper.rect(0, 0, PAGE_W, PAGE_H)
    bottom = rows_bottom(rows)
    shade.rect(LEFT, HEAD_TOP, RIGHT - LEFT, HEAD_H)
    if last_shaded:
        shade.rect(LEFT, bottom - ROW_H, RIGHT - LEFT, ROW_H)
    for row in range(1, rows):
        thin.hline(LEFT, RIGHT, ROWS_TOP + row * ROW_H)
    thick.rect(LEFT, HEAD_TOP, RIGHT - LEFT, bottom - HEAD_TOP).hline(LEFT, RIGHT, ROWS_TOP)
    x = LEFT
    for index, width in enumerate(widths[:-1]):
        x += width
        if index + 1 > first:
            thin.vline(x, HEAD_TOP + HEAD_H / 2, bottom)
        else:
            thick.vline(x, HEAD_TOP, bottom)
    totals_left = LEFT + sum(widths[:first])
    thin.hline(totals_left, RIGHT, HEAD_TOP + HEAD_H / 2)
    thick.rect(160, 9, RIGHT - 160, 19)
    for i in range(signatures):
        column, line = divmod(i, 4)
        x1 = LEFT if column == 0 else 110.0
        thin.hline(x1, x1 + 88, SIG_TOP + line * SIG_STEP)
    return svg_data_url(PAGE_W, PAGE_H, [
        (paper.d(), 'fill="#fff"'),
        (shade.d(), 'fill="#ececec"'),
        (thin.d(), 'fill="none" stroke="#666" stroke-width="0.2"'),
        (thick.d(), 'fill="none" stroke="#111" stroke-width="0.45"'),
    ])


#: The first signature line and the distance between two (four lines a column).
SIG_TOP, SIG_STEP = 258.0, 9.5


def background(cols: list[Column], rows: int, last_shaded: bool, signatures: int) -> str:
    """The grid of a page with ``rows`` rows (the last one shaded: the places row) and
    ``signatures`` signature lines, as an SVG data URL (cached per shape)."""
    return _background(tuple(c.width for c in cols), first_player(cols), rows, last_shaded,
                       signatures)
