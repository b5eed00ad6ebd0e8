"""Property tests: the fast mask path, the rule-by-rule obligations and the slow reference agree."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import DECK, Card, CardSet, Deal, RuleSet, legal_cards, obligations, rule_flags
from engine.cards import SUITS, parse_suit
from engine.play import legal_mask
from tests.helpers.engine_reference import ref_legal, ref_winner

PRESET_NAMES = ("house", "flemish", "pagat", "french")


@st.composite
def rule_sets(draw) -> RuleSet:
    """A preset, or any valid combination of the six obligations."""
    if draw(st.booleans()):
        return RuleSet.preset(draw(st.sampled_from(PRESET_NAMES)))
    follow, must_trump = draw(st.booleans()), draw(st.booleans())
    beat = follow and draw(st.booleans())
    overtrump, no_undertrump = must_trump and draw(st.booleans()), draw(st.booleans())
    return RuleSet(
        follow_suit=follow, beat_led_suit=beat,
        beat_on_trump_lead_only=beat and draw(st.booleans()),
        beat_partner_on_trump_lead=beat and draw(st.booleans()),
        must_trump=must_trump, must_overtrump=overtrump,
        partner_winning_free=draw(st.booleans()), no_undertrump=no_undertrump,
        # RULES.md §14: cannot over-trump an opponent: still trump lower
        must_undertrump=overtrump and not no_undertrump and draw(st.booleans()),
    )


@st.composite
def positions(draw):
    """A hand and a trick before it (4 players), drawn from the deck: any position at all."""
    cards = draw(st.permutations(DECK))
    trick_size = draw(st.integers(0, 3))
    hand_size = draw(st.integers(1, 8))
    trick = list(cards[:trick_size])
    hand = list(cards[trick_size:trick_size + hand_size])
    trump = draw(st.sampled_from([*SUITS, None]))
    return hand, trick, trump


@settings(max_examples=400, deadline=None)
@given(position=positions(), rules=rule_sets())
def test_fast_path_agrees_with_the_reference_and_the_obligations(position, rules):
    hand, trick, trump = position
    legal = legal_cards(hand, trick, trump, rules)
    partner = bool(trick) and ref_winner(trick, trump) % 2 == len(trick) % 2
    assert legal == ref_legal(hand, trick, trump, rules, partner)
    assert legal and legal <= set(hand)
    if trick:
        win = trick[ref_winner(trick, trump)].index
        hand_mask = CardSet(hand).mask
        duties = obligations(hand_mask, trick[0].index >> 3, win, partner, parse_suit(trump), rules)
        final = duties[-1].allowed if duties else set(hand)
        assert final == legal
        for earlier, later in itertools.pairwise(duties):
            assert later.allowed <= earlier.allowed


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), rules=rule_sets(), players=st.sampled_from([2, 3, 4, 6]),
       trump=st.sampled_from([*SUITS, None]), dealer=st.integers(0, 5))
def test_every_reachable_position_has_a_legal_card_in_the_hand(seed, rules, players, trump, dealer):
    rules = rules.replace(players=players, en_face=rules.en_face and players in (4, 6))
    deal = Deal.random(seed, dealer % (4 if players == 2 else players), rules)
    deal.announce(trump)
    rng = random.Random(seed)
    flags = rule_flags(rules)
    while not deal.finished:
        seat = deal.turn
        hand = deal.hand(seat)
        legal = deal.legal_cards()
        assert legal and legal <= hand
        # The slow reference agrees, with the partner relation of the table.
        trick = list(deal.trick)
        seats = [(deal.leader + i * (1 if rules.direction == "clockwise" else -1)) % deal.seats
                 for i in range(len(trick))]
        partner = bool(trick) and deal.side_of(seats[ref_winner(trick, deal.trump)]) == deal.side_of(seat)
        assert legal == ref_legal(list(hand), trick, deal.trump, rules, partner)
        if trick:
            win = trick[ref_winner(trick, deal.trump)].index
            assert legal.mask == legal_mask(hand.mask, trick[0].index >> 3, win, partner,
                                             parse_suit(deal.trump), flags)
        deal.play(rng.choice(sorted(legal)))
    assert sum(deal.tricks_won) == rules.tricks_per_deal


@settings(max_examples=100, deadline=None)
@given(position=positions(), rules=rule_sets(), data=st.data())
def test_every_illegal_card_breaks_a_named_rule(position, rules, data):
    hand, trick, trump = position
    if not trick:
        return
    legal = legal_cards(hand, trick, trump, rules)
    illegal = sorted(set(hand) - legal)
    if not illegal:
        return
    card: Card = data.draw(st.sampled_from(illegal))
    partner = ref_winner(trick, trump) % 2 == len(trick) % 2
    duties = obligations(CardSet(hand).mask, trick[0].index >> 3,
                         trick[ref_winner(trick, trump)].index, partner, parse_suit(trump), rules)
    broken = [d for d in duties if card not in d.allowed]
    assert broken and getattr(rules, broken[0].rule) is True
