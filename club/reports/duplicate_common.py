"""What the duplicate PDFs share: seat and trump names, hands laid out by suit, the page
stylesheet and the HTML wrapper. The renderers (``duplicate_hands``: board slips and hand
records; ``duplicate_movement``: table cards and travellers) take plain data only, as
``club.selectors.duplicate`` gives it:

- a board: ``{"number", "dealer", "hands": [[card, ...] x 4], "double_dummy", "par"}``
  (seats 0-3 are North, East, South, West; North-South is side 0);
- a round of the movement: ``{"round", "tables": [{"table", "ns", "ew", "ns_name",
  "ew_name", "group", "boards", "sit_out"}]}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language, pgettext_lazy

from club.card_names import suit_name
from club.reports.fonts import font_face_css
from club.reports.layout import css_string
from club.reports.stylesheets import css_file, stylesheet_url
from engine.cards import SUIT_SYMBOLS, SUITS, Card

SEAT_NAMES = (pgettext_lazy("seat", "North"), pgettext_lazy("seat", "East"),
              pgettext_lazy("seat", "South"), pgettext_lazy("seat", "West"))
SEAT_LETTERS = (pgettext_lazy("seat letter", "N"), pgettext_lazy("seat letter", "E"),
                pgettext_lazy("seat letter", "S"), pgettext_lazy("seat letter", "W"))
#: Suits as a hand is read: the red and black suits alternate.
SUIT_ORDER = ("s", "h", "c", "d")
#: The trumps of a hand record's table, in the order of ``engine.dd_analysis.TRUMPS``, and
#: their keys in ``DuplicateBoard.double_dummy``.
TRUMP_KEYS = ("c", "d", "h", "s", "nt")


def seat_name(seat: int) -> str:
    return str(SEAT_NAMES[seat % 4])


def suit_symbol(letter: str) -> str:
    return SUIT_SYMBOLS[SUITS.index(letter)]


def trump_label(key: str | None) -> str:
    """A trump key (``"h"``, ``"nt"``/None) as its symbol and name: "♥ hearts"."""
    if key in (None, "", "nt"):
        return suit_name(None)
    return f"{suit_symbol(key)} {suit_name(key)}"


def hand_by_suit(cards: Sequence[str]) -> list[dict[str, Any]]:
    """A hand as one line a suit, highest card first: ``[{"suit", "symbol", "red",
    "cards": "10 A 9"}]`` (a void shows as "–")."""
    parsed = [Card.parse(c) for c in cards]
    out = []
    for letter in SUIT_ORDER:
        held = sorted((c for c in parsed if c.suit == letter), key=lambda c: -c.index)
        out.append({"suit": letter, "symbol": suit_symbol(letter),
                    "red": letter in "hd", "name": suit_name(letter),
                    "cards": " ".join(c.rank for c in held) or "–"})
    return out


def page_css(name: str, header: str = "", landscape: bool = False) -> str:
    """The stylesheet of a duplicate PDF: the fonts, the page box with ``header`` at its top,
    ``club/reports/css/duplicate.css`` and then ``club/reports/css/<name>``."""
    size = "A4 landscape" if landscape else "A4"
    page = f"""@page {{ size: {size}; margin: 12mm 11mm 12mm 11mm;
  @top-left {{ content: {css_string(header)}; font-size: 7.5pt; color: #555; }}
  @bottom-right {{ content: counter(page) " / " counter(pages); font-size: 7.5pt; color: #555; }} }}"""
    return "\n".join((font_face_css(), page, css_file("duplicate.css"), css_file(name)))


def document(template: str, title: str, css: str, **context: Any) -> str:
    """The HTML of one duplicate PDF (``templates/reports/duplicate_*.html``)."""
    return render_to_string(template, {"title": title, "stylesheet": stylesheet_url(css),
                                       "lang": get_language(), **context})
