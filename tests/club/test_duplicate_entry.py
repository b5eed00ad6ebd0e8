"""Traveller entry and board cards: every refusal names its field, answers 400 and writes
nothing; the lock's stale-form check; who may enter."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ClubRole, DuplicateBoard, DuplicateSession, Traveller
from club.services.duplicate import DuplicateInvalid, enter_board
from club.services.duplicate_travellers import enter_traveller
from engine.board import Board
from tests.factories import make_club, make_user
from tests.helpers.duplicate import make_event, refused

pytestmark = pytest.mark.django_db

GOOD = {"trump": "h", "points": "38", "points_other": "22", "doubling": "1", "version": "0"}


@pytest.fixture
def evening():
    organiser = make_user("org")
    event = make_event(pairs=8, organiser=organiser)
    session = event.sessions.get()
    client = Client()
    client.force_login(organiser)
    return event, session, client


def first_table(session, rnd=1):
    return session.tables.filter(round=rnd).order_by("number").first()


def url(table, board):
    return reverse("duplicate-traveller", args=[table.pk, board])


def state():
    return sorted(Traveller.objects.values_list("board_id", "table_id", "points", "trump",
                                                "renonce"))


def test_a_line_is_saved_and_the_page_moves_to_the_next_board(evening):
    _event, session, client = evening
    table = first_table(session)
    answer = client.post(url(table, table.boards[0]), GOOD)
    assert answer.status_code == 302 and answer.url == url(table, table.boards[1])
    line = Traveller.objects.get()
    assert (line.points, line.points_other, line.trump, line.pair_ns_id, line.pair_ew_id) == (
        38, 22, "h", table.pair_ns_id, table.pair_ew_id)
    assert DuplicateSession.objects.get().version == 1


@pytest.mark.parametrize("data, field, words", [
    ({**GOOD, "points_other": "20"}, "points", "60"),
    ({**GOOD, "trump": ""}, "trump", "trump"),
    ({**GOOD, "points": "", "points_other": ""}, "points", "card points"),
    ({**GOOD, "doubling": "2"}, "doubling", "×2"),
    ({**GOOD, "renonce": "0"}, "points", "renonce"),
    ({**GOOD, "points": "-1"}, "points", ""),
    ({**GOOD, "points": "99999"}, "points", ""),
    ({**GOOD, "all_tricks": "1"}, "all_tricks", ""),
    ({**GOOD, "renonce": "7"}, "renonce", ""),
])
def test_a_line_that_does_not_add_up_is_refused_naming_the_field(evening, data, field, words):
    _event, session, client = evening
    table = first_table(session)
    answer = client.post(url(table, table.boards[0]), data)
    assert answer.status_code == 400
    form = answer.context["form"]
    errors = form.errors.get(field) or form.errors.get("__all__") or []
    text = " ".join(errors) + " ".join(" ".join(v) for v in form.errors.values())
    assert errors, form.errors
    assert words.lower() in text.lower()
    assert state() == []


def test_a_board_the_table_does_not_play_is_refused(evening):
    _event, session, client = evening
    table = first_table(session)
    other = next(n for n in range(1, session.board_count + 1) if n not in table.boards)
    answer = client.post(url(table, other), GOOD)
    refused(answer, words=f"does not play board {other}")
    assert state() == []
    with pytest.raises(DuplicateInvalid) as caught:
        enter_traveller(None, session.pk, table.pk, other, {"trump": "h", "points": 38,
                                                            "points_other": 22})
    assert "board" in caught.value.errors


def test_a_board_played_twice_by_a_pair_is_refused(evening):
    """A movement changed by hand (a table given a board its pair already played) cannot
    record it: the service names the table and round where it was played."""
    _event, session, client = evening
    first = first_table(session)
    board = first.boards[0]
    assert client.post(url(first, board), GOOD).status_code == 302
    later = session.tables.filter(round=2).exclude(pair_ns__isnull=True).filter(
        pair_ns=first.pair_ns).first() or session.tables.filter(
        round=2, pair_ew=first.pair_ns).first()
    later.boards = [*later.boards, board]
    later.save()
    before = state()
    answer = client.post(url(later, board), GOOD)
    text = refused(answer)
    assert f"table {first.number} in round 1" in text and "already played" in text
    assert state() == before


def test_a_sit_out_table_takes_no_line():
    organiser = make_user("org")
    event = make_event(pairs=7, organiser=organiser)     # odd: a phantom
    session = event.sessions.get()
    sit_out = session.tables.filter(pair_ns__isnull=True).first() or session.tables.filter(
        pair_ew__isnull=True).first()
    client = Client()
    client.force_login(organiser)
    answer = client.post(url(sit_out, sit_out.boards[0]), GOOD)
    refused(answer, words="sits out")
    assert state() == []


def test_a_stale_form_writes_nothing(evening):
    _event, session, client = evening
    table = first_table(session)
    board = table.boards[0]
    assert client.post(url(table, board), GOOD).status_code == 302
    # a second person loaded the empty line before the first saved
    answer = client.post(url(table, board), {**GOOD, "points": "20", "points_other": "40"})
    assert answer.status_code == 302 and answer.url == url(table, board)
    assert Traveller.objects.get().points == 38
    # with the line as it is now, the correction goes in
    seen = client.get(url(table, board)).context["form"].initial["version"]
    assert client.post(url(table, board), {**GOOD, "points": "20", "points_other": "40",
                                           "version": seen}).status_code == 302
    assert Traveller.objects.get().points == 20


def test_who_may_enter():
    organiser, other = make_user("org"), make_user("other")
    event = make_event(pairs=8, organiser=organiser)
    make_club("elsewhere", organiser=other)
    viewer = make_user("viewer")
    ClubRole.objects.create(user=viewer, club=event.club, role="viewer")
    table = first_table(event.sessions.get())
    for user, status in ((other, 403), (viewer, 403)):
        client = Client()
        client.force_login(user)
        assert client.post(url(table, table.boards[0]), GOOD).status_code == status
    anonymous = Client().post(url(table, table.boards[0]), GOOD)
    assert anonymous.status_code == 302 and "login" in anonymous.url
    assert state() == []


# Boards entered card by card

HANDS = [str(hand) for hand in Board.random(1, seed="cards").hands]


@pytest.fixture
def entered():
    organiser = make_user("org")
    event = make_event(pairs=8, organiser=organiser, entered=True)
    session = event.sessions.get()
    assert not session.boards.exists()
    client = Client()
    client.force_login(organiser)
    return session, client


def cards_url(session, number):
    return reverse("duplicate-board-cards", args=[session.pk, number])


def test_a_board_entered_card_by_card(entered):
    session, client = entered
    answer = client.post(cards_url(session, 1), {"dealer": "2", **{
        f"hand_{seat}": hand for seat, hand in enumerate(HANDS)}})
    assert answer.status_code == 302 and answer.url == cards_url(session, 2)
    row = DuplicateBoard.objects.get()
    assert row.dealer == 2 and [str(h) for h in row.board().hands] == HANDS


@pytest.mark.parametrize("change, field, words", [
    (lambda h: [h[0], h[1], h[2], h[3].rsplit(" ", 1)[0]], "hand_3", "8"),      # a card short
    (lambda h: [h[0], h[1] + " " + h[0].split()[0], h[2], h[3]], "hand_1", "8"),  # 9 cards
    (lambda h: [h[0], h[0], h[2], h[3]], "hand_1", "already in North"),          # dealt twice
    (lambda h: [h[0] + " " + h[0].split()[0], h[1], h[2], h[3]], "hand_0", "twice"),
    (lambda h: [h[0], h[1], h[2], "zz " + h[3]], "hand_3", ""),                    # not a card
])
def test_a_board_with_a_card_missing_or_twice_is_refused(entered, change, field, words):
    session, client = entered
    hands = change(list(HANDS))
    answer = client.post(cards_url(session, 1), {"dealer": "0", **{
        f"hand_{seat}": hand for seat, hand in enumerate(hands)}})
    refused(answer, field, words)
    assert not DuplicateBoard.objects.exists()


def test_a_played_board_keeps_its_cards(entered):
    session, client = entered
    enter_board(session, 1, HANDS)
    table = next(t for t in session.tables.filter(round=1) if 1 in t.boards and not t.sit_out)
    assert client.post(url(table, 1), GOOD).status_code == 302
    with pytest.raises(DuplicateInvalid) as caught:
        enter_board(session, 1, [HANDS[1], HANDS[0], HANDS[2], HANDS[3]])
    assert "has been played" in str(caught.value)
    assert DuplicateBoard.objects.get(session=session, number=1).hands == str(
        Board(1, None, HANDS))


def test_a_seeded_sets_cards_are_not_typed_in(evening):
    _event, session, client = evening
    before = DuplicateBoard.objects.get(session=session, number=3).hands
    answer = client.post(cards_url(session, 3), {"dealer": "0", **{
        f"hand_{seat}": hand for seat, hand in enumerate(HANDS)}})
    refused(answer, words="dealt from the seed")
    assert DuplicateBoard.objects.get(session=session, number=3).hands == before


def test_a_player_not_published_is_shown_by_initials_and_anonymising_renames_the_pair():
    from club.services.privacy import anonymise_player

    organiser = make_user("org")
    event = make_event(pairs=8, organiser=organiser, public=True)
    pair = event.pairs.get(number=1)
    player = pair.pair.first
    player.published = False
    player.save()
    full = player.full_name
    session = event.sessions.get()
    pages = [reverse("duplicate-event", args=[event.pk]),
             reverse("duplicate-round", args=[session.pk, 1]),
             reverse("duplicate-standings", args=[event.pk])]
    for page in pages:
        assert full not in Client().get(page).content.decode(), page
    own = Client()
    own.force_login(organiser)
    assert full in own.get(pages[0]).content.decode()
    anonymise_player(organiser, player, reason="asked")
    pair.refresh_from_db()
    assert full not in pair.name and "Anonymous player" in pair.name


DECK = "10c Ac Kc Qc Jc 9c 8c 7c 10d Ad Kd Qd Jd 9d 8d 7d 10h Ah Kh Qh Jh 9h 8h 7h " \
       "10s As Ks Qs Js 9s 8s 7s"


def test_a_board_entered_as_the_deck_dealt_in_packets(entered):
    session, client = entered
    answer = client.post(cards_url(session, 1), {"dealer": "3", "deck": DECK})
    assert answer.status_code == 302
    row = DuplicateBoard.objects.get()
    assert row.hands == str(Board.from_deck(1, DECK, 3))


@pytest.mark.parametrize("data, field", [
    ({"deck": DECK.rsplit(" ", 1)[0]}, "deck"),                     # 31 cards
    ({"deck": DECK.replace("7s", "10c")}, "deck"),                  # a card twice
    ({"deck": DECK, "hand_0": HANDS[0]}, "__all__"),               # both
    ({}, "hand_0"),                                                 # nothing
])
def test_a_bad_deck_is_refused(entered, data, field):
    session, client = entered
    answer = client.post(cards_url(session, 1), {"dealer": "0", **data})
    refused(answer, field)
    assert not DuplicateBoard.objects.exists()


def test_a_line_is_removed_by_a_scorer_and_not_by_a_viewer(evening):
    event, session, client = evening
    table = first_table(session)
    board = table.boards[0]
    client.post(url(table, board), GOOD)
    remove = reverse("duplicate-traveller-remove", args=[table.pk, board])
    viewer = make_user("viewer")
    ClubRole.objects.create(user=viewer, club=event.club, role="viewer")
    other = Client()
    other.force_login(viewer)
    assert other.post(remove).status_code == 403
    assert Traveller.objects.count() == 1
    # the page's form sends the line's version with the removal
    answer = client.post(remove, {"version": Traveller.objects.get().version})
    assert answer.status_code == 302 and answer.url == url(table, board)
    assert not Traveller.objects.exists()
    assert DuplicateSession.objects.get().version == 2
    assert client.get(remove).status_code == 405
