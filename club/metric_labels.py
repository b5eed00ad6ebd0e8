"""Interface words that reach gettext through a variable, listed here for makemessages.

``scoring`` is pure Python (no Django): its standings metrics carry English names and
abbreviations, and the web app translates them with ``_(metric.name)``. makemessages cannot
read a variable, so every name and abbreviation is written out below with gettext_noop
(imported as ``_``, the name makemessages looks for).
tests/club/test_i18n.py checks this list against scoring's registry.
"""

from django.utils.translation import gettext_noop as _

METRIC_LABELS = (
    _("Match points"), _("MP"),
    _("Wins"), _("W"),
    _("Draws"), _("D"),
    _("Losses"), _("L"),
    _("Games won"), _("GW"),
    _("Games lost"), _("GL"),
    _("Game points for"), _("GP+"),
    _("Game points against"), _("GP-"),
    _("Game point difference"), _("GP±"),
    _("Game points per round"), _("GP/R"),
    _("Win percentage"), _("W%"),
    _("Head-to-head"), _("H2H"),
    _("Opponents' strength"), _("Opp"),
    _("Rounds played"), _("R"),
    _("Matches played"), _("M"),
)
