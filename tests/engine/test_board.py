"""Boards for duplicate play: reproducible from a seed, dealt from a given deck in packets,
written and read back as text, and refused with a code and a field when impossible."""

from __future__ import annotations

import pytest

from engine import Board, BoardError, CardSet, DealError, deal_packets


def test_a_seed_and_a_number_make_one_board_and_every_number_its_own():
    boards = [Board.random(n, seed="club-evening-12") for n in range(1, 49)]
    assert boards == [Board.random(n, seed="club-evening-12") for n in range(1, 49)]
    assert len({str(b).split(":")[1] for b in boards}) == 48
    assert [b.dealer for b in boards[:5]] == [0, 1, 2, 3, 0]
    for board in boards:
        assert sum(hand.mask for hand in board.hands) == (1 << 32) - 1


def test_the_given_dealer_is_kept():
    assert Board.random(5, seed=1, dealer=3).dealer == 3


def test_a_deck_dealt_by_hand_goes_out_in_packets_from_the_player_after_the_dealer():
    deck = [str(card) for card in CardSet((1 << 32) - 1)]
    board = Board.from_deck(2, deck)
    layout = deal_packets(deck, "house", dealer=1)
    assert board.dealer == 1
    assert board.masks == layout.hand_masks
    # 3-2-3: the player after the dealer (seat 2) gets the deck's first three cards
    assert set(deck[:3]) <= set(map(str, board.hands[2]))
    assert Board.from_deck(2, " ".join(deck)) == board


def test_own_packets_of_the_rule_set_are_used():
    from engine import RuleSet

    deck = list(range(32))
    four = Board.from_deck(1, deck, rules=RuleSet(packets=(4, 4)))
    assert str(four.hands[1]) == "Jc 9c 8c 7c Jh 9h 8h 7h"  # the deck's cards 1-4 and 17-20


def test_text_notation_round_trips():
    board = Board.random(17, seed=3)
    text = str(board)
    assert text.startswith("17 dealer 0: ")
    assert Board.parse(text) == board
    assert Board.parse(text.replace("10", "T").replace("c", "♣")) == board


@pytest.mark.parametrize("hands, code", [
    (["10c Ac Kc Qc Jc 9c 8c", "7c 10d Ad Kd Qd Jd 9d 8d", "7d 10h Ah Kh Qh Jh 9h 8h",
      "7h 10s As Ks Qs Js 9s 8s"], "hand_size"),
    (["10c Ac Kc Qc Jc 9c 8c 7c", "7c 10d Ad Kd Qd Jd 9d 8d", "7d 10h Ah Kh Qh Jh 9h 8h",
      "7h 10s As Ks Qs Js 9s 8s"], "card_twice"),
    (["10c Ac Kc Qc Jc 9c 8c 7c"] * 3, "hand_count"),
])
def test_impossible_hands_are_refused_with_a_code_and_the_field(hands, code):
    with pytest.raises(DealError) as caught:
        Board(1, 0, hands)
    assert caught.value.code == code and caught.value.field == "hands"
    assert isinstance(caught.value, ValueError)


def test_a_missing_card_shows_as_a_short_hand():
    deck = list(range(32))
    with pytest.raises(DealError) as caught:
        Board.from_deck(1, deck[:31])
    assert caught.value.code == "deck_invalid" and caught.value.field == "deck"
    with pytest.raises(DealError) as caught:
        Board.from_deck(1, deck[:31] + [0])
    assert caught.value.code == "deck_invalid"


@pytest.mark.parametrize("make, code, field", [
    (lambda: Board(0, 0, Board.random(1, seed=1).hands), "board_number", "number"),
    (lambda: Board.random(True, seed=1), "board_number", "number"),
    (lambda: Board(1, 4, Board.random(1, seed=1).hands), "dealer", "dealer"),
    (lambda: Board.random(1, seed=1.5), "board_seed", "seed"),
    (lambda: Board.parse("1: 7c / 8c / 9c"), "board_notation", "board"),
    (lambda: Board.parse("x dealer 0: a / b / c / d"), "board_notation", "board"),
    (lambda: Board.from_deck(1, range(32), rules="auction1"), "board_rules", "rules"),
])
def test_bad_boards_are_refused_with_a_code_and_the_field(make, code, field):
    with pytest.raises(ValueError) as caught:
        make()
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_bad_card_in_the_notation_is_a_card_error():
    with pytest.raises(ValueError) as caught:
        Board.parse("1 dealer 0: 11c / 7c / 8c / 9c")
    assert caught.value.code == "card_notation"


def test_leader_and_dealer_side():
    board = Board.random(4, seed=9)
    assert board.dealer == 3 and board.dealer_side == 1
    assert board.leader("house") == 0 and board.leader("french") == 2
    assert isinstance(BoardError("x"), ValueError)
