"""Reading the CSV and XLSX exports in tests: their rows, and the checks that no cell is a
formula (text that starts one is quoted) while numbers stay numbers."""

from __future__ import annotations

import csv
import io

import openpyxl

from club.exports import FORMULA_START

PAYLOADS = ('=HYPERLINK("http://x","y")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx")


def csv_rows(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    text = response.getvalue().decode("utf-8-sig")  # a club's lists stream (issue 27)
    return list(csv.reader(io.StringIO(text, newline="")))


def xlsx_cells(response) -> list[list[openpyxl.cell.Cell]]:
    assert response.status_code == 200
    assert "spreadsheetml" in response["Content-Type"]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return [list(row) for row in book.active.iter_rows()]


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def check_csv(response, payloads=PAYLOADS) -> list[list[str]]:
    """Every payload is there, quoted; no cell but a number starts like a formula."""
    rows = csv_rows(response)
    cells = [cell for row in rows for cell in row]
    for payload in payloads:
        assert "'" + payload in cells, (payload, cells)
        assert payload not in cells
    for cell in cells:
        assert cell[:1] not in FORMULA_START or is_number(cell), cell
    return rows


def check_xlsx(response, payloads=PAYLOADS) -> list[list[openpyxl.cell.Cell]]:
    """Every payload is there as text (a CR as a line feed: XML keeps no CR); no formula
    anywhere."""
    rows = xlsx_cells(response)
    cells = [cell for row in rows for cell in row]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    texts = {c.value for c in cells if c.data_type == "s"}
    for payload in payloads:
        assert payload.replace("\r", "\n") in texts, (payload, texts)
    return rows


def column(rows, header: str) -> list:
    """The values under ``header`` (CSV strings or XLSX cells)."""
    head = [getattr(c, "value", c) for c in rows[0]]
    index = head.index(header)
    return [row[index] for row in rows[1:]]
