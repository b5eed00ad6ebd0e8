"""A duplicate event's standings as a PDF, beside the page's CSV and XLSX exports (issue 28
point 7): the same rows and figures as the page, a Mitchell's two lists (North-South, then
East-West, each ranked within its own direction: RULES.md §15) one after the other with the
direction first, as the exports write them.

It is one or two pages of text, rendered in the request like the other exports (about a
second): no job, no worker.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats
from django.utils.translation import gettext as _

from club.models import DuplicateEvent
from club.reports import pdf
from club.reports.data import now_label
from club.reports.tables import Col, Document
from club.selectors.duplicate_results import Standing


def _number(value: float, places: int, *, fixed: bool = False) -> str:
    """As the page's ``floatformat``: ``places`` decimals, or (not ``fixed``) none for a
    whole number; in the active language's format."""
    value = round(value, places)
    if not fixed and value == int(value):
        return formats.number_format(int(value), use_l10n=True)
    return formats.number_format(value, decimal_pos=places, use_l10n=True)


def _numbers(label: str, chars: int) -> Col:
    """A column of figures wide enough for its heading in the active language too."""
    return Col(label, chars=max(chars, len(label) + 2))


def standings_document(event: DuplicateEvent, lists: Sequence[tuple[int | None, list[Standing]]],
                       directions: dict[int, str], by: str) -> Document:
    """The standings as a printed table (names as the viewer sees them: the caller has
    concealed them)."""
    split = any(direction is not None for direction, _rows in lists)
    cols = ([Col(_("Direction"), width=28, align="l")] if split else []) + [
        _numbers(_("Rank"), 5), _numbers(_("Pair"), 5), Col(_("Names"), align="l"),
        _numbers("%", 7), _numbers(_("MP"), 7), _numbers(_("Top"), 5),
        _numbers(_("Datum"), 7), _numbers(_("Boards"), 7)]
    rows = []
    for direction, part in lists:
        for row in part:
            rows.append(([str(directions.get(direction, ""))] if split else []) + [
                str(row.rank), str(row.pair.number), row.pair.name,
                _number(row.percentage, 2, fixed=True), _number(row.match_points, 2),
                str(row.top), _number(row.datum, 1), str(row.boards)])
    ranked = (_("By the difference to each board's average (datum).") if by == "datum" else
              _("By percentage of the match points (2 for each pair beaten on a board, 1 for "
                "each tie)."))
    intro = [" · ".join(part for part in (
        event.club.name, formats.date_format(event.date, "DATE_FORMAT") if event.date else "",
        str(event.get_movement_display())) if part), ranked]
    if split:
        intro.append(_("The pairs keep their direction, so North-South and East-West are "
                       "ranked apart, each against its own direction."))
    title = _("Standings: %(name)s") % {"name": event.name}
    return Document(title=title, intro=intro, cols=cols, rows=rows,
                    header=(event.name, _("Standings")),
                    footer=_("Printed %(now)s") % {"now": now_label()},
                    empty=_("No results yet."))


def standings_pdf(event: DuplicateEvent, lists: Sequence[tuple[int | None, list[Standing]]],
                  directions: dict[int, str], by: str) -> bytes:
    return pdf.html_to_pdf(standings_document(event, lists, directions, by).html())
