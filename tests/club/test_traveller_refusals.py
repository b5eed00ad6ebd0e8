"""A traveller's tricks refused without telling the hands (issue 27): a scorer may not see
a board's cards before every table has played it, and the refusal of a typed card named
the hand that did not hold it ("the A♣ was not in West's hand on board 1"), so 32 posts
gave a hand away. Now a refused card names only the trick and the position in it, as
typed, in one sentence whoever holds the card; and refusals are counted per user and
board: after ``TROEF_TRAVELLER_MAX_REFUSALS`` (10) in the window, 429 for that board's
tricks, whatever is typed."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ClubRole, DuplicateBoard, Traveller
from club.services.duplicate_sim import play_board
from club.trump_keys import NO_TRUMP
from engine.cards import Card
from tests.factories import make_user
from tests.helpers.duplicate import board_one_evening

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("tasks_in_process", "fresh_throttle_counts")]

SEATS = ("North", "East", "South", "West", "Noord", "Oost", "Zuid", "West", "Nord", "Est",
         "Sud", "Ouest")


@pytest.fixture
def evening(organiser):
    """A 4-pair Howell, one board a round; a scorer of the club (who may not see the
    board's cards yet) logged in."""
    event, board, table = board_one_evening(organiser)
    scorer = make_user("scorer")
    ClubRole.objects.create(user=scorer, club=event.club, role="scorer")
    client = Client()
    client.force_login(scorer)
    return event, board, table, client


def legal_play(event, board):
    return play_board(board.board(), event.rule_set.rules(), random.Random(3))


def data(trump, tricks) -> dict:
    return {"by_tricks": "1", "tricks-trump": trump or NO_TRUMP, "tricks-doubling": "1",
            "tricks-play": "\n".join(" ".join(t) for t in tricks), "tricks-seen": ""}


def page_url(table, number=1):
    return reverse("duplicate-traveller", args=[table.pk, number])


def swapped(tricks, trick, first, second):
    """The play with two cards of one trick swapped (the same cards, other hands)."""
    out = [list(t) for t in tricks]
    out[trick][first], out[trick][second] = out[trick][second], out[trick][first]
    return out


def refusal(answer) -> str:
    assert answer.status_code == 400, answer.status_code
    errors = answer.context["tricks_form"].errors
    assert "play" in errors, errors
    return " ".join(errors["play"])


def holder(board, card: str) -> int:
    return next(seat for seat, hand in enumerate(board.board().hands)
                if Card.parse(card) in hand)


def test_a_refused_card_names_no_hand_and_reads_the_same_whoever_holds_it(evening):
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    # the leader of trick 1 "plays" the second player's card, then the third player's
    by_second = swapped(play["tricks"], 0, 0, 1)
    by_third = swapped(play["tricks"], 0, 0, 2)
    assert holder(board, by_second[0][0]) != holder(board, by_third[0][0])
    first = refusal(client.post(page_url(table), data(facts["trump"], by_second)))
    second = refusal(client.post(page_url(table), data(facts["trump"], by_third)))
    assert first == second
    for text in (first, second):
        assert not any(seat in text for seat in SEATS), text
        assert "hand" not in text.lower() and "partner" not in text.lower(), text
        assert Card.parse(by_second[0][0]).pretty() not in text, text
        assert Card.parse(by_third[0][0]).pretty() not in text, text
        assert "Trick 1" in text and "card 1" in text, text
    # later in the play: the trick and position as typed, the same sentence otherwise
    later = refusal(client.post(page_url(table), data(facts["trump"],
                                                      swapped(play["tricks"], 4, 1, 3))))
    assert "Trick 5" in later and "card 2" in later
    assert later.replace("5", "1").replace("card 2", "card 1") == first
    assert not Traveller.objects.exists()


def test_the_eleventh_refusal_is_a_429_for_that_user_and_board(evening, settings):
    event, board, table, client = evening
    assert settings.TROEF_TRAVELLER_MAX_REFUSALS == 10
    facts, play = legal_play(event, board)
    wrong = data(facts["trump"], swapped(play["tricks"], 0, 0, 1))
    for _ in range(10):
        refusal(client.post(page_url(table), wrong))
    eleventh = client.post(page_url(table), wrong)
    assert eleventh.status_code == 429
    text = " ".join(eleventh.context["tricks_form"].errors["play"])
    assert "Too many" in text and "10 minutes" in text, text
    # a right play from the same user on that board is not even checked now: no answer
    # tells a right card from a wrong one
    right = client.post(page_url(table), data(facts["trump"], play["tricks"]))
    assert right.status_code == 429 and not Traveller.objects.exists()
    # the line's totals still go in
    totals = client.post(page_url(table), {
        "trump": facts["trump"] or NO_TRUMP, "doubling": "1", "points": facts["points"],
        "points_other": facts["points_other"], "version": "0"})
    assert totals.status_code == 302, totals.context and totals.context["form"].errors
    assert Traveller.objects.count() == 1


def test_the_count_is_per_user_and_board(evening, organiser):
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    wrong = data(facts["trump"], swapped(play["tricks"], 0, 0, 1))
    for _ in range(10):
        refusal(client.post(page_url(table), wrong))
    assert client.post(page_url(table), wrong).status_code == 429
    other = make_user("scorer-2")
    ClubRole.objects.create(user=other, club=event.club, role="scorer")
    second = Client()
    second.force_login(other)
    refusal(second.post(page_url(table), wrong))  # another scorer: counted apart
    next_board = DuplicateBoard.objects.get(session=board.session, number=2)
    tables = [t for t in table.session.tables.all() if 2 in t.boards and not t.sit_out]
    facts2, play2 = legal_play(event, next_board)
    answer = client.post(page_url(tables[0], 2),
                         data(facts2["trump"], swapped(play2["tricks"], 0, 0, 1)))
    refusal(answer)  # another board: counted apart


def test_notation_mistakes_are_not_counted(evening):
    """A mistyped card or a missing trick tells nothing of the hands: never throttled."""
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    short = data(facts["trump"], play["tricks"][:-1])
    for _ in range(12):
        assert "Enter 8 tricks" in refusal(client.post(page_url(table), short))
    answer = client.post(page_url(table), data(facts["trump"], play["tricks"]))
    assert answer.status_code == 302 and Traveller.objects.count() == 1
