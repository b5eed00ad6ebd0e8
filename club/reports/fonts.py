"""The fonts of the PDFs, and text measured in them to shorten names that would not fit.

The PDFs embed DejaVu Sans and DejaVu Sans Mono from matplotlib's own data folder (always
installed with it), so the widths measured here are the widths WeasyPrint lays out, on any
machine, and the charts (matplotlib) use the same face.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import os
from pathlib import Path

# matplotlib's data folder, found without importing matplotlib (half a second).
FONT_DIR = (Path(importlib.util.find_spec("matplotlib").submodule_search_locations[0])
            / "mpl-data" / "fonts" / "ttf")
SANS = "Troef Sans"
MONO = "Troef Mono"
_FILES = {
    (SANS, "normal"): "DejaVuSans.ttf",
    (SANS, "bold"): "DejaVuSans-Bold.ttf",
    (MONO, "normal"): "DejaVuSansMono.ttf",
}
#: Width of one character of the monospaced face, in em.
MONO_ADVANCE = 0.6021
PT_TO_MM = 25.4 / 72
FIGURE_SPACE = "\u2007"  # as wide as a digit: right-aligns numbers in proportional text
ELLIPSIS = "…"
#: What cannot be in one line of a PDF's text: control characters (a line feed would move
#: the names below it to the wrong seat; others garble the page's text for extraction),
#: line and paragraph separators, and the two non-characters HTML and XML refuse.
_NOT_IN_A_LINE = {**{c: " " for c in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029)},
                  0xFFFE: "\ufffd", 0xFFFF: "\ufffd"}


def font_face_css() -> str:
    """``@font-face`` rules for the PDF stylesheet."""
    rules = []
    for (family, weight), name in _FILES.items():
        url = (FONT_DIR / name).as_uri()
        rules.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                     f'src: url("{url}"); }}')
    return "\n".join(rules)


@functools.cache
def _advances(bold: bool) -> tuple[dict[int, float], float]:
    """Advance widths in em by code point, and a fallback width for missing glyphs."""
    from fontTools.ttLib import TTFont

    path = FONT_DIR / _FILES[(SANS, "bold" if bold else "normal")]
    if not os.path.exists(path):  # pragma: no cover - matplotlib always ships it
        return {}, 0.62
    font = TTFont(io.BytesIO(path.read_bytes()), lazy=True)
    per_em = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {code: metrics[glyph][0] / per_em for code, glyph in font.getBestCmap().items()}
    return widths, 0.62


def one_line(text: str) -> str:
    """``text`` as one line of printable text (typed names may carry anything).

    >>> one_line("Ann\\nde\\x07Vos\\u2028x")
    'Ann de Vos x'
    """
    return str(text).translate(_NOT_IN_A_LINE)


def text_width_mm(text: str, size_pt: float, *, bold: bool = False, mono: bool = False) -> float:
    """Width of ``text`` set in the PDF's sans (or mono) face at ``size_pt``, in millimetres.

    >>> round(text_width_mm("0000", 10, mono=True), 2) == round(4 * 0.6021 * 10 * 25.4 / 72, 2)
    True
    """
    if mono:
        return len(text) * MONO_ADVANCE * size_pt * PT_TO_MM
    widths, fallback = _advances(bold)
    return sum(widths.get(ord(ch), fallback) for ch in text) * size_pt * PT_TO_MM


def _initials(first: str) -> str:
    """'Hans-Jürgen' -> 'H.-J.', 'Anne Marie' -> 'A. M.'"""
    words = []
    for word in first.split():
        words.append("-".join(f"{part[0]}." for part in word.split("-") if part))
    return " ".join(words)


def first_initials(first: str) -> str:
    """A first name as its initials, as :func:`fit_name` shortens it ("M.-C.")."""
    return _initials(one_line(first))


def fit_text(text: str, width_mm: float, size_pt: float, *, bold: bool = False) -> str:
    """``text`` on one line (:func:`one_line`), cut with an ellipsis so that it fits
    ``width_mm``.

    >>> fit_text("Schwarzenberger", 12, 10)
    'Sch…'
    """
    text = one_line(text)
    if text_width_mm(text, size_pt, bold=bold) <= width_mm:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + ELLIPSIS
        if text_width_mm(cut, size_pt, bold=bold) <= width_mm:
            return cut
    return ELLIPSIS


def fit_name(first: str, last: str, width_mm: float, size_pt: float, *,
             bold: bool = False) -> str:
    """A player's name that fits ``width_mm``: in full, else with the first names as
    initials, else the last name cut with an ellipsis (the initials kept in front).

    >>> fit_name("Hans-Jürgen", "Schwarzenberger", 80, 10)
    'Hans-Jürgen Schwarzenberger'
    >>> fit_name("Hans-Jürgen", "Schwarzenberger", 42, 10)
    'H.-J. Schwarzenberger'
    >>> fit_name("Hans-Jürgen", "Schwarzenberger", 25, 10)
    'H.-J. Schwar…'
    """
    first, last = one_line(first), one_line(last)
    full = f"{first} {last}".strip()
    if text_width_mm(full, size_pt, bold=bold) <= width_mm:
        return full
    initials = _initials(first)
    short = f"{initials} {last}".strip()
    if text_width_mm(short, size_pt, bold=bold) <= width_mm:
        return short
    if initials and text_width_mm(initials + " " + last[:3] + ELLIPSIS, size_pt, bold=bold) <= width_mm:
        return initials + " " + fit_text(last, width_mm - text_width_mm(initials + " ", size_pt,
                                                                          bold=bold), size_pt,
                                         bold=bold)
    return fit_text(short, width_mm, size_pt, bold=bold)


def wrap(text: str, width_mm: float, size_pt: float, *, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width_mm``, broken between words; a word wider than
    a line is broken after a "/" or "-" in it, else between characters. Nothing is cut.

    >>> wrap("AT:A ×AB/CD G12:B", 16, 10)
    ['AT:A', '×AB/CD', 'G12:B']
    >>> wrap("Schwarzenberger", 12, 10)
    ['Schwa', 'rzenb', 'erger']
    """
    def fits(line: str) -> bool:
        return text_width_mm(line, size_pt, bold=bold) <= width_mm

    lines: list[str] = []
    for word in one_line(text).split():
        if lines and fits(lines[-1] + " " + word):
            lines[-1] += " " + word
            continue
        while not fits(word):  # the longest head that fits, at a "/" or "-" if any
            heads = [word[:i] for i in range(len(word) - 1, 0, -1) if fits(word[:i])]
            head = next((h for h in heads if h[-1] in "/-"), heads[0] if heads else word[:1])
            lines.append(head)
            word = word[len(head):]
        lines.append(word)
    return lines or [""]


def fit_lines(text: str, width_mm: float, height_mm: float, size_pt: float, *,
              smallest: float = 6.0, bold: bool = False,
              leading: float = 1.25) -> tuple[list[str], float]:
    """``text`` wrapped to ``width_mm`` at the largest size from ``size_pt`` down to
    ``smallest`` (by half points) whose lines fit ``height_mm``; at ``smallest`` if none
    does (taller than the box, never cut). Returns the lines and the size.

    >>> fit_lines("AT:A ×AB/CD G12:B", 30, 7.4, 11)
    (['AT:A ×AB/CD G12:B'], 8.0)
    >>> fit_lines("AT:A ×AB/CD G12:B", 20, 7.4, 11)
    (['AT:A ×AB/CD', 'G12:B'], 8.0)
    """
    paragraphs, size = fit_paragraphs([text], width_mm, height_mm, size_pt, smallest=smallest,
                                      bold=bold, leading=leading)
    return paragraphs[0], size


def fit_paragraphs(texts: list[str], width_mm: float, height_mm: float, size_pt: float, *,
                   smallest: float = 6.0, bold: bool = False,
                   leading: float = 1.25) -> tuple[list[list[str]], float]:
    """Several paragraphs set alike (:func:`fit_lines`): each one's lines and the size."""
    size = size_pt
    while True:
        paragraphs = [wrap(text, width_mm, size, bold=bold) for text in texts]
        lines = sum(len(p) for p in paragraphs)
        if size <= smallest or lines * line_mm(size, leading) <= height_mm:
            return paragraphs, size
        size = max(smallest, size - 0.5)


def line_mm(size_pt: float, leading: float = 1.25) -> float:
    """The height of a line of type ``size_pt`` at ``leading``, in millimetres."""
    return size_pt * leading * PT_TO_MM
