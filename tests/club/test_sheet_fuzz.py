"""Fuzzing the sheet's endpoints: random values, types, missing and unknown fields, other
tables' ids. Never a 500 (the test client re-raises any exception), and a refused submission
changes no row."""

import pytest
from django.db import connection
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from club.models import Table
from club.selectors.replay import score_table
from tests.factories import make_user
from tests.helpers.sheets import sheet_table, snapshot

pytestmark = pytest.mark.django_db

FIELDS = ["version", "dealer", "trump", "doubling", "points", "points_other", "all_tricks",
          "renonce", "cancelled", "blind", "en_face", "tricks", "reason", "play", "number"]
SCALARS = st.one_of(
    st.integers(-5, 70).map(str), st.integers(-2**40, 2**40).map(str),
    st.sampled_from(["", "c", "d", "h", "s", "n", "on", "true", "0", "1", "2", "x", "♥", "NaN",
                     "1e3", " 38 ", "Ac Kc 7c 8c", "\x00", "-0"]),
    st.text(max_size=12),
)
VALUE = st.one_of(SCALARS, st.lists(SCALARS, min_size=2, max_size=3))
SUFFIXES = ["", "preview/", "tricks/", "tricks/?deal=1", "confirm/", "deals/1/", "deals/2/",
            "deals/1/delete/", "deals/99/", "deals/0/delete/", "changes/"]
OK_STATUSES = {200, 302, 400, 403, 404, 405, 409}


@pytest.fixture
def tables(organiser):
    own = sheet_table(organiser, rules="flemish", confirmation_required=True)
    sibling = Table.objects.filter(round=own.round).exclude(pk=own.pk).first()
    far = sheet_table(make_user("stranger"), rules="house", slug="far-away")  # another club
    return own, sibling, far


def _consistent(table):
    table = Table.objects.select_related("round__stage__championship__rule_set").get(pk=table.pk)
    score = score_table(table, list(table.deals.order_by("number")), list(table.seats.all()))
    return score.broken_at is None


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                   HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_submissions_never_fail_and_refusals_change_nothing(org_client, tables, data):
    own, sibling, far = tables
    target = data.draw(st.sampled_from([own, own, own, sibling, far, None]))
    table_id = 987654 if target is None else target.pk
    suffix = data.draw(st.sampled_from(SUFFIXES))
    current = Table.objects.get(pk=own.pk).version
    fields = data.draw(st.dictionaries(st.sampled_from(FIELDS + ["junk", "csrf"]), VALUE,
                                       max_size=12))
    if data.draw(st.booleans()):
        fields["version"] = str(data.draw(st.sampled_from([current, current, current - 1, 10**9])))
    method = data.draw(st.sampled_from(["post", "post", "get"]))
    before = snapshot(own), snapshot(far)
    response = getattr(org_client, method)(f"/tables/{table_id}/sheet/{suffix}", fields)
    event(f"{method} {response.status_code}")
    assert response.status_code in OK_STATUSES
    if target is far or target is None:
        # refused without a word about the table (400: a NUL in the query string is refused
        # before anything is looked up, whatever the table)
        assert response.status_code in (400, 403, 404)
    if response.status_code != 302 or method == "get":
        assert (snapshot(own), snapshot(far)) == before
    assert _consistent(own) and _consistent(sibling)
    assert connection.needs_rollback is False
