"""Score sheets of an auction Manille round: one A4 page per table of 3 to 7, blank before the
round, filled after it (RULES.md §13).

Each page carries the championship, stage, round, the rule set's name and the table; the
players in playing order with their column letters (A to G), who keeps the sheet, the
players' code, the address to type it at and its QR code (self-entry); the table's rules
in short (:func:`club.reports.auction_grid.rules_lines`); the grid: every deal of the game
with its dealer pre-printed, the declarer, bid, trump, cards drawn or exchanged, his count
and score, and one column per player with the running totals; a last row for the places; a
legend and a signature line per player. Filled sheets take the scores from ``scoring``
(:func:`auction_game`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.messages import explain
from club.models import Deal
from club.reports import auction_grid as grid
from club.reports.data import RoundData, TableData
from club.reports.fonts import first_initials, fit_name, fit_paragraphs, fit_text, line_mm, text_width_mm
from club.reports.layout import BASE_CSS, Block, box, pages_html
from club.reports.sheets import QR_MM, code_blocks, entry_qr
from club.rule_labels import rule_set_name
from club.selectors.replay import championship_rules, score_table
from club.selectors.sheets import TRUMP_SYMBOLS
from club.sheets.auction_games import game_sheet
from engine.rules import RuleSet
from scoring.auction import table_rules

NAME_PT = 10.0
CELL_PT = 10.5


@dataclass
class Scored:
    """A table's deals scored: the rows' cells, the places when the game is over, and the
    deal that could not be scored (its number) with the reason."""

    rows: list[dict[str, str]]
    places: tuple[int, ...] | None
    length: int
    broken_at: int | None = None
    error: str = ""


def auction_game(data: TableData) -> Scored:
    """The table's deals scored through the one sheet path (``score_table``: the sheet
    page, the match rows and ``verify_results`` score them the same way); the first deal
    that cannot be scored stops the totals and is named."""
    score = score_table(data.table, data.deals, data.seats)
    outcome = score.outcome
    players = len(data.seats)
    rows: list[dict[str, str]] = []
    for deal, row in zip(data.deals, outcome.rows, strict=False):
        cells = _fact_cells(deal)
        if row.score.outcome != "thrown_in":
            declarer = (row.dealer + row.deal.declarer) % players
            cells["score"] = _signed(row.credits[declarer])
        for seat, total in enumerate(row.totals):
            cells[f"total{seat}"] = _signed(total, plus=False)
        rows.append(cells)
    if score.broken_at is not None:
        cells = _fact_cells(data.deals[score.broken_at - 1])
        cells["score"] = "?"
        rows.append(cells)
        return Scored(rows, None, outcome.game.length, score.broken_at, explain(score.error))
    return Scored(rows, outcome.places if outcome.finished else None, outcome.game.length)


def _signed(value: int, *, plus: bool = True) -> str:
    if value < 0:
        return "−" + str(-value)
    return ("+" if plus and value else "") + str(value)


def _fact_cells(deal: Deal) -> dict[str, str]:
    if deal.declarer is None:
        return {"declarer": "–", "bid": "", "trump": "", "count": "",
                "exchanged": "", "note": pgettext("auction sheet: thrown in", "thrown in")}
    if deal.contract_all:
        bid = pgettext("auction sheet: all tricks, short", "AT")
    elif deal.contract is None:
        bid = pgettext("auction sheet: the privilege, short", "P")
    else:
        bid = str(deal.contract)
    return {"declarer": grid.LETTERS[deal.declarer], "bid": bid,
            "trump": TRUMP_SYMBOLS.get(deal.trump, pgettext("no trump, short", "NT")),
            "exchanged": str(deal.exchanged or 0),
            "count": "" if deal.points is None else str(deal.points)}


class AuctionSheetBuilder:
    """Pages of one auction round's sheets, a page (or two, for a long game) per table."""

    def __init__(self, rnd_data: RoundData) -> None:
        self.data = rnd_data
        champ = rnd_data.championship
        self.rules = championship_rules(champ)  # the match format's N deals (issue 28)
        rnd = rnd_data.round
        self.rules_name = rule_set_name(champ.rule_set)
        self.title = champ.name
        self.subtitle = " · ".join(p for p in (capfirst(str(rnd.stage)), str(rnd)) if p)

    def pages(self) -> list[list[Block]]:
        out = []
        for table in self.data.tables:
            if table.table.is_bye or not 3 <= len(table.seats) <= 7:
                continue
            rules = table_rules(self.rules, len(table.seats))
            length = grid.game_length(rules)
            scored = auction_game(table) if table.deals else Scored([], None, length)
            length = scored.length
            rows = max(length, len(scored.rows)) + 1  # and the places row
            pages = math.ceil(rows / grid.PAGE_ROWS)
            for page in range(pages):
                out.append(self.page(table, rules, scored, length, page, pages))
        return out

    def page(self, data: TableData, rules: RuleSet, scored: Scored, length: int, page: int,
             pages: int) -> list[Block]:
        table = data.table
        seats = sorted(data.seats, key=lambda s: s.position)
        players = len(seats)
        cols = grid.columns(rules)
        total_rows = max(length, len(scored.rows)) + 1
        first = page * grid.PAGE_ROWS
        count = min(grid.PAGE_ROWS, total_rows - first)
        last = page == pages - 1
        qr = self.data.championship.self_entry and bool(table.code)
        title_w = 146 - (QR_MM + 2 if qr else 0)
        blocks = [Block("", box(0, 0, grid.PAGE_W, grid.PAGE_H, position="absolute"), "",
                        src=grid.background(cols, count, last, players if last else 0)),
                  Block("b bold", box(grid.LEFT, 10, title_w, font_size="15pt"),
                        fit_text(self.title, title_w, 15, bold=True)),
                  Block("b", box(grid.LEFT, 17.5, title_w), fit_text(self.subtitle, title_w, 10)),
                  Block("b bold", box(grid.LEFT, 22.5, title_w),
                        fit_text(self.rules_name, title_w, 10, bold=True)),
                  Block("b c", box(160, 10.5, grid.RIGHT - 160, font_size="8pt"),
                        _("Table") + (" " + _("(continued)") if page else "")),
                  Block("b c bold", box(160, 14.5, grid.RIGHT - 160, font_size="24pt"),
                        str(table.number))]
        if qr:
            blocks.append(Block("", box(160 - QR_MM - 2, 6, QR_MM, QR_MM, position="absolute"),
                                _("The entry page of this table"), src=entry_qr(table.code)))
        blocks += self.players(data, seats, rules)
        blocks += self.grid(cols, seats, scored, table.first_dealer, length, first, count, last)
        if last:
            blocks += self.footer(seats, scored, count)
        return blocks

    def players(self, data: TableData, seats, rules: RuleSet) -> list[Block]:
        table = data.table
        top = 34.0
        style = {"line_height": "5mm", "font_size": f"{NAME_PT}pt"}
        info = grid.rules_lines(rules)
        keeper = next((s for s in seats if s.position == table.sheet_keeper), None)
        if keeper is not None:
            info.append(_("Sheet kept by %(letter)s, seat %(seat)d") % {
                "letter": grid.LETTERS[keeper.position], "seat": keeper.position + 1})
        info_top, step, code = top - 0.5, 4.3, []
        if self.data.championship.self_entry and table.code:
            # the code's three lines first, under its QR code, then the rules
            start = 28.8
            step = min(4.3, (grid.HEAD_TOP - 0.4 - start) / (3 + len(info)))
            code = code_blocks(table.code, 96, start, grid.RIGHT - 96, 8.5, step, "↗")
            info_top = start + 3 * step
        # every rule whole: a long one wraps, all set smaller if need be, never cut
        width = grid.RIGHT - 96 - 1
        paragraphs, size = fit_paragraphs(info, width, grid.HEAD_TOP - 0.6 - info_top, 8.5,
                                          smallest=5.5)
        names = [fit_name(s.player.first_name, s.player.last_name, 66, NAME_PT) for s in seats]
        return code + [
            Block("b muted", box(grid.LEFT, top - 4.5, 90, font_size="7.5pt"),
                  _("Column · seat · player (in playing order)")),
            Block("b bold", box(grid.LEFT, top, 6, **style),
                  "\n".join(grid.LETTERS[s.position] for s in seats)),
            Block("b muted", box(grid.LEFT + 7, top, 7, **style),
                  "\n".join(str(s.position + 1) for s in seats)),
            Block("b", box(grid.LEFT + 14, top, 68, **style), "\n".join(names)),
            Block("b", box(96, info_top, width + 1, font_size=f"{size:g}pt",
                           line_height=f"{line_mm(size):.2f}mm"),
                  "\n".join(line for lines in paragraphs for line in lines)),
        ]

    def grid(self, cols, seats, scored: Scored, first_dealer: int, length: int, first: int,
             count: int, last: bool) -> list[Block]:
        players = len(seats)
        out = []
        top = grid.HEAD_TOP
        p0 = grid.first_player(cols)
        out.append(Block("b c bold", box(grid.x_of(cols, p0), top + 0.6,
                                         grid.RIGHT - grid.x_of(cols, p0), font_size="8pt"),
                         _("Running totals")))
        names = {s.position: s.player for s in seats}
        for i, col in enumerate(cols):
            x = grid.x_of(cols, i)
            if col.player is None:
                out.append(_head(col.label, x, top + 3.2, col.width))
            else:
                out.append(_player_head(col, names[col.player], x, top + grid.HEAD_H / 2))
        lines: dict[str, list[str]] = {c.key: [] for c in cols}
        notes: list[tuple[int, str]] = []
        for i in range(count):
            index = first + i
            places_row = last and i == count - 1
            row = scored.rows[index] if index < len(scored.rows) else {}
            for col in cols:
                if col.key == "number":
                    value = "" if places_row else str(index + 1)
                elif col.key == "dealer":
                    value = "" if places_row else grid.LETTERS[(first_dealer + index) % players]
                elif places_row:
                    value = (_place(scored.places[col.player]) if scored.places and
                             col.player is not None else "")
                else:
                    value = row.get(col.key, "")
                lines[col.key].append(value)
            if places_row:
                notes.append((i, _("Places")))
            elif row.get("note"):
                notes.append((i, row["note"]))
        style = {"line_height": f"{grid.ROW_H}mm", "font_size": f"{CELL_PT}pt"}
        for i, col in enumerate(cols):
            if not any(lines[col.key]):
                continue
            x = grid.x_of(cols, i)
            align = "r" if col.align == "r" else "c"
            out.append(Block(f"b {align}" + (" bold" if col.key == "dealer" else ""),
                             box(x + 0.8, grid.ROWS_TOP + 1.6, col.width - 2.2, **style),
                             "\n".join(lines[col.key])))
        # A thrown-in deal or the places row: a word across the deal's facts.
        left = grid.x_of(cols, 3)
        span = grid.x_of(cols, p0) - left
        for i, word in notes:  # a merged cell: its background hides the grid's lines
            shade = "#ececec" if last and i == count - 1 else "#fff"
            out.append(Block("b c muted", box(left + 0.3, grid.ROWS_TOP + i * grid.ROW_H + 0.3,
                                              span - 0.6, grid.ROW_H - 0.6, font_size="9pt",
                                              line_height=f"{grid.ROW_H - 0.6}mm",
                                              background=shade),
                             fit_text(word, span - 2, 9)))
        return out

    def footer(self, seats, scored: Scored, rows: int) -> list[Block]:
        out = []
        summary = _summary(scored, seats)
        y = grid.rows_bottom(rows) + 1.5
        if summary:
            out.append(Block("b bold", box(grid.LEFT, y, grid.RIGHT - grid.LEFT),
                             fit_text(summary, grid.RIGHT - grid.LEFT - 1, 10, bold=True)))
            y += 5.5
        out.append(Block("b w muted", box(grid.LEFT, y, grid.RIGHT - grid.LEFT, font_size="7pt"),
                         " · ".join(legend(self.rules))))
        out.append(Block("b muted", box(grid.LEFT, grid.SIG_TOP - 9, 120, font_size="8pt"),
                         _("Signatures of the %(n)d players") % {"n": len(seats)}))
        for column in range(2):
            group = seats[column * 4:column * 4 + 4]
            if not group:
                continue
            names = [f"{grid.LETTERS[s.position]} " + fit_name(s.player.first_name,
                                                               s.player.last_name, 80, 8.5)
                     for s in group]
            x = grid.LEFT if column == 0 else 110.0
            out.append(Block("b", box(x, grid.SIG_TOP + 0.4, 88, font_size="8.5pt",
                                      line_height=f"{grid.SIG_STEP}mm"), "\n".join(names)))
        return out

    def html(self) -> str:
        css = BASE_CSS + (f"@page {{ size: A4; margin: 0; }}\n"
                          f"section {{ width: {grid.PAGE_W:g}mm; height: {grid.PAGE_H:g}mm; }}")
        rnd = self.data.round
        return pages_html(css, self.pages(), _("Score sheets, %(round)s, %(championship)s") % {
            "round": rnd, "championship": self.data.championship.name})


def legend(rules: RuleSet) -> list[str]:
    """The sheet's key: what each column holds, for the columns of the table's game."""
    game = game_sheet(rules)
    parts = [_("Dealer and declarer: the player's letter")]
    if not game.privilege:
        parts.append(_("Bid: the count bid, AT all tricks"))
    if game.exchange_legend is not None:
        parts.append(str(game.exchange_legend))
    parts += [_("Count: the declarer's card points + 1 a trick"),
              _("Score: what the declarer won (+) or lost (−)"),
              _("– as declarer: thrown in, nobody scores"),
              _("Places: equal totals share the place")]
    return parts


def _head(text: str, left: float, top: float, width: float) -> Block:
    size = 8.0
    while size > 6.0 and text_width_mm(text, size, bold=True) > width - 1:
        size -= 0.5
    return Block("b c bold", box(left, top, width, font_size=f"{size}pt"),
                 fit_text(text, width - 1, size, bold=True))


def _player_head(col, player, left: float, top: float) -> Block:
    """A player's column heading: the letter and the first name if it fits whole at 6 points
    or more, else its initials, else the letter alone (the list above names everyone)."""
    first = player.first_name or player.last_name
    for text in (f"{col.label} {first}", f"{col.label} {first_initials(first)}"):
        size = 8.0
        while size > 6 and text_width_mm(text, size) > col.width - 1:
            size -= 0.5
        if text_width_mm(text, size) <= col.width - 1:
            break
    else:
        text, size = col.label, 8.0
    return Block("b c", box(left, top + 0.6, col.width, font_size=f"{size:g}pt"), text)


def _place(place: int) -> str:
    return pgettext("a place at the table: 1st, 2nd", "%(place)d.") % {"place": place}


def _summary(scored: Scored, seats) -> str:
    if scored.broken_at is not None:
        return _("Deal %(deal)s could not be scored (%(error)s)") % {
            "deal": scored.broken_at, "error": scored.error}
    if scored.places is None:
        return _("In progress") if scored.rows else ""
    names = {s.position: s.player for s in seats}
    winners = [f"{grid.LETTERS[s]} " + fit_name(names[s].first_name, names[s].last_name, 60, 10,
                                                 bold=True)
               for s, place in enumerate(scored.places) if place == 1 and s in names]
    return _("Result: won by %(players)s") % {"players": " & ".join(winners)}


def auction_sheets_html(rnd_data: RoundData) -> str:
    """The HTML of an auction round's score sheets (every table of ``rnd_data``)."""
    return AuctionSheetBuilder(rnd_data).html()
