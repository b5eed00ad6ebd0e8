"""Score sheets of a round: one A4 page per table, blank before the round, filled after it.

Each page carries the championship, stage, round and table, the four players in seat order
with their sides, who keeps the sheet, the players' code (self-entry), the dealer of every
deal pre-printed in playing order, the columns of the paper sheet (trump, doubling, card
points, game points, running totals per side, notes) and signature lines. Filled sheets
take the game points and totals from ``scoring`` (the deals replayed, as everywhere else).

Layout for speed: the grid is one SVG background shared by every page; the numbers of a
row are one monospaced line, so the whole deal grid is two text blocks of 24 lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.reports.data import RoundData, TableData, group_seats
from club.reports.fonts import FIGURE_SPACE, MONO_ADVANCE, PT_TO_MM, fit_name, fit_text, text_width_mm
from club.reports.layout import BASE_CSS, Block, Path, box, pages_html, svg_data_url
from club.selectors.replay import match_format, score_table
from club.selectors.sheets import TRUMP_SYMBOLS
from club.services.sheet_messages import format_label

PAGE_W, PAGE_H = 210.0, 297.0
LEFT, RIGHT = 12.0, 198.0
HEAD_TOP, HEAD_H = 57.0, 10.0
ROWS_TOP = HEAD_TOP + HEAD_H
ROW_H = 7.4
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


def columns(doubling: bool) -> list[Column]:
    """The sheet's columns after the dealer; doubling only when the rules allow it."""
    cols = [Column("trump", 5, "c", _("Trump"))]
    if doubling:
        cols.append(Column("doubling", 4, "c", "×"))
    for key, chars, group in (("cards", 5, _("Card points")), ("game", 6, _("Game points")),
                              ("total", 7, _("Total"))):
        cols += [Column(f"{key}0", chars, "r", "A", group), Column(f"{key}1", chars, "r", "B", group)]
    used = sum(c.chars for c in cols)
    cols.append(Column("notes", int((RIGHT - MONO_X) / CHAR) - used, "l", _("Notes")))
    return cols


def _x(cols: list[Column], index: int) -> float:
    return MONO_X + CHAR * sum(c.chars for c in cols[:index])


def background(cols: list[Column]) -> str:
    """The grid, table box and signature lines: one SVG for every page of the document."""
    thin, thick, shade = Path(), Path(), Path()
    shade.rect(LEFT, HEAD_TOP, RIGHT - LEFT, HEAD_H)
    for row in range(1, ROWS):
        thin.hline(LEFT, RIGHT, ROWS_TOP + row * ROW_H)
    thick.rect(LEFT, HEAD_TOP, RIGHT - LEFT, ROWS_BOTTOM - HEAD_TOP).hline(LEFT, RIGHT, ROWS_TOP)
    thick.vline(DEALER_LINE, HEAD_TOP, ROWS_BOTTOM).vline(MONO_X, HEAD_TOP, ROWS_BOTTOM)
    for i, col in enumerate(cols[1:], 1):
        x = _x(cols, i)
        if col.label == "B":
            thin.vline(x, HEAD_TOP + HEAD_H / 2, ROWS_BOTTOM)
        else:
            thick.vline(x, HEAD_TOP, ROWS_BOTTOM)
            if col.group:
                thin.hline(x, x + CHAR * 2 * col.chars, HEAD_TOP + HEAD_H / 2)
    thick.rect(160, 9, RIGHT - 160, 19)
    for x1, x2 in ((LEFT, 100.0), (110.0, RIGHT)):
        for y in SIG_Y:
            thin.hline(x1, x2, y)
    return svg_data_url(PAGE_W, PAGE_H, [
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
        if col.label == "A":
            out.append(_label(col.group, x, HEAD_TOP + 0.8, 2 * width))
        pad = (col.chars - 1) // 2
        sides.append(" " * pad + col.label + " " * (col.chars - pad - 1))
    first = next(i for i, c in enumerate(cols) if c.group)
    out.append(Block("b m", box(_x(cols, first), HEAD_TOP + half + 0.4,
                                font_size=f"{MONO_PT}pt"), "".join(sides).rstrip()))
    return out


def _cell(col: Column, value: str) -> str:
    width = col.chars - 1
    value = value[:width]
    if col.align == "r":
        return value.rjust(width) + " "
    if col.align == "c":
        return value.center(col.chars)
    return " " + value.ljust(width)


@dataclass
class Row:
    number: int
    dealer: int
    cells: dict[str, str]
    game_end: bool = False


def _note_side(side: int | None) -> str:
    return "" if side is None else ":" + "AB"[side]


def recorded_rows(data: TableData) -> tuple[list[Row], str]:
    """The recorded deals as sheet rows (scored with ``scoring``) and the summary line."""
    score = score_table(data.table, data.deals, data.seats)
    scored = [row for game in score.outcome.games for row in game.deals]
    ends = {}
    count = 0
    for index, game in enumerate(score.outcome.games, 1):
        count += len(game.deals)
        if game.finished:
            ends[count] = (index, game.winner)
    rows = []
    for i, deal in enumerate(data.deals):
        cells = {"trump": TRUMP_SYMBOLS.get(deal.trump, pgettext("no trump, short", "NT")),
                 "doubling": f"×{deal.doubling}" if deal.doubling > 1 else ""}
        notes = []
        if deal.cancelled:
            cells["trump"] = "–"
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: cancelled", "X"))
        elif deal.renonce is not None:
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: renonce", "R") + _note_side(deal.renonce))
        else:
            cells["cards0"] = "" if deal.points is None else str(deal.points)
            cells["cards1"] = "" if deal.points_other is None else str(deal.points_other)
        if deal.all_tricks is not None:
            notes.append(pgettext("sheet note: all tricks", "AT") + _note_side(deal.all_tricks))
        if i < len(scored):
            row = scored[i]
            if row.score.outcome == "tie":
                notes.append("=")
            cells.update(game0=str(row.score.points[0]), game1=str(row.score.points[1]),
                         total0=str(row.totals[0]), total1=str(row.totals[1]))
            if i + 1 in ends:
                game, winner = ends[i + 1]
                notes.append(f"G{game}:{'=' if winner is None else 'AB'[winner]}")
        elif score.broken_at is not None and i + 1 == score.broken_at:
            notes.append("?")
        cells["notes"] = " ".join(notes)
        rows.append(Row(deal.number, deal.dealer, cells, game_end=(i + 1) in ends))
    return rows, _summary(score) if data.deals else ""


def _summary(score) -> str:
    outcome = score.outcome
    won, points = outcome.games_won, outcome.points
    figures = _("games %(a)d–%(b)d, game points %(pa)d–%(pb)d") % {
        "a": won[0], "b": won[1], "pa": points[0], "pb": points[1]}
    if score.error is not None:
        return _("Deal %(deal)s could not be scored (%(error)s); before it: %(figures)s") % {
            "deal": score.broken_at, "error": score.error, "figures": figures}
    if not outcome.finished:
        return _("In progress: %(figures)s") % {"figures": figures}
    if outcome.winner is None:
        return _("Result: a draw, %(figures)s") % {"figures": figures}
    return _("Result: side %(side)s wins, %(figures)s") % {"side": "AB"[outcome.winner],
                                                             "figures": figures}


def _rows_wanted(data: TableData, deals_format: int | None) -> int:
    return max(len(data.deals), deals_format or 0, ROWS)


class SheetBuilder:
    """Pages of one round's sheets (the same geometry and background for every page)."""

    def __init__(self, rnd_data: RoundData) -> None:
        self.data = rnd_data
        champ = rnd_data.championship
        self.rules = champ.rule_set.rules()
        self.format = match_format(champ)
        self.cols = columns(len(self.rules.allowed_doublings()) > 1)
        self.headers = header_blocks(self.cols)
        rnd = rnd_data.round
        self.title = fit_text(champ.name, 145, 15, bold=True)
        self.subtitle = fit_text(" · ".join(p for p in (
            capfirst(str(rnd.stage)), str(rnd), _("%(format)s, %(rules)s") % {
                "format": format_label(self.format), "rules": champ.rule_set.name}) if p), 145, 10)
        self.legend = _("AT:A all tricks taken by side A · R:B renonce by side B · X cancelled"
                        " · = 30-30, the next deal counts double · G1:A game 1 won by side A")

    def pages(self) -> list[list[Block]]:
        out = []
        deals_format = self.format.count if self.format.kind == "deals" else None
        for table in self.data.tables:
            if table.table.is_bye:
                continue
            rows, summary = recorded_rows(table) if table.deals else ([], "")
            wanted = _rows_wanted(table, deals_format)
            for page in range(math.ceil(wanted / ROWS)):
                out.append(self.page(table, rows, summary, page))
        return out

    def page(self, data: TableData, rows: list[Row], summary: str, page: int) -> list[Block]:
        table = data.table
        seats = sorted(data.seats, key=lambda s: s.position)
        names = {s.position: s.player for s in seats}
        count = max(len(seats), 1)
        blocks = [Block("b bold", box(LEFT, 10, 146, font_size="15pt"), self.title),
                  Block("b", box(LEFT, 18, 146), self.subtitle),
                  Block("b c", box(160, 10.5, RIGHT - 160, font_size="8pt"),
                        _("Table") + (" " + _("(continued)") if page else "")),
                  Block("b c bold", box(160, 14.5, RIGHT - 160, font_size="24pt"),
                        str(table.number))]
        blocks += self.players(data, seats)
        blocks += self.headers
        first = page * ROWS + 1
        by_number = {row.number: row for row in rows}
        lines, mono, ends = [], [], []
        for i in range(ROWS):
            number = first + i
            row = by_number.get(number)
            dealer = row.dealer if row else (table.first_dealer + number - 1) % count
            player = names.get(dealer)
            name = fit_name(player.first_name, player.last_name, DEALER_WIDTH,
                            DEALER_PT) if player else ""
            lines.append(f"{number:>2}".replace(" ", FIGURE_SPACE) + "  " + name)
            mono.append("".join(_cell(c, row.cells.get(c.key, "")) for c in self.cols)
                        .rstrip() if row else "")
            if row and row.game_end:
                ends.append(i)
        blocks.append(Block("b", box(NUM_X, ROWS_TOP, MONO_X - NUM_X - 0.5,
                                     line_height=f"{ROW_H}mm"), "\n".join(lines)))
        if any(mono):
            blocks.append(Block("b m", box(MONO_X, ROWS_TOP, RIGHT - MONO_X,
                                           line_height=f"{ROW_H}mm", font_size=f"{MONO_PT}pt"),
                                "\n".join(mono).rstrip()))
        for i in ends:
            blocks.append(Block("rule", box(LEFT, ROWS_TOP + (i + 1) * ROW_H - 0.3,
                                            RIGHT - LEFT), ""))
        blocks += self.footer(data, seats, summary if page == 0 else "")
        return blocks

    def players(self, data: TableData, seats) -> list[Block]:
        table = data.table
        champ = self.data.championship
        by_side = group_seats(seats)
        top = 29.0
        lines = [f"{s.position + 1}" for s in seats]
        players = [fit_name(s.player.first_name, s.player.last_name, 92, NAME_PT) for s in seats]
        sides = ["AB"[s.side] if s.side in (0, 1) else "" for s in seats]
        keeper = next((s for s in seats if s.position == table.sheet_keeper), None)
        info = [_("Side A: seats %(seats)s") % {"seats": ", ".join(str(s.position + 1)
                                                                  for s in by_side[0])},
                _("Side B: seats %(seats)s") % {"seats": ", ".join(str(s.position + 1)
                                                                  for s in by_side[1])}]
        if keeper is not None:
            info.append(_("Sheet kept by seat %(seat)d:") % {"seat": keeper.position + 1})
            info.append("  " + fit_name(keeper.player.first_name, keeper.player.last_name, 72, 10))
        if champ.self_entry and table.code:
            info.append(_("Players' code: %(code)s") % {"code": table.code})
        style = {"line_height": "5.6mm"}
        return [
            Block("b muted", box(LEFT, top - 5, 110, font_size="7.5pt"),
                  _("Seat · player · side (in playing order)")),
            Block("b bold r", box(LEFT, top, 5, font_size=f"{NAME_PT}pt", **style), "\n".join(lines)),
            Block("b", box(LEFT + 8, top, 94, font_size=f"{NAME_PT}pt", **style), "\n".join(players)),
            Block("b bold", box(LEFT + 104, top, 6, font_size=f"{NAME_PT}pt", **style),
                  "\n".join(sides)),
            Block("b", box(124, top, RIGHT - 124, line_height="4.6mm", font_size="9pt"),
                  "\n".join(fit_text(line, RIGHT - 125, 9) for line in info)),
        ]

    def footer(self, data: TableData, seats, summary: str) -> list[Block]:
        by_side = group_seats(seats)
        out = []
        if summary:
            out.append(Block("b bold", box(LEFT, ROWS_BOTTOM + 1.8, RIGHT - LEFT),
                             fit_text(summary, RIGHT - LEFT - 1, 10, bold=True)))
        out.append(Block("b w muted", box(LEFT, ROWS_BOTTOM + 7, RIGHT - LEFT, font_size="7pt"),
                         self.legend))
        out.append(Block("b muted", box(LEFT, SIG_Y[0] - 10, 100, font_size="8pt"),
                         _("Signatures of the four players")))
        for x, side in ((LEFT, by_side[0]), (110.0, by_side[1])):
            names = [f"({s.position + 1}) " + fit_name(s.player.first_name, s.player.last_name,
                                                      80, 8.5) for s in side[:2]]
            # one block: the second name three lines below the first, under the next line
            out.append(Block("b", box(x, SIG_Y[0] + 0.4, 88, font_size="8.5pt",
                                      line_height=f"{(SIG_Y[1] - SIG_Y[0]) / 3:.3f}mm"),
                             "\n\n\n".join(names)))
        return out

    def html(self) -> str:
        css = BASE_CSS + (f"@page {{ size: A4; margin: 0; background: url({background(self.cols)})"
                          f" no-repeat; background-size: {PAGE_W:g}mm {PAGE_H:g}mm; }}\n"
                          f"section {{ width: {PAGE_W:g}mm; height: {PAGE_H:g}mm; }}")
        rnd = self.data.round
        return pages_html(css, self.pages(), _("Score sheets, %(round)s, %(championship)s") % {
            "round": rnd, "championship": self.data.championship.name})


def sheets_html(rnd_data: RoundData) -> str:
    """The HTML of the round's score sheets (every table of ``rnd_data``)."""
    return SheetBuilder(rnd_data).html()
