"""The Deal state machine: announcement, turns, checked play, tricks, points and facts."""

from __future__ import annotations

import pytest

from engine import Card, CardSet, Deal, DealError, DealFacts, IllegalPlay, RuleSet
from tests.helpers.engine_deals import FLEMISH_HANDS, SIXTY_NOT_ALL, SIXTY_NOT_ALL_PLAY


def flemish_deal() -> Deal:
    deal = Deal(FLEMISH_HANDS, dealer=3, rules="flemish")
    deal.announce("h")
    return deal


def test_flemish_worked_trick():
    deal = flemish_deal()
    assert deal.turn == 0  # the player after the dealer leads
    assert deal.play("Ks") is None
    assert deal.legal_cards() == CardSet.parse("As")
    deal.play("As")
    assert deal.legal_cards() == CardSet.parse("7s Js")
    deal.play("7s")
    assert deal.legal_cards() == CardSet.parse("8s Qs 10s")
    trick = deal.play("8s")
    assert trick.winner == 1 and trick.points == 7 and trick.seats == (0, 1, 2, 3)
    assert deal.tricks_won == (0, 1) and deal.card_points == (0, 7)
    assert deal.turn == 1 and deal.leader == 1 and deal.trick == ()


def test_illegal_play_names_the_rule_and_keeps_the_deal():
    deal = flemish_deal()
    deal.play("Ks")
    with pytest.raises(IllegalPlay) as info:
        deal.play("9s")
    err = info.value
    assert "must beat the opponent's K♠ with a higher spade: A♠" in str(err)
    assert (err.rule, err.code, err.field, err.player, err.card, err.trick) == (
        "beat_led_suit", "beat_led_suit", "card", 1, Card.parse("9s"), 1)
    assert err.legal == CardSet.parse("As")
    with pytest.raises(IllegalPlay, match=r"\(follow_suit\): must follow suit in spades: A♠"):
        deal.play("7c")
    with pytest.raises(IllegalPlay, match="not in seat 1's hand") as info:
        deal.play("8s")
    assert info.value.rule == "not_in_hand"
    assert deal.trick == (Card.parse("Ks"),) and deal.turn == 1  # nothing changed


def test_allow_renonce_records_the_first_renonce_in_the_facts():
    deal = flemish_deal()
    deal.play("Ks")
    deal.play("9s", allow_renonce=True)
    deal.play("7s")
    deal.play("10s")  # K♠ still wins for the opponents: player 1 must beat it
    with pytest.raises(IllegalPlay):  # a card not held is never allowed
        deal.play("9s", allow_renonce=True)
    renonce = deal.renonce
    assert (renonce.trick, renonce.player, str(renonce.card), renonce.rule) == (
        1, 1, "9s", "beat_led_suit")
    while not deal.finished:
        deal.play(min(deal.legal_cards()))
    assert deal.facts().renonce == 1


def test_sixty_card_points_without_all_tricks():
    deal = Deal(SIXTY_NOT_ALL, dealer=0)
    deal.announce("c")
    for card in SIXTY_NOT_ALL_PLAY:
        deal.play(card)
    assert deal.finished and deal.turn is None
    assert deal.facts() == DealFacts(trump="c", card_points=(0, 60), tricks=(1, 7))
    last = deal.tricks[-1]
    assert last.number == 8 and last.winner == 0 and last.points == 0


def test_trick_bonus_and_all_tricks():
    rules = RuleSet(trick_bonus=True)
    deal = Deal(SIXTY_NOT_ALL, dealer=0, rules=rules)
    deal.announce("c")
    for card in SIXTY_NOT_ALL_PLAY:
        deal.play(card)
    assert deal.card_points == (1, 67) and deal.facts().points_in_play == 68
    # Seat 1 holding every trump and leading them takes all 8 tricks.
    hands = ["10d Ad Kd Qd Jd 9d 8d 7d", "10c Ac Kc Qc Jc 9c 8c 7c",
             "10h Ah Kh Qh Jh 9h 8h 7h", "10s As Ks Qs Js 9s 8s 7s"]
    deal = Deal(hands, dealer=0)
    deal.announce(None)
    while not deal.finished:
        deal.play(max(deal.legal_cards()))
    facts = deal.facts()
    assert facts.all_tricks == 1 and facts.tricks == (0, 8) and facts.no_trump


def test_announcement_order_and_errors():
    deal = Deal.random(1)
    assert deal.chooser == 0 and deal.turn is None and not deal.announced
    with pytest.raises(DealError) as info:
        deal.play("7c")
    assert info.value.code == "not_announced"
    with pytest.raises(DealError) as info:
        deal.pass_trump()
    assert info.value.code == "en_face_not_allowed" and "house" in str(info.value)
    with pytest.raises(DealError) as info:
        deal.announce("h", blind=True)
    assert info.value.code == "blind_not_allowed" and info.value.field == "blind"
    deal.announce("h")
    assert deal.chooser is None and deal.trump == "h"
    with pytest.raises(DealError, match="already announced"):
        deal.announce("c")
    with pytest.raises(DealError) as info:
        deal.facts()
    assert info.value.code == "deal_unfinished"


def test_en_face_and_blind_trump_where_the_rules_allow():
    deal = Deal.random(2, dealer=1, rules="french")
    deal.pass_trump()
    assert deal.chooser == 3 and deal.en_face
    with pytest.raises(DealError, match="once"):
        deal.pass_trump()
    with pytest.raises(DealError, match="blind"):
        deal.announce("s", blind=True)
    deal.announce("s")
    assert deal.turn == 0  # counter-clockwise: the seat before the dealer's number
    while not deal.finished:
        deal.play(min(deal.legal_cards()))
    facts = deal.facts()
    assert facts.en_face and not facts.blind and facts.trump == "s"

    blind = Deal.random(2, dealer=1, rules="french")
    blind.announce(None, blind=True)
    assert blind.turn == 1 and blind.blind  # the dealer leads after a blind trump
    with pytest.raises(DealError, match="not the dealer's partner"):
        Deal.random(2, dealer=1, rules="french").pass_trump(to=2)


def test_three_players_dealer_alone():
    rules = RuleSet.preset("pagat").replace(players=3)
    deal = Deal.random(9, dealer=2, rules=rules)
    assert [len(hand) for hand in deal.hands] == [10, 10, 10] and len(deal.out_of_play) == 2
    assert [deal.side_of(seat) for seat in range(3)] == [1, 1, 0]
    deal.announce("d")
    assert deal.turn == 0
    while not deal.finished:
        deal.play(min(deal.legal_cards()))
    facts = deal.facts()
    assert sum(facts.tricks) == 10
    assert facts.points_in_play == 60 - deal.out_of_play.points


def test_six_and_two_players():
    six = Deal.random(4, dealer=5, rules=RuleSet(players=6))
    assert [len(h) for h in six.hands] == [5] * 6 and len(six.out_of_play) == 2
    assert [six.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    six.announce("c")
    assert six.turn == 0
    two = Deal.random(4, rules=RuleSet(players=2))
    assert two.seats == 4 and [two.controller(s) for s in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(("hands", "dealer", "code"), [
    (FLEMISH_HANDS[:3], 0, "hand_count"),
    (FLEMISH_HANDS[:3] + ["8s Qs 10s Qh Jh 9h 8h"], 0, "hand_size"),
    (FLEMISH_HANDS[:3] + ["8s Qs 10s Qh Jh 9h 8h Ks"], 0, "card_twice"),
    (FLEMISH_HANDS, 4, "dealer"),
])
def test_impossible_hands_are_refused(hands, dealer, code):
    with pytest.raises(DealError) as info:
        Deal(hands, dealer=dealer)
    assert info.value.code == code


def test_copy_is_independent():
    deal = flemish_deal()
    deal.play("Ks")
    twin = deal.copy()
    twin.play("As")
    assert deal.trick == (Card.parse("Ks"),) and len(twin.trick) == 2
    assert Card.parse("As") in deal.hand(1) and Card.parse("As") not in twin.hand(1)


def test_same_seed_same_deal():
    assert Deal.random(11).hands == Deal.random(11).hands
    assert Deal.random(11).hands != Deal.random(12).hands
