"""An SVG drawn with CSS (``style="..."`` and a ``<style>`` element, as matplotlib writes it)
turned into the same drawing with presentation attributes (``fill="#fff"``).

Why: the pages put charts inline, and the Content-Security-Policy allows no inline style
(``style-src 'self'``), so a browser would drop matplotlib's styles and draw black shapes
without lines. Presentation attributes are not CSS: the policy does not touch them.
"""

from __future__ import annotations

import re

#: SVG 1.1 presentation attributes (a property outside this list has no attribute form).
PRESENTATION = frozenset({
    "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color",
    "color-interpolation", "color-interpolation-filters", "color-profile", "color-rendering",
    "cursor", "direction", "display", "dominant-baseline", "enable-background", "fill",
    "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity", "font-family",
    "font-size", "font-size-adjust", "font-stretch", "font-style", "font-variant",
    "font-weight", "glyph-orientation-horizontal", "glyph-orientation-vertical",
    "image-rendering", "kerning", "letter-spacing", "lighting-color", "marker-end",
    "marker-mid", "marker-start", "mask", "opacity", "overflow", "pointer-events",
    "shape-rendering", "stop-color", "stop-opacity", "stroke", "stroke-dasharray",
    "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-rendering",
    "unicode-bidi", "visibility", "word-spacing", "writing-mode",
})

_STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)</style>\s*", re.DOTALL | re.IGNORECASE)
_UNIVERSAL_RULE = re.compile(r"^\s*\*\s*\{([^}]*)\}\s*$", re.DOTALL)
_TAG_WITH_STYLE = re.compile(r"<([a-zA-Z][\w:.-]*)(\s[^<>]*?)?\sstyle=\"([^\"]*)\"([^<>]*)>")
_ROOT = re.compile(r"<svg\b")


def _declarations(css: str) -> list[tuple[str, str]]:
    pairs = []
    for declaration in css.split(";"):
        name, _colon, value = declaration.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name in PRESENTATION and value and '"' not in value and "<" not in value:
            pairs.append((name, value))
    return pairs


def _attributes(pairs: list[tuple[str, str]]) -> str:
    return "".join(f' {name}="{value}"' for name, value in pairs)


def _drop(attributes: str, names: set[str]) -> str:
    """``attributes`` without those in ``names`` (a style declaration overrides them)."""
    if not names:
        return attributes
    alternatives = "|".join(map(re.escape, names))
    return re.sub(rf'\s({alternatives})="[^"]*"', "", attributes)


def presentation_attributes(svg: str) -> str:
    """``svg`` with every ``style`` attribute and ``<style>`` element made into attributes.

    >>> presentation_attributes('<svg><style>*{stroke-linecap: butt}</style>'
    ...     '<path fill="red" style="fill: none; stroke: #1f77b4"/></svg>')
    '<svg stroke-linecap="butt"><path fill="none" stroke="#1f77b4"/></svg>'
    >>> presentation_attributes('<text style="font-size: 9px; text-anchor: middle">Ann</text>')
    '<text font-size="9px" text-anchor="middle">Ann</text>'
    """
    inherited: list[tuple[str, str]] = []

    def lift(match: re.Match) -> str:
        # matplotlib's only rule: "*{stroke-linejoin: round; stroke-linecap: butt}". Both
        # properties inherit, so on the root they reach every element that sets neither.
        rule = _UNIVERSAL_RULE.match(match.group(1))
        if rule:
            inherited.extend(_declarations(rule.group(1)))
        return ""

    svg = _STYLE_ELEMENT.sub(lift, svg)
    if inherited:
        svg = _ROOT.sub(lambda m: m.group(0) + _attributes(inherited), svg, count=1)

    def tag(match: re.Match) -> str:
        name, before, css, after = match.group(1), match.group(2) or "", *match.group(3, 4)
        closing = "/" if after.rstrip().endswith("/") else ""
        after = after.rstrip()[:-1] if closing else after
        pairs = _declarations(css)
        names = {n for n, _v in pairs}
        return (f"<{name}{_drop(before, names)}{_drop(after, names)}{_attributes(pairs)}"
                f"{closing}>")

    return _TAG_WITH_STYLE.sub(tag, svg)
