"""A round's draw page: tables, seats, flags and results in a fixed number of queries."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from club.draw_reasons import describe_all
from club.models import MatchResult, Round, Seat, Table
from club.selectors.names import player_name, seat_entry_names

#: A table's flag naming its poule (written by the draw service): "poule:A".
POULE_FLAG = "poule:"

FLAG_LABELS = {
    "bye": _("bye"),
    "repeat_bye": _("second bye: everyone left had one"),
    "rematch": _("rematch unavoidable"),
    "repeat_partner": _("repeat partner unavoidable"),
    "repeat_opponent": _("opponents met before (unavoidable)"),
    "moved_up": _("moved up a score group"),
    "moved_down": _("moved down a score group"),
    "table_of_three": _("table of three"),
    "opponent_withdrawn": _("opponent withdrew"),
    "continued": _("scorer stays, the others moved on"),
    "bye_swap": _("bye swapped to even out byes"),
    "substitute": _("substitute"),
}


@dataclass
class TableView:
    table: Table
    sides: list[list[Seat]] = field(default_factory=lambda: [[], []])
    flags: list[str] = field(default_factory=list)
    results: dict[int, MatchResult] = field(default_factory=dict)
    poule: str = ""
    reasons: list[str] = field(default_factory=list)  # why the draw made it, in words

    @property
    def lines(self) -> list[tuple[list[Seat], MatchResult | None]]:
        """Each side's seats with its result (None before any deal)."""
        return [(seats, self.results.get(side)) for side, seats in enumerate(self.sides)]

    @property
    def keeper(self):
        return next((s for side in self.sides for s in side
                     if s.position == self.table.sheet_keeper), None)


@dataclass
class RoundPage:
    round: Round
    tables: list[TableView]
    byes: list[TableView]


def round_fingerprint(page: RoundPage, notes=()) -> str:
    """A fingerprint of what the round page shows of ``page`` (tables, seats and their names
    as shown, results, flags and reasons, decisions in ``notes``), for its ETag."""
    shown = []
    for view in page.tables + page.byes:
        table = view.table
        shown.append([table.pk, table.number, table.is_bye, table.flags, table.decision,
                      table.confirmed_at, view.poule, [str(r) for r in view.reasons],
                      [[(s.position, s.shown_name, s.entry_name) for s in side]
                       for side in view.sides],
                      sorted((side, r.result, r.finished, r.games_won, r.games_lost,
                              r.points_for, r.points_against)
                             for side, r in view.results.items())])
    shown.append([str(getattr(note, "text", note)) for note in notes])
    made_of = json.dumps(shown, default=str, separators=(",", ":"))
    return hashlib.sha256(made_of.encode()).hexdigest()[:32]


def round_page(rnd: Round, *, reveal: bool = False) -> RoundPage:
    """Three queries: tables, seats with players and entries, match results. Each seat
    carries ``shown_name`` and ``entry_name``: as the public sees them (players not
    published by initials) unless ``reveal`` (the club's organisers)."""
    tables = {t.pk: TableView(t) for t in Table.objects.filter(round=rnd).order_by("number")}
    for seat in Seat.objects.filter(table__round=rnd).select_related("player", "entry").order_by(
            "table_id", "position"):
        sides = tables[seat.table_id].sides
        while len(sides) <= seat.side:  # an auction table: each seat its own side (RULES §13)
            sides.append([])
        sides[seat.side].append(seat)
    for result in MatchResult.objects.filter(table__round=rnd):
        tables[result.table_id].results[result.side] = result
    seats = [s for tv in tables.values() for side in tv.sides for s in side]
    entry_names = ({s.entry_id: s.entry.name for s in seats} if reveal
                   else seat_entry_names(seats))
    for seat in seats:
        seat.shown_name = player_name(seat.player, reveal)
        seat.entry_name = entry_names[seat.entry_id]
    for tv in tables.values():
        tv.reasons = describe_all(tv.table.flags, entry_names)
        for flag in tv.table.flags:
            if not isinstance(flag, str):  # a reason (club.draw_reasons), not a flag
                continue
            if flag.startswith(POULE_FLAG):
                tv.poule = flag.removeprefix(POULE_FLAG)
            elif ":" in flag:
                entry_id, code = flag.split(":", 1)
                name = entry_names.get(int(entry_id)) if entry_id.isdigit() else entry_id
                tv.flags.append(f"{name}: {FLAG_LABELS.get(code, code)}")
            else:
                tv.flags.append(str(FLAG_LABELS.get(flag, flag)))
    views = list(tables.values())
    return RoundPage(rnd, [v for v in views if not v.table.is_bye],
                     [v for v in views if v.table.is_bye])
