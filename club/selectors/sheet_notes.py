"""A sheet row's facts in words (the page's notes column): who made each doubling call, the
multiplier the calls make under the rules, what a tie leads to, each side's tricks."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from club.sheet_labels import call_word, tie_label
from scoring.calls import call_multiplier


def describe_row(row: Any, ctx: Any, ends_game: bool) -> None:
    """A row's facts in words: who made each call, what a tie leads to, the tricks."""
    deal, rules = row.deal, ctx.rules
    unnamed = _("not recorded")  # the sheet did not say who made the call
    row.calls = [(call_word(rules.doubling, index),
                  unnamed if seat is None else ctx.seat_name(seat))
                 for index, seat in enumerate(deal.calls or [])]
    if not row.calls and deal.doubling > 1:  # only the multiplier was recorded
        row.calls = [(call_word(rules.doubling, i), unnamed)
                     for i in range(deal.doubling.bit_length() - 1)]
    if row.calls:
        row.doubling = f"×{call_multiplier(len(row.calls), rules)}"
    score = row.score
    if score is not None and score.outcome == "tie":  # at a table of three too (26-26 of 52)
        row.tie = tie_label(score, rules, ends_game=ends_game, points=deal.points)
    if deal.tricks is not None:
        row.tricks = f"{deal.tricks}–{rules.tricks_per_deal - deal.tricks}"
