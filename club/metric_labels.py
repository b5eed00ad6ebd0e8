"""Interface words that reach gettext through a variable, listed here for makemessages.

``scoring`` is pure Python (no Django): its standings metrics carry English names and
abbreviations, and the web app translates them with ``_(metric.name)``. makemessages cannot
read a variable, so every name and abbreviation is written out below with gettext_noop.
tests/club/test_i18n.py checks this list against scoring's registry.
"""

from django.utils.translation import gettext_noop as N_

METRIC_LABELS = (
    N_("Match points"), N_("MP"),
    N_("Wins"), N_("W"),
    N_("Draws"), N_("D"),
    N_("Losses"), N_("L"),
    N_("Games won"), N_("GW"),
    N_("Games lost"), N_("GL"),
    N_("Game points for"), N_("GP+"),
    N_("Game points against"), N_("GP-"),
    N_("Game point difference"), N_("GP±"),
    N_("Game points per round"), N_("GP/R"),
    N_("Win percentage"), N_("W%"),
    N_("Head-to-head"), N_("H2H"),
    N_("Opponents' strength"), N_("Opp"),
    N_("Rounds played"), N_("R"),
    N_("Matches played"), N_("M"),
)
