"""A slow, independent reference of the play rules, read straight off RULES.md section 5.

Lists of Card objects, everything recomputed from the trick on each call, no masks and
nothing imported from engine.play: the tests compare the engine's fast path against it,
and the perft numbers in tests/engine/test_perft.py were computed with it.
"""

from __future__ import annotations

from engine import Card, RuleSet

ORDER = ["7", "8", "9", "J", "Q", "K", "A", "10"]


def strength(card: Card) -> int:
    return ORDER.index(card.rank)


def ref_winner(trick: list[Card], trump: str | None) -> int:
    """Highest trump in the trick, else highest card of the suit led."""
    trumps = [card for card in trick if card.suit == trump]
    candidates = trumps or [card for card in trick if card.suit == trick[0].suit]
    return trick.index(max(candidates, key=strength))


def ref_legal(
    hand: list[Card], trick: list[Card], trump: str | None, rules: RuleSet,
    partner_is_winning: bool,
) -> set[Card]:
    """The legal cards, each obligation checked in the words of the rules."""
    everything = set(hand)
    if not trick:
        return everything
    led = trick[0].suit
    best = trick[ref_winner(trick, trump)]
    # Rule 4: with a partner winning there is no duty to beat, trump or over-trump.
    must_act = not partner_is_winning or not rules.partner_winning_free
    same_suit = [card for card in hand if card.suit == led]
    if same_suit:
        if not rules.follow_suit:
            return everything
        # Rule 2 (and 6): beat an opponent's card of the led suit when you can. RULES.md
        # §14: only on a trump lead (any lead in no trump), and/or even a partner's card there.
        trump_lead = trump is None or led == trump
        beat = must_act or (rules.beat_partner_on_trump_lead and trump_lead)
        if rules.beat_on_trump_lead_only and not trump_lead:
            beat = False
        if rules.beat_led_suit and beat and best.suit == led:
            better = [card for card in same_suit if strength(card) > strength(best)]
            if better:
                return set(better)
        return set(same_suit)
    # Void in the led suit.
    if trump is None or led == trump:
        return everything
    my_trumps = [card for card in hand if card.suit == trump]
    trumps_in_trick = [card for card in trick if card.suit == trump]
    if not trumps_in_trick:
        # Rule 3: trump if you can.
        if must_act and rules.must_trump and my_trumps:
            return set(my_trumps)
        return everything
    top = max(trumps_in_trick, key=strength)
    higher = [card for card in my_trumps if strength(card) > strength(top)]
    # Rule 3: over-trump if you can.
    if must_act and rules.must_overtrump and higher:
        return set(higher)
    # RULES.md §14 option: cannot over-trump an opponent's trump: still trump, lower.
    if must_act and rules.must_undertrump and my_trumps and not higher:
        return set(my_trumps)
    # Rule 5: no under-trumping unless only lower trumps are left.
    lower = [card for card in my_trumps if strength(card) < strength(top)]
    if rules.no_undertrump and lower and len(lower) < len(hand):
        return everything - set(lower)
    return everything


def ref_perft(
    hands: list[list[Card]], leader: int, trump: str | None, rules: RuleSet,
    sides: list[int], step: int, depth: int,
) -> int:
    """The number of legal play sequences of ``depth`` cards from the start of a trick."""
    seats = len(hands)

    def walk(hands: list[list[Card]], seats_played: list[int], cards: list[Card],
             leader: int, depth: int) -> int:
        if depth == 0:
            return 1
        if len(cards) == seats:
            winner = seats_played[ref_winner(cards, trump)]
            return walk(hands, [], [], winner, depth)
        seat = leader if not cards else (seats_played[-1] + step) % seats
        partner = bool(cards) and sides[seats_played[ref_winner(cards, trump)]] == sides[seat]
        total = 0
        for card in ref_legal(hands[seat], cards, trump, rules, partner):
            rest = [list(hand) for hand in hands]
            rest[seat].remove(card)
            total += walk(rest, seats_played + [seat], cards + [card], leader, depth - 1)
        return total

    return walk(hands, [], [], leader, depth)
