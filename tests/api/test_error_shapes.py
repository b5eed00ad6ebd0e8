"""Every answer under /api/ is the API's JSON error shape, whatever failed (issue 27): a body
nested too deep, a body too large, a NUL in the query string, the database down, any other
unhandled error, in a view or in a middleware. The site's pages keep their HTML pages."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.middleware.csrf import CsrfViewMiddleware

from club.api import views_read
from tests.helpers.api import client_as, post, state

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 1, "trump": "c", "points": 40}
DEEP = 10_000


def refusal(response, status: int) -> dict:
    """The answer is ``status`` in the one shape (JSON, ``errors`` of field, code and
    message), with no HTML and no traceback."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    text = response.content.decode()
    assert "<html" not in text.lower() and "Traceback" not in text
    data = json.loads(text)
    assert set(data) >= {"errors"} and data["errors"], data
    for error in data["errors"]:
        assert set(error) == {"field", "code", "message"}, error
        assert error["code"] and error["message"], error
    return data["errors"][0]


def nested(depth: int = DEEP) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("role", ["anonymous", "organiser"])
def test_a_body_nested_too_deep_is_a_400_naming_it(world, role):
    client = client_as(world, role)
    error = refusal(client.post("/api/reports/", nested(), content_type="application/json"),
                    400)
    assert error["code"] in ("parse_error", "invalid_json"), error
    assert "nest" in error["message"].lower(), error


def test_a_body_nested_deeper_than_the_bound_is_refused_before_any_view_reads_it(world):
    """Not deep enough to overflow the decoder: refused all the same, so that nothing that
    reads the data next (the body hash, the serializers) walks it."""
    from club.api.parsers import MAX_DEPTH

    client = client_as(world, "organiser")
    fits = post(client, "/api/reports/", {"kind": [[[]]]}, key="fits")
    assert fits.status_code == 400 and fits.json()["errors"][0]["field"] == "kind"
    answer = post(client, "/api/reports/", {"kind": json.loads(nested(MAX_DEPTH))}, key="deep")
    assert refusal(answer, 400)["code"] == "parse_error"
    answer = post(client, "/api/reports/", {"kind": json.loads(nested(600))}, key="deeper")
    assert refusal(answer, 400)["code"] == "parse_error"


def test_a_body_nested_too_deep_by_table_code_writes_nothing(world):
    client = client_as(world, "anonymous")
    before = state()
    deep = '{"version": 0, "dealer": ' + nested() + "}"
    answer = client.post("/api/sheet/CODE01/deals/", deep, content_type="application/json",
                         HTTP_IDEMPOTENCY_KEY="deep-1")
    error = refusal(answer, 400)
    assert error["code"] in ("parse_error", "invalid_json"), error
    assert state() == before


def test_a_body_too_large_is_a_413(world):
    client = client_as(world, "anonymous")
    before = state()
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    big = '{"version": 0, "reason": "' + "x" * size + '"}'
    answer = client.post("/api/sheet/CODE01/deals/", big, content_type="application/json",
                         HTTP_IDEMPOTENCY_KEY="big-1")
    error = refusal(answer, 413)
    assert error["code"] == "request_too_large", error
    assert state() == before
    reports = client.post("/api/reports/", big, content_type="application/json")
    assert refusal(reports, 413)["code"] == "request_too_large"


def test_a_nul_in_the_query_string_is_a_400(world):
    client = client_as(world, "anonymous")
    error = refusal(client.get("/api/clubs/?page=%00"), 400)
    assert error["field"] == "page" and "NUL" in error["message"], error
    assert refusal(client.get("/api/clubs/?%00=1"), 400)["code"] == "nul_character"


def test_a_nul_outside_the_api_is_still_the_html_page(client):
    answer = client.get("/clubs/?page=%00")
    assert answer.status_code == 400
    assert answer["Content-Type"].startswith("text/html")


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


def test_a_read_with_the_database_down_is_a_503(world, database_down):
    client = client_as(world, "anonymous")
    database_down()
    answer = client.get("/api/clubs/")
    error = refusal(answer, 503)
    assert error["code"] == "unavailable", error
    assert answer["Retry-After"]


def test_a_write_with_the_database_down_is_a_503_that_says_not_saved(world, database_down):
    client = client_as(world, "anonymous")
    database_down()
    answer = post(client, "/api/sheet/CODE01/deals/", {**DEAL, "version": 0})
    error = refusal(answer, 503)
    assert error["code"] == "unavailable" and "not saved" in error["message"], error


def test_a_query_failing_in_a_view_is_a_503(world, monkeypatch):
    """Only one query fails (the connection was lost mid-request)."""
    client = client_as(world, "organiser")

    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(views_read.ClubList, "get_queryset", lost, raising=False)
    monkeypatch.setattr(views_read.ClubList, "get", lost)
    assert refusal(client.get("/api/clubs/"), 503)["code"] == "unavailable"


def test_any_other_error_in_a_view_is_a_500_in_the_shape(world, monkeypatch):
    client = client_as(world, "anonymous")
    client.raise_request_exception = False

    def broken(*args, **kwargs):
        raise RuntimeError("a bug with a secret inside")

    monkeypatch.setattr(views_read.ClubList, "get", broken)
    answer = client.get("/api/clubs/")
    error = refusal(answer, 500)
    assert error["code"] == "server_error", error
    assert "secret" not in answer.content.decode()


def test_any_other_error_in_a_middleware_is_a_500_in_the_shape(world, monkeypatch):
    client = client_as(world, "anonymous")
    client.raise_request_exception = False

    def broken(*args, **kwargs):
        raise RuntimeError("a bug with a secret inside")

    monkeypatch.setattr(CsrfViewMiddleware, "process_view", broken)
    answer = client.get("/api/clubs/")
    assert refusal(answer, 500)["code"] == "server_error"
    assert "secret" not in answer.content.decode()
    page = client.get("/clubs/")  # the site's own page stays the HTML one
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("handler, status, code", [
    ("bad_request", 400, "bad_request"),
    ("permission_denied", 403, "permission_denied"),
    ("page_not_found", 404, "not_found"),
])
def test_django_error_handlers_answer_the_shape_under_the_api_only(rf, handler, status, code):
    """What a middleware or the address refuses before any API view runs."""
    from django.core.exceptions import SuspiciousOperation

    from club.views import errors

    answer = getattr(errors, handler)(rf.get("/api/clubs/"), SuspiciousOperation("x"))
    assert refusal(answer, status)["code"] == code
    page = getattr(errors, handler)(rf.get("/clubs/"), SuspiciousOperation("x"))
    assert page.status_code == status and b"<html" in page.content.lower()


def test_a_body_too_large_outside_drf_is_a_413(rf):
    from django.core.exceptions import RequestDataTooBig

    from club.views import errors

    answer = errors.bad_request(rf.post("/api/reports/"), RequestDataTooBig("x"))
    assert refusal(answer, 413)["code"] == "request_too_large"
