"""CSV and XLSX exports of an auction Manille championship (RULES.md §13): its standings (by
total score or by table places) and every player's result at every table.

Written by :mod:`club.exports` (no formula ever; a Belgian Excel opens the CSV right: a byte
order mark, the language's list separator and decimal sign, so 2.5 place points read "2,5"
in Dutch and French). Names as the page shows them to the viewer (``name``: the public name
unless the viewer may see the full one). The standings page offers them with
``?_export=csv`` or ``xlsx`` (and ``&what=tables`` for the results table by table).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from club.exports import export_filename, write_csv, write_xlsx
from club.selectors.auction_results import SeatResult
from scoring.standings import Standings

FORMATS = {"csv": "text/csv; charset=utf-8",
           "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
#: What can be exported: the standings, or the results table by table.
WHAT = ("standings", "tables")
LETTERS = "ABCDEFG"

Name = Callable[[Hashable], str]


def standings_table(standings: Standings, name: Name) -> tuple[list[str], list[list[Any]]]:
    """Headers and rows of the standings: rank (= when shared), player, rounds, total,
    average, best table, place points, place share (%), first places, and the places."""
    headers = [_("Rank"), _("Player"), _("Rounds"), _("Total score"), _("Average a round"),
               _("Best table"), _("Place points"), _("Place points %"), _("First places"),
               _("Places (round: place/players)")]
    rows = []
    for row in standings.rows:
        v = row.values
        places = " ".join(f"{r}:{p}/{n}" for r, p, n in v["places"])
        rows.append([f"{row.rank}=" if row.tied else row.rank, name(row.entry), v["rounds"],
                     v["total"], _number(v["average"]), v["best"] if v["best"] is not None
                     else "", _number(v["place_points"]), _number(v["place_share"]),
                     v["firsts"], places])
    return headers, rows


def tables_table(results: list[SeatResult], name: Name) -> tuple[list[str], list[list[Any]]]:
    """Headers and rows of the results seat by seat."""
    headers = [_("Stage"), _("Round"), _("Table"), _("Seat"), _("Player"), _("Players at the "
               "table"), _("Total score"), _("Place"), _("Place points"), _("Finished")]
    rows = [[r.stage, r.round, r.table, LETTERS[r.seat] if r.seat < len(LETTERS) else r.seat,
             name(r.entry), r.players, r.total, r.place, _number(r.place_points), r.finished]
            for r in results]
    return headers, rows


def _number(value: Any) -> Any:
    """A whole value as an int (2.0 -> 2), a fraction as a float (the CSV localises it)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def response(fmt: str, title: str, headers: list[str], rows: list[list[Any]],
             filename: str) -> HttpResponse:
    """The file as a download (``fmt`` one of :data:`FORMATS`; KeyError otherwise)."""
    content_type = FORMATS[fmt]
    body = write_csv(headers, rows) if fmt == "csv" else write_xlsx(title, headers, rows)
    out = HttpResponse(body, content_type=content_type)
    out["Content-Disposition"] = f'attachment; filename="{filename}"'
    return out


def export(championship, stage, standings: Standings, results: Callable[[], list[SeatResult]],
           fmt: str, what: str, name: Name) -> HttpResponse:
    """The standings page's export: ``what`` "tables" for the results table by table
    (``results`` read only then), anything else the standings as ranked."""
    suffix = (_("stage"), stage.number) if stage is not None else ()
    if what == "tables":
        headers, rows = tables_table(results(), name)
        return response(fmt, _("Tables"), headers, rows,
                        export_filename(_("tables"), championship.pk, *suffix, ext=fmt))
    headers, rows = standings_table(standings, name)
    return response(fmt, _("Standings"), headers, rows,
                    export_filename(_("standings"), championship.pk, *suffix, ext=fmt))
