"""Board slips (to pre-deal the wallets) and hand records (the four hands, the
double-dummy card points for each trump and no trump, the par), from plain data (see
``club.reports.duplicate_common``).

Slips: four boards a page, each a box with the dealer and the four seats' cards suit by suit,
which the person dealing the wallets follows pocket by pocket. Hand records: four boards a
page, the hands round a square as at the table, the double-dummy table and the par; a board
whose double-dummy results are not computed yet says so (the PDF is only asked for once
they are, see ``club.services.duplicate_reports``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from club.reports.duplicate_common import (
    TRUMP_KEYS,
    document,
    hand_by_suit,
    page_css,
    seat_name,
    trump_label,
)

PER_PAGE = 4


def _pages(items: Sequence[Any]) -> list[list[Any]]:
    return [list(items[i:i + PER_PAGE]) for i in range(0, len(items), PER_PAGE)] or [[]]


def slips_html(boards: Sequence[dict[str, Any]], *, event: str, session: str) -> str:
    """Board slips: each seat's cards per board, four boards a page."""
    slips = []
    for board in boards:
        seats = [{"name": seat_name(s), "lines": hand_by_suit(cards), "count": len(cards)}
                 for s, cards in enumerate(board["hands"])]
        slips.append({"number": board["number"], "dealer": seat_name(board["dealer"]),
                      "seats": seats})
    title = _("Board slips: %(event)s, %(session)s") % {"event": event, "session": session}
    return document("reports/duplicate_slips.html", title,
                    page_css("duplicate_slips.css", header=title), pages=_pages(slips))


def _dd_rows(board: dict[str, Any]) -> list[dict[str, Any]] | None:
    dd = board.get("double_dummy")
    if not dd:
        return None
    par = board.get("par") or {}
    par_key = (par.get("trump") or "nt") if par else None
    rows = []
    for key in TRUMP_KEYS:
        value = dd.get(key)
        if value is None:
            return None
        capot = value[2] if len(value) > 2 else None
        rows.append({"label": trump_label(key), "ns": value[0], "ew": value[1],
                     "capot": "" if capot is None else (_("NS") if capot == 0 else _("EW")),
                     "par": key == par_key})
    return rows


def _par_line(board: dict[str, Any]) -> str:
    par = board.get("par")
    if not par:
        return ""
    score = par.get("score") or (0, 0)
    return _("Par: %(trump)s, %(ns)d–%(ew)d card points, %(sns)d–%(sew)d game points "
             "(North-South–East-West).") % {
        "trump": trump_label(par.get("trump")), "ns": par["points"][0], "ew": par["points"][1],
        "sns": score[0], "sew": score[1]}


def hand_records_html(boards: Sequence[dict[str, Any]], *, event: str, session: str,
                      rules: str) -> str:
    """Hand records: the four hands, the double-dummy table and the par, four boards a page."""
    records = []
    for board in boards:
        hands = [{"name": seat_name(s), "lines": hand_by_suit(cards)}
                 for s, cards in enumerate(board["hands"])]
        records.append({"number": board["number"], "dealer": seat_name(board["dealer"]),
                        "hands": hands, "dd": _dd_rows(board), "par": _par_line(board)})
    title = _("Hand records: %(event)s, %(session)s") % {"event": event, "session": session}
    return document("reports/duplicate_handrecords.html", title,
                    page_css("duplicate_records.css", header=title), pages=_pages(records), rules=rules)
