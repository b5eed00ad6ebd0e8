"""Cards in words, in the user's language: "the 10 of hearts", "de manille van ertens".

The rank words are RULES.md §12's (10 / ace / king / queen / jack: manille / aas / heer /
vrouw / boer; manille / manillon / roi / dame / valet); the suits reuse the sheet's suit
names (context "suit"). Used by the play analysis (pages and PDF).
"""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from engine.cards import Card

RANK_NAMES = {
    "10": pgettext_lazy("card rank", "10"),
    "A": pgettext_lazy("card rank", "ace"),
    "K": pgettext_lazy("card rank", "king"),
    "Q": pgettext_lazy("card rank", "queen"),
    "J": pgettext_lazy("card rank", "jack"),
    "9": pgettext_lazy("card rank", "9"),
    "8": pgettext_lazy("card rank", "8"),
    "7": pgettext_lazy("card rank", "7"),
}
SUIT_NAMES = {
    "c": pgettext_lazy("suit", "clubs"),
    "d": pgettext_lazy("suit", "diamonds"),
    "h": pgettext_lazy("suit", "hearts"),
    "s": pgettext_lazy("suit", "spades"),
}


def card_name(card: Card | str) -> str:
    """The card in words: "10 of hearts" (no article: the sentence gives it)."""
    card = Card.parse(card) if isinstance(card, str) else card
    return pgettext("card name", "%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES[card.rank], "suit": SUIT_NAMES[card.suit]}


def suit_name(letter: str | None) -> str:
    """A trump in words: a suit's name, or "no trump" (None, "", or the forms' "n")."""
    if not letter or letter == "n":
        return pgettext("trump", "no trump")
    return str(SUIT_NAMES[letter])
