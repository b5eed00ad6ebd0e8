"""The partnership sheet's words for the ear (issue 29 point 3): a saved deal in one
sentence ("Deal 4 saved: hearts, ×2, 8–0, totals 40–12."), said by the page's status line
after a save, and the trump's name in words (the entry row's buttons show its symbol)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from club.card_names import suit_name
from scoring.deal import points_text

register = template.Library()


#: A trump in words for screen readers (the analysis' and the PDFs' words).
trump_word = register.filter("trump_word", suit_name)


@register.simple_tag
def saved_sentence(row) -> str:
    """What the status line says once ``row`` (the sheet's last deal) is saved: its
    trump and multiplier in words, each column's game points and the totals after it."""
    if row is None or not hasattr(row, "deal"):
        return ""
    deal, score = row.deal, row.score
    what = [_("cancelled") if deal.cancelled else trump_word(deal.trump)]
    if score is not None and score.multiplier > 1 and not deal.cancelled:
        what.append(f"×{score.multiplier}")
    if row.credits and all(c != "" for c in row.credits):
        what.append("–".join(points_text(c) for c in row.credits))
    if row.totals and all(t != "" for t in row.totals):
        return _("Deal %(number)d saved: %(what)s, totals %(totals)s.") % {
            "number": deal.number, "what": ", ".join(what),
            "totals": "–".join(points_text(t) for t in row.totals)}
    return _("Deal %(number)d saved: %(what)s.") % {"number": deal.number,
                                                   "what": ", ".join(what)}
