"""The play analysis of a duplicate table's play of a board (a traveller line with its
cards): exact against plain minimax, the board's hands checked, who may see it."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ClubRole, DuplicateTable, Traveller
from club.selectors.play_analysis import AnalysisUnavailable, traveller_input
from club.services import play_analysis as service
from club.services.duplicate_sim import play_board
from club.services.duplicate_travellers import enter_traveller
from tests.factories import make_user
from tests.helpers.duplicate import board_one_evening
from tests.helpers.play_analysis import reference_costs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture
def played(organiser):
    """A 4-pair Howell, one board a round; board 1 played at its first table with cards."""
    event, board, table = board_one_evening(organiser)
    rules = event.rule_set.rules()
    facts, play = play_board(board.board(), rules, random.Random(3))
    line = enter_traveller(organiser, board.session_id, table.pk, 1, facts, play=play)
    return event, board, line


def _url(line):
    return reverse("traveller-analysis", args=[line.pk])


def test_a_tables_play_is_analysed_exactly(org_client, played):
    event, board, line = played
    inp = traveller_input(line, board, event.rule_set.rules())
    result = service.compute(inp)
    assert result["costs"][20:] == reference_costs(inp, 6)
    page = org_client.get(_url(line))
    assert page.status_code == 200
    analysis = page.context["analysis"]
    assert sum(len(t) for t in analysis.tricks) == 32
    assert analysis.side_names == (line.pair_ns.name, line.pair_ew.name)
    # what was taken plus what was lost is what perfect play gives
    ns = sum(c.cost for t in analysis.tricks for c in t if c.side == 0)
    ew = sum(c.cost for t in analysis.tricks for c in t if c.side == 1)
    assert result["start"] - line.points == ns - ew


def test_cards_that_are_not_the_boards_are_refused_with_a_sentence(org_client, played):
    _event, _board, line = played
    tricks = [list(t) for t in line.play["tricks"]]
    tricks[0][0], tricks[0][1] = tricks[0][1], tricks[0][0]  # two players' cards swapped
    Traveller.objects.filter(pk=line.pk).update(play={"tricks": tricks})
    page = org_client.get(_url(line))
    assert page.status_code == 200 and page.context["analysis"] is None
    text = page.content.decode()
    assert "incomplete or damaged" in text and "was not in that player" in text


def test_a_result_without_its_cards_says_so(org_client, played):
    event, board, line = played
    Traveller.objects.filter(pk=line.pk).update(play=None)
    line.refresh_from_db()
    with pytest.raises(AnalysisUnavailable, match="without its cards"):
        traveller_input(line, board, event.rule_set.rules())
    assert "without its cards" in org_client.get(_url(line)).content.decode()


def test_only_those_who_may_see_the_boards_cards_see_the_analysis(played):
    event, _board, line = played
    client = Client()
    assert client.get(_url(line)).status_code == 302  # to log in
    client.force_login(make_user("stranger"))
    assert client.get(_url(line)).status_code == 403
    viewer = make_user("viewer")
    ClubRole.objects.create(user=viewer, club=event.club, role="viewer")
    client.force_login(viewer)
    # the board is not played at every table yet: a pair still to play it could look
    assert client.get(_url(line)).status_code == 403


def test_the_board_page_links_to_each_table_with_cards(org_client, played):
    _event, board, line = played
    page = org_client.get(reverse("duplicate-board", args=[board.session_id, 1]))
    assert _url(line) in page.content.decode()


def test_a_player_not_published_is_shown_by_initials_to_all_but_the_organisers(
        org_client, organiser, played):
    """Privacy (club.selectors.names): the analysis names the pairs as the event's other
    pages do; a viewer of the club sees the initials, the organisers the name."""
    event, board, line = played
    rules = event.rule_set.rules()
    session = board.session
    for table in DuplicateTable.objects.filter(session=session).exclude(pk=line.table_id):
        if 1 in table.boards and not table.sit_out:
            facts, play = play_board(board.board(), rules, random.Random(table.pk))
            enter_traveller(organiser, session.pk, table.pk, 1, facts, play=play)
    player = line.pair_ns.pair.first
    player.published = False
    player.save()
    full = f"{player.first_name} {player.last_name}"
    assert full in line.pair_ns.name
    viewer = make_user("viewer")
    ClubRole.objects.create(user=viewer, club=event.club, role="viewer")
    client = Client()
    client.force_login(viewer)
    page = client.get(_url(line))
    assert page.status_code == 200
    text = page.content.decode()
    assert player.last_name not in text
    assert page.context["line"].pair_ns.name.startswith(
        f"{player.first_name[0]}. {player.last_name[0]}.")
    assert full in org_client.get(_url(line)).content.decode()
