"""Table codes people can type: an alphabet without look-alikes, lookups that forgive case,
spaces and dashes, a page to type a code into (``/sheet/``), the address and the code printed
beside the QR code, and unknown codes throttled per client address (page and API)."""

from __future__ import annotations

import logging

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from club.models import Deal, Round, Table
from club.reports import documents
from club.services.draws import CODE_ALPHABET, CODE_LENGTH, table_code
from tests.helpers.auction import auction_round
from tests.helpers.reports import pdf_pages
from tests.helpers.sheets import deal_data, sheet_table

pytestmark = pytest.mark.django_db

CODE = "TZ3ZU89N"  # a code made before the look-alikes left the alphabet: still works
OTHER_ADDRESS = "10.0.0.2"


@pytest.fixture
def table(organiser):
    table = sheet_table(organiser, self_entry=True)
    Table.objects.filter(pk=table.pk).update(code=CODE)
    table.refresh_from_db()
    return table


@pytest.mark.parametrize("typed", ["tz3zu89n", "TZ3Z-U89N", "tz3z u89n", " Tz3Z–U89n "])
def test_a_code_typed_in_lower_case_with_spaces_or_dashes_opens_the_sheet(client, table, typed):
    page = client.get(f"/sheet/{typed}/")
    assert page.status_code == 302 and page["Location"] == f"/sheet/{CODE}/"
    assert client.get(page["Location"]).context["table"].pk == table.pk
    answer = APIClient().get(f"/api/sheet/{typed}/")
    assert answer.status_code == 200 and answer.json()["version"] == table.version


def test_a_deal_sent_to_a_typed_code_is_saved(client, table):
    response = client.post("/sheet/tz3z-u89n/", deal_data(table, points=41))
    assert response.status_code == 302 and response["Location"].startswith(f"/sheet/{CODE}/")
    assert Deal.objects.get(table=table).points == 41


def test_the_code_page_shows_a_form_to_type_the_code_into(client, table):
    page = client.get("/sheet/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="code"' in html and '<label for="id_code"' in html
    for attribute in ('autocapitalize="characters"', 'autocomplete="off"', 'inputmode="text"',
                      'spellcheck="false"', "required"):
        assert attribute in html, attribute
    assert 'href="/sheet/"' in client.get("/").content.decode()  # the home page links to it


@pytest.mark.parametrize("method", ["post", "get"])
def test_a_good_code_on_the_code_page_goes_to_the_tables_sheet(client, table, method):
    response = getattr(client, method)("/sheet/", {"code": " tz3z u89n "})
    assert response.status_code == 302 and response["Location"] == f"/sheet/{CODE}/"


@pytest.mark.parametrize("typed", ["WRONG123", "", "tz3z u89"])
def test_a_code_that_opens_no_sheet_is_refused_on_the_code_page(client, table, typed):
    response = client.post("/sheet/", {"code": typed})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["code"], errors
    assert errors["code"][0] in response.content.decode().replace("&#x27;", "'")
    if typed:
        assert "No table is open with this code" in errors["code"][0]


def test_a_closed_tables_code_is_refused_on_the_code_page(client, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    response = client.get("/sheet/", {"code": CODE})
    assert response.status_code == 400 and "code" in response.context["form"].errors


def test_new_codes_use_an_alphabet_without_look_alikes_long_enough_to_stay_unguessable():
    assert not set("0O1IL5S2Z8B") & set(CODE_ALPHABET)
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) >= 24
    assert CODE_LENGTH >= 8 and len(CODE_ALPHABET) ** CODE_LENGTH > 10**11
    codes = {table_code() for _ in range(300)}
    assert len(codes) == 300
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)


@override_settings(TROEF_SITE_URL="https://troef.example.be")
def test_the_printed_sheet_shows_the_address_and_the_code_as_text(table):
    code = table_code()
    Table.objects.filter(pk=table.pk).update(code=code)
    html = documents.sheets_html(table.round_id)
    spaced = f"{code[:4]} {code[4:]}"
    assert "https://troef.example.be/sheet/" in html and spaced in html
    text = pdf_pages(html)[0]
    assert "troef.example.be/sheet/" in text and spaced in text


@override_settings(TROEF_SITE_URL="https://troef.example.be")
def test_the_printed_auction_sheet_shows_the_address_and_the_code_as_text():
    rnd = auction_round(sizes=(5,), self_entry=True)
    code = table_code()
    Table.objects.filter(round=rnd).update(code=code)
    html = documents.sheets_html(rnd.pk)
    spaced = f"{code[:4]} {code[4:]}"
    assert "https://troef.example.be/sheet/" in html and spaced in html
    text = pdf_pages(html)[0]
    assert "troef.example.be/sheet/" in text and spaced in text


@override_settings(TROEF_CODE_MISSES=30, TROEF_CODE_MISS_WINDOW_SECONDS=60)
def test_unknown_codes_are_throttled_per_address_on_the_page_and_the_api(
        client, table, fresh_throttle_counts, caplog):
    api = APIClient()
    here = {"REMOTE_ADDR": "10.0.0.1"}
    for attempt in range(30):
        guess = f"GUESS{attempt:03d}"
        if attempt % 3 == 0:
            assert client.get(f"/sheet/{guess}/", **here).status_code == 404
        elif attempt % 3 == 1:
            answer = api.get(f"/api/sheet/{guess}/", **here)
            assert answer.status_code == 404 and answer.json()["errors"][0]["code"] == "not_found"
        else:
            assert client.post("/sheet/", {"code": guess}, **here).status_code == 400
    with caplog.at_level(logging.WARNING):
        page = client.get(f"/sheet/{CODE}/", **here)  # even the right code, from here
        assert page.status_code == 429
        assert "Too many unknown table codes" in page.content.decode()
        answer = api.get(f"/api/sheet/{CODE}/", **here)
        assert answer.status_code == 429
        error = answer.json()["errors"][0]
        assert error["code"] == "throttled" and "Too many unknown table codes" in error["message"]
        assert client.post(f"/sheet/{CODE}/", deal_data(table), **here).status_code == 429
        assert client.post("/sheet/", {"code": CODE}, **here).status_code == 429
    assert not Deal.objects.filter(table=table).exists()
    refused = [r for r in caplog.records if r.name == "club.table_codes"]  # ours, not Django's
    assert len(refused) == 4 and all(r.levelno == logging.WARNING for r in refused)
    assert all("10.0.0.1" in r.getMessage() and CODE not in r.getMessage() for r in refused)
    # another address is not held back by this one's guesses
    assert client.get(f"/sheet/{CODE}/", REMOTE_ADDR=OTHER_ADDRESS).status_code == 200
    assert api.get(f"/api/sheet/{CODE}/", REMOTE_ADDR=OTHER_ADDRESS).status_code == 200
    assert client.post("/sheet/", {"code": CODE}, REMOTE_ADDR=OTHER_ADDRESS).status_code == 302


@override_settings(TROEF_CODE_MISSES=3, TROEF_CODE_MISS_WINDOW_SECONDS=60)
def test_right_codes_do_not_count_as_misses(client, table, fresh_throttle_counts):
    for _ in range(10):
        assert client.get(f"/sheet/{CODE}/").status_code == 200
    for guess in ("AAAA", "BBBB", "CCCC"):
        assert client.get(f"/sheet/{guess}/").status_code == 404
    assert client.get(f"/sheet/{CODE}/").status_code == 429
