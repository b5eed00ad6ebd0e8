"""Checking a recorded play: the first renonce (revoke) in a deal, or None.

A referee, or a test, has the dealt hands and the cards in the order they were played;
:func:`find_renonce` replays them under a rule set and names the first breach of an
obligation: the trick (1-based), the seat, the card and the rule.

>>> hands = ["Qc 7c Ad 8h 9h 10s As Ks", "10c Ac Kc 10d Kd Qd Jd Ah",
...          "9c 8c Kh Qh Jh Qs Js 9s", "Jc 7d 8d 9d 7h 10h 7s 8s"]
>>> find_renonce(hands, ["Jc", "Qc", "10c", "9c"], trump="d", dealer=2) is None
True
>>> r = find_renonce(hands, ["Jc", "7c", "10c", "9c"], trump="d", dealer=2)
>>> r.trick, r.player, str(r.card), r.rule
(1, 0, '7c', 'beat_led_suit')
>>> r.message
"must beat the opponent's J♣ with a higher club: Q♣"
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import Card, CardSet
from engine.deal import Deal
from engine.facts import Renonce
from engine.rules import RuleSet

__all__ = ["Renonce", "find_renonce", "flatten_play"]


def flatten_play(play: Iterable[Card | str | Iterable[Card | str]]) -> list[Card]:
    """Cards in play order from a flat sequence or a sequence of tricks; strings may hold
    several cards (``"Ks As 7s 8s"``).

    >>> [str(c) for c in flatten_play([["Ks", "As"], "7s 8s", Card.parse("9h")])]
    ['Ks', 'As', '7s', '8s', '9h']
    """
    cards: list[Card] = []
    for item in play:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.extend(Card.parse(word) for word in item.replace(",", " ").split())
        else:
            cards.extend(flatten_play(item))
    return cards


def find_renonce(
    hands: Sequence[Iterable[Card | str] | CardSet | int],
    play: Iterable[Card | str | Iterable[Card | str]],
    trump: str | None,
    dealer: int = 0,
    rules: RuleSet | str = "house",
    *,
    blind: bool = False,
    en_face: bool = False,
) -> Renonce | None:
    """The first renonce in a recorded (complete or partial) play, or None if all is legal.

    ``hands`` as dealt, one per seat; ``play`` the cards in play order (flat, or one
    sequence per trick); ``trump`` a suit letter or None; ``blind`` / ``en_face`` as
    announced. A card that its seat does not hold raises :class:`engine.IllegalPlay`
    (code ``not_in_hand``): the record itself is wrong.

    >>> find_renonce(["Jc 9c 8c 7c Js 9s 8s 7s", "10d Ad Kd Qd Jd 9d 8d 7d",
    ...               "7h 8h 9h Jh 10c Ac Kc Qc", "10h Ah Kh Qh 10s As Ks Qs"],
    ...              [["10d", "7h", "Qs"]], trump="h", dealer=0).rule
    'must_overtrump'
    """
    deal = Deal(hands, dealer, rules)
    if en_face:
        deal.pass_trump()
    deal.announce(trump, blind=blind)
    for card in flatten_play(play):
        deal.play(card, allow_renonce=True)
        if deal.renonce is not None:
            return deal.renonce
    return None
