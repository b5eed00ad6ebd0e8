"""The stylesheets of the PDFs written as HTML documents (the duplicate PDFs, the play
analysis): their rules live in ``club/reports/css/``; the parts that change with the
document (the fonts' file URLs, a page header's text) are written here. A template links
the whole as a data URL, so no template holds a ``<style>`` element (the pages sent to
browsers carry a Content-Security-Policy without inline styles, and every template is held
to that rule; ``reports/pages.html``, the fast pages' input, is the one exception).
"""

from __future__ import annotations

import base64
import functools
from pathlib import Path

CSS_DIR = Path(__file__).with_name("css")


@functools.cache
def css_file(name: str) -> str:
    """The rules of ``club/reports/css/<name>``."""
    return (CSS_DIR / name).read_text(encoding="utf-8")


def stylesheet_url(*parts: str) -> str:
    """``parts`` joined, as a ``data:`` URL for ``<link rel="stylesheet" href="...">``.

    >>> stylesheet_url("p { margin: 0; }")
    'data:text/css;base64,cCB7IG1hcmdpbjogMDsgfQ=='
    """
    css = "\n".join(parts)
    return "data:text/css;base64," + base64.b64encode(css.encode("utf-8")).decode("ascii")
