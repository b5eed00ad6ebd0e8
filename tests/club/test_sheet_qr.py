"""A printed score sheet of a self-entry championship carries a QR code of its table's entry
page by code, at the address the players' phones reach (TROEF_SITE_URL)."""

from __future__ import annotations

import io
import re

import pytest
import segno
from django.test import override_settings
from pypdf import PdfReader

from club.models import Championship, Table
from club.reports import documents, pdf
from club.reports.sheets import entry_qr
from tests.factories import make_championship, make_club, make_round

pytestmark = pytest.mark.django_db


def qr_sources(html: str) -> list[str]:
    return re.findall(r'src="(data:image/svg\+xml;[^"]+)"', html)


@override_settings(TROEF_SITE_URL="https://troef.example.be")
def test_each_self_entry_sheet_has_its_own_tables_code_as_a_qr_code():
    rnd = make_round(make_championship(make_club(), entries=8, self_entry=True))
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    assert all(t.code for t in tables)
    html = documents.sheets_html(rnd.pk)
    sources = qr_sources(html)
    assert sources == [entry_qr(t.code) for t in tables]
    # the square is the address of the table's page by code, nothing else
    expected = segno.make(f"https://troef.example.be/sheet/{tables[0].code}/", error="m",
                          micro=False)
    assert entry_qr(tables[0].code) == expected.svg_data_uri(border=0, dark="#111")
    assert entry_qr(tables[0].code) != entry_qr(tables[1].code)
    text = PdfReader(io.BytesIO(pdf.html_to_pdf(html))).pages[0].extract_text()
    assert f"Players' code: {tables[0].code}" in text


def test_the_qr_code_follows_the_site_address():
    with override_settings(TROEF_SITE_URL="https://a.example"):
        first = entry_qr("ABCD2345")
    with override_settings(TROEF_SITE_URL="https://b.example"):
        second = entry_qr("ABCD2345")
    assert first != second
    assert first.startswith("data:image/svg+xml")


def test_no_qr_code_when_players_do_not_enter_their_own_table():
    rnd = make_round(make_championship(make_club(), entries=4, self_entry=False))
    Championship.objects.filter(pk=rnd.stage.championship_id).update(self_entry=False)
    assert qr_sources(documents.sheets_html(rnd.pk)) == []
