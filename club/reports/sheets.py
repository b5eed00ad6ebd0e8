"""Score sheets of a round: one A4 page per table, blank before the round, filled after it.

Each page carries the championship, stage, round and table, the four players in seat order
with their sides, who keeps the sheet, the players' code (self-entry), the dealer of every
deal pre-printed in playing order, the columns of the paper sheet (trump, doubling, card
points, game points, running totals per side, notes) and signature lines. Filled sheets
take the game points and totals from ``scoring`` (the deals replayed, as everywhere else).

Layout for speed: the grid is one SVG background shared by every page; the numbers of a
row are one monospaced line, so the whole deal grid is two text blocks of 24 lines.

A table of three has its own columns: the card points of the dealer (D) and of the partners
(P), and game points and totals for each player (A, B, C, the seats in playing order); its
pages carry their grid as an opaque image over the shared background.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.reports.data import RoundData, TableData, group_seats
from club.reports.fonts import FIGURE_SPACE, fit_name, fit_text
from club.reports.layout import BASE_CSS, Block, box, pages_html
from club.reports.sheet_grid import (
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
    deal_sides,
    header_blocks,
)
from club.rule_labels import rule_set_name
from club.selectors.replay import match_format, players_at, rules_at, score_table
from club.selectors.sheets import TRUMP_SYMBOLS
from club.services.sheet_messages import explain, format_label
from club.sheet_labels import direction_label
from scoring import ThreesOutcome, ThreesRow, dealer_alone, points_in_play
from scoring.calls import call_multiplier


@dataclass
class Row:
    number: int
    dealer: int
    cells: dict[str, str]
    game_end: bool = False


def _note_side(side: int | None, names: str = "AB") -> str:
    return "" if side is None else ":" + names[side]


def _game_winners(game) -> str:
    """Who won a finished game as its note says it: A or B, the player letters at a table of
    three (several when they share it), '=' for a draw."""
    winners = getattr(game, "winners", None)
    if winners is None:
        winners = () if game.winner is None else (game.winner,)
        return "=" if not winners else "AB"[winners[0]]
    return "".join(PLAYER_LETTERS[seat] for seat in winners) or "="


def recorded_rows(data: TableData) -> tuple[list[Row], str]:
    """The recorded deals as sheet rows (scored with ``scoring``) and the summary line."""
    score = score_table(data.table, data.deals, data.seats)
    scored = [row for game in score.outcome.games for row in game.deals]
    sides = "".join(deal_sides()) if isinstance(score.outcome, ThreesOutcome) else "AB"
    ends = {}
    count = 0
    for index, game in enumerate(score.outcome.games, 1):
        count += len(game.deals)
        if game.finished:
            ends[count] = (index, _game_winners(game))
    rules = rules_at(data.seats, data.table.round.stage.championship.rule_set.rules())
    initials = {s.position: _initials(s.player) for s in data.seats}
    rows = []
    for i, deal in enumerate(data.deals):
        knocks = len(deal.calls) if deal.calls else deal.doubling.bit_length() - 1
        cells = {"trump": TRUMP_SYMBOLS.get(deal.trump, pgettext("no trump, short", "NT")),
                 # the multiplier the calls make under the rules (x3 for a redouble where
                 # multipliers add)
                 "doubling": f"×{call_multiplier(knocks, rules)}" if knocks else "",
                 "tricks": "" if deal.tricks is None else str(deal.tricks)}
        notes = []
        if deal.blind:
            notes.append(pgettext("sheet note: blind trump", "BL"))
        if deal.en_face:
            notes.append(pgettext("sheet note: en face", "EF"))
        if knocks:  # who doubled, redoubled or knocked, in order: ×JD/AB
            notes.append("×" + "/".join(initials.get(seat, "?") if seat is not None else "?"
                                        for seat in (deal.calls or [None] * knocks)))
        if deal.cancelled:
            cells["trump"] = "–"
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: cancelled", "X"))
        elif deal.renonce is not None:
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: renonce", "R") + _note_side(deal.renonce, sides))
        else:
            cells["cards0"] = "" if deal.points is None else str(deal.points)
            cells["cards1"] = "" if deal.points_other is None else str(deal.points_other)
        if deal.all_tricks is not None:
            notes.append(pgettext("sheet note: all tricks", "AT") + _note_side(deal.all_tricks,
                                                                              sides))
        if i < len(scored):
            row = scored[i]
            if row.score.outcome == "tie":
                # "=" the next deal counts ×N; "=|" the game ended on it, nothing carries over
                notes.append("=|" if (i + 1) in ends else f"=×{row.score.pending}")
            credits = row.credits if isinstance(row, ThreesRow) else row.score.points
            for column, (credit, total) in enumerate(zip(credits, row.totals, strict=True)):
                cells[f"game{column}"], cells[f"total{column}"] = str(credit), str(total)
            if i + 1 in ends:
                game, winners = ends[i + 1]
                notes.append(f"G{game}:{winners}")
        elif score.broken_at is not None and i + 1 == score.broken_at:
            notes.append("?")
        cells["notes"] = " ".join(notes)
        rows.append(Row(deal.number, deal.dealer, cells, game_end=(i + 1) in ends))
    return rows, _summary(score, rules) if data.deals else ""


def _summary(score, rules) -> str:
    outcome = score.outcome
    won, points = outcome.games_won, outcome.points
    if isinstance(outcome, ThreesOutcome):
        return _threes_summary(score, rules)
    figures = _("games %(a)d–%(b)d, game points %(pa)d–%(pb)d") % {
        "a": won[0], "b": won[1], "pa": points[0], "pb": points[1]}
    if score.error is not None:
        return _("Deal %(deal)s could not be scored (%(error)s); before it: %(figures)s") % {
            "deal": score.broken_at, "error": _error_words(score, rules), "figures": figures}
    if not outcome.finished:
        return _("In progress: %(figures)s") % {"figures": figures}
    if outcome.winner is None:
        return _("Result: a draw, %(figures)s") % {"figures": figures}
    return _("Result: side %(side)s wins, %(figures)s") % {"side": "AB"[outcome.winner],
                                                             "figures": figures}


def _threes_summary(score, rules) -> str:
    """The summary line of a table of three: games and game points per player (A, B, C)."""
    outcome = score.outcome
    figures = _("games %(games)s, game points %(points)s") % {
        "games": "–".join(map(str, outcome.games_won)),
        "points": "–".join(map(str, outcome.points))}
    if score.error is not None:
        return _("Deal %(deal)s could not be scored (%(error)s); before it: %(figures)s") % {
            "deal": score.broken_at, "error": _error_words(score, rules), "figures": figures}
    if not outcome.finished:
        return _("In progress: %(figures)s") % {"figures": figures}
    if not outcome.winners:
        return _("Result: a draw, %(figures)s") % {"figures": figures}
    return _("Result: won by %(players)s, %(figures)s") % {
        "players": " & ".join(PLAYER_LETTERS[seat] for seat in outcome.winners),
        "figures": figures}


def _error_words(score, rules) -> str:
    """Why a deal could not be scored, in the reader's words (never scoring's English)."""
    return explain(score.error, rules)[1].rstrip(".")


def _initials(player) -> str:
    """A player's initials for the notes column (who doubled)."""
    return "".join(part[:1].upper() for part in (player.first_name, player.last_name)) or "?"


def sheet_legend(rules) -> list[str]:
    """The notes that depend on the rules: the game (blind, spoken), doubling calls, blind
    trump, en face, ties."""
    out = []
    if rules.game == "blind":
        out.append(_("Blind Manille: every card played blind, no renonce"))
    if rules.spoken:
        out.append(_("Spoken Manille"))
    if len(rules.allowed_doublings()) > 1:
        out.append(_("×JD/AB doubled by JD, then by AB"))
    if rules.blind_trump:
        out.append(_("BL blind trump (×%(m)s)") % {"m": rules.blind_multiplier})
    if rules.en_face:
        out.append(_("EF en face"))
    if rules.trick_bonus:
        out.append(_("Points: cards + 1 a trick (68) · Tricks: side A's"))
    half = points_in_play(rules)[1] // 2
    if rules.tie_policy == "stacked":
        tie = _("=×%(k)s tie %(t)s–%(t)s: next deal ×%(k)s, each further tie ×%(k)s again")
    elif rules.tie_policy == "whole":
        tie = _("=×N tie %(t)s–%(t)s: next deal ×N, the tied deal's multiplier (no trump: "
                "×%(nt)s)")
    else:
        tie = _("=×%(k)s tie %(t)s–%(t)s: next deal ×%(k)s, a further tie keeps ×%(k)s")
    out.append(tie % {"t": half, "k": rules.tie_multiplier, "nt": rules.combine(
        rules.no_trump_multiplier, rules.tie_multiplier)})
    if rules.deals is not None:
        out.append(_("=| tie on the last deal: nothing carries over"))
    return out


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
        self.legend = " · ".join([_(
            "AT:A all tricks by side A · R:B renonce by side B · X cancelled, not a deal"),
            *sheet_legend(self.rules), _("G1:A game 1 won by side A")])
        self.threes_legend = " · ".join([_(
            "Each deal the dealer (D) plays alone against the partners (P), who both score · "
            "AT:P all tricks by the partners · R:D renonce by the dealer · X cancelled"),
            *sheet_legend(self.rules), _("G1:A game 1 won by player A")])

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
        for i in range(ROWS):
            number = first + i
            row = by_number.get(number)
            dealer = row.dealer if row else (table.first_dealer + number - 1) % count
            player = names.get(dealer)
            name = fit_name(player.first_name, player.last_name, DEALER_WIDTH,
                            DEALER_PT) if player else ""
            lines.append(f"{number:>2}".replace(" ", FIGURE_SPACE) + "  " + name)
            mono.append("".join(cell_text(c, row.cells.get(c.key, "")) for c in cols)
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
        if dealer_alone(players_at(seats, self.rules)):  # each player has a column of their own
            sides = list(PLAYER_LETTERS[:len(seats)])
            info = [_("A table of three: the dealer plays alone"),
                    _("against the two others, who both score.")]
        if keeper is not None:
            info.append(_("Sheet kept by seat %(seat)d:") % {"seat": keeper.position + 1})
            info.append("  " + fit_name(keeper.player.first_name, keeper.player.last_name, 72, 10))
        qr = []
        if champ.self_entry and table.code:
            info.append(_("Players' code: %(code)s") % {"code": table.code})
            info.append(_("or scan the square →"))
            qr = [Block("", box(RIGHT - QR_MM, top + 1, QR_MM, QR_MM, position="absolute"),
                        _("The entry page of this table"), src=entry_qr(table.code))]
        style = {"line_height": "5.6mm"}
        return qr + [
            Block("b muted", box(LEFT, top - 5, 110, font_size="7.5pt"),
                  _("Seat · player · side (in playing order: %(direction)s)") % {
                      "direction": direction_label(self.rules)}),
            Block("b bold r", box(LEFT, top, 5, font_size=f"{NAME_PT}pt", **style), "\n".join(lines)),
            Block("b", box(LEFT + 8, top, 94, font_size=f"{NAME_PT}pt", **style), "\n".join(players)),
            Block("b bold", box(LEFT + 104, top, 6, font_size=f"{NAME_PT}pt", **style),
                  "\n".join(sides)),
            Block("b", box(124, top, RIGHT - 124 - (QR_MM + 1 if qr else 0), line_height="4.6mm",
                           font_size="9pt"),
                  "\n".join(fit_text(line, RIGHT - 125 - (QR_MM + 1 if qr else 0), 9)
                            for line in info)),
        ]

    def footer(self, data: TableData, seats, summary: str) -> list[Block]:
        by_side = group_seats(seats)
        out = []
        if summary:
            out.append(Block("b bold", box(LEFT, ROWS_BOTTOM + 1.8, RIGHT - LEFT),
                             fit_text(summary, RIGHT - LEFT - 1, 10, bold=True)))
        alone = dealer_alone(players_at(seats, self.rules))
        out.append(Block("b w muted", box(LEFT, ROWS_BOTTOM + 7, RIGHT - LEFT, font_size="7pt"),
                         self.threes_legend if alone else self.legend))
        out.append(Block("b muted", box(LEFT, SIG_Y[0] - 10, 100, font_size="8pt"),
                         _("Signatures of the three players") if alone else
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


#: The side of the QR code of the table's entry page, in millimetres.
QR_MM = 22.0


def entry_qr(code: str) -> str:
    """A QR code (an SVG data URL) of the table's entry page by its players' code."""
    url = settings.TROEF_SITE_URL + reverse("code-sheet", args=[code])
    return segno.make(url, error="m", micro=False).svg_data_uri(border=0, dark="#111")


def sheets_html(rnd_data: RoundData) -> str:
    """The HTML of the round's score sheets (every table of ``rnd_data``)."""
    return SheetBuilder(rnd_data).html()
