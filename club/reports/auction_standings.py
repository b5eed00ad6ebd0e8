"""The standings PDF of an auction Manille championship (RULES.md §13): the players ranked by
total score (the page's first order), with their rounds, average, best table, place points,
their share and first places; and its facts (the report's fingerprint). The registry's
standings kind asks here when the championship's rule set is an auction game (the
partnership standings read two sides and refuse the totals below zero an auction has)."""

from __future__ import annotations

from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _

from club.models import Championship, Entry
from club.reports import data
from club.reports.tables import Col, Document, ResultLine, RoundView
from club.selectors.auction_standings import auction_standings_of
from club.selectors.names import player_name
from scoring.standings import Standings


def _names(championship: Championship) -> dict[int, str]:
    """Entry -> the name the public sees (a public document)."""
    return {e.pk: player_name(e.player, False) if e.player_id else e.name
            for e in Entry.objects.filter(championship=championship).select_related("player")}


#: Decimals each figure is printed with (the rest are whole numbers or halves).
DECIMALS = {"average": 2, "place_share": 1}


def _number(value: Any, key: str = "") -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        places = DECIMALS.get(key, 0 if value.is_integer() else 1)
        return formats.number_format(value, decimal_pos=places, use_l10n=True)
    return str(value)


def auction_standings_facts(championship: Championship) -> tuple[Standings, dict[str, str],
                                                                  dict[str, Any]]:
    """The standings by total, the names and the facts the document shows."""
    standings = auction_standings_of(championship, order="total")
    names = _names(championship)
    facts = {"championship": [championship.pk, championship.name, championship.seed,
                              championship.club.name, "auction"],
             "rows": [[row.rank, row.tied, names.get(row.entry, "?"), row.values]
                      for row in standings.rows]}
    return standings, names, facts


KEYS = ("rounds", "total", "average", "best", "place_points", "place_share", "firsts")


def auction_standings_document(championship: Championship) -> Document:
    standings, names, _facts = auction_standings_facts(championship)
    decisions = data.decision_lines(championship)  # the organiser's, as the round pages tell
    labels = [_("Rounds"), _("Total"), _("Average"), _("Best"), _("Place points"), "%",
              _("Firsts")]
    cols = [Col(_("Rank"), chars=5), Col(_("Player"), align="l")]
    cols += [Col(label, chars=max(7, len(label) + 2)) for label in labels]
    rows = [[f"{row.rank}{'=' if row.tied else ''}", names.get(row.entry, "?"),
             *(_number(row.values.get(key), key) for key in KEYS)] for row in standings.rows]
    intro = [" · ".join(p for p in (championship.club.name, championship.season) if p),
             _("Auction Manille, each for themselves: ranked by total score, then place "
               "points, then first places; equal players share a rank (=), lots drawn from "
               "the event seed order them."),
             _("Place points: one for each player below you at your table, a half for each "
               "one level with you; %: place points as a share of the players met.")]
    footer = _("Seed %(seed)s · printed %(now)s") % {"seed": championship.seed,
                                                     "now": data.now_label()}
    return Document(title=_("Standings: %(name)s") % {"name": championship.name}, intro=intro,
                    cols=cols, rows=rows, header=(championship.name, _("Standings")),
                    footer=footer, empty=_("No entries yet."),
                    notes=[(_("Decisions of the organiser"), decisions)] if decisions else [])


def auction_results_document(rnd_data: data.RoundData) -> Document:
    """A round's results at auction tables: a line per player, table by table, in seat
    order (the sheet's letters), with the total, the place at the table and the place
    points; the tables still playing say so."""
    from django.utils.text import capfirst

    from scoring.auction_standings import TableResult

    rnd, champ = rnd_data.round, rnd_data.championship
    cols = [Col(_("Table"), chars=6), Col(_("Seat"), chars=5), Col(_("Player"), align="l"),
            Col(_("Total"), chars=7), Col(_("Place"), chars=6), Col(_("Place points"), chars=13),
            Col(_("State"), width=26)]
    rows, done, tables = [], 0, 0
    for table in rnd_data.tables:
        if table.table.is_bye:
            continue
        tables += 1
        by_seat = {r.side: r for r in table.results}
        seats = sorted(table.seats, key=lambda s: s.position)
        finished = bool(by_seat) and all(r.finished for r in by_seat.values())
        done += finished
        places = points = {}
        if 3 <= len(by_seat) <= 7:
            result = TableResult(rnd.number, table.table.number,
                                 {side: r.points_for for side, r in by_seat.items()})
            places, points = result.places(), result.place_points()
        state = _("finished") if finished else _("playing") if by_seat else _("not started")
        for seat in seats:
            r = by_seat.get(seat.position)
            rows.append([str(table.table.number) if seat is seats[0] else "",
                         "ABCDEFG"[seat.position] if seat.position < 7 else str(seat.position),
                         seat.entry.name, "" if r is None else str(r.points_for),
                         f"{places[seat.position]}." if seat.position in places else "",
                         _number(points.get(seat.position), "place_points")
                         if seat.position in points else "", state if seat is seats[0] else ""])
    intro = [f"{champ.name} · {capfirst(str(rnd.stage))}",
             _("%(status)s · %(done)d of %(tables)d tables finished") % {
                 "status": capfirst(rnd.get_status_display()), "done": done, "tables": tables},
             _("Auction Manille, each for themselves: equal totals share a place; place points "
               "are one for each player below at the table, a half for each one level.")]
    title = _("Results: %(round)s") % {"round": rnd}
    footer = _("Draw seed %(seed)s · printed %(now)s") % {"seed": rnd.seed,
                                                          "now": data.now_label()}
    return Document(title=title, intro=intro, cols=cols, rows=rows,
                    header=(champ.name, title), footer=footer, empty=_("No tables yet."))


def auction_result_lines(rnd_data: data.RoundData) -> list:
    """The round page's lines for auction tables: the players in seat order with their
    totals (one line a table), and who won (shared first places) once the game is over."""

    lines = []
    for table in rnd_data.tables:
        if table.table.is_bye:
            continue
        by_seat = {r.side: r for r in table.results}
        seats = sorted(table.seats, key=lambda s: s.position)
        players = " · ".join(
            f"{'ABCDEFG'[s.position]} {s.entry.name}"
            + (f" {by_seat[s.position].points_for}" if s.position in by_seat else "")
            for s in seats if s.position < 7)
        finished = bool(by_seat) and all(r.finished for r in by_seat.values())
        if finished:
            best = max(r.points_for for r in by_seat.values())
            winners = " & ".join(s.entry.name for s in seats
                                 if s.position in by_seat and by_seat[s.position].points_for
                                 == best)
            result = _("won by %(players)s") % {"players": winners}
        else:
            result = _("playing") if by_seat else _("not started")
        lines.append(ResultLine(table.table.number, (players, ""), "", "", result, finished))
    return lines


def auction_round_view(rnd_data: data.RoundData, number: int | None = None) -> RoundView:
    """A round's results on its page: a line per table with every player's total (no two
    sides to chart; the auction kind's)."""
    return RoundView(auction_result_lines(rnd_data), [], None, "", auction=True)


def standings_facts(championship: Championship) -> Any:
    """What the standings PDF shows, for its fingerprint (the auction kind's)."""
    return [auction_standings_facts(championship)[2], data.decision_lines(championship)]
