"""The French 3-player variant (RULES.md section 8): the 2 spare cards lie face down; after
naming trump the dealer may exchange 0, 1 or 2 cards with them unseen, and the side that
wins the first trick adds the spares to its tricks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Deal, DealError, RuleSet, simulate_deal, simulate_facts
from engine.cards import DECK_MASK, CardSet
from engine.rules import RuleSetError
from scoring import points_in_play

EXCHANGE = RuleSet(name="french3", players=3, spare_cards="exchange")
FACE_UP = RuleSet(name="pagat3", players=3)


def test_the_exchange_is_a_three_player_option():
    with pytest.raises(RuleSetError, match="spare_cards"):
        RuleSet(spare_cards="exchange")  # 4 players
    with pytest.raises(RuleSetError, match="spare_cards"):
        RuleSet(players=3, spare_cards="face_down")
    assert RuleSet.from_dict(EXCHANGE.to_dict()) == EXCHANGE
    assert RuleSet.from_dict({"players": 3}).spare_cards == "face_up"  # stored before it existed


def test_all_sixty_points_are_in_play_with_the_exchange():
    assert points_in_play(EXCHANGE) == (60, 60)
    assert points_in_play(FACE_UP) == (50, 60)
    assert points_in_play(EXCHANGE.replace(trick_bonus=True)) == (70, 70)


def announced(seed: int = 5, rules: RuleSet = EXCHANGE) -> Deal:
    deal = Deal.random(seed, dealer=1, rules=rules)
    deal.announce("s")
    return deal


def test_the_dealer_swaps_cards_with_the_spares():
    deal = announced()
    hand, spares = deal.hand(1), deal.out_of_play
    give = sorted(hand)[:2]
    deal.exchange(give)  # takes both spares
    assert deal.hand(1) == (hand - CardSet(give)) | spares
    assert deal.out_of_play == CardSet(give)
    assert len(deal.hand(1)) == 10 and deal.exchanged
    union = sum(h.mask for h in deal.hands) + deal.out_of_play.mask
    assert union == DECK_MASK


def test_one_card_for_the_spare_named_or_the_lowest():
    deal = announced()
    spares = sorted(deal.out_of_play)
    give = max(deal.hand(1))
    deal.exchange([give], take=[spares[1]])
    assert spares[1] in deal.hand(1) and spares[0] in deal.out_of_play
    assert give in deal.out_of_play
    other = announced()
    other.exchange([min(other.hand(1))])
    assert spares[0] in other.hand(1)


def test_no_exchange_is_allowed_too():
    deal = announced()
    spares = deal.out_of_play
    deal.exchange([])
    assert deal.out_of_play == spares and deal.exchanged


@pytest.mark.parametrize("when", ["before trump", "after a card", "twice"])
def test_the_exchange_comes_once_between_trump_and_the_first_card(when):
    deal = Deal.random(5, dealer=1, rules=EXCHANGE)
    if when != "before trump":
        deal.announce("s")
    if when == "after a card":
        deal.play(min(deal.legal_cards()))
    if when == "twice":
        deal.exchange([])
    with pytest.raises(DealError) as error:
        deal.exchange([min(deal.hand(1))])
    assert error.value.code == "exchange_late"


def test_bad_exchanges_name_the_cards():
    deal = announced()
    not_mine = min(deal.hand(0))
    with pytest.raises(DealError, match="lay down") as error:
        deal.exchange([not_mine])
    assert error.value.code == "exchange_cards"
    with pytest.raises(DealError, match="lay down"):
        deal.exchange(sorted(deal.hand(1))[:3])
    with pytest.raises(DealError, match="takes 1 of the spare cards"):
        deal.exchange([min(deal.hand(1))], take=[not_mine])
    with pytest.raises(DealError, match="takes 2 of the spare cards"):
        deal.exchange(sorted(deal.hand(1))[:2], take=[min(deal.out_of_play)])
    assert not deal.exchanged  # nothing changed by a refused exchange
    with pytest.raises(DealError) as error:
        announced(rules=FACE_UP).exchange([])
    assert error.value.code == "exchange_not_allowed"


def per_side_from_tricks(deal: Deal) -> list[int]:
    points = [0, 0]
    for trick in deal.tricks:
        points[deal.side_of(trick.winner)] += trick.points
    return points


@settings(max_examples=150)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 2),
       players=st.sampled_from(["random", "heuristic"]))
def test_the_first_trick_takes_the_spares(seed, dealer, players):
    sim = simulate_deal(seed, EXCHANGE, dealer=dealer, players=players)  # replayed and checked
    assert sum(sim.facts.card_points) == 60
    deal = Deal(sim.hands, dealer, EXCHANGE)
    deal.announce(sim.trump)
    deal.exchange(*sim.exchange)
    for card in sim.play:
        deal.play(card)
    expected = per_side_from_tricks(deal)
    expected[deal.side_of(deal.tricks[0].winner)] += deal.out_of_play.points
    assert list(deal.card_points) == expected == list(sim.facts.card_points)
    assert simulate_facts(seed, EXCHANGE, dealer=dealer, players=players) == sim.facts


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6))
def test_face_up_spares_stay_out_of_play(seed):
    sim = simulate_deal(seed, FACE_UP, players="heuristic")
    assert sim.exchange is None
    assert sum(sim.facts.card_points) == 60 - sim.out_of_play.points


def test_the_heuristic_dealer_lays_down_blank_plain_cards():
    sims = [simulate_deal(seed, EXCHANGE, players="heuristic") for seed in range(40)]
    laid = [card for sim in sims for card in sim.exchange[0]]
    assert laid, "the heuristic dealer never exchanged"
    assert all(card.points == 0 for card in laid)
    assert all(card.suit != sim.trump for sim in sims for card in sim.exchange[0])
