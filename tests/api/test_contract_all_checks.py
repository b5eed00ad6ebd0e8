"""schemathesis ``--checks all`` over every operation of ``/api/schema/`` (issue 27): every
phase (the schema's examples, the coverage of each parameter's and field's edges and of the
methods an address does not take, fuzzing, the stateful links) and every check of the
pinned version's ``all`` (not_a_server_error, status_code_conformance,
content_type_conformance, response_headers_conformance, response_schema_conformance,
negative_data_rejection, positive_data_acceptance, missing_required_header,
unsupported_method, allow_header_conformance, use_after_free, ensure_resource_availability,
ignored_auth, object_level_authorization): the operations that take a token as club A's
organiser (a token), those of a table's code (``/api/sheet/<code>/...``, where the code is
the credential) as its holder, with no credentials. 0 failures, examples bounded and
derandomised. What it found is held by tests/api/test_contract_found.py."""

from __future__ import annotations

import pytest
import schemathesis.specs.openapi.checks  # noqa: F401 (registers the OpenAPI checks)
from schemathesis.checks import CHECKS

from club.api.authentication import create_token
from tests.helpers import contract
from tests.helpers.reports import in_process  # noqa: F401 (fixture: tasks here, files in tmp)

pytestmark = pytest.mark.django_db

#: Examples per operation in the fuzzing phase (the coverage phase makes its own, a few per
#: edge of each parameter and field).
EXAMPLES = 5
CODES = r"^/api/sheet/"
#: Where input the schema allows may still be refused, 400 naming the field and the rule: a
#: deal is checked against its sheet (the dealer's turn, the points in play under the rule
#: set, the fields the rule set has, a deal of that number to correct or delete), a sheet is
#: confirmed only where the championship asks for it. No JSON Schema states those; what a
#: deal needs is tests/api/test_contract.py's and tests/api/test_sheet_writes.py's.
SHEET_RULES = [(r"/(deals|confirm)/", ["2xx", 400, 401, 403, 404, 409, 429])]


@pytest.fixture(autouse=True)
def _limits(settings):
    """The throttles (tests/api/test_throttle_concurrency.py, tests/security) would answer
    429 to most of a run of a thousand requests from one address."""
    settings.TROEF_API_THROTTLE_RATES = dict.fromkeys(("anon", "user", "code"), "100000/minute")
    settings.TROEF_CODE_MISSES = 10**6


def operations():
    return [
        (r"^/api/championships/", {"id": "championships"}),
        (r"^/api/rounds/", {"id": "rounds"}),
        (r"^/api/tables/", {"id": "tables", "number": "numbers"}),
        (CODES, {"code": "codes", "number": "numbers"}),
        (r"^/api/clubs/", {"slug": "slugs"}),
    ]


def dictionaries(world):
    return {"championships": [world.championship.pk, world.public_championship.pk],
            "rounds": [world.round.pk, world.public_round.pk],
            "tables": [world.table.pk, world.other_table.pk],
            "codes": ["CODE01", "CODE02", "BCODE01"], "numbers": [1, 2],
            "slugs": ["api-club", "api-club-b"]}


def test_all_is_every_check_of_the_pinned_version():
    assert len(CHECKS.get_all_names()) == 14 and {
        "positive_data_acceptance", "use_after_free", "ignored_auth", "unsupported_method",
    } <= set(CHECKS.get_all_names())


def test_every_token_operation_as_an_organiser(world, in_process):  # noqa: F811
    token = create_token(world.users["organiser"], "schemathesis")[1]
    project = contract.config(examples=EXAMPLES, headers={"Authorization": f"Token {token}"},
                              dictionaries=dictionaries(world), operations=operations(),
                              accepted=SHEET_RULES, skip=CODES)
    failures, requests = contract.run(project)
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)
    assert requests > 500


def test_every_code_operation_as_the_codes_holder(world, in_process):  # noqa: F811
    project = contract.config(examples=EXAMPLES, headers=None,
                              dictionaries=dictionaries(world), operations=operations(),
                              accepted=SHEET_RULES, skip=r"^/api/(?!sheet/)")
    failures, requests = contract.run(project)
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)
    assert requests > 300
