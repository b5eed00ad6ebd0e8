"""The trump as the sheets take it: the form's value for no trump, the letters that name a
trump in the points box in each language (RULES.md §12's suit names), and the recorded
trump of a form's choice and back. Used by the partnership, auction and traveller forms
and their pages."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from club.selectors.sheets import TRUMP_SYMBOLS

#: The form's value for no trump (a radio button needs one); stored and scored as None.
NO_TRUMP = "n"


def trump_choices() -> list[tuple[str, str]]:
    """The trump buttons: the four suits' symbols and no trump."""
    return [*TRUMP_SYMBOLS.items(), (NO_TRUMP, _("NT"))]


#: The letters that name a trump in the points box, in each language's own words (the suit
#: names of RULES.md §12): klavers, kOekens (k is klavers'), ertens, piekens, zonder troef;
#: trèfle, carreau, cœur, pique, sans atout.
TRUMP_KEYS = {
    "en": {"c": "c", "d": "d", "h": "h", "s": "s", "n": NO_TRUMP},
    "nl": {"k": "c", "o": "d", "e": "h", "p": "s", "z": NO_TRUMP},
    "fr": {"t": "c", "r": "d", "c": "h", "p": "s", "a": NO_TRUMP},
}
#: Letters still understood, not shown: in Dutch ruiten, harten, schoppen (the letters of the
#: Netherlands' suit names, which the sheet used before).
TRUMP_ALIASES = {"nl": {"r": "d", "h": "h", "s": "s"}}


def trump_keys(language: str | None) -> dict[str, str]:
    """Letter -> trump choice for the points box: the language's own letters, its older
    ones, and the English ones where they do not clash (in French "c" is cœur, so clubs is
    "t" only).

    >>> trump_keys("fr")["c"], trump_keys("fr")["d"], trump_keys("nl")["k"], trump_keys("nl")["o"]
    ('h', 'd', 'c', 'd')
    """
    short = (language or "en")[:2]
    keys = dict(TRUMP_KEYS.get(short, {}))
    for letter, choice in [*TRUMP_ALIASES.get(short, {}).items(), *TRUMP_KEYS["en"].items()]:
        keys.setdefault(letter, choice)
    return keys


def trump_letters(language: str | None) -> dict[str, str]:
    """Trump choice -> the letter shown on its button (the language's own)."""
    own = TRUMP_KEYS.get((language or "en")[:2], TRUMP_KEYS["en"])
    return {choice: letter for letter, choice in own.items()}


def stored_trump(choice: str | None) -> str | None:
    """The recorded trump of a form's choice: a suit letter, or None for no trump."""
    return None if not choice or choice == NO_TRUMP else choice


def form_trump(deal) -> str:
    """A recorded deal's trump as the form shows it ("" for a cancelled deal: none)."""
    if deal.cancelled:
        return ""
    return deal.trump or NO_TRUMP
