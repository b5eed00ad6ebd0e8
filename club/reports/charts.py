"""Charts as SVG with matplotlib (Agg backend, no pyplot state): the score progression of a
table's games and the rank of the leaders over the rounds.

Text stays text (``svg.fonttype = none``, DejaVu Sans, the PDFs' face): readable, selectable
and found by text extraction in the PDFs; the pages inline the same SVG.

Every label is plain text, never TeX: names are typed by people, and matplotlib would parse
``$...$`` as mathtext (a player named ``$\\foo{$`` raised on every chart of his
championship). ``text.parse_math`` and ``text.usetex`` are off for every text artist made
here (titles, axis labels, tick labels, legends), and :func:`plain` takes out what an SVG
cannot hold. matplotlib escapes the text it writes into the SVG.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from club.reports.fonts import one_line
from club.reports.svg_attributes import presentation_attributes
from scoring import Game

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SIDE_COLOURS = ("#0b6e4f", "#b3261e")
LINE_COLOURS = ("#0b6e4f", "#b3261e", "#1f5fa8", "#8a5a00", "#6a3d9a", "#00838f",
                "#c2185b", "#5d6d2e")
_RC = {"svg.fonttype": "none", "font.family": "DejaVu Sans", "font.size": 9,
       "svg.hashsalt": "troef", "axes.spines.top": False, "axes.spines.right": False,
       "text.parse_math": False, "text.usetex": False, "axes.formatter.use_mathtext": False}


@cache
def _mpl():
    """matplotlib, imported on the first chart: it costs half a second, and every web
    worker would otherwise pay it on its first request for any page."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    return matplotlib, Figure, MaxNLocator


def _svg(fig: Figure) -> str:
    matplotlib = _mpl()[0]
    out = io.StringIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return out.getvalue()


def inline(svg: str) -> str:
    """The SVG without its XML prologue, to put in an HTML page; its styles become
    presentation attributes (the pages' Content-Security-Policy allows no inline style)."""
    start = svg.find("<svg")
    svg = svg[start:] if start >= 0 else svg
    svg = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"', r'<svg \1', svg, count=1)
    return presentation_attributes(svg)


def data_url(svg: str) -> str:
    """The SVG as a data URL, for an ``<img>`` in a PDF."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def plain(text: str) -> str:
    """``text`` as a chart label: one line, every character one an SVG may hold (control
    characters, which XML 1.0 mostly refuses, become spaces).

    >>> plain("Ann\\nde\\x07 Vos $x$")
    'Ann de  Vos $x$'
    """
    return one_line(text)


def _label(ax, title: str, xlabel: str, ylabel: str) -> None:
    ax.set_xlabel(plain(xlabel))
    ax.set_ylabel(plain(ylabel))
    ax.set_title(plain(title), loc="left", fontsize=10)
    ax.grid(axis="y", color="#e3e3e3", linewidth=0.6)


def _columns(labels: Sequence[str], most: int) -> int:
    """How many legend columns the labels take whole below a chart (never cut): up to
    ``most``, fewer for long ones."""
    longest = max((len(label) for label in labels), default=0)
    return max(1, min(most, len(labels), 90 // max(longest, 1)))


def score_progression(games: Sequence[Game], labels: tuple[str, ...], title: str,
                      target: int | None, xlabel: str = "", ylabel: str = "") -> str:
    """Running totals of both sides, deal by deal, each game starting again from zero; at a
    table of three a line for each player (one label a column of the totals).

    >>> from scoring import DealResult, replay_sheet
    >>> games = replay_sheet([DealResult(points=(38, 22), trump="h")] * 3, "house")
    >>> "<svg" in score_progression(games, ("A", "B"), "Table 1", 101, "deal", "points")
    True
    """
    matplotlib, Figure, MaxNLocator = _mpl()
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(6.4, 2.4))
        ax = fig.subplots()
        start, handles = 0, []
        colours = SIDE_COLOURS if len(labels) == 2 else LINE_COLOURS
        for index, game in enumerate(games):
            rows = game.deals
            xs = [start] + [start + i + 1 for i in range(len(rows))]
            for side in range(len(labels)):
                ys = [0] + [float(row.totals[side]) for row in rows]  # a half: 4.5
                line, = ax.plot(xs, ys, color=colours[side % len(colours)], linewidth=1.6,
                                marker="o", markersize=2.5)
                if index == 0:
                    handles.append(line)
            start += len(rows)
            if index < len(games) - 1:
                ax.axvline(start, color="#999", linewidth=0.8, linestyle=":")
        if target:
            ax.axhline(target, color="#555", linewidth=0.8, linestyle="--")
        ax.set_xlim(0, max(start, 1))
        ax.set_ylim(bottom=0)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        _label(ax, title, xlabel, ylabel)
        if handles:
            texts = [plain(label) for label in labels]
            ax.legend(handles, texts, loc="upper left", bbox_to_anchor=(0.0, -0.34),
                      ncol=_columns(texts, 3), frameon=False, fontsize=8)
        fig.tight_layout()
    return _svg(fig)


def rank_progression(rounds: Sequence[str], series: Sequence[tuple[str, Sequence[int | None]]],
                     title: str, xlabel: str, ylabel: str) -> str:
    """The rank of each entry in ``series`` after each round (best rank at the top).

    >>> "<svg" in rank_progression(["1", "2"], [("Ann", [2, 1]), ("Bob", [1, 2])], "t", "x", "y")
    True
    """
    matplotlib, Figure, MaxNLocator = _mpl()
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(6.8, 3.3))
        ax = fig.subplots()
        xs = list(range(1, len(rounds) + 1))
        worst, handles, names = 1, [], []
        for index, (name, ranks) in enumerate(series):
            points = [(x, r) for x, r in zip(xs, ranks, strict=False) if r is not None]
            if not points:
                continue
            worst = max(worst, *(r for _, r in points))
            line, = ax.plot([p[0] for p in points], [p[1] for p in points], marker="o",
                            markersize=3.5, linewidth=1.4,
                            color=LINE_COLOURS[index % len(LINE_COLOURS)])
            handles.append(line)
            names.append(plain(name))
        ax.set_xticks(xs, [plain(r) for r in rounds])
        ax.set_xlim(0.7, max(len(xs), 1) + 0.3)
        ax.set_ylim(worst + 0.5, 0.5)
        if worst <= 12:
            ax.set_yticks(range(1, worst + 1))
        else:
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        _label(ax, title, xlabel, ylabel)
        if handles and max(map(len, names)) <= 28:  # labels given: a name may start "_"
            ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                      frameon=False, fontsize=8)
        elif handles:  # long names: whole, below the chart
            ax.legend(handles, names, loc="upper left", bbox_to_anchor=(0.0, -0.2),
                      ncol=_columns(names, 2), frameon=False, fontsize=8)
        fig.tight_layout()
    return _svg(fig)
