"""Building blocks of the fast PDF pages: absolutely placed text blocks and one shared
background drawn as a single SVG.

A page is a ``<section>`` the size of its page box holding a few :class:`Block`\\ s. A block
is one absolutely positioned ``<div>`` with ``white-space: pre``: a column of 24 numbers is
one block with 24 lines, never 24 elements. WeasyPrint lays out each line box once
(~0.3 ms) and each element costs more than its text, so a page is ~20 blocks.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from django.template.loader import render_to_string
from django.utils.translation import get_language

from club.reports.fonts import MONO, SANS, font_face_css, one_line


@dataclass(frozen=True, slots=True)
class Block:
    """One positioned text block: ``cls`` CSS classes, ``style`` its box (mm), ``text``;
    with ``src`` an image instead (``text`` its alternative text)."""

    cls: str
    style: str
    text: str
    src: str = ""


def box(left: float, top: float, width: float | None = None, height: float | None = None,
        **extra: str | float) -> str:
    """An inline style placing a block, in millimetres.

    >>> box(12, 30.5, 90)
    'left:12mm;top:30.5mm;width:90mm'
    """
    parts = [f"left:{_mm(left)}", f"top:{_mm(top)}"]
    if width is not None:
        parts.append(f"width:{_mm(width)}")
    if height is not None:
        parts.append(f"height:{_mm(height)}")
    for name, value in extra.items():
        value = _mm(value) if isinstance(value, (int, float)) else value
        parts.append(f"{name.replace('_', '-')}:{value}")
    return ";".join(parts)


def _mm(value: float) -> str:
    return f"{round(value, 2):g}mm"


class Path:
    """An SVG path built from lines and rectangles (one ``<path>``: one node to draw)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def hline(self, x1: float, x2: float, y: float) -> Path:
        self.parts.append(f"M{x1:g} {y:g}H{x2:g}")
        return self

    def vline(self, x: float, y1: float, y2: float) -> Path:
        self.parts.append(f"M{x:g} {y1:g}V{y2:g}")
        return self

    def rect(self, x: float, y: float, w: float, h: float) -> Path:
        self.parts.append(f"M{x:g} {y:g}h{w:g}v{h:g}h{-w:g}z")
        return self

    def d(self) -> str:
        return "".join(self.parts)


def svg_data_url(width_mm: float, height_mm: float, layers: Iterable[tuple[str, str]]) -> str:
    """A data URL of an SVG in millimetre units; ``layers`` are (path data, attributes)."""
    paths = "".join(f'<path d="{d}" {attrs}/>' for d, attrs in layers if d)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_mm:g}mm" '
           f'height="{height_mm:g}mm" viewBox="0 0 {width_mm:g} {height_mm:g}">{paths}</svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def css_string(text: str) -> str:
    """``text`` on one line as a quoted CSS string (for ``content:`` in page margin boxes),
    inside a ``<style>`` element: ``<`` is escaped too, so ``</style>`` cannot end it.

    >>> css_string('Club "De Troef"\\\\')
    '"Club \\\\"De Troef\\\\"\\\\\\\\"'
    >>> css_string("</style>\\n<b>")
    '"\\\\3c /style> \\\\3c b>"'
    """
    escaped = one_line(text).replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
    return f'"{escaped}"'


def _printable(text: str) -> str:
    """A block's text: its lines kept, any other control character a space."""
    return "\n".join(one_line(line) for line in text.split("\n"))


def pages_html(css: str, pages: Sequence[Sequence[Block]], title: str) -> str:
    """The HTML of ``pages`` for WeasyPrint. Every text is escaped by the template and
    holds no control character but the line feeds between a block's lines (typed names
    are cut to one line before; this is the backstop)."""
    pages = [[replace(block, text=_printable(block.text)) for block in page] for page in pages]
    return render_to_string("reports/pages.html", {
        "css": css, "pages": pages, "lang": get_language(), "title": one_line(title)})


BASE_CSS = f"""
{font_face_css()}
html {{ font-family: "{SANS}"; font-size: 10pt; color: #111; }}
body {{ margin: 0; }}
section {{ position: relative; page-break-after: always; overflow: hidden; }}
section:last-child {{ page-break-after: auto; }}
.b {{ position: absolute; white-space: pre; overflow: hidden; line-height: 1.25; }}
.w {{ white-space: pre-line; }}
.m {{ font-family: "{MONO}"; }}
.r {{ text-align: right; }}
.c {{ text-align: center; }}
.bold {{ font-weight: bold; }}
.muted {{ color: #555; }}
.rule {{ position: absolute; height: 0; border-top: 0.7pt solid #111; }}
"""
