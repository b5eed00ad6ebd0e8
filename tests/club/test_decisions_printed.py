"""Issue 28 point 3: the standings PDF lists the organiser's decisions as the round page
tells them (the decided tables, their reasons and adjusted results, the reopenings with
their reasons), once, and a changed decision only with its new reason."""

from __future__ import annotations

import re

import pytest

from club.models import Table
from club.reports import documents
from club.services import closing
from tests.helpers.auction import auction_round
from tests.helpers.closing import round_of_three_tables
from tests.helpers.printed import render

pytestmark = pytest.mark.django_db


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def printed(rnd) -> str:
    document = documents.standings_document(rnd.stage.championship)
    return squeeze(" ".join(render(document.html()).pages))


def test_the_standings_pdf_lists_the_decisions_and_the_reopen_reason(organiser):
    rnd = round_of_three_tables(organiser, "printed")
    closing.close_round(rnd, organiser, decisions={
        2: ("forfeit", 0, "left early after the second game"), 3: ("not_played", None, "")})
    closing.reopen_round(rnd, organiser, "misread sheet of table one")
    table = Table.objects.get(round=rnd, number=2)
    closing.decide_table(table, organiser, "forfeit", side=1, reason="wrong side noted")
    closing.close_round(rnd, organiser)
    text = printed(rnd)
    assert "Decisions of the organiser" in text
    assert text.count("Table 2: forfeit by") == 1
    assert "wrong side noted" in text and "left early" not in text
    assert "Forfeit: won by" in text
    assert text.count("Table 3: not played") == 1
    assert "Reopened by org" in text and "misread sheet of table one" in text


def test_no_decision_no_section(organiser):
    rnd = round_of_three_tables(organiser, "printed-none")
    assert "Decisions of the organiser" not in printed(rnd)


def test_the_auction_standings_pdf_lists_the_decisions_too(organiser):
    rnd = auction_round(sizes=(4, 4))
    closing.close_round(rnd, organiser, decisions={
        1: ("not_played", None, "the hall closed early"), 2: ("not_played", None, "")})
    text = printed(rnd)
    assert "Decisions of the organiser" in text
    assert text.count("Table 1: not played") == 1 and "the hall closed early" in text
