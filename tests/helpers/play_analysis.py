"""A plain reference for the play analysis: each card's cost from a trick on, by minimax
from trick starts and card by card inside a trick (house rules)."""

from __future__ import annotations

from engine.cards import Card, CardSet, parse_suit
from engine.dd_reference import _reference_legal, minimax
from engine.play import beats
from engine.rules import RuleSet

HOUSE = RuleSet()


# -- a plain reference for positions inside a trick (minimax from trick starts) ------------

def _ref(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], trump: int) -> int:
    """Side 0's points from here (this trick's cards included), by plain minimax."""
    if len(trick) == 4:
        win_pos = 0
        for pos in range(1, 4):
            if beats(trick[pos], trick[win_pos], trump):
                win_pos = pos
        winner = (leader + win_pos) % 4
        got = sum(Card.from_index(c).points for c in trick)
        rest = minimax(hands, winner, trump, HOUSE) if any(hands) else 0
        return (got if winner % 2 == 0 else 0) + rest
    seat = (leader + len(trick)) % 4
    if trick:
        win_pos = 0
        for pos in range(1, len(trick)):
            if beats(trick[pos], trick[win_pos], trump):
                win_pos = pos
        partner = (leader + win_pos) % 2 == seat % 2
        legal = _reference_legal(hands[seat], trick[0] >> 3, trick[win_pos], partner, trump,
                                 HOUSE)
    else:
        legal = hands[seat]
    values = []
    for card in range(32):
        if legal >> card & 1:
            after = list(hands)
            after[seat] &= ~(1 << card)
            values.append(_ref(tuple(after), leader, (*trick, card), trump))
    return max(values) if seat % 2 == 0 else min(values)


def reference_costs(inp, from_trick: int) -> list[int]:
    """Each card's cost from trick ``from_trick`` on, by the reference."""
    trump = parse_suit(inp.trump)
    hands = [CardSet.parse(h).mask for h in inp.hands]
    cards = [Card.parse(c).index for c in inp.cards]
    leader = inp.leader
    out = []
    for first in range(0, len(cards), 4):
        trick = cards[first:first + 4]
        for pos, card in enumerate(trick):
            seat = (leader + pos) % 4
            if first // 4 + 1 >= from_trick:
                before = _ref(tuple(hands), leader, tuple(trick[:pos]), trump)
                after_hands = list(hands)
                after_hands[seat] &= ~(1 << card)
                after = _ref(tuple(after_hands), leader, tuple(trick[:pos + 1]), trump)
                out.append(before - after if seat % 2 == 0 else after - before)
            hands[seat] &= ~(1 << card)
        win_pos = 0
        for pos in range(1, 4):
            if beats(trick[pos], trick[win_pos], trump):
                win_pos = pos
        leader = (leader + win_pos) % 4
    return out
