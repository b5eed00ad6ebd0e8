"""The play obligations of RULES.md section 5 stated one by one, to explain a renonce.

:func:`obligations` lists the duties that bind a player at a point of a trick, each with
the cards it leaves and a sentence naming it; the last one's cards are the legal cards,
which :func:`engine.play.legal_mask` computes in one pass (the tests check they agree).
:func:`broken_obligation` names the duty that a card breaks.

>>> from engine.cards import CardSet
>>> hand = CardSet.parse("Qc 7c Ad")
>>> [d.rule for d in obligations(hand.mask, 0, Card.parse("Jc").index, False, 1, "house")]
['follow_suit', 'beat_led_suit']
>>> broken_obligation(Card.parse("7c"), hand.mask, 0, Card.parse("Jc").index, False, 1, "house").message
"must beat the opponent's J♣ with a higher club"
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import ABOVE, SUIT_MASKS, SUIT_NAMES, SUIT_SINGULAR, Card, CardSet
from engine.rules import RuleSet


@dataclass(frozen=True)
class Obligation:
    """One duty in force: the rule-set option (``rule``), the cards it leaves, a sentence."""

    rule: str
    allowed: CardSet
    message: str


def obligations(
    hand: int,
    led: int,
    win: int,
    partner_winning: bool,
    trump: int,
    rules: RuleSet | str = "house",
) -> list[Obligation]:
    """The duties binding a player, in order; each narrows the cards of the one before.

    Arguments as for :func:`engine.play.legal_mask`, with a RuleSet or preset name.
    An empty list means any card of the hand may be played.

    >>> from engine.cards import CardSet
    >>> hand = CardSet.parse("7d Kd 8s")
    >>> [d.rule for d in obligations(hand.mask, 0, Card.parse("Ac").index, False, 1, "house")]
    ['must_trump']
    >>> obligations(hand.mask, 0, Card.parse("Ac").index, False, 1, "french")
    []
    """
    rules = RuleSet.coerce(rules)
    if led < 0:
        return []
    winner = Card.from_index(win).pretty()
    whose = "partner's" if partner_winning else "opponent's"
    bound = not (partner_winning and rules.partner_winning_free)
    duties: list[Obligation] = []

    # Rule 1: follow suit. Rules 2 and 6: beat an opponent winning in the led suit.
    led_cards = hand & SUIT_MASKS[led]
    if led_cards:
        if rules.follow_suit:
            duties.append(Obligation(
                "follow_suit", CardSet(led_cards), f"must follow suit in {SUIT_NAMES[led]}"))
            higher = led_cards & ABOVE[win]
            trump_lead = led == trump or trump < 0
            if rules.beat_on_trump_lead_only and not trump_lead:
                higher = 0
            if rules.beat_partner_on_trump_lead and trump_lead:
                bound = True
            if rules.beat_led_suit and bound and win >> 3 == led and higher:
                duties.append(Obligation(
                    "beat_led_suit", CardSet(higher),
                    f"must beat the {whose} {winner} with a higher {SUIT_SINGULAR[led]}"))
        return duties

    # Void in the led suit. Only a plain-suit lead can be trumped.
    if trump < 0 or led == trump:
        return duties
    trumps = hand & SUIT_MASKS[trump]
    if win >> 3 != trump:
        # Rule 3, first half: trump a trick an opponent wins with the led suit.
        if trumps and rules.must_trump and bound:
            duties.append(Obligation(
                "must_trump", CardSet(trumps),
                f"void in {SUIT_NAMES[led]} with the {whose} {winner} winning: must trump"))
        return duties
    # Rule 3, second half: over-trump an opponent's trump.
    over = trumps & ABOVE[win]
    if over and rules.must_overtrump and bound:
        duties.append(Obligation(
            "must_overtrump", CardSet(over),
            f"void in {SUIT_NAMES[led]}: must over-trump the {whose} {winner}"))
        return duties
    # RULES.md §14 option: no higher trump, an opponent's trump winning: still trump, lower.
    if trumps and not over and rules.must_undertrump and bound:
        duties.append(Obligation(
            "must_undertrump", CardSet(trumps),
            f"void in {SUIT_NAMES[led]}, cannot over-trump the {whose} {winner}: must still "
            "trump lower"))
        return duties
    # Rule 5: no trump below the highest in the trick, unless the hand holds nothing else.
    under = trumps & ~over
    if rules.no_undertrump and under and hand != under:
        duties.append(Obligation(
            "no_undertrump", CardSet(hand & ~under),
            f"may not under-trump the {winner} in the trick while holding other cards"))
    return duties


def broken_obligation(
    card: Card,
    hand: int,
    led: int,
    win: int,
    partner_winning: bool,
    trump: int,
    rules: RuleSet | str = "house",
) -> Obligation | None:
    """The first duty that playing ``card`` from ``hand`` breaks, or None if it is legal.

    >>> from engine.cards import CardSet
    >>> hand = CardSet.parse("7d Kd 8s")
    >>> broken_obligation(Card.parse("8s"), hand.mask, 0, Card.parse("Ac").index, False, 1).rule
    'must_trump'
    """
    for duty in obligations(hand, led, win, partner_winning, trump, rules):
        if card not in duty.allowed:
            return duty
    return None
