"""What schemathesis ``--checks all`` found (tests/api/test_contract_all_checks.py), each
held by a focused test (issue 27): the server refuses what the schema says it does not take
(a page size out of its bounds, a malformed ``X-Troef-Waiting`` by a table's id too), and
the schema says what the server needs (a report's round or championship, by its kind)."""

from __future__ import annotations

import pytest

from club.models import ReportJob
from club.reports.registry import REPORTS
from tests.helpers.api import client_as

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("query", ["page_size=501", "page_size=0", "page_size=-3",
                                   "page_size=ten", "page_size=", "page_size=1&page_size=2",
                                   "page_size=99999999999999999999999"])
@pytest.mark.parametrize("path", ["/api/clubs/", "/api/championships/"])
def test_a_page_size_out_of_bounds_is_refused_naming_it(world, path, query):
    answer = client_as(world, "organiser").get(f"{path}?{query}")
    assert answer.status_code == 400, answer.content
    (problem,) = answer.json()["errors"]
    assert (problem["field"], problem["code"]) == ("page_size", "page_size_invalid")
    assert "500" in problem["message"]


def test_a_page_size_in_bounds_gives_that_many(world):
    client = client_as(world, "organiser")
    assert len(client.get("/api/clubs/?page_size=1").json()["results"]) == 1
    assert len(client.get("/api/clubs/?page_size=500").json()["results"]) == 2


def test_the_round_tables_and_standings_check_the_page_size_too(world):
    client = client_as(world, "organiser")
    for path in (f"/api/rounds/{world.round.pk}/tables/",
                 f"/api/championships/{world.championship.pk}/standings/"):
        assert client.get(f"{path}?page_size=2").status_code == 200
        answer = client.get(f"{path}?page_size=501")
        assert answer.status_code == 400, (path, answer.content)


@pytest.mark.parametrize("value", ["10001", "-1", "many"])
def test_a_malformed_waiting_header_is_refused_by_a_tables_id_too(world, value):
    client = client_as(world, "organiser")
    answer = client.get(f"/api/tables/{world.table.pk}/sheet/", HTTP_X_TROEF_WAITING=value)
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"][0]["field"] == "X-Troef-Waiting"
    fine = client.get(f"/api/tables/{world.table.pk}/sheet/", HTTP_X_TROEF_WAITING="3")
    assert fine.status_code == 200


def test_the_schema_says_which_reports_need_a_round_and_which_a_championship(client):
    schema = client.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    body = schema["paths"]["/api/reports/"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]
    body = components[body["$ref"].rsplit("/", 1)[1]] if "$ref" in body else body
    shapes = [components[ref["$ref"].rsplit("/", 1)[1]] for ref in body["oneOf"]]
    needs = {}
    for shape in shapes:
        (field,) = [name for name in shape["required"] if name != "kind"]
        kinds = shape["properties"]["kind"]
        kinds = components[kinds["$ref"].rsplit("/", 1)[1]] if "$ref" in kinds else kinds
        for kind in kinds["enum"]:
            needs[kind] = field
    assert needs == {kind: "round" if REPORTS[kind].per_round else "championship"
                     for kind in ReportJob.Kind.values}


@pytest.mark.parametrize("extra", [{"tricks": False}, {"renonce": False}, {"calls": False}])
def test_false_is_not_an_empty_number_or_list(world, extra):
    """Only a flag the sheet lacks may come back as false (what a read gives); ``false`` for
    a number or a list is the wrong type, refused by name, not dropped."""
    client = client_as(world, "organiser")
    version = client.get(f"/api/tables/{world.table.pk}/sheet/").json()["version"]
    answer = client.post(f"/api/tables/{world.table.pk}/sheet/deals/",
                         {"version": version, "dealer": 1, "trump": "c", "points": 40, **extra},
                         format="json", HTTP_IDEMPOTENCY_KEY="false-number")
    assert answer.status_code == 400, answer.content
    assert [problem["field"] for problem in answer.json()["errors"]] == list(extra)


def test_a_body_of_several_shapes_is_required_in_the_schema(client):
    """A deal (either kind of sheet) and a report request are each one of several shapes,
    all with required fields: the schema says the body is required, so an empty POST is not
    "schema-valid" (schemathesis's positive_data_acceptance sent one to /api/reports/ and
    got the server's 400; drf-spectacular left such bodies optional)."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path, method in (("/api/reports/", "post"), ("/api/tables/{id}/sheet/deals/", "post"),
                         ("/api/sheet/{code}/deals/", "post"),
                         ("/api/sheet/{code}/deals/{number}/", "put")):
        assert schema["paths"][path][method]["requestBody"]["required"] is True, (path, method)
