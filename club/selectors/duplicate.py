"""Reads of a duplicate event as plain data (for pages, PDFs and tasks): a session's board
set, the movement's rounds and the travellers. Nothing here writes.

``board_set(session)`` -> ``[{"number", "dealer", "hands": [[card, ...] x 4], "notation",
"double_dummy", "par"}]`` (cards as ``engine.Card`` writes them: ``"10h"``);
``movement_rounds(session)`` -> ``[{"round", "tables": [{"table", "ns", "ew", "ns_name",
"ew_name", "group", "boards", "sit_out"}]}]`` (pairs by their number in the event).
"""

from __future__ import annotations

from typing import Any

from club.models import (
    DuplicateBoard,
    DuplicateEvent,
    DuplicatePair,
    DuplicateSession,
    DuplicateTable,
    Traveller,
)
from club.selectors.names import public_entry_name
from scoring.deal_facts import DealResult


def board_set(session: DuplicateSession) -> list[dict[str, Any]]:
    """Every board of the session's set, board 1 first, as plain data."""
    out = []
    for row in DuplicateBoard.objects.filter(session=session).order_by("number"):
        board = row.board()
        out.append({
            "number": row.number,
            "dealer": row.dealer,
            "hands": [[str(card) for card in hand] for hand in board.hands],
            "notation": row.hands,
            "double_dummy": row.double_dummy,
            "par": row.par,
        })
    return out


def pairs_by_id(event: DuplicateEvent) -> dict[int, DuplicatePair]:
    return {pair.pk: pair for pair in DuplicatePair.objects.filter(event=event)}


def pair_names(event: DuplicateEvent, reveal: bool = False) -> dict[int, str]:
    """Each pair's name as the viewer may see it (privacy, :mod:`club.selectors.names`): the
    stored name, or the players' initials where it names a player who is not published;
    ``reveal`` (the club's organisers): the stored names."""
    pairs = DuplicatePair.objects.filter(event=event).select_related("pair__first",
                                                                     "pair__second")
    if reveal:
        return {pair.pk: pair.name for pair in pairs}
    return {pair.pk: public_entry_name(pair.name, [pair.pair.first, pair.pair.second])
            for pair in pairs}


def conceal_pairs(pairs, names: dict[int, str]) -> None:
    """Give the :class:`DuplicatePair` objects (in memory only) the names shown."""
    for pair in pairs:
        if pair is not None and pair.pk in names:
            pair.name = names[pair.pk]


def movement_rounds(session: DuplicateSession, names: dict[int, str] | None = None
                    ) -> list[dict[str, Any]]:
    """The movement's rounds, round 1 first, each with its tables, as plain data (pair
    names as stored, or as ``names`` gives them: :func:`pair_names`)."""
    pairs = pairs_by_id(session.event)
    conceal_pairs(pairs.values(), names or {})
    rounds: dict[int, list[dict[str, Any]]] = {}
    for table in DuplicateTable.objects.filter(session=session).order_by("round", "number"):
        ns, ew = pairs.get(table.pair_ns_id), pairs.get(table.pair_ew_id)
        rounds.setdefault(table.round, []).append({
            "table": table.number,
            "id": table.pk,
            "ns": ns.number if ns else None,
            "ew": ew.number if ew else None,
            "ns_name": ns.name if ns else "",
            "ew_name": ew.name if ew else "",
            "group": table.board_group,
            "boards": list(table.boards),
            "sit_out": table.sit_out,
        })
    return [{"round": number, "tables": tables} for number, tables in sorted(rounds.items())]


def travellers(session: DuplicateSession) -> list[Traveller]:
    """Every traveller line of the session, with its board and table."""
    return list(Traveller.objects.filter(board__session=session)
                .select_related("board", "table").order_by("board__number", "table__round",
                                                            "table__number"))


def deal_result(facts: dict[str, Any], dealer_side: int | None = None) -> DealResult:
    """The scoring value of a traveller line's facts (a dict or a :class:`Traveller`)."""
    if isinstance(facts, Traveller):
        facts = facts.facts()
    points = facts.get("points"), facts.get("points_other")
    return DealResult(points=None if None in points else points, trump=facts.get("trump"),
                      doubling=facts.get("doubling") or 1, all_tricks=facts.get("all_tricks"),
                      renonce=facts.get("renonce"), dealer_side=dealer_side)
