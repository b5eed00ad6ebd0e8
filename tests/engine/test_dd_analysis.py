"""Analysis of a played deal: each card's cost against perfect play, and the hand record of
a board (every trump and no trump)."""

from __future__ import annotations

import random

import pytest

from engine import Board, Card, IllegalPlay, analyse_play, board_double_dummy, double_dummy
from engine.deal import Deal
from engine.play import legal_mask, rule_flags
from engine.sim import simulate_deal


def test_costs_add_up_to_the_double_dummy_value_minus_what_was_taken():
    for seed in range(3):
        sim = simulate_deal(seed, "house", dealer=0, players="heuristic")
        masks = [hand.mask for hand in sim.hands]
        # the last four tricks as an ending: quick to solve at every card
        deal = Deal(masks, 0, "house")
        deal.announce(sim.trump)
        for card in sim.play[:16]:
            deal.play(card)
        hands = [hand.mask for hand in deal.hands]
        leader = deal.turn
        rest = sim.play[16:]
        costs = analyse_play(hands, leader, sim.trump, "house", rest)
        assert [c.card for c in costs] == list(rest)
        assert all(c.cost >= 0 for c in costs)
        start = double_dummy(hands, leader, sim.trump, "house").points[0]
        before = deal.card_points[0]
        for card in rest:
            deal.play(card)
        taken = deal.card_points[0] - before
        by_side = [sum(c.cost for c in costs if c.seat % 2 == side) for side in (0, 1)]
        assert by_side[0] - by_side[1] == start - taken
        assert [c.trick for c in costs] == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4


def test_a_whole_deal_names_the_card_that_cost_points():
    hands = ["10c 7c", "Ac 8c", "Kc 9c", "Qc Jc"]
    costs = analyse_play(hands, 0, None, "house", ["7c", "Ac", "Kc", "Qc", "8c", "9c", "Jc",
                                                  "10c"])
    assert [str(c) for c in costs if c.cost] == ["trick 1, seat 2: K♣ cost 3"]


def test_an_illegal_card_is_refused_naming_the_rule():
    hands = ["Ah 7c", "10h 8c", "Kh 9c", "Qh Jc"]
    with pytest.raises(IllegalPlay) as caught:
        analyse_play(hands, 0, "c", "house", ["Ah", "8c"])
    assert caught.value.rule == "follow_suit" and caught.value.trick == 1
    with pytest.raises(IllegalPlay) as caught:
        analyse_play(hands, 0, "c", "house", ["Kh"])
    assert caught.value.rule == "not_in_hand"
    with pytest.raises(IllegalPlay):
        analyse_play(["7c", "8c", "9c", "Jc"], 0, "c", "house", ["7c", "8c", "9c", "Jc", "Qc"])


def test_a_boards_hand_record_has_every_trump():
    board = Board.parse("1 dealer 0: Kc 8c Jd Kh Jh 8h 10s Ks / 10c Ac 10d Qd 8d 10h 9h 9s / "
                        "Qc 7c 7d Ah 7h As Qs Js / Jc 9c Ad Kd 9d Qh 8s 7s")
    table = board_double_dummy(board, "house")
    assert set(table) == {"c", "d", "h", "s", None}
    assert all(sum(result.points) == 60 and result.leader == 1 for result in table.values())
    assert table["h"].points == (26, 34)


def test_costs_on_random_two_trick_endings_are_never_negative():
    rng = random.Random(4)
    for _ in range(20):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[k * 2:(k + 1) * 2]) for k in range(4)]
        trump = rng.choice(["c", "d", "h", "s", None])
        seat, played, h = 0, [], hands[:]
        # play the lowest legal card each time through the engine's legal cards
        led = win = ws = -1
        for _position in range(4):
            legal = legal_mask(h[seat], led, win, ws % 2 == seat % 2, "cdhs".find(trump)
                               if trump else -1, rule_flags("house")) if played else h[seat]
            card = (legal & -legal).bit_length() - 1
            played.append(Card.from_index(card))
            h[seat] &= ~(1 << card)
            if led < 0:
                led, win, ws = card >> 3, card, seat
            elif (card >> 3 == win >> 3 and card > win) or (
                    trump and card >> 3 == "cdhs".find(trump) != win >> 3):
                win, ws = card, seat
            seat = (seat + 1) % 4
        costs = analyse_play(hands, 0, trump, "house", played)
        assert len(costs) == 4 and all(c.cost >= 0 for c in costs)
