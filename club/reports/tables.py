"""Long tables on A4 pages (standings, round results) with a page header and footer,
followed by charts.

The same technique as the sheets: a page is a few absolutely placed blocks. A text column
(names) is one block of lines; consecutive numeric columns are one monospaced block, each
row a single line. Rows per page are fixed, so the table is paginated here, not by the
layout engine; the header and footer (title, seed, last result, page X of Y) are page
margin boxes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from club.reports import charts
from club.reports.fonts import (
    MONO_ADVANCE,
    PT_TO_MM,
    fit_lines,
    fit_text,
    one_line,
    text_width_mm,
    wrap,
)
from club.reports.layout import BASE_CSS, Block, Path, box, css_string, pages_html, svg_data_url

WIDTH, HEIGHT = 186.0, 263.0  # A4 less the page margins below
MARGINS = "18mm 12mm 16mm 12mm"
LINE = 5.0
TEXT_PT = 9.0
CHAR = MONO_ADVANCE * TEXT_PT * PT_TO_MM
HEAD = 6.0
GAP = 6.0


@dataclass(frozen=True)
class Col:
    """A column: ``chars`` set means monospaced numbers (right-aligned), else text of
    ``width`` mm (0: what the other columns leave)."""

    label: str
    chars: int = 0
    width: float = 0.0
    align: str = "r"

    @property
    def mono(self) -> bool:
        return self.chars > 0


@dataclass(frozen=True)
class Chart:
    svg: str
    alt: str


class Document:
    """A titled table with charts after it, as absolutely laid out A4 pages."""

    def __init__(self, *, title: str, intro: Sequence[str], cols: Sequence[Col],
                 rows: Sequence[Sequence[str]], charts_: Sequence[Chart] = (),
                 header: tuple[str, str] = ("", ""), footer: str = "", empty: str = "",
                 notes: Sequence[tuple[str, Sequence[str]]] = ()) -> None:
        self.title, self.rows, self.charts = title, rows, charts_
        self.notes = notes  # (heading, lines) after the table: each line wrapped, never cut
        self.intro = [one_line(line) for line in intro]  # names: a line each, as measured
        self.header, self.footer, self.empty = header, footer, empty
        # a numbers column as wide as its longest value ("151–201–51"): never cut
        cols = [Col(c.label, max([c.chars, *(len(row[i]) + 1 for row in rows)]), c.width,
                    c.align) if c.mono else c for i, c in enumerate(cols)]
        fixed = sum(c.chars * CHAR if c.mono else c.width for c in cols)
        flexible = [c for c in cols if not c.mono and not c.width]
        share = (WIDTH - fixed) / max(len(flexible), 1)
        self.cols = [Col(c.label, c.chars, share, c.align) if c in flexible else c for c in cols]
        self.xs = []
        x = 0.0
        for col in self.cols:
            self.xs.append(x)
            x += col.chars * CHAR if col.mono else col.width

    def _width(self, i: int) -> float:
        col = self.cols[i]
        return col.chars * CHAR if col.mono else col.width

    def _cell(self, i: int, value: str) -> list[str]:
        """A cell's lines: a number right-aligned; a text wrapped to its column (a long name
        or result takes two lines rather than be cut)."""
        col = self.cols[i]
        if col.mono:
            return [value.rjust(col.chars - 1) + " "]
        return wrap(value, col.width - 2, TEXT_PT)

    def _lines(self, row: Sequence[str]) -> list[list[str]]:
        """Each column's lines of ``row``, as many for every column (the row's height)."""
        cells = [self._cell(i, value) for i, value in enumerate(row)]
        height = max(len(c) for c in cells)
        return [c + [" " * len(c[0]) if self.cols[i].mono else ""] * (height - len(c))
                for i, c in enumerate(cells)]

    def _heading(self, top: float) -> list[Block]:
        out = []
        for i, col in enumerate(self.cols):
            width, size = self._width(i), 8.0
            while size > 6.0 and text_width_mm(col.label, size, bold=True) > width - 1:
                size -= 0.5
            align = "r" if col.mono else "l"
            left = self.xs[i] + (0 if col.mono else 1)
            width = width - (CHAR / 2 if col.mono else 1)
            out.append(Block(f"b bold {align}", box(left, top, width, font_size=f"{size}pt"),
                             fit_text(col.label, width, size, bold=True)))
        return out

    def _runs(self) -> list[list[int]]:
        """Column indexes grouped into blocks: each text column alone, numbers together."""
        runs: list[list[int]] = []
        for i, col in enumerate(self.cols):
            if col.mono and runs and self.cols[runs[-1][-1]].mono:
                runs[-1].append(i)
            else:
                runs.append([i])
        return runs

    def _table(self, top: float, rows: Sequence[list[list[str]]]) -> list[Block]:
        """The heading and ``rows`` (each column's lines) from ``top``, every other row
        shaded."""
        out, y = [], top + HEAD
        shade = Path()
        for index, row in enumerate(rows):
            height = len(row[0]) * LINE
            if index % 2:
                shade.rect(0, y - top - HEAD, WIDTH, height)
            y += height
        lines = sum(len(row[0]) for row in rows)
        if shade.parts:
            out.append(Block("", box(0, top + HEAD, WIDTH, lines * LINE, position="absolute"),
                             "", src=svg_data_url(WIDTH, lines * LINE,
                                                  [(shade.d(), 'fill="#eef1ef"')])))
        out += self._heading(top + 1)
        for run in self._runs():
            text = ["".join(parts) for row in rows
                    for parts in zip(*(row[i] for i in run), strict=True)]
            first = self.cols[run[0]]
            x = self.xs[run[0]]
            if first.mono:
                out.append(Block("b m", box(x, top + HEAD, sum(self._width(i) for i in run),
                                            line_height=f"{LINE}mm"), "\n".join(text)))
            else:
                out.append(Block("b", box(x + 1, top + HEAD, first.width - 1,
                                          line_height=f"{LINE}mm"), "\n".join(text)))
        return out

    def _intro_lines(self) -> int:
        """Lines the introduction takes once wrapped (measured, with some slack)."""
        return sum(max(1, math.ceil(text_width_mm(line, TEXT_PT + 1) / (WIDTH - 8)))
                   for line in self.intro)

    def _intro_height(self) -> float:
        return 12 + 4.6 * self._intro_lines() + 3

    def capacity(self, top: float) -> int:
        return int((HEIGHT - top - HEAD) // LINE)

    def pages(self) -> list[list[Block]]:
        first_top = self._intro_height()
        # the title whole: set smaller, on two lines if need be
        title, size = fit_lines(self.title, WIDTH - 1, 10, 16, smallest=10, bold=True,
                                leading=1.15)
        pages: list[list[Block]] = [[
            Block("b bold", box(0, 0, WIDTH, font_size=f"{size:g}pt", line_height="1.15"),
                  "\n".join(title)),
            Block("b w muted", box(0, 10, WIDTH, line_height="4.6mm",
                                   font_size=f"{TEXT_PT + 1}pt"), "\n".join(self.intro))]]
        top, rows = first_top, [self._lines(row) for row in self.rows]
        if not rows:
            pages[0].append(Block("b", box(0, top, WIDTH), self.empty))
            top += 10
        while rows:
            room, take = self.capacity(top), 0
            while take < len(rows) and (take == 0 or room >= len(rows[take][0])):
                room -= len(rows[take][0])
                take += 1
            pages[-1] += self._table(top, rows[:take])
            top += HEAD + LINE * sum(len(row[0]) for row in rows[:take]) + GAP
            rows = rows[take:]
            if rows:
                pages.append([])
                top = 0.0
        for heading, lines in self.notes:
            wrapped = [wrap(line, WIDTH - 2, TEXT_PT) for line in lines]
            if top + HEAD + LINE * len(wrapped[0] if wrapped else []) > HEIGHT:
                pages.append([])
                top = 0.0
            pages[-1].append(Block("b bold", box(0, top, WIDTH), heading))
            top += HEAD
            for line in wrapped:
                if top + LINE * len(line) > HEIGHT:
                    pages.append([])
                    top = 0.0
                pages[-1].append(Block("b", box(1, top, WIDTH - 1, line_height=f"{LINE}mm"),
                                       "\n".join(line)))
                top += LINE * len(line)
            top += GAP
        for chart in self.charts:
            width, height = _chart_size(chart.svg)
            if top + height > HEIGHT:
                pages.append([])
                top = 0.0
            pages[-1].append(Block("", box(0, top, width, height, position="absolute"),
                                   chart.alt, src=charts.data_url(chart.svg)))
            top += height + GAP
        return pages

    def html(self) -> str:
        page_of = _("Page %(page)s of %(pages)s")
        before, _sep, rest = page_of.partition("%(page)s")
        middle, _sep, after = rest.partition("%(pages)s")
        numbers = f"{css_string(before)} counter(page) {css_string(middle)} counter(pages) " \
                  f"{css_string(after)}"
        css = BASE_CSS + f"""
@page {{ size: A4; margin: {MARGINS};
  @top-left {{ content: {css_string(self.header[0])}; font-size: 8pt; color: #555; }}
  @top-right {{ content: {css_string(self.header[1])}; font-size: 8pt; color: #555; }}
  @bottom-left {{ content: {css_string(self.footer)}; font-size: 7.5pt; color: #555; }}
  @bottom-right {{ content: {numbers}; font-size: 7.5pt; color: #555; }} }}
html {{ font-size: {TEXT_PT}pt; }}
section {{ width: {WIDTH:g}mm; height: {HEIGHT:g}mm; }}
"""
        return pages_html(css, self.pages(), self.title)


def _chart_size(svg: str) -> tuple[float, float]:
    """The chart's size on the page: the full width, its own aspect ratio."""
    match = re.search(r'<svg[^>]*width="([\d.]+)pt"[^>]*height="([\d.]+)pt"', svg)
    ratio = float(match.group(2)) / float(match.group(1)) if match else 0.45
    width = min(WIDTH, 175.0)
    return width, round(width * ratio, 1)


@dataclass
class ResultLine:
    """A table's line in a round's results: its number, the two sides (or the players and
    their totals, a second side left empty), games, points and the result."""

    number: int
    sides: tuple[str, str]
    games: str
    points: str
    result: str
    finished: bool = False


@dataclass
class RoundView:
    """A round's results on its page: the lines, the tables whose chart may be chosen, the
    one shown and its chart."""

    lines: list[ResultLine]
    numbers: list[int]
    selected: int | None
    chart: str
    auction: bool = False  # a line per table with every player (each for themselves)
