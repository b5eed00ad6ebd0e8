"""Issue 28 point 3, "Decisions are told once and truly": a changed decision replaces its
reason publicly (the log keeps both), the reopen reason is on the round page with who and
when, and a forfeited table reads the same on the round page, the projector and the
standings."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from club.models import AuditEntry, MatchResult, Table
from club.selectors.live import round_part
from club.services import closing
from scoring.pairing.byes import bye_result
from tests.helpers.closing import round_of_three_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def rnd(organiser):
    """Three tables of pairs: 1 finished, 2 in progress, 3 without a deal; public."""
    return round_of_three_tables(organiser, "told")


def close(rnd, user, side=0, reason="left early"):
    return closing.close_round(rnd, user, decisions={
        2: ("forfeit", side, reason), 3: ("not_played", None, "")})


def table_html(html: str, number: int) -> str:
    """The round page's article of table ``number``."""
    for article in re.findall(r'<article class="draw-table">.*?</article>', html, re.DOTALL):
        if re.search(rf'<span class="table-no">{number}</span>', article):
            return article
    raise AssertionError(f"no table {number}")


def test_a_changed_decision_replaces_its_reason_and_the_log_keeps_both(rnd, organiser):
    close(rnd, organiser)
    closing.reopen_round(rnd, organiser, "misread sheet")
    table = Table.objects.get(round=rnd, number=2)
    closing.decide_table(table, organiser, "forfeit", side=1, reason="wrong side noted")
    closing.close_round(rnd, organiser)
    html = Client().get(rnd.get_absolute_url()).content.decode()
    assert "wrong side noted" in html and "left early" not in html
    entry = AuditEntry.objects.filter(action="table.decided", detail__table=table.pk).latest("pk")
    assert entry.reason == "wrong side noted"
    assert entry.detail["previous"] == {"decision": "forfeit", "side": 0, "reason": "left early"}


def test_the_reopen_reason_is_on_the_round_page_with_who_and_when(rnd, organiser):
    close(rnd, organiser)
    closing.reopen_round(rnd, organiser, "misread sheet")
    page = Client().get(rnd.get_absolute_url())
    html = page.content.decode()
    assert "Reopened by org" in html and "misread sheet" in html
    when = AuditEntry.objects.get(action="round.reopened").at
    assert str(when.year) in html
    close(rnd, organiser, reason="left early")  # closed again: the reopening is still told
    assert "misread sheet" in Client().get(rnd.get_absolute_url()).content.decode()


def forfeit_words(rnd) -> str:
    """What a forfeit by table 2's side 0 reads: side 1 wins with the round's average."""
    played = [(r.points_for, r.points_against) for r in MatchResult.objects.filter(
        table__round=rnd, table__number=1, side=0)]
    won = bye_result(rnd.stage.championship.bye_scoring, played, match_points=2)
    return f"{won.game_points}–{won.points_against}"


def test_a_forfeit_reads_the_same_on_the_round_page_and_the_projector(rnd, organiser):
    close(rnd, organiser)
    points = forfeit_words(rnd)
    article = table_html(Client().get(rnd.get_absolute_url()).content.decode(), 2)
    assert "Forfeit: won by" in article and points in article
    assert "0 ✓" not in article
    projector = next(t for t in round_part(rnd, False)["tables"] if t["number"] == 2)
    words = projector["state_label"]
    assert words.startswith("Forfeit:") and points in words
    assert words in article.replace("&amp;", "&")
    # each side's game points for, as the standings count them (RULES §11)
    assert projector["score"] == [0, int(points.split("–")[0])]


def test_the_standings_say_the_forfeit_in_the_same_words(rnd, organiser):
    close(rnd, organiser)
    url = reverse("championship-standings", args=[rnd.stage.championship.pk])
    html = Client().get(url).content.decode().replace("&amp;", "&")
    projector = next(t for t in round_part(rnd, False)["tables"] if t["number"] == 2)
    assert projector["state_label"] in html
