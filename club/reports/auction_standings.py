"""The standings PDF of an auction Manille championship (RULES.md §13): the players ranked by
total score (the page's first order), with their rounds, average, best table, place points,
their share and first places; and its facts (the report's fingerprint). The registry's
standings kind asks here when the championship's rule set is an auction game (the
partnership standings read two sides and refuse the totals below zero an auction has)."""

from __future__ import annotations

from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _

from club.models import Championship, Entry
from club.reports import data
from club.reports.tables import Col, Document
from club.selectors.auction_standings import auction_standings_of
from club.selectors.names import player_name
from scoring.standings import Standings


def _names(championship: Championship) -> dict[int, str]:
    """Entry -> the name the public sees (a public document)."""
    return {e.pk: player_name(e.player, False) if e.player_id else e.name
            for e in Entry.objects.filter(championship=championship).select_related("player")}


#: Decimals each figure is printed with (the rest are whole numbers or halves).
DECIMALS = {"average": 2, "place_share": 1}


def _number(value: Any, key: str = "") -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        places = DECIMALS.get(key, 0 if value.is_integer() else 1)
        return formats.number_format(value, decimal_pos=places, use_l10n=True)
    return str(value)


def auction_standings_facts(championship: Championship) -> tuple[Standings, dict[str, str],
                                                                  dict[str, Any]]:
    """The standings by total, the names and the facts the document shows."""
    standings = auction_standings_of(championship, order="total")
    names = _names(championship)
    facts = {"championship": [championship.pk, championship.name, championship.seed,
                              championship.club.name, "auction"],
             "rows": [[row.rank, row.tied, names.get(row.entry, "?"), row.values]
                      for row in standings.rows]}
    return standings, names, facts


KEYS = ("rounds", "total", "average", "best", "place_points", "place_share", "firsts")


def auction_standings_document(championship: Championship) -> Document:
    standings, names, _facts = auction_standings_facts(championship)
    labels = [_("Rounds"), _("Total"), _("Average"), _("Best"), _("Place points"), "%",
              _("Firsts")]
    cols = [Col(_("Rank"), chars=5), Col(_("Player"), align="l")]
    cols += [Col(label, chars=max(7, len(label) + 2)) for label in labels]
    rows = [[f"{row.rank}{'=' if row.tied else ''}", names.get(row.entry, "?"),
             *(_number(row.values.get(key), key) for key in KEYS)] for row in standings.rows]
    intro = [" · ".join(p for p in (championship.club.name, championship.season) if p),
             _("Auction Manille, each for themselves: ranked by total score, then place "
               "points, then first places; equal players share a rank (=), lots drawn from "
               "the event seed order them."),
             _("Place points: one for each player below you at your table, a half for each "
               "one level with you; %: place points as a share of the players met.")]
    footer = _("Seed %(seed)s · printed %(now)s") % {"seed": championship.seed,
                                                     "now": data.now_label()}
    return Document(title=_("Standings: %(name)s") % {"name": championship.name}, intro=intro,
                    cols=cols, rows=rows, header=(championship.name, _("Standings")),
                    footer=footer, empty=_("No entries yet."))
