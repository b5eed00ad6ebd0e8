"""Round order (issue 26, points 8 and 9): a round is published only after the round
before it is closed, and not while it was drawn on results that changed since (a reopen and
a correction after the draft was drawn); a round closed under a code holder's post answers
as a closed round's sheet does (404), never a 500, on the page; the API keeps the deal for
the organiser (202, a late deal)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Championship, Deal, LateDeal, Round, Seat, Table
from club.selectors.sheets import Actor, load_table
from club.services import closing, draws
from club.services import sheets as sheet_service
from club.services.sheets import edit_deal
from tests.factories import make_championship, make_club
from tests.helpers.closing import enter, facts, win_for
from tests.helpers.sheets import deal_data, sheet_table

pytestmark = pytest.mark.django_db

STALE = "drawn on results that changed"


@pytest.fixture
def swiss(organiser):
    """A Swiss championship of 8 pairs: round 1 played (side 0 wins every table) and
    closed, round 2 drawn as a draft."""
    club = make_club("order", organiser=organiser)
    champ = make_championship(club, entries=8, draw_method="swiss")
    stage = champ.stages.get()
    first = draws.publish_round(draws.draw_round(stage, seed=1))
    for table in first.tables.filter(is_bye=False).order_by("number"):
        enter(organiser, table, win_for(0, table))
    closing.close_round(first, organiser)
    second = draws.draw_round(stage, seed=2)
    return first, second


def seating(rnd: Round) -> list:
    return sorted(Seat.objects.filter(table__round=rnd).values_list(
        "table__number", "position", "entry_id"))


def state(rnd: Round) -> tuple:
    rnd = Round.objects.get(pk=rnd.pk)
    version = Championship.objects.get(pk=rnd.stage.championship_id).results_version
    return rnd.status, version, seating(rnd)


def round_url(rnd: Round, action: str = "") -> str:
    if action:
        return reverse("round-action", args=[rnd.pk, action])
    return reverse("round-detail", args=[rnd.pk])


def correct_first_table(organiser, rnd: Round) -> None:
    """The organiser corrects table 1 of ``rnd``: side 1 won its deal, not side 0."""
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    actor = Actor(user=organiser)
    ctx = load_table(actor, table.pk)
    edit_deal(actor, table.pk, 1, ctx.table.version,
              facts(0, table.first_dealer % 4, trump=None, all_tricks=1),
              "the sheet was misread", ctx=ctx)


def test_a_round_is_not_published_while_the_round_before_is_open(swiss, organiser,
                                                                 org_client):
    first, second = swiss
    closing.reopen_round(first, organiser, "a sheet was misread")
    before = state(second)
    with pytest.raises(draws.RoundError, match="Close round 1 before publishing round 2"):
        draws.publish_round(second)
    assert state(second) == before
    page = org_client.post(round_url(second, "publish"), follow=True)
    assert "Close round 1 before publishing round 2" in page.content.decode()
    assert state(second) == before
    # closed again with the same results: the draft still stands and is published
    closing.close_round(first, organiser)
    assert STALE not in org_client.get(round_url(second)).content.decode()
    assert draws.publish_round(second).status == Round.Status.PUBLISHED


def test_a_draft_drawn_before_a_correction_must_be_redrawn(swiss, organiser, org_client):
    first, second = swiss
    assert STALE not in org_client.get(round_url(second)).content.decode()
    correct_first_table(organiser, first)  # round 1 is closed: a correction with a reason
    before = state(second)
    with pytest.raises(draws.RoundError, match=f"{STALE}.*redraw"):
        draws.publish_round(second)
    assert state(second) == before
    page = org_client.get(round_url(second)).content.decode()
    assert STALE in page and "redraw" in page
    refused = org_client.post(round_url(second, "publish"), follow=True).content.decode()
    assert STALE in refused and state(second) == before
    # redrawn on the corrected results, it is published
    draws.draw_round(second.stage, seed=2)
    assert STALE not in org_client.get(round_url(second)).content.decode()
    assert draws.publish_round(second).status == Round.Status.PUBLISHED


def test_a_draft_drawn_before_a_reopen_and_a_correction_must_be_redrawn(swiss, organiser):
    first, second = swiss
    closing.reopen_round(first, organiser, "table 1 swapped its sides")
    correct_first_table(organiser, first)
    closing.close_round(first, organiser)
    with pytest.raises(draws.RoundError, match=STALE):
        draws.publish_round(second)
    draws.draw_round(second.stage)
    assert draws.publish_round(second).status == Round.Status.PUBLISHED


def closing_meanwhile(monkeypatch, organiser, table, module):
    """The organiser closes the table's round while a code holder's write is on its way:
    after the page or the API loaded the sheet, before the service's version check."""
    real = sheet_service.enter_deal

    def enter_deal(*args, **kwargs):
        closing.close_round(table.round, organiser, remaining=Table.Decision.NOT_PLAYED)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "enter_deal", enter_deal)


def test_a_round_closed_under_a_code_holders_post_answers_round_closed(client, organiser,
                                                                      monkeypatch):
    table = sheet_table(organiser, self_entry=True)
    closing_meanwhile(monkeypatch, organiser, table, sheet_service)
    response = client.post(f"/sheet/{table.code}/", deal_data(table))
    assert response.status_code == 404  # as the closed round's sheet opened by its code
    assert "only while its round is open" in response.content.decode()
    assert not Deal.objects.filter(table=table).exists()
    assert client.get(f"/sheet/{table.code}/").status_code == 404


def test_a_round_closed_under_a_code_holders_api_post_keeps_the_deal(organiser,
                                                                     monkeypatch):
    """The API keeps the deal the close overtook as a late deal (202, issue 26's "nothing
    dropped at closing"), for the organiser to apply or discard; not on the sheet."""
    table = sheet_table(organiser, self_entry=True)
    closing_meanwhile(monkeypatch, organiser, table, sheet_service)
    client = APIClient()
    response = client.post(f"/api/sheet/{table.code}/deals/",
                           {"dealer": table.first_dealer, "trump": "c", "points": 40,
                            "version": table.version},
                           format="json", HTTP_IDEMPOTENCY_KEY="closed-1")
    assert response.status_code == 202, response.content
    assert response.json()["late"] is True
    assert LateDeal.objects.filter(table=table, state=LateDeal.State.WAITING).count() == 1
    assert not Deal.objects.filter(table=table).exists()
