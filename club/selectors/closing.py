"""Closing a round, read side: where each table stands (the check before closing) and the
organiser's decisions in words (the round page, the results and the standings).

A table is **finished** (its match is over under the championship's format), **in
progress** (deals, the match not over), **no deal**, **unconfirmed** (finished, but the
championship wants sheets confirmed by a second person and nobody has) or a **bye**. The
three in the middle need the organiser's decision before the round can close
(:mod:`club.services.closing`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import AuditEntry, Deal, Round, Seat, Stage, Table
from club.selectors.decided import decided_points, round_played
from club.selectors.names import seat_entry_names
from club.selectors.replay import match_format, score_table

FINISHED, IN_PROGRESS, NO_DEAL, UNCONFIRMED, BYE = (
    "finished", "in_progress", "no_deal", "unconfirmed", "bye")
STATE_LABELS = {
    FINISHED: gettext_lazy("finished"),
    IN_PROGRESS: gettext_lazy("in progress (deals, game not over)"),
    NO_DEAL: gettext_lazy("no deal"),
    UNCONFIRMED: gettext_lazy("finished, not confirmed"),
    BYE: gettext_lazy("bye"),
}
#: The states a table cannot close in without the organiser's decision.
NEEDS_DECISION = (IN_PROGRESS, NO_DEAL, UNCONFIRMED)


@dataclass
class TableCheck:
    """One table as the check before closing sees it."""

    table: Table
    state: str
    points: tuple[int, ...] = ()
    sides: list[str] = field(default_factory=list)  # each side's names

    @property
    def needs_decision(self) -> bool:
        return self.state in NEEDS_DECISION

    @property
    def missing(self) -> bool:
        """Needs a decision and has none yet."""
        return self.needs_decision and not self.table.decision

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def note(self) -> str:
        return decision_note(self.table, self.sides) if self.table.decision else ""


def _seats(tables: list[Table]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = defaultdict(list)
    if not tables:
        return seats
    for seat in Seat.objects.filter(table__in=tables).select_related("player", "entry").order_by(
            "table_id", "position"):
        seats[seat.table_id].append(seat)
    return seats


def side_names(seats: list[Seat], reveal: bool) -> list[str]:
    """Each side's entry names ("A & B"), as the viewer may see them. At a table of three
    every seat is its own side (as its match rows are)."""
    names = {s.entry_id: s.entry.name for s in seats} if reveal else seat_entry_names(seats)
    alone = len(seats) == 3
    sides: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        side = seat.position if alone else seat.side
        if names[seat.entry_id] not in sides[side]:
            sides[side].append(names[seat.entry_id])
    return [" & ".join(sides[side]) for side in sorted(sides)]


def round_checks(rnd: Round, *, reveal: bool = True) -> list[TableCheck]:
    """Every table of the round with its state, each side's game points so far and names.
    Three queries (the tables with their championship, the seats, the deals)."""
    tables = list(Table.objects.filter(round=rnd).select_related(
        "round__stage__championship__rule_set").order_by("number"))
    seats = _seats(tables)
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in Deal.objects.filter(table__round=rnd).order_by("table_id", "number"):
        deals[deal.table_id].append(deal)
    required = rnd.stage.championship.confirmation_required
    checks = []
    for table in tables:
        names = side_names(seats[table.pk], reveal)
        if table.is_bye:
            checks.append(TableCheck(table, BYE, (), names))
            continue
        table_deals = deals[table.pk]
        outcome = score_table(table, table_deals, seats[table.pk]).outcome
        points = tuple(outcome.points)
        if not table_deals:
            state = NO_DEAL
        elif not outcome.finished or outcome.time_called:
            state = IN_PROGRESS
        elif required and not table.confirmed:
            state = UNCONFIRMED
        else:
            state = FINISHED
        checks.append(TableCheck(table, state, points, names))
    return checks


def decision_note(table: Table, sides: list[str]) -> str:
    """The decision in words: "Table 3: forfeit by Ann & Bob — left early"."""
    label = table.get_decision_display()
    if table.decision == Table.Decision.FORFEIT and table.decision_side is not None:
        who = sides[table.decision_side] if table.decision_side < len(sides) else "?"
        label = _("forfeit by %(side)s") % {"side": who}
    text = _("Table %(number)d: %(decision)s") % {"number": table.number, "decision": label}
    if table.decision_reason:
        text = _("%(text)s — %(reason)s") % {"text": text, "reason": table.decision_reason}
    return text


def decided_result(table: Table, sides: list[str], points: tuple[int, int]) -> str:
    """An adjusted result in words, the same on every page that shows the table's result
    (the round page, the projector, the standings): "Forfeit: won by Cas & Dirk, 52–30" (the
    winner's game points for and against, RULES.md §11), "Average score: 40–40 each"; ""
    for the other decisions (their result is the sheet's, or none)."""
    if table.decision == Table.Decision.FORFEIT and table.decision_side is not None:
        winners = [name for side, name in enumerate(sides) if side != table.decision_side]
        return _("Forfeit: won by %(side)s, %(points_for)d–%(points_against)d") % {
            "side": ", ".join(winners) or "?", "points_for": points[0],
            "points_against": points[1]}
    if table.decision == Table.Decision.AVERAGE:
        return _("Average score: %(points_for)d–%(points_against)d each") % {
            "points_for": points[0], "points_against": points[1]}
    return ""


@dataclass(frozen=True)
class DecisionNote:
    round: Round
    table: Table
    text: str
    #: the adjusted result in words (:func:`decided_result`), "" for none
    result: str = ""
    #: each side's game points for as the standings count them, () for no adjusted result
    scores: tuple[int, ...] = ()


def decision_notes(*, rnd: Round | None = None, championship=None, stage: Stage | None = None,
                   reveal: bool = False) -> list[DecisionNote]:
    """The decisions that score tables (their round closed), of a round or of a
    championship (one stage of it), in round and table order. Two queries (one when no
    table was decided)."""
    tables = Table.objects.exclude(decision="").filter(
        round__status=Round.Status.CLOSED).select_related("round__stage__championship")
    if rnd is not None:
        tables = tables.filter(round=rnd)
    else:
        tables = tables.filter(round__stage__championship=championship)
        if stage is not None:
            tables = tables.filter(round__stage=stage)
    tables = list(tables.order_by("round__stage__number", "round__number", "number"))
    seats = _seats(tables)
    played: dict[int, list[tuple[int, int]]] = {}
    notes = []
    for t in tables:
        sides = side_names(seats[t.pk], reveal)
        result, scores = "", ()
        if t.decision in (Table.Decision.FORFEIT, Table.Decision.AVERAGE):
            if t.round_id not in played:
                played[t.round_id] = round_played(t.round)
            championship_ = t.round.stage.championship
            points = decided_points(t.decision, played[t.round_id],
                                    bye_scoring=championship_.bye_scoring,
                                    win_points=match_format(championship_).match_points[0])
            result = decided_result(t, sides, points)
            scores = tuple(points[0] if t.decision == Table.Decision.AVERAGE
                           or side != t.decision_side else 0 for side in range(len(sides)))
        notes.append(DecisionNote(t.round, t, decision_note(t, sides), result, scores))
    return notes


@dataclass(frozen=True)
class Reopening:
    """A reopening of a closed round, as the round page tells it."""

    by: str
    at: object  # datetime
    reason: str


def reopenings(rnd: Round) -> list[Reopening]:
    """Every reopening of the round (from the log), oldest first: who, when and why.
    One query."""
    entries = AuditEntry.objects.filter(
        championship_id=rnd.stage.championship_id, action="round.reopened",
        detail__round=rnd.pk).select_related("user").order_by("at", "pk")
    return [Reopening((e.user.get_full_name() or e.user.get_username()) if e.user else "?",
                      e.at, e.reason) for e in entries]
