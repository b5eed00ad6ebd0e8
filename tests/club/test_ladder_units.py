"""Issue 28 point 8: the season ladder never adds an auction evening's place points to the
match points of pair and individual events (each unit its own ladder), and prints every
total in one format (no "3.0" beside "12")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import Championship
from club.selectors.ladders import total_text
from club.sheets.kinds import AUCTION, kind_of

pytestmark = pytest.mark.django_db

SEASON = {"season": "2026-2027"}


@pytest.fixture
def demo(db, demo_built):
    return Championship.objects.order_by("pk")


def test_match_points_and_place_points_are_two_ladders(client, demo):
    club = demo.first().club
    auction = [c.pk for c in demo if kind_of(c) is AUCTION]
    page = client.get(reverse("club-ladder", args=[club.slug]), SEASON)
    ladders = {ladder.key: ladder for ladder in page.context["ladders"]}
    assert set(ladders) == {"match_points", "place_points"}
    counted = {key: {e for row, _n, _t in ladder.rows for e in row.counted}
               for key, ladder in ladders.items()}
    assert counted["match_points"] and counted["place_points"]
    assert not counted["match_points"] & counted["place_points"]
    assert counted["place_points"] == set(auction)
    html = page.content.decode()
    assert "Place points (auction evenings)" in html and "Match points" in html


def test_every_total_has_one_format(client, demo):
    club = demo.first().club
    page = client.get(reverse("club-ladder", args=[club.slug]), SEASON)
    totals = [text for ladder in page.context["ladders"] for _r, _n, text in ladder.rows]
    assert totals and all(re.fullmatch(r"\d+([.,]\d)?", text) for text in totals), totals
    assert not any(text.endswith((".0", ",0")) for text in totals)
    assert total_text(3.0) == "3" and total_text(12) == "12"
    with translation.override("nl"):
        assert total_text(2.5) == "2,5"
