"""The three reports: what each shows (rows, charts), its fingerprint and its HTML.

- score sheets of a round (:mod:`club.reports.sheets`), rendered in chunks of tables;
- the standings of a championship, in its ranking order, with the leaders' ranks;
- the results of a round, with the score progression of the top tables.

The web pages show the same rows and charts (:func:`round_results_view`,
:func:`standings_chart`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from club.models import Championship, Deal, ReportJob, Table
from club.reports import charts, data, fonts
from club.reports.sheet_grid import PLAYER_LETTERS
from club.reports.tables import TEXT_PT, Chart, Col, Document, ResultLine, RoundView
from club.selectors.replay import decision_of, score_table
from club.sheets.kinds import kind_of
from scoring import dealer_alone, get_metric
from scoring.deal import GAME_POINT_METRICS, points_text

Kind = ReportJob.Kind
#: Most metric columns the standings PDF prints (the ranking order first).
MAX_METRICS = 8


def sheet_table_ids(round_id: int) -> list[int]:
    """The tables that get a sheet (not the byes), in table order."""
    return list(Table.objects.filter(round_id=round_id, is_bye=False).order_by("number")
                .values_list("pk", flat=True))


def sheets_html(round_id: int, table_ids: list[int] | None = None) -> str:
    """The round's printed score sheets (those of ``table_ids``), as its kind prints them."""
    rnd_data, _facts = data.round_sheets(round_id, table_ids)
    return kind_of(rnd_data.championship).printed_sheets(rnd_data)


def _when(value) -> str:
    return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT") if value else "–"


def _value(value: Any, key: str = "") -> str:
    if value is None:
        return "–"
    if key in GAME_POINT_METRICS:  # a table of three's half: 4½
        return points_text(value)
    if isinstance(value, Fraction):
        return f"{float(value):.1f}"
    return str(value)


def _metric_label(key: str) -> tuple[str, str]:
    metric = get_metric(key)
    return _(metric.abbr), _(metric.name)


def standings_document(championship: Championship) -> Document:
    """The standings PDF's document, as the championship's kind ranks it."""
    return kind_of(championship).standings_document(championship)


def match_standings_document(championship: Championship) -> Document:
    """The match standings (RULES §10) as a document (the partnership kind's)."""
    standings, _facts = data.championship_standings(championship)
    page = standings.page
    header = (championship.name, _("Standings"))
    if page is None:
        return Document(title=_("Standings: %(name)s") % {"name": championship.name},
                        intro=[], cols=[Col(_("Entry"))], rows=[], header=header,
                        empty=_("The standings cannot be computed: %(error)s")
                        % {"error": standings.error})
    keys = list(page.standings.columns)[:MAX_METRICS]
    labels = [_metric_label(k) for k in keys]
    cols = [Col(_("Rank"), chars=5), Col(_("Entry"), align="l")]
    cols += [Col(abbr, chars=max(6, len(abbr) + 2)) for abbr, _name in labels]
    rows = []
    for row in page.rows:  # a public document: the names as the public sees them
        rows.append([f"{row.rank}{'=' if row.tied else ''}", page.name(row.entry),
                     *(_value(row.values.get(k), k) for k in keys)])
    order = ", ".join(_metric_label(k)[1] for k in page.standings.order)
    intro = [" · ".join(p for p in (championship.club.name, championship.season) if p),
             _("Ranked by %(order)s; equal entries share a rank (=), lots drawn from the event "
               "seed order them.") % {"order": order},
             _("Draw seed %(seed)s · last result %(when)s") % {
                 "seed": championship.seed, "when": _when(page.last_result)},
             " · ".join(f"{abbr} {name}" for abbr, name in labels)]
    footer = _("Seed %(seed)s · last result %(last)s · printed %(now)s") % {
        "seed": championship.seed, "last": _when(page.last_result), "now": data.now_label()}
    chart = standings_chart(championship, standings)
    return Document(title=_("Standings: %(name)s") % {"name": championship.name}, intro=intro,
                    cols=cols, rows=rows, charts_=[Chart(chart, _("Rank of the leaders"))]
                    if chart else [], header=header, footer=footer,
                    empty=_("No entries yet."), notes=decisions_notes(standings.decisions))


def decisions_notes(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The standings PDF's section of the organiser's decisions (none: no section)."""
    return [(_("Decisions of the organiser"), lines)] if lines else []


def standings_chart(championship: Championship, standings: data.StandingsData | None = None) -> str:
    """The leaders' rank after each round as SVG ("" before any result)."""
    if standings is None:
        standings = data.championship_standings(championship)[0]
    if not standings.rounds:
        return ""
    return charts.rank_progression(standings.rounds, standings.progression,
                                   _("Rank of the leaders after each round"), _("Round"),
                                   _("Rank"))


def _side_names(table: data.TableData) -> tuple[str, str]:
    names = []
    for seats in data.group_seats(table.seats):
        entries: dict[int, str] = {}
        for seat in seats:
            entries.setdefault(seat.entry_id, seat.entry.name)
        names.append(" & ".join(entries.values()) or "–")
    return names[0], names[1]


def _fit_sides(table: data.TableData, width: float) -> tuple[str, str]:
    """Each side's names for a column ``width`` mm wide: pair names cut to fit; the two
    players of an individual event each given half, first names as initials if need be."""
    out = []
    for seats, full in zip(data.group_seats(table.seats), _side_names(table), strict=True):
        players = [s.player for s in seats]
        if fonts.text_width_mm(full, TEXT_PT) <= width or len({s.entry_id for s in seats}) < 2:
            out.append(fonts.fit_text(full, width, TEXT_PT))
            continue
        half = (width - fonts.text_width_mm(" & ", TEXT_PT)) / len(players)
        out.append(" & ".join(fonts.fit_name(p.first_name, p.last_name, half, TEXT_PT)
                              for p in players))
    return out[0], out[1]


def result_lines(rnd_data: data.RoundData, width: float | None = None) -> list[ResultLine]:
    """Each table's line; with ``width`` the side names are shortened to fit it (mm)."""
    out = []
    for table in rnd_data.tables:
        by_side = {r.side: r for r in table.results}
        sides = _side_names(table) if width is None else _fit_sides(table, width)
        if table.table.is_bye:
            out.append(ResultLine(table.table.number, sides, "", "", _("bye"), True))
            continue
        if dealer_alone(len(table.seats)):
            out.append(_decided(_threes_line(table, by_side, width), table))
            continue
        a, b = by_side.get(0), by_side.get(1)
        if a is None or b is None:
            out.append(ResultLine(table.table.number, sides, "", "", _("no deals yet")))
            continue
        if not a.finished:
            result = _("in progress")
        elif a.result == "draw":
            result = _("draw")
        else:
            result = _("A wins") if a.result == "win" else _("B wins")
        out.append(_decided(ResultLine(table.table.number, sides, f"{a.games_won}–{b.games_won}",
                                       f"{points_text(a.points_for)}–{points_text(b.points_for)}",
                                       result, a.finished),
                            table))
    return out


def _decided(line: ResultLine, table: data.TableData) -> ResultLine:
    """The line of a table the organiser decided at the close: the decision in words as
    its result (a forfeit's and an average score's game points are the standings')."""
    if not decision_of(table.table):
        return line
    t = table.table
    label = t.get_decision_display()
    if t.decision == Table.Decision.FORFEIT:
        letters = PLAYER_LETTERS if dealer_alone(len(table.seats)) else "AB"
        side = t.decision_side or 0
        label = _("forfeit by %(side)s") % {"side": letters[side] if side < len(letters) else "?"}
    elif t.decision == Table.Decision.PLAYED:
        label = _("%(result)s (scored as played)") % {"result": line.result}
    if t.decision in (Table.Decision.FORFEIT, Table.Decision.AVERAGE, Table.Decision.NOT_PLAYED):
        line = ResultLine(line.number, line.sides, "", "", label, True)
    else:
        line = ResultLine(line.number, line.sides, line.games, line.points, label, line.finished)
    if t.decision_reason:
        line = ResultLine(line.number, line.sides, line.games, line.points,
                          f"{line.result}: {t.decision_reason}", line.finished)
    return line


def _threes_line(table: data.TableData, by_seat: dict, width: float | None) -> ResultLine:
    """A table of three's line: its players as the sheet letters them (A, B, C in seat
    order), games and game points per player, who won (its match rows are keyed by seat)."""
    seats = sorted(table.seats, key=lambda s: s.position)
    letters = PLAYER_LETTERS[:len(seats)]
    players = " · ".join(f"{letter} {seat.entry.name}" for letter, seat in zip(letters, seats,
                                                                                strict=True))
    sides = (players if width is None else fonts.fit_text(players, 2 * width, TEXT_PT), "")
    rows = [by_seat.get(seat) for seat in range(len(seats))]
    if any(row is None for row in rows):
        return ResultLine(table.table.number, sides, "", "", _("no deals yet"))
    games = "–".join(str(row.games_won) for row in rows)
    points = "–".join(points_text(row.points_for) for row in rows)
    winners = [letter for letter, row in zip(letters, rows, strict=True) if row.result == "win"]
    if not rows[0].finished:
        result = _("in progress")
    elif not winners:
        result = _("draw")
    elif len(winners) == 1:
        result = _("%(player)s wins") % {"player": winners[0]}
    else:
        result = _("%(players)s share the win") % {"players": " & ".join(winners)}
    return ResultLine(table.table.number, sides, games, points, result, rows[0].finished)


def table_chart(table: data.TableData) -> str:
    """One table's score progression as SVG ("" without deals)."""
    if not table.deals:
        return ""
    score = score_table(table.table, table.deals, table.seats)
    rules = table.table.round.stage.championship.rule_set.rules()
    if dealer_alone(len(table.seats)):  # a line and a name for each player (A, B, C)
        seats = sorted(table.seats, key=lambda s: s.position)
        labels = tuple(f"{letter}: {seat.entry.name}"
                       for letter, seat in zip(PLAYER_LETTERS, seats, strict=False))
    else:
        sides = _side_names(table)
        labels = (f"A: {sides[0]}", f"B: {sides[1]}")
    return charts.score_progression(
        score.outcome.games, labels,
        _("Table %(number)d: game points deal by deal") % {"number": table.table.number},
        rules.target, _("Deal"), _("Game points"))


def results_document(round_id: int) -> Document:
    """The round's results PDF's document, as its kind writes them."""
    rnd_data, _facts = data.round_results(round_id)
    return kind_of(rnd_data.championship).results_document(rnd_data)


def match_results_document(rnd_data: data.RoundData) -> Document:
    """A line per table, its two sides, games, points and result, and the tables' charts
    (the partnership kind's)."""
    rnd = rnd_data.round
    champ = rnd_data.championship
    cols = [Col(_("Table"), chars=5), Col(_("Side A"), align="l"), Col(_("Side B"), align="l"),
            Col(_("Games"), chars=7), Col(_("Points"), chars=10), Col(_("Result"), align="l")]
    lines = result_lines(rnd_data)  # names and results whole: a long one takes two lines
    rows = [[str(line.number), line.sides[0], line.sides[1], line.games, line.points,
             line.result] for line in lines]
    done = sum(1 for line in lines if line.finished)
    intro = [f"{champ.name} · {capfirst(str(rnd.stage))}",
             _("%(status)s · %(done)d of %(tables)d tables finished") % {
                 "status": capfirst(rnd.get_status_display()), "done": done, "tables": len(lines)}]
    charts_ = [Chart(svg, _("Score progression")) for svg in
               (table_chart(t) for t in rnd_data.tables if t.deals) if svg]
    title = _("Results: %(round)s") % {"round": rnd}
    footer = _("Draw seed %(seed)s · printed %(now)s") % {"seed": rnd.seed,
                                                          "now": data.now_label()}
    return Document(title=title, intro=intro, cols=cols, rows=rows, charts_=charts_,
                    header=(champ.name, title), footer=footer, empty=_("No tables yet."))


def round_view(round_id: int, number: int | None = None) -> RoundView:
    """A round's results for its page, as its kind shows them. Five queries at most."""
    rnd_data, _facts = data.round_results(round_id)
    return kind_of(rnd_data.championship).round_view(rnd_data, number)


def match_round_view(rnd_data: data.RoundData, number: int | None = None) -> RoundView:
    """A line per table and the chart of table ``number`` (default: the first table with
    deals; the partnership kind's)."""
    playing = [t for t in rnd_data.tables if not t.table.is_bye]
    chosen = next((t for t in playing if t.table.number == number), None)
    if chosen is None:
        chosen = next((t for t in playing if t.deals), playing[0] if playing else None)
    if chosen is not None and not chosen.deals:
        chosen.deals = list(Deal.objects.filter(table=chosen.table).order_by("number"))
    return RoundView(result_lines(rnd_data), [t.table.number for t in playing],
                     chosen.table.number if chosen else None,
                     table_chart(chosen) if chosen else "")
