"""Property-based tests generated from the OpenAPI schema (schemathesis), run in-process
against the app through WSGI: every operation, as club A's organiser (a token) and as an
anonymous visitor, with a bounded and derandomised number of examples. Must hold: no 5xx,
and every answer (status, content type, body) as the schema documents it.

Path ids are mostly the world's own (a generated id is nearly always a 404, which teaches
little): each case's path parameters are replaced by known ones most of the time.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from club.api.authentication import create_token
from club.wsgi import application
from tests.helpers.reports import in_process  # noqa: F401 (fixture: tasks here, files in tmp)

pytestmark = pytest.mark.django_db
#: Examples per operation (19 operations): the run stays well under a minute.
EXAMPLES = 8

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def load_schema():
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


@pytest.fixture
def keep_connection():
    """The WSGI handler closes the database connection after each request (Django's test
    client does not): keep the test's connection and its transaction, as the client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def known(world, in_process, keep_connection):  # noqa: F811
    token = create_token(world.users["organiser"], "schemathesis")[1]
    return {"id": [world.championship.pk, world.round.pk, world.table.pk,
                   world.public_championship.pk],
            "code": ["CODE01", "BCODE01"], "slug": ["api-club", "api-club-b"],
            "number": [1], "token": token}


def test_api_answers_as_documented(known):
    schema = load_schema()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 19
    failures = []
    for operation in operations:
        strategy = operation.as_strategy()

        @given(case=strategy)
        @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def run(case):
            for name in list(case.path_parameters or {}):
                if name in known:
                    value = case.path_parameters[name]
                    choices = known[name]
                    if value not in choices and len(str(value)) % 4:
                        case.path_parameters[name] = choices[len(str(value)) % len(choices)]
            headers = dict(case.headers or {})
            if len(str(case.path_parameters)) % 3:
                headers["Authorization"] = f"Token {known['token']}"
            case.headers = headers
            response = case.call()
            case.validate_response(response, checks=CHECKS)

        try:
            run()
        except Exception as error:  # noqa: BLE001 (collect every operation's failure, then report)
            failures.append(f"{operation.label}: {error}")
    assert not failures, "\n\n".join(failures)
