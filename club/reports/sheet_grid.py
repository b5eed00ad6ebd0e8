"""The grid of a printed score sheet: its geometry, its columns (two sides, or at a table of
three the dealer / partners card points and a column per player), the SVG that draws it and
the column headings. :mod:`club.reports.sheets` fills it with a table's deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.reports.fonts import MONO_ADVANCE, PT_TO_MM, fit_text, text_width_mm
from club.reports.layout import Block, Path, box, svg_data_url
from scoring import dealer_alone

PAGE_W, PAGE_H = 210.0, 297.0
LEFT, RIGHT = 12.0, 198.0
HEAD_TOP, HEAD_H = 57.0, 10.0
ROWS_TOP = HEAD_TOP + HEAD_H
ROW_H = 7.0
ROWS = 24
ROWS_BOTTOM = ROWS_TOP + ROWS * ROW_H
DEALER_PT = 10.0
DIGIT = text_width_mm("0", DEALER_PT)
NUM_X = LEFT + 1.2
DEALER_LINE = NUM_X + 2.5 * DIGIT
MONO_X = 64.0
DEALER_WIDTH = MONO_X - DEALER_LINE - 2.5
MONO_PT = 11.0
CHAR = MONO_ADVANCE * MONO_PT * PT_TO_MM
NAME_PT = 10.5
SIG_Y = (273.0, 287.0)


@dataclass(frozen=True)
class Column:
    key: str
    chars: int
    align: str  # "r", "c" or "l"
    label: str
    group: str = ""


#: The letters of a table of three's players (its seats in playing order) on the sheet.
PLAYER_LETTERS = "ABC"


def columns(doubling: bool, players: int = 4, tricks: bool = False) -> list[Column]:
    """The sheet's columns after the dealer; doubling only when the rules allow it, the
    tricks of side A (of the dealer at a table of three) only with the trick bonus. Two
    sides A and B; at a table of three the card points of the deal's two sides (dealer,
    partners) and game points and totals for each player."""
    cols = [Column("trump", 5, "c", _("Trump"))]
    if doubling:
        cols.append(Column("doubling", 4, "c", "×"))
    if tricks:
        cols.append(Column("tricks", 5, "c", pgettext("sheet column: tricks of side A (or "
                                                      "of the dealer)", "Tricks")))
    # with the trick bonus the two figures are card points and one a trick (the legend says)
    points = _("Cards + tricks") if tricks else _("Card points")
    if dealer_alone(players):
        for i, label in enumerate(deal_sides()):
            cols.append(Column(f"cards{i}", 5, "r", label, points))
        for key, group in (("game", _("Game points")), ("total", _("Total"))):
            cols += [Column(f"{key}{i}", 5, "r", PLAYER_LETTERS[i], group) for i in range(players)]
    else:
        for key, chars, group in (("cards", 5, points), ("game", 6, _("Game points")),
                                  ("total", 7, _("Total"))):
            cols += [Column(f"{key}0", chars, "r", "A", group),
                     Column(f"{key}1", chars, "r", "B", group)]
    used = sum(c.chars for c in cols)
    cols.append(Column("notes", int((RIGHT - MONO_X) / CHAR) - used, "l", _("Notes")))
    return cols


def deal_sides() -> tuple[str, str]:
    """A table of three's deal sides as its sheet heads them: the dealer, the partners."""
    return (pgettext("sheet column: the dealer", "D"), pgettext("sheet column: the partners", "P"))


def _x(cols: list[Column], index: int) -> float:
    return MONO_X + CHAR * sum(c.chars for c in cols[:index])


def _opens_group(cols: list[Column], index: int) -> bool:
    return bool(cols[index].group) and (index == 0 or cols[index - 1].group != cols[index].group)


def _group_width(cols: list[Column], index: int) -> float:
    return CHAR * sum(c.chars for c in cols[index:] if c.group == cols[index].group)


def background(cols: list[Column], *, opaque: bool = False) -> str:
    """The grid, table box and signature lines: one SVG for every page of the document
    (``opaque``: on white, to lay over the shared one on a page with other columns)."""
    thin, thick, shade, paper = Path(), Path(), Path(), Path()
    if opaque:
        paper.rect(0, 0, PAGE_W, PAGE_H)
    shade.rect(LEFT, HEAD_TOP, RIGHT - LEFT, HEAD_H)
    for row in range(1, ROWS):
        thin.hline(LEFT, RIGHT, ROWS_TOP + row * ROW_H)
    thick.rect(LEFT, HEAD_TOP, RIGHT - LEFT, ROWS_BOTTOM - HEAD_TOP).hline(LEFT, RIGHT, ROWS_TOP)
    thick.vline(DEALER_LINE, HEAD_TOP, ROWS_BOTTOM).vline(MONO_X, HEAD_TOP, ROWS_BOTTOM)
    for i, col in enumerate(cols[1:], 1):
        x = _x(cols, i)
        if col.group and not _opens_group(cols, i):
            thin.vline(x, HEAD_TOP + HEAD_H / 2, ROWS_BOTTOM)
        else:
            thick.vline(x, HEAD_TOP, ROWS_BOTTOM)
            if col.group:
                thin.hline(x, x + _group_width(cols, i), HEAD_TOP + HEAD_H / 2)
    thick.rect(160, 9, RIGHT - 160, 19)
    for x1, x2 in ((LEFT, 100.0), (110.0, RIGHT)):
        for y in SIG_Y:
            thin.hline(x1, x2, y)
    return svg_data_url(PAGE_W, PAGE_H, [
        (paper.d(), 'fill="#fff"'),
        (shade.d(), 'fill="#ececec"'),
        (thin.d(), 'fill="none" stroke="#666" stroke-width="0.2"'),
        (thick.d(), 'fill="none" stroke="#111" stroke-width="0.45"'),
    ])


def _label(text: str, left: float, top: float, width: float, size: float = 8.0) -> Block:
    while size > 6.0 and text_width_mm(text, size, bold=True) > width - 1:
        size -= 0.5
    return Block("b c bold", box(left, top, width, font_size=f"{size}pt"),
                 fit_text(text, width - 1, size, bold=True))


def header_blocks(cols: list[Column]) -> list[Block]:
    """Column headings: the same on every page."""
    half = HEAD_H / 2
    out = [_label(_("No."), LEFT, HEAD_TOP + 3, DEALER_LINE - LEFT, 7.0),
           _label(_("Dealer"), DEALER_LINE, HEAD_TOP + 3, MONO_X - DEALER_LINE)]
    sides = []
    for i, col in enumerate(cols):
        x, width = _x(cols, i), CHAR * col.chars
        if not col.group:
            out.append(_label(col.label, x, HEAD_TOP + 3, width))
            continue
        if _opens_group(cols, i):
            out.append(_label(col.group, x, HEAD_TOP + 0.8, _group_width(cols, i)))
        pad = (col.chars - 1) // 2
        sides.append(" " * pad + col.label + " " * (col.chars - pad - 1))
    first = next(i for i, c in enumerate(cols) if c.group)
    out.append(Block("b m", box(_x(cols, first), HEAD_TOP + half + 0.4,
                                font_size=f"{MONO_PT}pt"), "".join(sides).rstrip()))
    return out


def cell_text(col: Column, value: str) -> str:
    width = col.chars - 1
    value = value[:width]
    if col.align == "r":
        return value.rjust(width) + " "
    if col.align == "c":
        return value.center(col.chars)
    return " " + value.ljust(width)
