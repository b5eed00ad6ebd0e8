"""A traveller line entered trick by trick on the web: every card checked against the
board's own hands, the engine's points and play stored, the line analysed; refusals name
the field "play" and write nothing; the rights and the stale-form check of the line's form."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ClubRole, DuplicateSession, Traveller
from club.services.duplicate_sim import play_board
from club.trump_keys import NO_TRUMP
from engine.cards import Card
from engine.deal import Deal
from tests.factories import make_club, make_user
from tests.helpers.duplicate import board_one_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture
def evening(organiser):
    """A 4-pair Howell, one board a round; a scorer of the club logged in."""
    event, board, table = board_one_evening(organiser)
    scorer = make_user("scorer")
    ClubRole.objects.create(user=scorer, club=event.club, role="scorer")
    client = Client()
    client.force_login(scorer)
    return event, board, table, client


def text_of(tricks) -> str:
    return "\n".join(" ".join(trick) for trick in tricks)


def data(trump, tricks, version=0, doubling="1") -> dict:
    return {"by_tricks": "1", "tricks-trump": trump or NO_TRUMP, "tricks-doubling": doubling,
            "tricks-play": text_of(tricks), "tricks-version": version}


def page_url(table, number=1):
    return reverse("duplicate-traveller", args=[table.pk, number])


def state():
    return (sorted(Traveller.objects.values_list("board_id", "table_id", "points", "renonce",
                                                 "play")),
            DuplicateSession.objects.values_list("version", flat=True).get())


def legal_play(event, board, seed=3):
    """A legal play of the board's own hands by the engine's players: facts and play."""
    return play_board(board.board(), event.rule_set.rules(), random.Random(seed))


def refused_play(answer, words) -> str:
    assert answer.status_code == 400
    errors = answer.context["tricks_form"].errors
    assert "play" in errors, errors
    text = " ".join(errors["play"])
    assert words in text, text
    return text


def test_a_legal_play_is_saved_with_the_engines_points_and_analysed(evening, org_client):
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    answer = client.post(page_url(table), data(facts["trump"], play["tricks"]))
    assert answer.status_code == 302, answer.context and answer.context["tricks_form"].errors
    line = Traveller.objects.get()
    assert (line.table_id, line.trump, line.points, line.points_other, line.all_tricks,
            line.renonce) == (table.pk, facts["trump"], facts["points"],
                              facts["points_other"], facts["all_tricks"], None)
    assert line.play == play  # the simulation's record: tricks and leaders
    assert line.points + line.points_other == 60
    # correcting it: the stored tricks come back in the form, the block open
    page = client.get(page_url(table))
    form = page.context["tricks_form"]
    assert form.initial["play"] == text_of(play["tricks"]) and page.context["tricks_open"]
    # the organiser sees the link to the line's analysis, and the analysis itself
    analysis = reverse("traveller-analysis", args=[line.pk])
    assert analysis in org_client.get(page_url(table)).content.decode()
    assert analysis in org_client.get(
        reverse("duplicate-board", args=[board.session_id, 1])).content.decode()
    shown = org_client.get(analysis)
    assert shown.status_code == 200
    assert shown.context["analysis"] is not None or shown.context["state"] == "waiting"
    if shown.context["analysis"] is not None:
        assert sum(len(t) for t in shown.context["analysis"].tricks) == 32


def test_a_card_not_in_that_seats_hand_is_refused(evening):
    """Refused naming only the trick and the card's place as typed, never a hand or the
    card (issue 27; tests/club/test_traveller_refusals.py has the rest)."""
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    tricks = [list(t) for t in play["tricks"]]
    tricks[0][0], tricks[0][1] = tricks[0][1], tricks[0][0]  # the leader plays the next card
    before = state()
    answer = client.post(page_url(table), data(facts["trump"], tricks))
    leader = ("North", "East", "South", "West")[board.board().leader()]
    text = refused_play(answer, "Trick 1, card 1: this play is not possible with this "
                                "board's cards.")
    assert leader not in text and "hand" not in text
    assert Card.parse(tricks[0][0]).pretty() not in text
    assert state() == before and Traveller.objects.count() == 0


@pytest.mark.parametrize("change, words", [
    (lambda tricks: tricks[:-1], "Enter 8 tricks"),
    (lambda tricks: [*tricks[:-1], tricks[-1][:3]], "Trick 8 holds 3 cards"),
    (lambda tricks: [*tricks[:-1], [*tricks[-1][:3], "Zz"]], "is not a card"),
])
def test_bad_notation_is_refused_on_the_play_field(evening, change, words):
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    before = state()
    refused_play(client.post(page_url(table), data(facts["trump"], change(play["tricks"]))),
                 words)
    assert state() == before


def renonce_play(event, board, trump):
    """The board played with one renonce (the first card that breaks a rule), then legal
    cards: the tricks and the seat that renonced."""
    dealt = board.board()
    deal = Deal([hand.mask for hand in dealt.hands], dealt.dealer, event.rule_set.rules())
    deal.announce(trump)
    offender = None
    while not deal.finished:
        seat = deal.turn
        legal = set(deal.legal_cards())
        illegal = [card for card in deal.hand(seat) if card not in legal]
        if offender is None and illegal:
            offender = seat
            deal.play(illegal[0], allow_renonce=True)
        else:
            deal.play(min(legal), allow_renonce=True)
    assert offender is not None and deal.renonce is not None
    return [[str(c) for c in t.cards] for t in deal.tricks], offender


def test_a_renonce_is_recorded_as_the_renonce_side(evening):
    event, board, table, client = evening
    tricks, offender = renonce_play(event, board, "h")
    answer = client.post(page_url(table), data("h", tricks))
    assert answer.status_code == 302
    line = Traveller.objects.get()
    assert (line.renonce, line.points, line.points_other, line.all_tricks) == (
        offender % 2, None, None, None)
    assert line.play["tricks"] == tricks and line.play["renonce"]["seat"] == offender
    shown = client.get(answer.url)
    assert "Renonce in trick" in shown.content.decode()


def test_a_scorer_of_another_club_gets_403_and_nothing_is_written(evening):
    event, board, table, _client = evening
    facts, play = legal_play(event, board)
    other = make_user("other")
    make_club("elsewhere", organiser=other)
    client = Client()
    client.force_login(other)
    before = state()
    assert client.post(page_url(table), data(facts["trump"], play["tricks"])).status_code == 403
    anonymous = Client().post(page_url(table), data(facts["trump"], play["tricks"]))
    assert anonymous.status_code == 302 and "login" in anonymous.url
    assert state() == before and Traveller.objects.count() == 0


def test_a_stale_stamp_is_a_conflict_and_nothing_is_written(evening):
    event, board, table, client = evening
    facts, play = legal_play(event, board)
    # someone saved the line's totals after this form was loaded (empty line: version 0)
    plain = {"trump": "h", "points": "38", "points_other": "22", "doubling": "1",
             "version": "0"}
    assert client.post(page_url(table), plain).status_code == 302
    before = state()
    answer = client.post(page_url(table), data(facts["trump"], play["tricks"]))
    assert answer.status_code == 302 and answer.url == page_url(table)
    assert state() == before and Traveller.objects.get().play is None
    # with the line as it is now, the tricks replace the totals
    seen = client.get(page_url(table)).context["tricks_form"].initial["version"]
    assert client.post(page_url(table), data(facts["trump"], play["tricks"], seen)
                       ).status_code == 302
    assert Traveller.objects.get().play == play


def test_a_change_of_cards_alone_is_a_conflict_too(evening):
    """Two plays with the same totals: the form loaded before the other scorer's cards were
    saved does not overwrite them."""
    from club.services.duplicate_travellers import enter_traveller, line_version

    event, board, table, client = evening
    facts, play = legal_play(event, board)
    assert client.post(page_url(table), data(facts["trump"], play["tricks"], 0)
                       ).status_code == 302
    loaded = client.get(page_url(table)).context["tricks_form"].initial["version"]
    line = Traveller.objects.get()
    swapped = {**line.play, "tricks": [*line.play["tricks"][:-1], line.play["tricks"][-1][::-1]]}
    enter_traveller(None, board.session_id, table.pk, 1, line.facts(),  # same totals,
                    play=swapped)                                        # other cards
    assert line_version(Traveller.objects.get()) != loaded
    before = state()
    answer = client.post(page_url(table), data(facts["trump"], play["tricks"], loaded))
    assert answer.status_code == 302 and state() == before
    assert Traveller.objects.get().play == swapped


def test_cards_entered_again_while_the_tricks_were_checked_are_a_conflict(evening,
                                                                          monkeypatch):
    """The tricks are checked against the board's hands before the session's lock is
    taken: an organiser who enters the board's cards again in between makes the write a
    conflict, not a line whose cards are not the board's."""
    from club.models import DuplicateBoard
    from club.services import traveller_play

    event, board, table, client = evening
    facts, play = legal_play(event, board)
    other = DuplicateBoard.objects.exclude(pk=board.pk).filter(session=board.session).first()
    checked = traveller_play.facts_from_tricks

    def check_then_deal_again(*args, **kwargs):
        report = checked(*args, **kwargs)
        # the organiser types other cards for board 1 (its number kept)
        DuplicateBoard.objects.filter(pk=board.pk).update(
            hands=other.hands.replace(f"{other.number} dealer", "1 dealer", 1))
        return report
    monkeypatch.setattr(traveller_play, "facts_from_tricks", check_then_deal_again)
    before = Traveller.objects.count()
    answer = client.post(page_url(table), data(facts["trump"], play["tricks"]))
    assert answer.status_code == 302 and answer.url == page_url(table)
    assert Traveller.objects.count() == before == 0
    shown = [str(m) for m in client.get(page_url(table)).context["messages"]]
    assert any("were entered again meanwhile" in m for m in shown), shown
