"""Score sheets of a round: one A4 page per table, blank before the round, filled after it.

Each page carries the championship, stage, round and table, the four players in seat order
with their sides, who keeps the sheet, the players' code (self-entry: the code, the address
to type it at and a QR code of the table's page), the dealer of every
deal pre-printed in playing order, the columns of the paper sheet (trump, doubling, card
points, game points, running totals per side, notes) and signature lines. Filled sheets
take the game points and totals from ``scoring`` (the deals replayed, as everywhere else):
the rows and the legend are :mod:`club.reports.sheet_record`.

Layout for speed: the grid is one SVG background shared by every page; the numbers of a
row are one monospaced line, so the whole deal grid is two text blocks of 24 lines.

A table of three has its own columns: the card points of the dealer (D) and of the partners
(P), and game points and totals for each player (A, B, C, the seats in playing order); its
pages carry their grid as an opaque image over the shared background.
"""

from __future__ import annotations

import math

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from club.reports.data import RoundData, TableData, group_seats
from club.reports.fonts import (
    ELLIPSIS,
    FIGURE_SPACE,
    fit_lines,
    fit_name,
    fit_paragraphs,
    fit_text,
    line_mm,
    text_width_mm,
)
from club.reports.layout import BASE_CSS, Block, box, pages_html
from club.reports.sheet_grid import (
    CHAR,
    DEALER_PT,
    DEALER_WIDTH,
    LEFT,
    MONO_PT,
    MONO_X,
    NAME_PT,
    NUM_X,
    PAGE_H,
    PAGE_W,
    PLAYER_LETTERS,
    RIGHT,
    ROW_H,
    ROWS,
    ROWS_BOTTOM,
    ROWS_TOP,
    SIG_Y,
    Column,
    background,
    cell_text,
    columns,
    header_blocks,
)
from club.reports.sheet_record import Row, recorded_rows, sheet_legend
from club.rule_labels import rule_set_name
from club.selectors.replay import match_format, players_at, rules_at
from club.services.sheet_messages import format_label
from club.sheet_labels import direction_label, rule_sentences
from club.table_codes import spaced
from scoring import dealer_alone


def _rows_wanted(data: TableData, deals_format: int | None) -> int:
    return max(len(data.deals), deals_format or 0, ROWS)


class SheetBuilder:
    """Pages of one round's sheets (the same geometry and background for every page)."""

    def __init__(self, rnd_data: RoundData) -> None:
        self.data = rnd_data
        champ = rnd_data.championship
        self.rules = champ.rule_set.rules()
        self.format = match_format(champ)
        self.cols = columns(len(self.rules.allowed_doublings()) > 1,
                            tricks=self.rules.trick_bonus)
        self.headers = header_blocks(self.cols)
        self._threes: tuple[list[Column], list[Block]] | None = None
        rnd = rnd_data.round
        self.title = fit_text(champ.name, 145, 15, bold=True)
        self.subtitle = fit_text(" · ".join(p for p in (
            capfirst(str(rnd.stage)), str(rnd), _("%(format)s, %(rules)s") % {
                "format": format_label(self.format), "rules": rule_set_name(champ.rule_set)})
            if p), 145, 10)

    def legend_of(self, rules, alone: bool) -> str:
        """The notes' legend under ``rules`` (the table's: a tie of a table of three is
        not 30-30)."""
        if alone:
            return " · ".join([_(
                "Each deal the dealer (D) plays alone against the partners (P), who both "
                "score · AT:P all tricks by the partners · R:D renonce by the dealer · X "
                "cancelled"), *sheet_legend(rules), _("G1:A game 1 won by player A")])
        revoke = [_("R:B renonce by side B")] if rules.can_revoke else []  # not blind
        return " · ".join([_("AT:A all tricks by side A"), *revoke, _("X cancelled, not a deal"),
                           *sheet_legend(rules), _("G1:A game 1 won by side A")])

    def threes(self) -> tuple[list[Column], list[Block]]:
        """A table of three's columns and the page blocks drawing them: its grid as an opaque
        image over the document's background, and its headings (made once per document)."""
        if self._threes is None:
            cols = columns(len(self.rules.allowed_doublings()) > 1, 3,
                           tricks=self.rules.trick_bonus)
            grid = Block("b", box(0, 0, PAGE_W, PAGE_H), "", src=background(cols, opaque=True))
            self._threes = cols, [grid, *header_blocks(cols)]
        return self._threes

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
        alone = dealer_alone(players_at(seats, self.rules))
        cols, grid = self.threes() if alone else (self.cols, self.headers)
        blocks = [*grid[:1]] if alone else []  # the grid image first: the text lies on it
        blocks += [Block("b bold", box(LEFT, 10, 146, font_size="15pt"), self.title),
                  Block("b", box(LEFT, 18, 146), self.subtitle),
                  Block("b c", box(160, 10.5, RIGHT - 160, font_size="8pt"),
                        _("Table") + (" " + _("(continued)") if page else "")),
                  Block("b c bold", box(160, 14.5, RIGHT - 160, font_size="24pt"),
                        str(table.number))]
        blocks += self.players(data, seats)
        blocks += grid[1:] if alone else grid
        first = page * ROWS + 1
        by_number = {row.number: row for row in rows}
        lines, mono, ends = [], [], []
        dealer_pt = dealer_size(list(names.values()))
        for i in range(ROWS):
            number = first + i
            row = by_number.get(number)
            dealer = row.dealer if row else (table.first_dealer + number - 1) % count
            player = names.get(dealer)
            name = fit_name(player.first_name, player.last_name, DEALER_WIDTH,
                            dealer_pt) if player else ""
            lines.append(f"{number:>2}".replace(" ", FIGURE_SPACE) + "  " + name)
            notes = row.cells.get("notes", "") if row else ""
            short = len(notes) < cols[-1].chars  # in the row's line, else whole in smaller type
            line = "".join(cell_text(c, row.cells.get(c.key, "")) for c in cols[:-1]) if row else ""
            mono.append((line + (cell_text(cols[-1], notes) if short else "")).rstrip())
            if notes and not short:
                blocks.append(notes_block(cols, i, notes))
            if row and row.game_end:
                ends.append(i)
        blocks.append(Block("b", box(NUM_X, ROWS_TOP, MONO_X - NUM_X - 0.5,
                                     line_height=f"{ROW_H}mm", font_size=f"{dealer_pt:g}pt"),
                            "\n".join(lines)))
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
        # the names keep their width; the players' code's lines are set smaller if need be
        qr = champ.self_entry and bool(table.code)
        names_w, info_x = 92.0, 124.0
        info_w = RIGHT - info_x - (QR_MM + 1 if qr else 0)
        lines = [f"{s.position + 1}" for s in seats]
        players = [fit_name(s.player.first_name, s.player.last_name, names_w, NAME_PT)
                   for s in seats]
        sides = ["AB"[s.side] if s.side in (0, 1) else "" for s in seats]
        keeper = next((s for s in seats if s.position == table.sheet_keeper), None)
        info = [_("Side A: seats %(seats)s") % {"seats": ", ".join(str(s.position + 1)
                                                                  for s in by_side[0])},
                _("Side B: seats %(seats)s") % {"seats": ", ".join(str(s.position + 1)
                                                                  for s in by_side[1])}]
        threes = dealer_alone(players_at(seats, self.rules))
        if threes:  # each player has a column of their own
            sides = list(PLAYER_LETTERS[:len(seats)])
            info = [_("A table of three: the dealer plays alone"),
                    _("against the two others, who both score.")]
        elif qr:  # the code's lines need the room: the letters beside the names say the sides
            info = []
        if keeper is not None and qr and threes:  # one line: the code's three lines below
            label = _("Sheet kept by seat %(seat)d:") % {"seat": keeper.position + 1}
            size = 9.0  # the name whole (first names as initials), set smaller if need be
            while True:
                name = fit_name(keeper.player.first_name, keeper.player.last_name,
                                info_w - text_width_mm(label + " ", size) - 1.5, size)
                if size <= 6.5 or not name.endswith(ELLIPSIS):
                    break
                size -= 0.5
            # no room for the name whole: the seat says who (named in the list beside)
            info.append(label.rstrip(": \u00a0") if name.endswith(ELLIPSIS)
                        else label + " " + name)
        elif keeper is not None:
            info.append(_("Sheet kept by seat %(seat)d:") % {"seat": keeper.position + 1})
            info.append("  " + fit_name(keeper.player.first_name, keeper.player.last_name,
                                        min(72.0, info_w - 4), 10))
        code = []
        if qr:
            code = [Block("", box(RIGHT - QR_MM, top + 1, QR_MM, QR_MM, position="absolute"),
                          _("The entry page of this table"), src=entry_qr(table.code))]
            code += code_blocks(table.code, info_x, top + len(info) * 4.6, info_w, 9, 4.6)
        style = {"line_height": "5.6mm"}
        # the line over the seats: up to the table's box, set smaller rather than cut
        heading, heading_pt = fitted(_("Seat · player · side (in playing order: %(direction)s)")
                                     % {"direction": direction_label(self.rules)},
                                     160 - LEFT - 3, 7.5, smallest=6)
        return code + [
            Block("b muted", box(LEFT, top - 5, 160 - LEFT - 2, font_size=f"{heading_pt:g}pt"),
                  heading),
            Block("b bold r", box(LEFT, top, 5, font_size=f"{NAME_PT}pt", **style), "\n".join(lines)),
            Block("b", box(LEFT + 8, top, names_w + 2, font_size=f"{NAME_PT}pt", **style),
                  "\n".join(players)),
            Block("b bold", box(LEFT + names_w + 12, top, 6, font_size=f"{NAME_PT}pt", **style),
                  "\n".join(sides)),
            # each line set smaller rather than cut ("Blad bijgehouden door plaats 3:")
            *fitted_lines([(line, False) for line in info], info_x, top, info_w, 9, 4.6,
                          smallest=5.5),
            # a thin rule: the side letters belong to the names, not to the lines beside them
            Block("b", box(info_x - 1.5, top + 0.5, 0.1, (len(info) + (3 if qr else 0)) * 4.6,
                          border_left="0.2mm solid #999"), ""),
        ]

    def footer(self, data: TableData, seats, summary: str) -> list[Block]:
        """Under the grid: the result, the notes' legend and the rules that score the deals
        (:func:`club.sheet_labels.rule_sentences`), set smaller rather than cut, then the
        signature lines."""
        by_side = group_seats(seats)
        out = []
        width = RIGHT - LEFT
        top, bottom = ROWS_BOTTOM + 1.5, SIG_Y[0] - 5.5
        if summary:
            lines, size = fit_lines(summary, width - 1, 9.5, 10, smallest=8, bold=True)
            out.append(Block("b bold", box(LEFT, top, width, font_size=f"{size:g}pt",
                                           line_height=f"{line_mm(size):.2f}mm"),
                             "\n".join(lines)))
            top += len(lines) * line_mm(size) + 0.8
        alone = dealer_alone(players_at(seats, self.rules))
        rules = rules_at(seats, self.rules)
        texts = [_("Notes: %(legend)s") % {"legend": self.legend_of(rules, alone)},
                 _("Rules: %(rules)s") % {"rules": " ".join(rule_sentences(rules))}]
        paragraphs, size = fit_paragraphs(texts, width - 1, bottom - top - 0.5, 7, smallest=5)
        out.append(Block("b muted", box(LEFT, top, width, font_size=f"{size:g}pt",
                                        line_height=f"{line_mm(size):.2f}mm"),
                         "\n".join(line for lines in paragraphs for line in lines)))
        out.append(Block("b muted", box(LEFT, bottom, 100, font_size="8pt"),
                         _("Signatures of the three players") if alone else
                         _("Signatures of the four players")))
        # at a table of three the players by seat: two on the left, one on the right
        columns = ((LEFT, seats[0::2]), (110.0, seats[1::2])) if alone else (
            (LEFT, by_side[0]), (110.0, by_side[1]))
        for x, side in columns:
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


def dealer_size(players) -> float:
    """The dealer column's type: the largest size from ``DEALER_PT`` down to 9 points at which
    every player's name fits whole (first names as initials if need be); a longer name is
    shortened there only, printed whole in the players' list above."""
    size = DEALER_PT
    while size > 9 and any(fit_name(p.first_name, p.last_name, DEALER_WIDTH, size)
                           .endswith(ELLIPSIS) for p in players):
        size -= 0.5
    return size


def notes_x(cols: list[Column]) -> float:
    """Where the notes column starts."""
    return MONO_X + CHAR * sum(c.chars for c in cols[:-1])


def notes_block(cols: list[Column], index: int, notes: str) -> Block:
    """A row's notes too long for its column's line, whole: on one line in smaller type,
    else on two or three inside the row (never cut: a game's winner, all tricks, who
    doubled)."""
    left = notes_x(cols) + 0.8
    width = RIGHT - left - 0.5
    lines, size = fit_lines(notes, width, ROW_H - 0.8, 10, smallest=5.5)
    return Block("b", box(left, ROWS_TOP + index * ROW_H + 0.2, width, ROW_H - 0.4,
                          font_size=f"{size:g}pt", line_height=f"{(ROW_H - 0.4) / len(lines):.2f}mm"),
                 "\n".join(lines))


#: The side of the QR code of the table's entry page, in millimetres.
QR_MM = 22.0


def entry_address() -> str:
    """The page where the players type their table's code (``/sheet/``), as their phones
    reach the site (``TROEF_SITE_URL``)."""
    return settings.TROEF_SITE_URL + reverse("sheet-code")


def fitted(text: str, width_mm: float, size_pt: float, *, bold: bool = False,
           smallest: float = 6.5) -> tuple[str, float]:
    """``text`` and the largest size from ``size_pt`` down to ``smallest`` (by half points) at
    which it fits ``width_mm`` on one line; cut with an ellipsis only below that."""
    size = size_pt
    while size > smallest and text_width_mm(text, size, bold=bold) > width_mm:
        size -= 0.5
    return fit_text(text, width_mm, size, bold=bold), size


def code_blocks(code: str, left: float, top: float, width: float, size_pt: float,
                line_mm: float, arrow: str = "→") -> list[Block]:
    """The players' code as text beside its QR code, in three lines from ``top``: the code
    (in two halves, bold), the address to open, and what to do there (``arrow``: where the
    QR code is). A long address is set smaller rather than cut."""
    lines = [(_("Players' code: %(code)s") % {"code": spaced(code)}, True),
             (_("Open %(address)s") % {"address": entry_address()}, False),
             (_("and type the code, or scan the square") + " " + arrow, False)]
    return fitted_lines(lines, left, top, width, size_pt, line_mm)


def fitted_lines(lines: list[tuple[str, bool]], left: float, top: float, width: float,
                 size_pt: float, line_mm: float, smallest: float = 6.5) -> list[Block]:
    """One block a line (text, bold) from ``top``, each set smaller rather than cut
    (:func:`fitted`)."""
    blocks = []
    for i, (line, bold) in enumerate(lines):
        text, size = fitted(line, width - 1, size_pt, bold=bold, smallest=smallest)
        blocks.append(Block("b bold" if bold else "b", box(
            left, top + i * line_mm, width, line_height=f"{line_mm}mm", font_size=f"{size:g}pt"),
            text))
    return blocks


def entry_qr(code: str) -> str:
    """A QR code (an SVG data URL) of the table's entry page by its players' code."""
    url = settings.TROEF_SITE_URL + reverse("code-sheet", args=[code])
    return segno.make(url, error="m", micro=False).svg_data_uri(border=0, dark="#111")


def sheets_html(rnd_data: RoundData) -> str:
    """The HTML of the round's score sheets (every table of ``rnd_data``)."""
    return SheetBuilder(rnd_data).html()
