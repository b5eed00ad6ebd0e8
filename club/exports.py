"""CSV and XLSX exports of django-tables2 tables that never carry a formula.

Every export of the site goes through :class:`SafeTableExport` (the exportable list views
through :class:`club.views.base.ExportableTableMixin`, the standings view directly). Names,
reasons and member numbers are typed by people; a spreadsheet would run a cell such as
``=HYPERLINK("http://x","y")`` as a formula (CSV/formula injection). So:

- CSV: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
  (or their full-width forms) gets a leading ``'``, which spreadsheets read as "this is
  text" and do not show;
- XLSX: every text cell is written with the string data type, never as a formula, the text
  unchanged but for what XML cannot hold: a carriage return becomes a line feed (as any
  XML reader would make it), other control characters U+FFFD.

Numbers stay numbers: -12 is ``-12`` in the CSV and the number -12 in the XLSX. Only the
two formats the pages offer are accepted; any other ``_export`` value shows the page.

The CSV opens right in the spreadsheet of the reader's language: a UTF-8 byte order mark
(so accents survive Excel), the language's list separator (a semicolon in Dutch and
French, where the comma is the decimal sign) and its decimal sign; yes and no, not True
and False, in both formats.

A club's lists (its members, the clubs) use :class:`StreamedTableExport`: the CSV streams
from a database iterator, the XLSX is written row by row and bounded (issue 27, break 1).

Names in the reader's language too: an XLSX sheet is titled by the caller (the page's
title), else "Troef", never django-tables2's "Export Data" (:func:`sheet_title` keeps it
to what Excel allows); a file name is an ASCII slug of translated words
(:func:`export_filename`: "zwarte-troef-leden.csv").
"""

from __future__ import annotations

import csv
import datetime
import functools
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Model, QuerySet
from django.http import HttpResponse, StreamingHttpResponse
from django.utils import formats, translation
from django.utils.encoding import force_str
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _
from django_tables2.columns import Column, ManyToManyColumn
from django_tables2.columns.linkcolumn import BaseLinkColumn
from django_tables2.export import TableExport
from django_tables2.rows import BoundRow
from django_tables2.utils import A, signature

#: First characters that make a spreadsheet read a text cell as a formula.
FORMULA_START = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
#: Characters Excel refuses in a sheet's name, which holds at most 31 characters.
_SHEET_FORBIDDEN = re.compile(r"[:\\/?*\[\]]+")
SHEET_TITLE_MAX = 31
#: Characters an XLSX (XML 1.0) cannot hold: control characters but tab, LF and CR.
_XML_ILLEGAL = {c: "\ufffd" for c in (*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20))}


def csv_cell(value: Any) -> Any:
    """A cell for a CSV file: text that could start a formula gets a leading ``'``.

    >>> [csv_cell(v) for v in ['=1+1', '+1', '-2+3', '@SUM(A1)', '\\tx', '\\rx', 'Ann', -12]]
    ["'=1+1", "'+1", "'-2+3", "'@SUM(A1)", "'\\tx", "'\\rx", 'Ann', -12]
    """
    if isinstance(value, Promise):
        value = str(value)
    if isinstance(value, str) and value[:1] in FORMULA_START:
        return "'" + value
    return value


def xlsx_value(value: Any) -> Any:
    """A value openpyxl can store: text stays text (see :func:`write_xlsx`), aware
    datetimes in local time without their zone (XLSX has no time zones)."""
    if isinstance(value, Promise):
        value = str(value)
    if isinstance(value, str):
        return value.replace("\r\n", "\n").replace("\r", "\n").translate(_XML_ILLEGAL)
    if isinstance(value, datetime.datetime) and value.tzinfo is not None:
        from django.utils import timezone

        return timezone.localtime(value).replace(tzinfo=None)
    return value


#: The list separator of a spreadsheet in each language (where the comma is the decimal sign,
#: a semicolon).
CSV_SEPARATORS = {"nl": ";", "fr": ";"}


def readable(value: Any) -> Any:
    """Yes or no (translated) for a boolean; anything else as it is."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value


def _localized(value: Any) -> Any:
    if isinstance(value, (float, Decimal)):
        return formats.number_format(value, use_l10n=True)
    return value


def _csv_value(value: Any) -> Any:
    """A value as a CSV cell: a number written in the language's way and never quoted (a
    negative number is no formula: "-5,5" must stay a number), text guarded by
    :func:`csv_cell`."""
    value = readable(value)
    if isinstance(value, int | float | Decimal):
        return _localized(value)
    return csv_cell(value)


def write_csv(headers: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """CSV in the active language's dialect, with a byte order mark.

    >>> write_csv(["a", "b"], [[-5.5, "-2+3"]]).splitlines()[1]
    "-5.5,'-2+3"
    """
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=CSV_SEPARATORS.get(get_language() or "", ","))
    writer.writerow([csv_cell(v) for v in headers])
    for row in rows:
        writer.writerow([_csv_value(v) for v in row])
    return out.getvalue()


def write_xlsx(title: str, headers: Sequence[Any], rows: Iterable[Sequence[Any]]) -> bytes:
    """One sheet, bold headers frozen at the top; every text cell of data type ``s``.

    Written in openpyxl's write-only mode: each row goes to the file as it comes (``rows``
    may be an iterator over the database), no sheet of cells is held in memory."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    sheet = book.create_sheet(sheet_title(title))
    sheet.freeze_panes = "A2"  # before the first row: the sheet's view is written first
    bold = Font(bold=True)

    def cells(row: Sequence[Any], header: bool) -> list[WriteOnlyCell]:
        out = []
        for value in row:
            value = xlsx_value(readable(value))
            cell = WriteOnlyCell(sheet, value=value)
            if isinstance(value, str):
                cell.data_type = "s"  # openpyxl made "=..." a formula, "#N/A" an error
            if header:
                cell.font = bold
            out.append(cell)
        return out

    sheet.append(cells(headers, True))
    for row in rows:
        sheet.append(cells(row, False))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def sheet_title(title: Any) -> str:
    """A sheet name Excel takes: none of ``: \\ / ? * [ ]``, no apostrophe at either end,
    31 characters at most; "Troef" (translated) when nothing is left.

    >>> sheet_title("Stand: ronde 1/2 [A]")
    'Stand- ronde 1-2 -A-'
    """
    text = " ".join(_SHEET_FORBIDDEN.sub("-", str(title or "")).split())
    text = text[:SHEET_TITLE_MAX].strip().strip("'").strip()
    return text or str(_("Troef"))


def export_filename(*parts: Any, ext: str) -> str:
    """A download's file name: the parts (translated words, slugs, numbers) as one ASCII
    slug, ``troef`` when they are empty.

    >>> export_filename("Classement", "Été à Liège", 7, ext="csv")
    'classement-ete-a-liege-7.csv'
    """
    stem = "-".join(slug for slug in (slugify(str(part)) for part in parts) if slug)
    return f"{stem or 'troef'}.{ext}"


#: Words of download names that no page or title gives (issue 28 point 12).
FILE_WORDS = {
    "analysis": pgettext_lazy("file name", "play analysis"),
    "player_data": pgettext_lazy("file name", "player data"),
}


class SafeTableExport(TableExport):
    """django-tables2's export, CSV and XLSX only, written without formulas; the sheet
    titled ``dataset_kwargs["title"]`` (the page's title), else "Troef" in the active
    language (:func:`sheet_title`)."""

    def __init__(self, export_format, table, exclude_columns=None, dataset_kwargs=None):
        kwargs = dict(dataset_kwargs or {})
        kwargs["title"] = sheet_title(kwargs.get("title"))
        super().__init__(export_format, table, exclude_columns, kwargs)

    FORMATS = {TableExport.CSV: TableExport.FORMATS[TableExport.CSV],
               TableExport.XLSX: TableExport.FORMATS[TableExport.XLSX]}

    @classmethod
    def is_valid_format(cls, export_format):
        return export_format in cls.FORMATS

    def export(self):
        headers, rows = self.dataset.headers or [], list(self.dataset)
        if self.format == self.CSV:
            return write_csv(headers, rows)
        return write_xlsx(self.dataset.title, headers, rows)


# -- exports that do not hold a worker (issue 27, break 1) -----------------------------

#: Records read per database round trip while an export is written.
STREAM_CHUNK = 2_000
#: CSV rows sent per chunk of a streamed answer.
CSV_ROWS_PER_CHUNK = 500


class ExportTooLarge(ValueError):
    """An XLSX export of more rows than ``TROEF_CLUB_MAX_MEMBERS`` (the CSV streams)."""


#: What django-tables2 offers a column's value function (``BoundRow._optional_cell_arguments``).
_CELL_ARGUMENTS = frozenset({"value", "record", "column", "bound_column", "bound_row", "table"})
_MISSING = object()


class _CellValue:
    """A column's export cell of a record, as django-tables2's ``BoundRow.get_cell_value``
    gives it, with what that looks up for every cell (the accessor, its model field, the
    value function and its signature: about 0.15 ms a cell) resolved once per export."""

    def __init__(self, table, bound_column):
        self.column = column = bound_column.column
        self.accessor = A(bound_column.accessor)
        self.bits = self.accessor.bits
        path, _sep, self.remainder = self.accessor.rpartition(self.accessor.SEPARATOR)
        self.path = A(path)
        self.choices: dict[type, bool] = {}  # by record type: the accessor's field has choices
        self.link_text = isinstance(column, BaseLinkColumn) and column.text is not None
        self.many = isinstance(column, ManyToManyColumn)
        function = bound_column.value  # value_<name>, render_<name> or the column's value
        if getattr(function, "__func__", None) is Column.value:  # which calls its render
            function = column.render
        args, catch_all = signature(function)
        wanted = _CELL_ARGUMENTS if catch_all else frozenset(args)
        self.callable = bool(catch_all) or wanted <= _CELL_ARGUMENTS  # else: no value
        fixed = {"column": column, "bound_column": bound_column, "table": table}
        fixed = {name: fixed[name] for name in fixed if name in wanted}
        self.function = functools.partial(function, **fixed) if fixed else function
        self.wants_value, self.wants_record = "value" in wanted, "record" in wanted
        self.needs_row = self.callable and "bound_row" in wanted

    def _has_choices(self, record) -> bool:
        kind = type(record)
        if kind not in self.choices:
            try:
                field = self.accessor.get_field(record)
            except FieldDoesNotExist:
                field = None
            self.choices[kind] = bool(getattr(field, "choices", ()))
        return self.choices[kind]

    def __call__(self, record, row: BoundRow | None) -> Any:
        value, remainder = None, self.remainder
        if self._has_choices(record):  # get_FOO_display(), as django-tables2
            penultimate = self.path.resolve(record, quiet=True)
            display = (getattr(penultimate, f"get_{remainder}_display", None)
                       if isinstance(penultimate, Model) else None)
            if display:
                value, remainder = display(), None
        if remainder:
            try:
                value = self._resolve(record)
            except Exception:  # noqa: BLE001 (any failed lookup, as django-tables2)
                if self.link_text:
                    return self._call(record, row, None)
        if value in self.column.empty_values or (self.many and not value.exists()):
            return None
        return self._call(record, row, value)

    def _resolve(self, record) -> Any:
        """``accessor.resolve(record)``: along model instances by attribute (what it comes to
        for them), anything else (a dict, a method to call) the library's way."""
        current = record
        for bit in self.bits:
            if not isinstance(current, Model):
                return self.accessor.resolve(record)
            current = getattr(current, bit, _MISSING)
            if current is _MISSING or callable(current):
                return self.accessor.resolve(record)
            if current is None:
                break
        return current

    def _call(self, record, row: BoundRow | None, value: Any) -> Any:
        if not self.callable:
            return None
        given = {}
        if self.wants_value:
            given["value"] = value
        if self.wants_record:
            given["record"] = record
        if self.needs_row:
            given["bound_row"] = row
        return self.function(**given)


def table_values(table, exclude_columns=()) -> Iterator[list[Any]]:
    """The header, then each row's values as django-tables2's ``as_values`` gives them, but
    read from the database a chunk at a time (``QuerySet.iterator``) in the table's order,
    never the whole list at once, and each column's lookups resolved once
    (:class:`_CellValue`), not for every cell."""
    columns = [column for column in table.columns.iterall()
               if not (column.column.exclude_from_export or column.name in exclude_columns)]
    yield [force_str(column.header, strings_only=True) for column in columns]
    cells = [_CellValue(table, column) for column in columns]
    needs_row = any(cell.needs_row for cell in cells)
    records = table.data.data
    if isinstance(records, QuerySet):
        records = records.iterator(chunk_size=STREAM_CHUNK)
    for record in records:
        row = BoundRow(record, table=table) if needs_row else None
        yield [force_str(cell(record, row), strings_only=True) for cell in cells]


def stream_csv(rows: Iterator[Sequence[Any]], language: str | None) -> Iterator[str]:
    """:func:`write_csv`'s file (``rows``: the header first) a few hundred rows at a time,
    in ``language`` (the request's: the stream is read after the view returned)."""
    with translation.override(language):
        out = io.StringIO()
        out.write("\ufeff")
        writer = csv.writer(out, delimiter=CSV_SEPARATORS.get(language or "", ","))
        writer.writerow([csv_cell(v) for v in next(rows)])
        for number, row in enumerate(rows, 1):
            writer.writerow([_csv_value(v) for v in row])
            if number % CSV_ROWS_PER_CHUNK == 0:
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()


class StreamedTableExport(SafeTableExport):
    """:class:`SafeTableExport` for lists as long as a club: the CSV is a
    ``StreamingHttpResponse`` whose rows are read from the database as they are sent (the
    first bytes leave at once, memory stays flat); the XLSX (a zip, written whole) is
    written row by row in write-only mode and refused (:class:`ExportTooLarge`) beyond
    ``TROEF_CLUB_MAX_MEMBERS`` rows, so that it too ends in a second or two."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        self.table, self.exclude_columns = table, exclude_columns or ()
        self.title = (dataset_kwargs or {}).get("title")
        # no dataset: the rows are read while the file is written

    def response(self, filename=None):
        if self.format == self.CSV:
            response = StreamingHttpResponse(
                stream_csv(table_values(self.table, self.exclude_columns), get_language()),
                content_type=self.content_type())
        else:
            limit = int(settings.TROEF_CLUB_MAX_MEMBERS)
            rows = len(self.table.data)  # one COUNT
            if rows > limit:
                raise ExportTooLarge(
                    _("This list has %(rows)d rows; a spreadsheet (XLSX) is made of at most "
                      "%(limit)d (TROEF_CLUB_MAX_MEMBERS). Download the CSV file: it holds "
                      "every row.") % {"rows": rows, "limit": limit})
            values = table_values(self.table, self.exclude_columns)
            response = HttpResponse(write_xlsx(self.title, next(values), values),
                                    content_type=self.content_type())
        if filename is not None:
            response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
