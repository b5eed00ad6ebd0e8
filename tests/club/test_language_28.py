"""Issue 28 point 12: the Dutch pages name the suits in Flemish (RULES.md §12: klavers,
koekens, ertens, piekens) and the points box takes the letters that follow; a pair's name
("Cas & Dirk") is never the subject of a singular verb in English, Dutch or French; one
form of address in each catalog (Dutch je, French vous)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.trump_keys import NO_TRUMP, TRUMP_KEYS, trump_keys, trump_letters

pytestmark = pytest.mark.pure  # run once (tests/passes.py): catalogs only

LOCALE = Path(__file__).resolve().parents[2] / "club" / "locale"


def test_dutch_suit_names_are_the_flemish_words_of_rules_section_12():
    with translation.override("nl"):
        names = [pgettext("suit", suit) for suit in ("clubs", "diamonds", "hearts", "spades")]
    assert names == ["klavers", "koekens", "ertens", "piekens"]


def test_the_dutch_letters_follow_the_suit_names():
    keys = trump_keys("nl")
    assert {letter: keys[letter] for letter in "koepz"} == {
        "k": "c", "o": "d", "e": "h", "p": "s", "z": NO_TRUMP}
    # the letters the sheet used before (ruiten, harten, schoppen) and English's still work
    assert (keys["r"], keys["h"], keys["s"], keys["d"], keys["c"]) == ("d", "h", "s", "d", "c")
    assert trump_letters("nl") == {"c": "k", "d": "o", "h": "e", "s": "p", NO_TRUMP: "z"}


@pytest.mark.parametrize("language", sorted(TRUMP_KEYS))
def test_no_letter_names_two_trumps_or_the_doubling_key(language):
    keys = trump_keys(language)
    assert "x" not in keys
    assert set(trump_letters(language)) == {"c", "d", "h", "s", NO_TRUMP}
    for letter, choice in TRUMP_KEYS[language].items():
        assert keys[letter] == choice  # the shown letter is never overridden by another


PAIR = "Cas & Dirk"
#: (msgid, its parameters): sentences whose subject may be a pair's name.
SENTENCES = [
    ("Forfeit: won by %(side)s, %(points_for)d–%(points_against)d",
     {"side": PAIR, "points_for": 52, "points_against": 30}),
    ("Won by %(w)s (%(a)s–%(b)s in games).", {"w": PAIR, "a": 2, "b": 1}),
    ("Back in: %(entry)s.", {"entry": PAIR}),
    ("%(entry)s withdrew: not drawn any more.", {"entry": PAIR}),
    ("Active again: %(pair)s.", {"pair": PAIR}),
    ("In the place of %(replaces)s: %(entry)s.", {"entry": PAIR, "replaces": "Els & Fien"}),
    ("%(entry)s had already played %(with)s: the draw kept them apart.",
     {"entry": PAIR, "with": "Els & Fien"}),
    (("With perfect play from the first card, %(side)s would take %(points)d card points and "
      "%(other)s %(rest)d."), {"side": PAIR, "points": 40, "other": "Els & Fien", "rest": 20}),
]
SINGULAR = {"en": r"(wins|is|plays|has|does|takes|was)",
            "nl": r"(wint|is|doet|trok|speelt|had|zakte|zou|heeft|wordt)",
            "fr": r"(gagne|est|a|avait|joue|s'est|ferait)"}


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
@pytest.mark.parametrize(("msgid", "params"), SENTENCES, ids=[s[0][:30] for s in SENTENCES])
def test_a_pairs_name_is_not_the_subject_of_a_singular_verb(language, msgid, params):
    with translation.override(language):
        text = _(msgid) % params
    assert language == "en" or text != msgid % params, "translated"
    assert PAIR in text
    assert not re.search(re.escape(PAIR) + r"\s+" + SINGULAR[language] + r"\b", text), text
    assert not re.search(r"\b" + SINGULAR[language] + r"\s+" + re.escape(PAIR), text), text


def _msgstrs(language: str) -> list[str]:
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    out = []
    for block in text.split("\n\n"):
        found = re.findall(r'msgstr(?:\[\d\])? ((?:".*"\n?)+)', block)
        out.extend("".join(re.findall(r'"(.*)"', part)) for part in found)
    # placeholders (%(u)s) and code points (U+%(code)04X) are not words
    return [re.sub(r"%\(\w+\)\w+|U\+%\S*", "", s) for s in out if s]


def test_dutch_says_je_throughout():
    formal = [s for s in _msgstrs("nl") if re.search(r"\b([Uu]w?|uzelf)\b", s)]
    assert formal == []
    assert any(re.search(r"\bje\b", s) for s in _msgstrs("nl"))


def test_french_says_vous_throughout():
    familiar = [s for s in _msgstrs("fr") if re.search(r"\b([Tt]u|[Tt]oi|[Tt]on|[Tt]es)\b", s)]
    assert familiar == []
    assert any(re.search(r"\bvous\b", s) for s in _msgstrs("fr"))
