"""Issue 28 point 13: at a table of three the points in play depend on the two cards out of
play (50 to 60), so the other box cannot be filled in for the scorer; one box left empty is
refused saying which box and why, never "Card points are whole numbers"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Deal, Round, Table
from club.selectors.sheets import Actor, load_table
from club.services.sheets import SheetInvalid, enter_deal
from tests.factories import make_championship, make_club
from tests.helpers.sheets import snapshot, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(org_client, organiser):
    """A published round's table of three (14 players: tables of three for the rest)."""
    club = make_club("threes", organiser=organiser)
    champ = make_championship(club, entries=14, entry_type="individual", odd_players="threes")
    stage = champ.stages.get()
    assert org_client.post(reverse("stage-draw", args=[stage.pk]), {"seed": "42"}
                           ).status_code == 302
    rnd = Round.objects.get(stage=stage)
    assert org_client.post(reverse("round-action", args=[rnd.pk, "publish"])
                           ).status_code == 302
    return next(t for t in Table.objects.filter(round=rnd).order_by("number")
                if t.seats.count() == 3)


def _post(client, table, points, other):
    table.refresh_from_db()
    return client.post(url(table), {
        "version": table.version, "dealer": table.first_dealer, "trump": "h", "doubling": 1,
        "points": points, "points_other": other, "all_tricks": "", "renonce": "",
        "reason": ""})


@pytest.mark.parametrize(("points", "other", "empty", "filled"), [
    (30, "", "points_other", "points"), ("", 25, "points", "points_other")])
def test_an_empty_box_at_a_table_of_three_says_what_is_wrong(org_client, three, points, other,
                                                             empty, filled):
    before = snapshot(three)
    response = _post(org_client, three, points, other)
    assert response.status_code == 400
    errors = response.context["form"].errors
    text = " ".join(str(m) for messages in errors.values() for m in messages)
    assert "whole numbers" not in text
    assert empty in errors, errors
    message = errors[empty][0]
    # which box, and why it cannot be worked out: 50 to 60 points in play
    who = "partners" if empty == "points_other" else "dealer"
    assert f"the {who}" in message and "50" in message and "60" in message
    assert snapshot(three) == before
    assert not Deal.objects.filter(table=three).exists()


def test_both_boxes_empty_asks_for_the_points(org_client, three):
    response = _post(org_client, three, "", "")
    assert response.status_code == 400
    text = str(response.context["form"].errors)
    assert "whole numbers" not in text and "Enter the card points" in text


def test_the_service_says_it_too_for_a_deal_that_did_not_come_through_the_form(organiser,
                                                                              three):
    actor = Actor(user=organiser)
    ctx = load_table(actor, three.pk)
    facts = {"dealer": three.first_dealer, "trump": "h", "doubling": 1, "points": 30,
             "points_other": None, "all_tricks": None, "renonce": None, "cancelled": False,
             "blind": False, "en_face": False, "tricks": None}
    with pytest.raises(SheetInvalid) as refused:
        enter_deal(actor, three.pk, ctx.table.version, facts, ctx=ctx)
    message = " ".join(str(m) for ms in refused.value.errors.values() for m in ms)
    assert "whole numbers" not in message and "Enter both sides' card points" in message
    assert "50–60" in message
