"""The auction games in the engine: dealing, the bidding and privilege, the exchanges, the
declarer's play, simulated players and blind Manille (RULES.md §§13-14)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    ALL_TRICKS,
    AuctionError,
    Bidding,
    CardSet,
    ContractDeal,
    DealError,
    OpenExchange,
    Privilege,
    RuleSet,
    WidowDraw,
    deal_layout,
    deal_packets,
    simulate_auction,
    simulate_auction_facts,
    simulate_deal,
)
from engine.auction_deal import default_packets
from engine.cards import DECK_MASK, mask_points

GAMES = ("auction1", "auction2", "auction3")
PLAYERS = (3, 4, 5, 6, 7)
WIDOW = {3: 2, 4: 4, 5: 2, 6: 2, 7: 4}
SEVENS = {3: "7c 7d", 4: "", 5: "7c 7d", 6: "7c 7d", 7: "7c 7d 7h 7s"}
LAID = {3: (2, 3), 4: (2, 2), 5: (1, 1), 6: (1, 1), 7: (2, 2)}


def rules(game: str, players: int = 4, **changes) -> RuleSet:
    return RuleSet.preset(game).replace(players=players, **changes)


# -- dealing --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_card_is_dealt_once_with_the_right_sizes(game, players):
    table = rules(game, players)
    for seed in range(20):
        layout = deal_layout(random.Random(seed), table, dealer=seed % players)
        masks = [*layout.hand_masks, layout.face_up_mask, layout.face_down_mask,
                 layout.removed_mask, layout.spare_mask, sum(1 << c for c in layout.widow_cards)]
        assert sum(masks) == DECK_MASK and sum(m.bit_count() for m in masks) == 32
        assert all(len(hand) == table.cards_per_player for hand in layout.hands)
        assert len(layout.widow) == (WIDOW[players] if game == "auction1" else 0)
        assert layout.removed == CardSet.parse(SEVENS[players] if game == "auction2" else "")
        laid = (len(layout.face_up), len(layout.face_down))
        assert laid == (LAID[players] if game == "auction3" else (0, 0))


def test_sevens_go_in_order():
    two = deal_layout(random.Random(1), rules("auction2", 5)).removed
    four = deal_layout(random.Random(1), rules("auction2", 7)).removed
    assert two == CardSet.parse("7c 7d") and four == CardSet.parse("7c 7d 7h 7s")
    assert sum(mask_points(h) for h in deal_layout(random.Random(1), rules("auction2", 7)).hand_masks) == 60


def test_an_ordered_deck_is_dealt_in_packets_reproducibly():
    deck = list(range(32))
    random.Random(9).shuffle(deck)
    house = RuleSet.preset("house")
    one = deal_packets(deck, house, dealer=0)
    assert one == deal_packets([str(CardSet(1 << c)) for c in deck], house, dealer=0)
    # 3-2-3 from the player after the dealer (seat 1 clockwise).
    bits = [1 << c for c in deck]
    assert one.hand_masks[1] == sum(bits[0:3]) | sum(bits[12:14]) | sum(bits[20:23])
    assert one.hand_masks[0] == sum(bits[9:12]) | sum(bits[18:20]) | sum(bits[29:32])
    # Counter-clockwise (the auction presets): seat 3 after dealer 0.
    auction = deal_packets(deck, "auction3", dealer=0)
    assert auction.hand_masks[3] == sum(bits[0:3]) | sum(bits[12:15]) | bits[24]
    assert auction.face_up_mask == bits[28] | bits[29]
    # Own packets.
    fours = deal_packets(deck, house.replace(packets=(4, 4)), dealer=3)
    assert fours.hand_masks[0] == sum(bits[0:4]) | sum(bits[16:20])
    assert default_packets(10) == (3, 3, 3, 1)


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(range(32)), game=st.sampled_from(("house", *GAMES)),
       players=st.sampled_from(PLAYERS), dealer=st.integers(0, 6), data=st.data())
def test_any_ordered_deck_deals_every_card_once(deck, game, players, dealer, data):
    table = RuleSet.preset(game)
    if game == "house":
        players = data.draw(st.sampled_from([2, 3, 4, 6]))
    cards = table.with_players(players).cards_per_player
    cut = sorted(data.draw(st.sets(st.integers(1, cards - 1), max_size=3))) if cards > 1 else []
    packets = tuple(b - a for a, b in zip([0, *cut], [*cut, cards], strict=True))
    table = table.with_players(players, packets=packets)
    seats = 4 if players == 2 else players
    layout = deal_packets(deck, table, dealer % seats)
    assert deal_packets(deck, table, dealer % seats) == layout
    masks = [*layout.hand_masks, layout.out.mask]
    assert sum(masks) == DECK_MASK and sum(m.bit_count() for m in masks) == 32
    assert all(hand.bit_count() == cards for hand in layout.hand_masks)
    # The first packet goes to the player after the dealer, from the top of the deck.
    step = 1 if table.direction == "clockwise" else -1
    kept = [c for c in deck if not layout.removed_mask >> c & 1]
    first = (dealer % seats + step) % seats
    assert layout.hand_masks[first] >> kept[0] & 1


def test_a_bad_deck_is_refused():
    with pytest.raises(DealError) as caught:
        deal_packets([0] * 32)
    assert caught.value.code == "deck_invalid"


# -- the bidding ----------------------------------------------------------------------------

def clockwise(game="auction2", players=4, **changes):
    return rules(game, players, direction="clockwise", **changes)


@pytest.mark.parametrize(("calls", "bad", "code", "field"), [
    ([], (1, 20), "out_of_turn", "seat"),
    ([(0, None)], (0, 20), "bid_after_pass", "seat"),
    ([(0, 20)], (1, 20), "bid_not_higher", "bid"),
    ([(0, 20)], (1, 19), "bid_not_higher", "bid"),
    ([], (0, 16), "bid_below_lowest", "bid"),
    ([], (0, 69), "bid_above_total", "bid"),
    ([(0, ALL_TRICKS)], (1, None), "auction_over", "seat"),
    ([], (0, "twenty"), "bid_invalid", "bid"),
    ([], (0, True), "bid_invalid", "bid"),
    ([], (9, 20), "seat_invalid", "seat"),
])
def test_illegal_calls_name_the_rule(calls, bad, code, field):
    bidding = Bidding(clockwise())
    for seat, bid in calls:
        bidding.call(seat, bid)
    with pytest.raises(AuctionError) as caught:
        bidding.call(*bad)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def test_the_auction_ends_when_all_but_the_last_bidder_have_passed():
    bidding = Bidding(clockwise(), eldest=1)
    for seat, bid in [(1, 17), (2, 18), (3, None), (0, 25), (1, None), (2, ALL_TRICKS)]:
        assert not bidding.finished
        bidding.call(seat, bid)
    assert (bidding.finished, bidding.declarer, bidding.contract) == (True, 2, ALL_TRICKS)
    assert bidding.calls[-1] == (2, ALL_TRICKS)


def test_the_last_player_still_speaks_after_the_others_passed():
    bidding = Bidding(clockwise())
    for seat in (0, 1, 2):
        bidding.call(seat, None)
    assert not bidding.finished and bidding.turn == 3
    bidding.call(3, 17)
    assert (bidding.declarer, bidding.contract) == (3, 17)


def test_everybody_passing_throws_the_deal_in():
    bidding = Bidding(clockwise())
    for seat in range(4):
        bidding.call(seat, None)
    assert bidding.finished and bidding.thrown_in and bidding.declarer is None


def test_the_lowest_bid_is_an_option():
    assert Bidding(clockwise(lowest_bid=25)).lowest == 25
    assert Bidding(clockwise(players=5)).lowest == 14  # 66 / 5, rounded up


def test_bidding_belongs_to_variants_2_and_3():
    with pytest.raises(AuctionError) as caught:
        Bidding("auction1")
    assert caught.value.code == "auction_wrong_game"


def test_the_privilege_passes_round_until_taken():
    privilege = Privilege(clockwise("auction1"), eldest=3)
    with pytest.raises(AuctionError, match="out of turn"):
        privilege.take(0)
    privilege.decline(3)
    privilege.take(0)
    assert privilege.declarer == 0
    everyone = Privilege(clockwise("auction1", players=3))
    for seat in range(3):
        everyone.decline(seat)
    assert everyone.thrown_in
    with pytest.raises(AuctionError) as caught:
        everyone.take(0)
    assert caught.value.code == "auction_over"


# -- the exchanges --------------------------------------------------------------------------

def test_the_widow_one_card_at_a_time():
    exchange = WidowDraw("10c Ac Kc 7d 8d 9d 7s", ["7h", "10h", "Jh", "8s"])
    with pytest.raises(AuctionError) as caught:
        exchange.discard("7d")
    assert caught.value.code == "discard_without_draw"
    exchange.draw()
    with pytest.raises(AuctionError) as caught:
        exchange.draw()
    assert caught.value.code == "discard_first"
    with pytest.raises(AuctionError) as caught:
        exchange.stop()
    assert caught.value.code == "discard_first"
    exchange.discard("7h")  # the card just drawn
    assert str(exchange.draw()) == "10h"
    with pytest.raises(AuctionError) as caught:
        exchange.discard("Qs")
    assert caught.value.code == "discard_not_in_hand"
    exchange.discard("7d")
    exchange.stop()
    assert exchange.drawn == 2 and exchange.discards == CardSet.parse("7h 7d")
    assert exchange.rest == CardSet.parse("Jh 8s") and len(exchange.hand) == 7
    with pytest.raises(AuctionError) as caught:
        exchange.draw()
    assert caught.value.code == "exchange_over"


def test_an_empty_widow():
    exchange = WidowDraw("10c", ["7h"])
    exchange.draw()
    exchange.discard("10c")
    with pytest.raises(AuctionError) as caught:
        exchange.draw()
    assert caught.value.code == "widow_empty"


@pytest.mark.parametrize(("take", "discard", "code"), [
    ("7h", "8d", "take_not_laid_out"),
    ("Ah", "Kc", "discard_not_in_hand"),
    ("Ah 9s", "7d", "exchange_count"),
])
def test_illegal_open_exchanges(take, discard, code):
    exchange = OpenExchange("10c 7d 8d", face_up="Ah", face_down="9s")
    with pytest.raises(AuctionError) as caught:
        exchange.exchange(take, discard)
    assert caught.value.code == code


def test_an_open_exchange_takes_open_and_closed_cards_once():
    exchange = OpenExchange("10c 7d 8d", face_up="Ah", face_down="9s")
    exchange.exchange("Ah 9s", "7d 8d")
    assert exchange.hand == CardSet.parse("10c Ah 9s") and exchange.taken == 2
    with pytest.raises(AuctionError):
        exchange.exchange()


# -- the declarer's play ----------------------------------------------------------------------

def test_after_all_tricks_the_declarer_leads():
    layout = deal_layout(random.Random(2), "auction2", dealer=0)
    deal = ContractDeal(layout.hand_masks, 0, "auction2", declarer=1, contract=ALL_TRICKS)
    deal.announce(None)
    assert deal.turn == 1
    with pytest.raises(DealError) as caught:
        ContractDeal(layout.hand_masks, 0, "auction2", declarer=1, contract=12)
    assert caught.value.code == "contract_invalid"


def test_defenders_are_partners_under_the_stricter_obligations():
    strict = clockwise(beat_led_suit=True, must_trump=True)
    hands = ["10c 7c 8d 9d 10d Ad Kd Qd", "Ac 8c 9c Jd 7d 10h Ah Kh",
             "Kc Jc 7h 8h 9h Jh Qh Qs", "Qc 9s 8s 7s Js Ks As 10s"]
    deal = ContractDeal(hands, 3, strict, declarer=0, contract=20)
    deal.announce("h")  # seat 0 leads (eldest, clockwise)
    deal.play("7c")
    deal.play("Ac")  # defender beats the declarer's 7c
    # Seat 2, a defender, may play under his partner's ace; seat 3 too.
    assert deal.legal_cards() == CardSet.parse("Kc Jc")
    loose = ContractDeal(hands, 3, clockwise(), declarer=0, contract=20)
    loose.announce("h")
    loose.play("7c")
    assert loose.legal_cards() == CardSet.parse("Ac 8c 9c")


# -- simulations: whole deals, properties ----------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), game=st.sampled_from(GAMES), players=st.sampled_from(PLAYERS),
       dealer=st.integers(0, 6), who=st.sampled_from(["heuristic", "random"]),
       strict=st.booleans(), discards_count=st.booleans())
def test_a_simulated_auction_deal_is_legal_and_adds_up(seed, game, players, dealer, who, strict,
                                                        discards_count):
    changes = {"beat_led_suit": strict, "must_trump": strict}
    if game == "auction1":
        changes["discards_count"] = discards_count
    table = rules(game, players, **changes)
    sim = simulate_auction(seed, table, dealer=dealer % players, players=who)
    facts = sim.facts
    assert facts == simulate_auction_facts(seed, table, dealer=dealer % players, players=who)
    layout = sim.layout
    assert sum(layout.hand_masks) | layout.out.mask == DECK_MASK
    assert sum(h.bit_count() for h in layout.hand_masks) + len(layout.out) == 32
    if facts.thrown_in:
        assert not sim.play and facts.total == 0
        return
    played = sum(1 << card for card in sim.play)
    assert len(sim.play) == players * table.tricks_per_deal == played.bit_count()
    bonus = mask_points(sim.give or sum(1 << c for c in sim.discards)) if (
        game == "auction1" and discards_count) else 0
    assert facts.total == 60 + table.tricks_per_deal - mask_points(DECK_MASK & ~played) + bonus
    assert facts.all_tricks == (facts.tricks == table.tricks_per_deal)
    if game == "auction2":
        assert facts.exchanged == 0 and facts.total == 60 + table.tricks_per_deal


@pytest.mark.parametrize("game", GAMES)
def test_an_evening_of_simulated_deals(game):
    rng = random.Random(game)
    for players in PLAYERS:
        for deal in range(players * 3):
            facts = simulate_auction_facts(rng, rules(game, players), dealer=deal % players)
            assert facts.thrown_in or 0 < facts.total <= 60 + rules(game, players).tricks_per_deal


def test_blind_manille_plays_at_random_with_no_obligations():
    for seed in range(30):
        sim = simulate_deal(seed, "blind", players="heuristic")
        assert sum(sim.facts.card_points) == 60 and sim.facts.renonce is None
    # The same seed with random and heuristic players: the play is random either way.
    assert simulate_deal(4, "blind", players="random").play == \
        simulate_deal(4, "blind", players="random").play


def test_partnership_simulation_refuses_an_auction_rule_set():
    with pytest.raises(ValueError):
        simulate_deal(1, "auction2")
