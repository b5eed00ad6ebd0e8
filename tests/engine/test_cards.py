"""Cards and card sets: notation, ordering, points, the set operations."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import DECK, FULL_DECK, Card, CardError, CardSet
from engine.cards import RANKS, SUITS, mask_points


def test_the_deck_has_32_distinct_cards_worth_60_points():
    assert len(set(DECK)) == 32
    assert sum(card.points for card in DECK) == 60
    assert FULL_DECK.points == 60 and len(FULL_DECK) == 32
    for suit in SUITS:
        assert sum(card.points for card in DECK if card.suit == suit) == 15


@pytest.mark.parametrize(("rank", "points"), [
    ("10", 5), ("A", 4), ("K", 3), ("Q", 2), ("J", 1), ("9", 0), ("8", 0), ("7", 0)])
def test_card_points(rank, points):
    assert {Card(rank, suit).points for suit in SUITS} == {points}


@pytest.mark.parametrize("card", DECK, ids=str)
def test_parse_str_round_trip_and_repr_pastes_back(card):
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card
    assert Card.parse(card.pretty()) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize(("text", "expected"), [
    ("10h", "10h"), ("Th", "10h"), ("th", "10h"), ("TH", "10h"), ("ac", "Ac"),
    ("K♣", "Kc"), ("q♦", "Qd"), ("J♥", "Jh"), ("9♠", "9s"), (" 8d ", "8d"), ("7S", "7s"),
])
def test_parse_accepts_the_input_forms(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "h", "10", "1h", "11h", "Xh", "Kx", "K h", "10hh", "♣K"])
def test_parse_errors_name_the_text(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert info.value.code == "card_notation"


def test_pretty_uses_suit_symbols():
    assert Card.parse("Kc").pretty() == "K♣"
    assert Card.parse("10d").pretty() == "10♦"
    assert CardSet.parse("Ah 7s").pretty() == "A♥ 7♠"


def test_cards_order_by_manille_rank():
    ranking = [Card(rank, "h") for rank in ["10", "A", "K", "Q", "J", "9", "8", "7"]]
    assert sorted(ranking, reverse=True) == ranking
    assert Card.parse("10c") > Card.parse("Ad") > Card.parse("Kc")
    assert max(CardSet.parse("9s Jd 8c")) == Card.parse("Jd")


def test_cards_are_immutable_and_interned():
    card = Card("A", "s")
    assert card is Card.parse("As") is Card.from_index(card.index)
    with pytest.raises(AttributeError):
        card.index = 3


def test_card_index_layout():
    assert [str(Card.from_index(i)) for i in (0, 7, 8, 31)] == ["7c", "10c", "7d", "10s"]
    assert all(DECK[s * 8 + r].rank == RANKS[r] for s in range(4) for r in range(8))


def test_cardset_is_a_set():
    hand = CardSet.parse("10c 7c Kd")
    assert hand == {Card.parse("10c"), Card.parse("7c"), Card.parse("Kd")}
    assert frozenset(hand) == hand and hash(hand) == hash(frozenset(hand))
    assert hand | CardSet.parse("7s") == CardSet.parse("7s 10c Kd 7c")
    assert hand & {Card.parse("Kd"), Card.parse("Ah")} == {Card.parse("Kd")}
    assert hand - CardSet.parse("7c") == CardSet.parse("10c Kd")
    assert hand ^ CardSet.parse("7c 7d") == CardSet.parse("10c Kd 7d")
    assert hand.of_suit("♣") == CardSet.parse("10c 7c") and not hand.of_suit("h")
    assert str(hand) == "10c 7c Kd" and eval(repr(hand)) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert "Kd" not in hand  # a string is not a card: membership is by Card


def test_cardset_parse_rejects_bad_words():
    with pytest.raises(CardError, match="'Zz'"):
        CardSet.parse("10h Zz")


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 32) - 1))
def test_cardset_round_trips_and_points_agree_with_cards(mask):
    cards = CardSet(mask)
    assert CardSet.parse(str(cards)).mask == mask
    assert len(cards) == sum(1 for bit in range(32) if mask >> bit & 1) == len(list(cards))
    assert cards.points == mask_points(mask) == sum(card.points for card in cards)
