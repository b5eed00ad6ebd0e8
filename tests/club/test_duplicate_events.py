"""Creating duplicate events (the form's refusals), the demo's evening, the rehearsal
command, removing a line, and a pair's board results in the selectors."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from club.models import DuplicateEvent, RuleSet, Traveller
from club.selectors.duplicate import board_set, movement_rounds
from club.services.duplicate_travellers import enter_traveller, remove_traveller
from engine.board import Board
from tests.factories import make_club, make_user
from tests.helpers.duplicate import make_event, make_pairs, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client():
    organiser = make_user("org")
    club = make_club("club", organiser=organiser)
    client = Client()
    client.force_login(organiser)
    return club, client


def form(club, pairs, **changes):
    data = {"name": "Evening", "rule_set": RuleSet.objects.get(club=None, preset="house").pk,
            "movement": "mitchell", "boards_per_round": "2", "sessions": "1",
            "boards": "seed", "seed": "", "pairs": [p.pk for p in pairs]}
    data.update(changes)
    return data


@pytest.mark.parametrize("count, changes, field, words", [
    (4, {}, "pairs", "Mitchell takes 5 to 60"),
    (8, {"movement": "howell", "rounds": "8"}, "rounds", "More rounds"),
    (20, {"movement": "howell", "boards_per_round": "4"}, "boards_per_round", "76 boards"),
    (8, {"boards_per_round": "9"}, "boards_per_round", ""),
    (8, {"rule_set": "auction1"}, "rule_set", "partnership game of four"),
])
def test_an_event_that_cannot_be_is_refused_naming_the_field(organiser_client, count,
                                                              changes, field, words):
    club, client = organiser_client
    pairs = make_pairs(club, count)
    if changes.get("rule_set") == "auction1":
        changes["rule_set"] = RuleSet.objects.filter(club=None, preset="auction1").first().pk
    answer = client.post(reverse("duplicate-create", args=[club.slug]),
                         form(club, pairs, **changes))
    refused(answer, field, words)
    assert not DuplicateEvent.objects.exists()


def test_another_clubs_pairs_and_rule_sets_are_refused(organiser_client):
    club, client = organiser_client
    elsewhere = make_club("elsewhere")
    theirs = make_pairs(elsewhere, 8, prefix="E")
    their_rules = RuleSet.objects.create(club=elsewhere, name="Theirs", options={})
    answer = client.post(reverse("duplicate-create", args=[club.slug]),
                         form(club, theirs, rule_set=their_rules.pk))
    assert answer.status_code == 400
    assert {"pairs", "rule_set"} <= set(answer.context["form"].errors)
    assert not DuplicateEvent.objects.exists()


def test_an_entered_set_waits_for_its_cards(organiser_client):
    club, client = organiser_client
    pairs = make_pairs(club, 10)
    answer = client.post(reverse("duplicate-create", args=[club.slug]),
                         form(club, pairs, boards="entered"))
    assert answer.status_code == 302
    session = DuplicateEvent.objects.get().sessions.get()
    assert session.board_source == "entered" and not session.boards.exists()
    page = client.get(reverse("duplicate-event", args=[session.event_id]))
    assert page.context["sessions"][0]["missing"] == list(range(1, 11))
    table = session.tables.get(round=1, number=1)
    answer = client.post(reverse("duplicate-traveller", args=[table.pk, table.boards[0]]),
                         {"trump": "h", "points": "38", "points_other": "22", "version": "0"})
    refused(answer, words="has not been dealt")


def test_the_selectors_give_plain_data():
    event = make_event(pairs=10, movement="mitchell", per_round=2, seed="plain")
    session = event.sessions.get()
    boards = board_set(session)
    assert [b["number"] for b in boards] == list(range(1, 11))
    assert boards[2]["notation"] == str(Board.random(3, seed="plain-1"))
    assert all(len(hand) == 8 for b in boards for hand in b["hands"])
    rounds = movement_rounds(session)
    assert len(rounds) == 5 and [t["table"] for t in rounds[0]["tables"]] == [1, 2, 3, 4, 5]
    first = rounds[0]["tables"][0]
    assert (first["ns"], first["ew"], first["boards"]) == (1, 6, [1, 2])


def test_a_line_can_be_removed():
    event = make_event(pairs=8)
    session = event.sessions.get()
    table = session.tables.get(round=1, number=2)
    enter_traveller(None, session.pk, table.pk, table.boards[0],
                    {"trump": "c", "points": 31, "points_other": 29})
    assert remove_traveller(None, session.pk, table.pk, table.boards[0]) is True
    assert not Traveller.objects.exists()
    assert remove_traveller(None, session.pk, table.pk, table.boards[0]) is False


def test_the_demo_has_a_24_pair_evening_of_24_boards():
    call_command("demo", stdout=io.StringIO())
    event = DuplicateEvent.objects.get()
    session = event.sessions.get()
    assert (event.pairs.count(), session.board_count, session.rounds) == (24, 24, 12)
    assert Traveller.objects.filter(board__session=session).count() == 12 * 12 * 2
    names = list(event.pairs.values_list("name", flat=True))
    assert len(set(names)) == 24
    call_command("demo", stdout=io.StringIO())   # idempotent
    assert DuplicateEvent.objects.count() == 1
    out = io.StringIO()
    call_command("verify_results", stdout=out)
    assert "1 duplicate event(s) checked: 0 difference(s)" in out.getvalue()
    page = Client().get(reverse("duplicate-standings", args=[event.pk]))
    assert page.status_code == 200 and len(page.context["rows"]) == 24


def test_the_duplicate_rehearsal():
    out = io.StringIO()
    call_command("rehearse", "--game", "duplicate", "--pairs", "10", "--quiet", stdout=out)
    text = out.getvalue()
    assert "Duplicate rehearsal of 10 pairs" in text and "50 travellers entered" in text
    assert "verify_results: 0 difference(s)" in text
    with pytest.raises(CommandError, match="--pairs"):
        call_command("rehearse", "--game", "duplicate", "--pairs", "3", "--quiet",
                     stdout=io.StringIO())


def test_the_board_page_shows_the_par_when_computed_for_the_events_rules():
    organiser = make_user("org")
    event = make_event(pairs=8, public=True, organiser=organiser)
    session = event.sessions.get()
    board = session.boards.get(number=1)
    url = reverse("duplicate-board", args=[session.pk, 1])
    client = Client()
    client.force_login(organiser)
    assert "Not computed yet" in client.get(url).content.decode()
    board.double_dummy = {"c": [35, 25, None], "d": [20, 40, None], "h": [38, 22, None],
                          "s": [30, 30, None], "nt": [34, 26, None]}
    board.par = {"trump": "h", "points": [38, 22], "score": [8, 0],
                 "choices": {"c": 5, "d": -10, "h": 8, "s": 0, "nt": 8}}
    board.hand_record_rules = event.rule_set.rules().to_dict()
    board.save()
    page = client.get(url).content.decode()
    assert "Best trump for the dealer&#x27;s side: ♥" in page or "Best trump for the dealer's side: ♥" in page
    assert "38–22" in page
    board.hand_record_rules = {"doubling": "mee_tegen"}
    board.save()
    assert "Not computed yet" in client.get(url).content.decode()
    # a board still to be played at some table: neither its cards nor its record shown
    other = board
    board.hand_record_rules = event.rule_set.rules().to_dict()
    other.save()
    assert "38–22" in client.get(url).content.decode()
    page = Client().get(reverse("duplicate-board", args=[other.session_id, 1])).content.decode()
    assert "38–22" not in page and "once every table has played" in page


def test_two_sessions_are_scored_together_each_board_against_itself():
    from club.selectors.duplicate_results import event_scores, standings

    event = make_event(pairs=6, movement="mitchell", per_round=1, sessions=2, seed="two")
    one, two = event.sessions.order_by("number")
    assert one.boards.get(number=1).hands != two.boards.get(number=1).hands
    for session, points in ((one, 40), (two, 20)):
        for table in session.tables.filter(round=1):
            enter_traveller(None, session.pk, table.pk, table.boards[0],
                            {"trump": "c", "points": points + table.number,
                             "points_other": 60 - points - table.number})
    keys = {score.board for score in event_scores(event)}
    assert keys == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)}
    rows = standings(event)
    assert len(rows) == 6 and all(row.boards == 2 for row in rows)
    assert verify_duplicate_event_clean(event)


def verify_duplicate_event_clean(event) -> bool:
    from club.services.duplicate_verify import verify_duplicate_event

    return verify_duplicate_event(event) == []
