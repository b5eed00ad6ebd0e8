"""Travellers: one table's result on one board, entered, corrected or removed.

The same checks as a score sheet's deal (``scoring.check_deal`` under the event's rule set:
card points that add up, the doubling the rules allow, renonce and all tricks), and those of
the movement: the board must be one the table plays in its round, the table must have two
pairs, and neither pair may already have played the board at another table. Every refusal
is :class:`~club.services.duplicate.DuplicateInvalid` naming the form field; nothing is
written.

The lock: every write takes the session's row (``SELECT ... FOR UPDATE``) and moves its
``version`` on in the same transaction, so two tables entering at once are serialised and
the "played twice" check sees every line committed before it (a sheet's deals serialise on
their table's version in the same way: :mod:`club.services.locked_write`).

One version and one audit trail, as a sheet's deal has: each line has its own ``version``
(the session's version its last write made, so never one a removed line had); a form loaded at one version (0: no line)
and sent after the line changed is a :class:`TravellerConflict` (a
:class:`~club.services.refusals.Conflict`, as a sheet's), nothing written. Every entry,
correction and removal is logged as a :class:`~club.models.TravellerChange` (who, when, the
old and new values, why), kept when the line is removed.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from club.messages import explain
from club.models import (
    DuplicateBoard,
    DuplicateSession,
    DuplicateTable,
    Traveller,
    TravellerChange,
)
from club.selectors.duplicate import deal_result
from club.services import duplicate_handrecords as records
from club.services.duplicate import DuplicateInvalid, refuse  # noqa: F401 (re-exported)
from club.services.refusals import Conflict
from club.services.sheet_messages import explain as sheet_explain
from scoring.deal import check_deal
from scoring.deal_facts import DealResult
from scoring.errors import ScoringError

#: Form fields of a traveller line (side 0 is North-South).
FIELDS = ("trump", "doubling", "points", "points_other", "all_tricks", "renonce")


#: What a change log keeps of a line: its facts, and its tricks when entered so.
LOGGED = (*FIELDS, "play")


class TravellerConflict(Conflict):
    """The line changed since the form was loaded: nothing written."""

    def __init__(self, message: str, submitted: int | None = None,
                 current: int | None = None) -> None:
        super().__init__(message, submitted, current)


def check_facts(facts: dict[str, Any], rules) -> DealResult:
    """The facts checked under ``rules``, or :class:`DuplicateInvalid` naming the field and
    the rule in the sheet's words (:mod:`club.services.sheet_messages`)."""
    try:
        return check_deal(deal_result(facts), rules)
    except ScoringError as error:
        points = (facts.get("points"), facts.get("points_other"))
        field, message = sheet_explain(error, rules, doubling=facts.get("doubling") or 1,
                                       total=None if None in points else sum(points))
        raise refuse(field if field in FIELDS else "__all__", message) from error


def _played_elsewhere(board: DuplicateBoard, table: DuplicateTable) -> Traveller | None:
    pairs = [table.pair_ns_id, table.pair_ew_id]
    return (Traveller.objects.filter(board=board)
            .filter(Q(pair_ns_id__in=pairs) | Q(pair_ew_id__in=pairs))
            .exclude(table=table).first())


def _locate(session_id: int, table_id: int, board_number: int
            ) -> tuple[DuplicateSession, DuplicateTable, DuplicateBoard]:
    session = DuplicateSession.objects.select_for_update().select_related(
        "event__rule_set").get(pk=session_id)
    table = DuplicateTable.objects.filter(pk=table_id, session=session).first()
    if table is None:
        raise refuse("table", _("This table is not in the session."))
    if table.sit_out:
        raise refuse("table", _("Nobody plays at this table in this round: one pair sits "
                                "out."))
    if board_number not in table.boards:
        raise refuse("board", _("Table %(table)d does not play board %(board)s in round "
                                "%(round)d: it plays boards %(boards)s.")
                     % {"table": table.number, "board": board_number, "round": table.round,
                        "boards": ", ".join(map(str, table.boards))})
    board = DuplicateBoard.objects.filter(session=session, number=board_number).first()
    if board is None:
        raise refuse("board", _("Board %(board)d has not been dealt yet: enter its cards "
                                "first.") % {"board": board_number})
    return session, table, board


def _logged(line: Traveller | None) -> dict[str, Any] | None:
    if line is None:
        return None
    return {name: getattr(line, name) for name in LOGGED}


def _log(user, session, table, board_number: int, action: str, old, new,
         reason: str) -> TravellerChange:
    return TravellerChange.objects.create(
        session=session, table=table, board_number=board_number, action=action,
        user=user if getattr(user, "is_authenticated", False) else None, old=old, new=new,
        reason=(reason or "").strip())


def _stale(version: int | None, line: Traveller | None) -> None:
    """A form loaded at ``version`` (0: it showed no line; None: not checked) while the line
    is now at another: nothing written."""
    current = line.version if line is not None else 0
    if version is not None and version != current:
        raise TravellerConflict(_("Someone else saved this board for this table meanwhile. "
                                  "Nothing was saved: check the line and save again."),
                                version, current)


@transaction.atomic
def enter_traveller(user, session_id: int, table_id: int, board_number: int,
                    facts: dict[str, Any], *, version: int | None = None,
                    play: dict | None = None, hands: str | None = None,
                    reason: str = "") -> Traveller:
    """Write (or correct) the line of table ``table_id`` on board ``board_number``, logged
    with ``reason``.

    ``version``: the line's version when the form was loaded (0 for no line): another now
    is a :class:`TravellerConflict`. ``hands``: the board's cards the ``play`` was checked
    against; cards entered again meanwhile are a conflict too."""
    session, table, board = _locate(session_id, table_id, board_number)
    if hands is not None and board.hands != hands:
        raise TravellerConflict(_("The cards of board %(board)d were entered again meanwhile. "
                                  "Nothing was saved: check the tricks against them and save "
                                  "again.") % {"board": board_number})
    line = Traveller.objects.select_for_update().filter(board=board, table=table).first()
    _stale(version, line)
    clean = {name: facts.get(name) for name in FIELDS}
    clean["doubling"] = clean["doubling"] or 1
    check_facts(clean, session.event.rule_set.rules())
    other = _played_elsewhere(board, table)
    if other is not None:
        other_table = DuplicateTable.objects.get(pk=other.table_id)
        raise refuse("board", _("A pair of this table already played board %(board)d at "
                                "table %(table)d in round %(round)d. ") % {
            "board": board.number, "table": other_table.number, "round": other_table.round}
            + explain("board_played_twice"))
    old = _logged(line)
    if line is None:
        line = Traveller(board=board, table=table)
    line.pair_ns_id, line.pair_ew_id = table.pair_ns_id, table.pair_ew_id
    for name, value in clean.items():
        setattr(line, name, value)
    line.play = play
    line.entered_by = user if getattr(user, "is_authenticated", False) else None
    # the session's next version: a line removed and entered again never takes a number a
    # form may still hold for the line before it
    line.version = session.version + 1
    line.save()
    action = TravellerChange.Action.ENTERED if old is None else TravellerChange.Action.EDITED
    _log(user, session, table, board_number, action, old, _logged(line), reason)
    DuplicateSession.objects.filter(pk=session.pk).update(version=session.version + 1)
    if old is None:  # a first result: the board's hand record is solved from now on
        records.on_first_result(board, session.event.rule_set.rules())
    return line


@transaction.atomic
def remove_traveller(user, session_id: int, table_id: int, board_number: int, *,
                     version: int | None = None, reason: str = "") -> bool:
    """Remove the line (a result entered at the wrong table), logged with its values and
    ``reason``; False when there was none. ``version``: as :func:`enter_traveller`'s."""
    session, table, board = _locate(session_id, table_id, board_number)
    line = Traveller.objects.select_for_update().filter(board=board, table=table).first()
    if line is None:
        if version:
            _stale(version, None)
        return False
    _stale(version, line)
    old = _logged(line)
    line.delete()
    _log(user, session, table, board_number, TravellerChange.Action.DELETED, old, None, reason)
    DuplicateSession.objects.filter(pk=session.pk).update(version=session.version + 1)
    return True


def line_version(line: Traveller | None) -> int:
    """What a form saw of a line: its version, 0 for none."""
    return 0 if line is None else line.version
