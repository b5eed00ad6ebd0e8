"""Legal play and the winner of a trick (RULES.md section 5), as mask arithmetic.

The fast path is :func:`legal_mask`: a few intersections of 32-bit masks with early
returns, fed the state of the trick as ints (the led suit, the card now winning, whether
a partner is winning it). :func:`legal_cards` is the readable entry point over
:class:`~engine.cards.Card` values. :mod:`engine.obligations` states the same rules one
by one with messages, to explain a renonce.

Each obligation is one option of :class:`~engine.rules.RuleSet`:

- ``follow_suit`` (rule 1) follow the led suit when you can;
- ``beat_led_suit`` (rules 2, 6) following suit with an opponent winning in the led suit
  (a trump lead included), play a higher card of it if you have one;
- ``must_trump`` (rule 3) void in the led suit, opponent winning a trick not yet
  trumped: play a trump if you have one;
- ``must_overtrump`` (rule 3) void, opponent winning a trumped trick: play a higher
  trump if you have one; when you cannot, any card (under-trumping subject to rule 5);
- ``partner_winning_free`` (rule 4) the duties to beat, trump and over-trump fall away
  while a partner wins the trick (following suit stays);
- ``no_undertrump`` (rule 5) a plain-suit lead has been trumped and you cannot follow:
  no trump lower than the highest trump in the trick, unless your hand holds nothing
  else. It applies whoever is winning;
- ``must_undertrump`` (RULES.md §14, off by default) void, an opponent winning a trumped
  trick, and no higher trump: play a lower trump (by default any card may be played).

Two refinements of rule 2 that other programs use (RULES.md §14): ``beat_on_trump_lead_only``
(the duty to beat holds only on a trump lead, or on any lead in no trump) and
``beat_partner_on_trump_lead`` (on a trump lead, or in no trump, beat even a partner's card).

>>> sorted(str(c) for c in legal_cards(["Qc", "7c", "Ad"], ["Jc"], trump="d"))
['Qc']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ABOVE, SUIT_MASKS, Card, parse_suit
from engine.errors import EngineError
from engine.rules import RuleSet

FOLLOW_SUIT = 1
BEAT_LED_SUIT = 2
MUST_TRUMP = 4
MUST_OVERTRUMP = 8
PARTNER_WINNING_FREE = 16
NO_UNDERTRUMP = 32
#: RULES.md §14 refinements of ``beat_led_suit`` (not obligations of their own: a breach of
#: either is a breach of ``beat_led_suit``).
BEAT_ON_TRUMP_LEAD_ONLY = 64
BEAT_PARTNER_ON_TRUMP_LEAD = 128
#: RULES.md §14: void, an opponent has trumped and you cannot over-trump: trump lower.
MUST_UNDERTRUMP = 256

#: The play obligations of a RuleSet, in the order of RULES.md section 5.
OBLIGATIONS: tuple[tuple[str, int], ...] = (
    ("follow_suit", FOLLOW_SUIT),
    ("beat_led_suit", BEAT_LED_SUIT),
    ("must_trump", MUST_TRUMP),
    ("must_overtrump", MUST_OVERTRUMP),
    ("partner_winning_free", PARTNER_WINNING_FREE),
    ("no_undertrump", NO_UNDERTRUMP),
    ("must_undertrump", MUST_UNDERTRUMP),
)


def rule_flags(rules: RuleSet | str | None) -> int:
    """The play obligations of ``rules`` as one int of bit flags, for :func:`legal_mask`.

    >>> rule_flags("house") == 63, rule_flags("french") == FOLLOW_SUIT | PARTNER_WINNING_FREE
    (True, True)
    """
    rules = RuleSet.coerce(rules)
    return (sum(flag for name, flag in OBLIGATIONS if getattr(rules, name))
            | BEAT_ON_TRUMP_LEAD_ONLY * rules.beat_on_trump_lead_only
            | BEAT_PARTNER_ON_TRUMP_LEAD * rules.beat_partner_on_trump_lead)


def legal_mask(hand: int, led: int, win: int, partner_winning: bool, trump: int, flags: int) -> int:
    """The mask of the cards of ``hand`` that may be played.

    ``led`` is the suit led (-1 when leading: every card is legal), ``win`` the index of
    the card now winning the trick, ``partner_winning`` whether a partner of the player
    played it, ``trump`` the trump suit (-1 for no trump), ``flags`` from :func:`rule_flags`.

    >>> from engine.cards import CardSet
    >>> hand = CardSet.parse("Qc 7c Ad")
    >>> CardSet(legal_mask(hand.mask, 0, Card.parse("Jc").index, False, 1, rule_flags("house")))
    CardSet.parse('Qc')
    """
    if led < 0:
        return hand
    led_cards = hand & SUIT_MASKS[led]
    bound = not (partner_winning and flags & PARTNER_WINNING_FREE)
    if led_cards:
        if not flags & FOLLOW_SUIT:
            return hand
        if flags & BEAT_LED_SUIT and win >> 3 == led and (
                bound or flags & BEAT_PARTNER_ON_TRUMP_LEAD and (led == trump or trump < 0)):
            if flags & BEAT_ON_TRUMP_LEAD_ONLY and led != trump and trump >= 0:
                return led_cards
            return led_cards & ABOVE[win] or led_cards
        return led_cards
    if trump < 0 or led == trump:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if win >> 3 != trump:  # the trick is not trumped yet
        if bound and flags & MUST_TRUMP:
            return trumps
        return hand
    over = trumps & ABOVE[win]
    if over and bound and flags & MUST_OVERTRUMP:
        return over
    if not over and bound and flags & MUST_UNDERTRUMP:
        return trumps
    if flags & NO_UNDERTRUMP:
        under = trumps ^ over
        if hand != under:
            return hand ^ under
    return hand


def beats(card: int, win: int, trump: int) -> bool:
    """Whether card index ``card`` beats the card ``win`` now winning the trick.

    >>> beats(Card.parse("7d").index, Card.parse("10c").index, 1)
    True
    >>> beats(Card.parse("Ah").index, Card.parse("Kc").index, 1)
    False
    """
    if card >> 3 == win >> 3:
        return card > win
    return card >> 3 == trump


def trick_winner(trick: Sequence[Card | str], trump: str | None = None) -> int:
    """The position in ``trick`` (play order, lead first) of the card that wins it.

    >>> trick_winner(["Ks", "As", "7s", "8s"], trump="h")
    1
    >>> trick_winner(["Ks", "As", "7h", "10s"], trump="h")
    2
    """
    if not trick:
        raise EngineError("trick: an empty trick has no winner", code="empty_trick", field="trick")
    suit = parse_suit(trump)
    cards = [Card.parse(card).index for card in trick]
    best = 0
    for position in range(1, len(cards)):
        if beats(cards[position], cards[best], suit):
            best = position
    return best


def legal_cards(
    hand: Sequence[Card | str],
    trick: Sequence[Card | str],
    trump: str | None = None,
    rules: RuleSet | str = "house",
) -> frozenset[Card]:
    """The cards of ``hand`` that the player to move may play to ``trick``.

    ``trick`` is in play order, lead first; the player to move sits at position
    ``len(trick)`` and positions of the same parity are partners (4 players, 6 players, and
    2 players with dummies). ``trump`` is ``'c' 'd' 'h' 's'`` or None (no trump); ``rules``
    a RuleSet or a preset name. With 3 players partnership depends on the dealer: use
    :class:`engine.Deal` there.

    >>> sorted(map(str, legal_cards(["9s", "As"], ["Ks"], trump="h", rules="flemish")))
    ['As']
    >>> sorted(map(str, legal_cards(["Qs", "8s"], ["Ks", "As", "7s"], "h", "flemish")))
    ['8s', 'Qs']
    """
    rules = RuleSet.coerce(rules)
    if rules.players == 3:
        raise EngineError(
            "rules: with 3 players who partners whom depends on the dealer; "
            "use engine.Deal for 3-player positions", code="partners_unknown", field="rules")
    seats = 4 if rules.players == 2 else rules.players
    cards = [Card.parse(card) for card in hand]
    played = [Card.parse(card) for card in trick]
    if len(played) >= seats:
        raise EngineError(f"trick: a trick of {seats} hands holds at most {seats - 1} cards "
                          "before yours", code="trick_size", field="trick")
    if len(set(cards) | set(played)) != len(cards) + len(played):
        raise EngineError("hand: a card appears twice in the hand and trick",
                          code="card_twice", field="hand")
    trump_suit = parse_suit(trump)
    hand_mask = sum(card.mask for card in cards)
    if not played:
        return frozenset(cards)
    led = played[0].index >> 3
    winner = trick_winner(played, trump)
    partner_winning = winner % 2 == len(played) % 2
    mask = legal_mask(
        hand_mask, led, played[winner].index, partner_winning, trump_suit, rule_flags(rules)
    )
    return frozenset(card for card in cards if mask >> card.index & 1)
