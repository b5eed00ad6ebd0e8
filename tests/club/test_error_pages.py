"""Errors people understand (issue 13, point 10): styled 400/403/404/500 pages, and with the
database unreachable a 503 page saying the deal was not saved (a bare "Server Error (500)"
before). The nl/fr texts are the translators'; here the English text and the frame."""

from __future__ import annotations

import logging

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

from club.models import Deal
from tests.factories import make_club, make_user
from tests.helpers.sheets import deal_data, sheet_table, url

pytestmark = pytest.mark.django_db

FRAME = '<header class="topbar">'  # the site header of templates/errors/base.html


@pytest.fixture
def table(organiser):
    return sheet_table(organiser)


@pytest.fixture
def database_down(monkeypatch):
    """From here on every query fails as with PostgreSQL stopped (connection refused)."""

    def refuse(self, *args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: "
                               "Connection refused")

    def arm():
        monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refuse)
        monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refuse)

    return arm


def text(response) -> str:
    return response.content.decode()


def test_sheet_post_with_the_database_down_says_not_saved(org_client, table, database_down,
                                                          caplog):
    data = deal_data(table)
    database_down()
    with caplog.at_level(logging.ERROR, logger="club.errors"):
        response = org_client.post(url(table), data)
    assert response.status_code == 503
    body = text(response)
    assert "Your change was NOT saved." in body and "it is not on the sheet" in body
    assert "send it again" in body and FRAME in body
    assert response["Retry-After"] and "no-store" in response["Cache-Control"]
    assert any("Database unavailable during POST" in r.getMessage() for r in caplog.records)
    assert "Server Error (500)" not in body


def test_sheet_post_by_code_with_the_database_down(client, table, database_down):
    data = deal_data(table)
    database_down()  # the very first query (the table by its code) fails
    response = client.post(f"/sheet/{table.code}/", data)
    assert response.status_code == 503 and "NOT saved" in text(response)


def test_page_with_the_database_down_says_it_cannot_be_shown(client, table, database_down):
    database_down()
    response = client.get(f"/sheet/{table.code}/")
    assert response.status_code == 503
    body = text(response)
    assert "cannot be shown right now" in body and "NOT saved" not in body


def test_nothing_was_saved_indeed(org_client, table, monkeypatch):
    """The failure comes mid-request (after the table was read): no deal is written."""
    from club.services import sheets

    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(sheets, "_commit", lost)
    response = org_client.post(url(table), deal_data(table))
    assert response.status_code == 503 and "NOT saved" in text(response)
    assert not Deal.objects.exists()


def test_500_handler_answers_503_when_a_middleware_loses_the_database(rf, settings):
    """An OperationalError outside a view (e.g. a middleware reading the user) reaches the
    500 handler, which tells it apart from a bug."""
    from club.views.errors import server_error

    request = rf.post("/tables/1/sheet/")
    try:
        raise OperationalError("no connection")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503 and "NOT saved" in text(response)
    try:
        raise ValueError("a bug")
    except ValueError:
        response = server_error(request)
    assert response.status_code == 500
    assert "Something went wrong on our side" in text(response) and FRAME in text(response)


def test_500_page_renders_without_a_database(database_down, rf):
    from club.views.errors import server_error

    database_down()
    try:
        raise KeyError("x")
    except KeyError:
        response = server_error(rf.get("/"))
    assert response.status_code == 500 and FRAME in text(response)


def test_a_bug_is_the_styled_500_page(org_client, table, monkeypatch):
    from club.sheets.kinds import PARTNERSHIP

    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setitem(PARTNERSHIP.__dict__, "page", broken)  # the sheet kind's page
    client = Client(raise_request_exception=False)
    client.force_login(table.round.stage.championship.club.roles.first().user)
    response = client.get(url(table))
    assert response.status_code == 500
    assert "Something went wrong on our side" in text(response) and FRAME in text(response)


def test_404_page(client):
    response = client.get("/championships/999999/")
    assert response.status_code == 404
    assert "This page does not exist" in text(response) and FRAME in text(response)
    assert "404.html" in [t.name for t in response.templates]


def test_403_page(client, table):
    other = make_user("other")
    make_club("elsewhere", organiser=other)
    client.force_login(other)
    response = client.get(url(table))
    assert response.status_code == 403
    assert "You may not see or change this page" in text(response) and FRAME in text(response)


def test_400_page_names_what_was_wrong(client):
    response = client.get("/clubs/", {"q": "\x00"})
    assert response.status_code == 400
    body = text(response)
    assert "This request could not be understood" in body and "q: a NUL character" in body
    assert FRAME in body and "Nothing was changed" in body


def test_csrf_failure_page(table):
    client = Client(enforce_csrf_checks=True)
    response = client.post(url(table), deal_data(table))
    assert response.status_code == 403
    assert "This form has expired" in text(response) and FRAME in text(response)


def test_error_pages_are_translatable(client):
    """The pages go through {% translate %}: with Dutch active, Django's own catalogue
    already answers for the words it has, and ours follow when the lead translates."""
    from django.template import loader

    for name in ("400.html", "403.html", "404.html", "500.html", "503.html"):
        source = loader.get_template(name).template.source
        assert "{% translate" in source and "errors/base.html" in source
