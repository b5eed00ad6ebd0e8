"""What the hall's projector shows, as plain data: the standings, the current round's
tables with their scores, and the tables that finished last. Read-only; a few queries.

The projector asks again every few seconds with the ETag of its last answer
(:func:`live_key` is what the answer depends on), so an unchanged hall costs one
aggregate query a request."""

from __future__ import annotations

from django.db.models import Max
from django.utils.translation import gettext as _

from club.models import Championship, Entry, Round, Table
from club.selectors.auction_standings import auction_standings_of
from club.selectors.closing import decision_notes
from club.selectors.names import player_name
from club.selectors.rounds import round_page
from club.selectors.standings import StandingsPage, results_key
from club.sheets.kinds import kind_of
from scoring import get_metric
from scoring.deal import points_text

#: The standings rows the projector shows (a hall reads the top of the table).
STANDINGS_ROWS = 60
#: How many of the tables that finished last it shows.
LATEST_TABLES = 8


def current_round(championship: Championship) -> Round | None:
    """The round being played: the latest published round, else the latest closed one."""
    rounds = Round.objects.filter(stage__championship=championship).select_related("stage")
    return (rounds.filter(status=Round.Status.PUBLISHED).order_by("-stage__number", "-number")
            .first() or rounds.filter(status=Round.Status.CLOSED)
            .order_by("-stage__number", "-number").first())


def live_key(championship: Championship) -> str:
    """What the projector's answer depends on: the results key (every sheet's version, the
    championship's results version) and which round is current."""
    rnd = current_round(championship)
    return f"{results_key(championship)}:{rnd.pk if rnd else 0}:{rnd.status if rnd else ''}"


def _value(value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def standings_part(page: StandingsPage, reveal: bool) -> dict:
    keys = [k for k in page.standings.columns if k != "head_to_head"][:3]
    rows = [[("=" if row.tied else "") + str(row.rank), page.name(row.entry, reveal),
             *(_value(row.values.get(k)) for k in keys)] for row in page.rows[:STANDINGS_ROWS]]
    return {"columns": [_("Rank"), _("Entry"), *(_(get_metric(k).abbr) for k in keys)],
            "titles": ["", "", *(_(get_metric(k).name) for k in keys)], "rows": rows}


def _side(seats) -> str:
    names = []
    for seat in seats:
        if seat.entry_name not in names:
            names.append(seat.entry_name)
    return " & ".join(names)


def _state(results: list) -> dict:
    played = any(r is not None for r in results)
    finished = played and all(r is not None and r.finished for r in results)
    return {"state": "finished" if finished else "playing" if played else "waiting",
            "state_label": (_("finished") if finished else _("playing") if played
                            else _("not started"))}


def match_table(view, decided=None) -> dict:
    """A table of two sides on the projector: their names, game points and games; a table
    decided at the close (``decided``: its decision note) reads as on the round page (the
    partnership kind's)."""
    seats = [seat for side in view.sides for seat in side]
    if len(seats) == 3:  # a table of three: a result a player (its seat), as an auction table
        return _players_table(view, [([seat], view.results.get(seat.position))
                                     for seat in sorted(seats, key=lambda s: s.position)],
                              decided)
    results = [view.results.get(side) for side in (0, 1)]
    table = {"number": view.table.number,
             "sides": [_side(view.sides[0]), _side(view.sides[1])],
             "score": [r.points_for if r else None for r in results],
             "games": [r.games_won if r else None for r in results], **_state(results)}
    if decided is not None:
        table.update(state="finished", state_label=decided.result, score=list(decided.scores))
    return table


def auction_standings_part(championship: Championship, reveal: bool) -> dict:
    """An auction championship's standings by total (RULES.md §13): total, place points,
    rounds."""

    entries = {e.pk: e for e in Entry.objects.filter(championship=championship)
               .select_related("player")}

    def name(pk) -> str:
        entry = entries.get(pk)
        return (player_name(entry.player, reveal) if entry and entry.player_id
                else entry.name if entry else "?")

    standings = auction_standings_of(championship, order="total")
    rows = [[("=" if row.tied else "") + str(row.rank), name(row.entry),
             _value(row.values["total"]), f"{row.values['place_points']:g}",
             _value(row.values["rounds"])] for row in standings.rows[:STANDINGS_ROWS]]
    return {"columns": [_("Rank"), _("Player"), _("Total"), _("Place points"), _("Rounds")],
            "titles": ["", "", _("total score"), _("place points"), _("rounds played")],
            "rows": rows}


def auction_table(view, decided=None) -> dict:
    """An auction table on the projector: its players in seat order, each with the total so
    far (one line: everyone plays for themselves; the auction kind's)."""
    return _players_table(view, [(seats, view.results.get(side))
                                 for side, seats in enumerate(view.sides)], decided)


def _players_table(view, players: list[tuple[list, object]], decided) -> dict:
    """A table of players each with their own total, on one line: ``players`` are (seats,
    result) pairs in playing order."""
    line = " · ".join(f"{_side(seats)} {points_text(r.points_for)}" if r else _side(seats)
                      for seats, r in players)
    table = {"number": view.table.number, "sides": [line, ""], "score": [None, None],
             "games": [None, None], **_state([r for _seats, r in players])}
    if decided is not None:
        table.update(state="finished", state_label=decided.result)
    return table


def round_part(rnd: Round | None, reveal: bool, kind=None) -> dict | None:
    """The round's tables as the projector shows them (``kind``: the championship's kind of
    sheet, which draws a table's line; the projector passes the one it has, without the
    round's championship read again)."""
    if rnd is None:
        return None
    page = round_page(rnd, reveal=reveal)
    # an adjusted result (a forfeit, an average score) reads as on the round page
    decided = {n.table.number: n for n in decision_notes(rnd=rnd, reveal=reveal) if n.result}
    table_of = (kind or kind_of(rnd.stage.championship)).projector_table
    tables = [table_of(view, decided.get(view.table.number)) for view in page.tables]
    last = dict(Table.objects.filter(round=rnd, is_bye=False).annotate(
        last=Max("deals__entered_at")).values_list("number", "last"))
    finished = sorted((t for t in tables if t["state"] == "finished"),
                      key=lambda t: (last.get(t["number"]) is not None, last.get(t["number"])),
                      reverse=True)[:LATEST_TABLES]
    title = str(rnd) if rnd.stage.number == 1 else f"{rnd.stage} · {rnd}"
    return {"title": title, "status": rnd.get_status_display(), "tables": tables,
            "finished": finished,
            "counts": {"finished": sum(t["state"] == "finished" for t in tables),
                       "all": len(tables)}}


def projector_data(championship: Championship, standings: dict, reveal: bool = False) -> dict:
    """Everything the projector shows (``standings``: the kind's standings part, see the
    kind's ``projector_standings``), names as the public sees them unless ``reveal``."""
    rnd = current_round(championship)
    return {"championship": championship.name, "standings": standings,
            "round": round_part(rnd, reveal, kind_of(championship)),
            "labels": {"standings": _("Standings"), "tables": _("Tables"),
                       "latest": _("Latest results"), "table": _("Table"),
                       "none": _("No round has been drawn yet."),
                       "finished_count": _("finished"),
                       # the tables' header row (a screen reader names each cell by it)
                       "table_columns": [_("Table"), _("First side"), _("Score"),
                                         _("Second side"), _("State")]}}
