"""Table cards and travellers of a duplicate session, from plain data (the movement's rounds
and the boards' numbers; see ``club.reports.duplicate_common``).

Table card (one a table, put on the table): for each round the pairs sitting North-South and
East-West, the boards played there, and where each goes next: the two pairs' next table and
direction, the boards' next table. Traveller (one a board, kept in its wallet): the board,
its dealer, then one row a table that plays it (round, table, the two pairs), with empty
boxes for the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from club.reports.duplicate_common import document, page_css, seat_name


def _where(rounds: Sequence[dict[str, Any]]) -> dict[tuple[int, int], dict[str, Any]]:
    """(round, pair number) -> {"table", "dir"}; and (round, -group) -> {"table"} for boards."""
    out: dict[tuple[int, int], dict[str, Any]] = {}
    for rnd in rounds:
        for t in rnd["tables"]:
            for key, direction in (("ns", "NS"), ("ew", "EW")):
                if t.get(key):
                    out[(rnd["round"], t[key])] = {"table": t["table"], "dir": direction}
            if not t.get("sit_out"):
                out[(rnd["round"], -t["group"])] = {"table": t["table"]}
    return out


def _next(where, rnd: int, pair: int | None, last: int) -> str:
    if pair is None:
        return ""
    if rnd == last:
        return _("end")
    found = where.get((rnd + 1, pair))
    if found is None:
        return _("sits out")
    return _("table %(table)d %(dir)s") % {"table": found["table"], "dir": _(found["dir"])}


def _boards_next(where, rnd: int, group: int, last: int) -> str:
    if rnd == last:
        return _("to the director")
    found = where.get((rnd + 1, -group))
    if found is None:
        return _("to the director")
    return _("table %(table)d") % {"table": found["table"]}


def _boards_label(boards: Sequence[int]) -> str:
    if not boards:
        return "–"
    if list(boards) == list(range(boards[0], boards[-1] + 1)) and len(boards) > 2:
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def table_cards(rounds: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One card a table number: its rows, round by round (plain data, for the template)."""
    where = _where(rounds)
    last = max((r["round"] for r in rounds), default=0)
    cards: dict[int, list[dict[str, Any]]] = {}
    for rnd in rounds:
        for t in rnd["tables"]:
            number = rnd["round"]
            cards.setdefault(t["table"], []).append({
                "round": number, "ns": t.get("ns"), "ew": t.get("ew"),
                "ns_name": t.get("ns_name", ""), "ew_name": t.get("ew_name", ""),
                "boards": _boards_label(t.get("boards") or []), "sit_out": t.get("sit_out"),
                "ns_next": _next(where, number, t.get("ns"), last),
                "ew_next": _next(where, number, t.get("ew"), last),
                "boards_next": "" if t.get("sit_out") else _boards_next(
                    where, number, t["group"], last)})
    return [{"table": number, "rows": rows} for number, rows in sorted(cards.items())]


def table_cards_html(rounds: Sequence[dict[str, Any]], *, event: str, session: str,
                     movement: str) -> str:
    title = _("Table cards: %(event)s, %(session)s") % {"event": event, "session": session}
    return document("reports/duplicate_tablecards.html", title,
                    page_css("duplicate_tablecards.css", header=title), cards=table_cards(rounds),
                    event=event, session=session, movement=movement)


def travellers(boards: Sequence[dict[str, Any]], rounds: Sequence[dict[str, Any]]
               ) -> list[dict[str, Any]]:
    """One traveller a board: the tables that play it, in the order they play it."""
    plays: dict[int, list[dict[str, Any]]] = {b["number"]: [] for b in boards}
    for rnd in rounds:
        for t in rnd["tables"]:
            if t.get("sit_out"):
                continue
            for number in t.get("boards") or []:
                if number in plays:
                    plays[number].append({"round": rnd["round"], "table": t["table"],
                                          "ns": t.get("ns"), "ew": t.get("ew")})
    return [{"number": b["number"], "dealer": seat_name(b["dealer"]),
             "rows": plays[b["number"]]} for b in boards]


def travellers_html(boards: Sequence[dict[str, Any]], rounds: Sequence[dict[str, Any]], *,
                    event: str, session: str) -> str:
    title = _("Travellers: %(event)s, %(session)s") % {"event": event, "session": session}
    return document("reports/duplicate_travellers.html", title,
                    page_css("duplicate_travellers.css", header=title),
                    travellers=travellers(boards, rounds), event=event, session=session)
