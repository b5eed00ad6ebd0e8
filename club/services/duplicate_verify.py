"""Checks of a duplicate event (``manage.py verify_results``): what is stored and derived
from the organiser's choices is made again and compared, and the results are scored again.

- the movement's tables: ``scoring.movements`` for the event's movement, field and the
  session's rounds (pairs, board group, boards of every table);
- boards dealt from a seed: ``engine.Board.random`` for each number;
- each traveller line's pairs: those of its table (copied so the database refuses a pair
  playing a board twice), and its board one the table plays;
- the lines score (``scoring.duplicate.board_scores``): no line that does not add up under
  the rule set, no pair on a board twice. Match points and percentages are never stored:
  every page scores them from the lines, so this is what checks them.

- with ``hand_records``, each stored hand record (double-dummy points and par) against a
  new solve of its board (1 to 4 s of CPU a board, so only when asked for).

``repair`` rewrites a line's pairs from its table and a hand record from a new solve
(logged); the other differences are the organiser's to look at and are only reported.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from club.models import DuplicateBoard, DuplicateEvent, DuplicatePair, DuplicateTable, Traveller
from club.selectors.duplicate_results import event_scores
from club.services import duplicate_handrecords as records
from engine.board import Board
from scoring.errors import ScoringError
from scoring.movements import MovementError, boards_of, movement

log = logging.getLogger("troef.verify")
#: The field of a hand record's difference; the fields ``repair`` rewrites.
HAND_RECORD = "hand record"
REPAIRED = frozenset({"pairs", HAND_RECORD})


@dataclass(frozen=True)
class DuplicateDifference:
    event: int
    where: str
    field: str
    stored: Any
    rebuilt: Any

    def __str__(self) -> str:
        return (f"duplicate event {self.event}, {self.where}: {self.field} stored "
                f"{self.stored!r}, rebuilt {self.rebuilt!r}")


def _tables(event: DuplicateEvent, numbers: dict[int, int]) -> list[DuplicateDifference]:
    out = []
    for session in event.sessions.order_by("number"):
        try:
            moves = movement(event.movement, len(numbers), session.rounds)
        except MovementError as error:
            return [DuplicateDifference(event.pk, f"session {session.number}", "movement",
                                        event.movement, str(error))]
        stored = {(t.round, t.number): t for t in DuplicateTable.objects.filter(session=session)}
        for r, seatings in enumerate(moves.rounds, 1):
            for seating in seatings:
                table = stored.pop((r, seating.table), None)
                where = f"session {session.number}, round {r}, table {seating.table}"
                want = (seating.ns, seating.ew, seating.group,
                        boards_of(seating.group, event.boards_per_round))
                have = None if table is None else (
                    numbers.get(table.pair_ns_id), numbers.get(table.pair_ew_id),
                    table.board_group, list(table.boards))
                if have != want:
                    out.append(DuplicateDifference(event.pk, where, "table", have, want))
        for (r, number) in sorted(stored):
            out.append(DuplicateDifference(event.pk, f"session {session.number}, round {r}, "
                                           f"table {number}", "table", "stored", None))
    return out


def _boards(event: DuplicateEvent) -> list[DuplicateDifference]:
    out = []
    for row in DuplicateBoard.objects.filter(session__event=event).select_related("session"):
        if not row.session.seed:
            continue
        dealt = str(Board.random(row.number, seed=row.session.seed))
        if row.hands != dealt:
            out.append(DuplicateDifference(event.pk, f"session {row.session.number}, board "
                                           f"{row.number}", "hands", row.hands, dealt))
    return out


def _lines(event: DuplicateEvent, repair: bool) -> list[DuplicateDifference]:
    out = []
    lines = Traveller.objects.filter(board__session__event=event).select_related(
        "board__session", "table")
    for line in lines:
        where = (f"session {line.board.session.number}, board {line.board.number}, round "
                 f"{line.table.round}, table {line.table.number}")
        if line.board.number not in line.table.boards:
            out.append(DuplicateDifference(event.pk, where, "board", line.board.number,
                                           list(line.table.boards)))
        stored = (line.pair_ns_id, line.pair_ew_id)
        rebuilt = (line.table.pair_ns_id, line.table.pair_ew_id)
        if stored != rebuilt:
            out.append(DuplicateDifference(event.pk, where, "pairs", stored, rebuilt))
            if repair and None not in rebuilt:
                with transaction.atomic():
                    Traveller.objects.filter(pk=line.pk).update(pair_ns_id=rebuilt[0],
                                                                pair_ew_id=rebuilt[1])
                log.warning("repaired duplicate event %s, %s: pairs %s -> %s", event.pk,
                            where, stored, rebuilt)
    return out


def _hand_records(event: DuplicateEvent, repair: bool) -> list[DuplicateDifference]:
    out = []
    for session in event.sessions.order_by("number"):
        for board, dd, best in records.differences(session):
            out.append(DuplicateDifference(event.pk, f"session {session.number}, board "
                                           f"{board.number}", HAND_RECORD,
                                           {"double_dummy": board.double_dummy,
                                            "par": board.par},
                                           {"double_dummy": dd, "par": best}))
            if repair:
                DuplicateBoard.objects.filter(pk=board.pk, hands=board.hands).update(
                    double_dummy=dd, par=best)
                log.warning("repaired duplicate event %s, session %s, board %s: hand record",
                            event.pk, session.number, board.number)
    return out


def verify_duplicate_event(event: DuplicateEvent, *, repair: bool = False,
                           hand_records: bool = False) -> list[DuplicateDifference]:
    """Every difference between what is stored and what the event's choices and lines
    give (see the module); empty when all is well."""
    numbers = dict(DuplicatePair.objects.filter(event=event).values_list("pk", "number"))
    out = _tables(event, numbers) + _boards(event) + _lines(event, repair)
    if hand_records:
        out += _hand_records(event, repair)
    try:
        event_scores(event)
    except ScoringError as error:
        out.append(DuplicateDifference(event.pk, "results", error.field or "lines",
                                       error.code, str(error)))
    return out


def verify_duplicate_events(out, repair: bool = False, hand_records: bool = False) -> int:
    """``verify_results``' pass over every duplicate event: prints each difference and a
    summary line (when there is an event) to ``out``; returns how many are left."""
    found = left = checked = 0
    for event in DuplicateEvent.objects.order_by("pk").iterator():
        checked += 1
        differences = verify_duplicate_event(event, repair=repair, hand_records=hand_records)
        for difference in differences:
            out.write(("repaired: " if repair and difference.field in REPAIRED else "")
                      + str(difference))
        found += len(differences)
        # after a repair the event is checked again; not its hand records, which the repair
        # has just written from a new solve (solving them a third time would prove nothing)
        left += len(verify_duplicate_event(event)) if differences and repair \
            else len(differences)
    if checked:
        out.write(f"{checked} duplicate event(s) checked: {found} difference(s)"
                  + (f", {found - left} repaired" if repair else ""))
    return left
