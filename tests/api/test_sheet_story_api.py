"""Issue 16 through the API: a deal's doubling calls are taken and returned, and the API
refuses what the sheet page refuses (too many calls, out of turn, blind with en face)."""

from __future__ import annotations

import pytest

from club.models import Deal, RuleSet
from tests.helpers.api import client_as, deals_url, post, state

pytestmark = pytest.mark.django_db


def use(world, preset):
    world.championship.rule_set = RuleSet.objects.get(club=None, preset=preset)
    world.championship.save(update_fields=["rule_set"])


def test_calls_are_taken_and_returned(world):
    use(world, "flemish")
    client = client_as(world, "organiser")
    # deal 2 is dealt by seat 1 (side 1): seat 0 doubles, seat 3 redoubles
    sent = post(client, deals_url(world), {"dealer": 1, "trump": "c", "points": 40,
                                           "calls": [0, 3], "version": 0})
    assert sent.status_code == 201, sent.json()
    deal = Deal.objects.get(table=world.table, number=2)
    assert (deal.calls, deal.doubling) == ([0, 3], 4)
    read = client.get(f"/api/tables/{world.table.pk}/sheet/").json()
    assert read["deals"][1]["calls"] == [0, 3] and read["deals"][0]["calls"] == []


def test_a_call_whose_caller_the_sheet_does_not_say_is_null_both_ways(world):
    """The paper sheet says only ×2 (issue 29 point 2): null is "not recorded", as the page's
    "?" and as a read gives it back, so the offline queue can send such a deal."""
    use(world, "flemish")
    client = client_as(world, "organiser")
    sent = post(client, deals_url(world), {"dealer": 1, "trump": "c", "points": 40,
                                           "calls": [None], "version": 0})
    assert sent.status_code == 201, sent.json()
    deal = Deal.objects.get(table=world.table, number=2)
    assert (deal.calls, deal.doubling) == ([None], 2)
    read = client.get(f"/api/tables/{world.table.pk}/sheet/").json()
    assert read["deals"][1]["calls"] == [None]


@pytest.mark.parametrize("preset, body, field", [
    ("house", {"calls": [0]}, "calls"),  # the house rules have no doubling
    ("flemish", {"calls": [0, 3, 0]}, "calls"),  # mee and tegen once each
    ("flemish", {"calls": [3]}, "calls"),  # seat 3 is the dealer's partner: not mee
    ("french", {"blind": True, "en_face": True}, "en_face"),
])
def test_refused_as_on_the_sheet(world, preset, body, field):
    use(world, preset)
    client = client_as(world, "organiser")
    before = state()
    sent = post(client, deals_url(world), {"dealer": 1, "trump": "c", "points": 40,
                                           "version": 0, **body})
    assert sent.status_code == 400, sent.json()
    assert field in [e["field"] for e in sent.json()["errors"]], sent.json()
    assert state() == before
