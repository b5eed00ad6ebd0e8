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

from club.models import Deal, Round, Seat, Stage, Table
from club.selectors.names import seat_entry_names
from club.selectors.replay import score_table

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


@dataclass(frozen=True)
class DecisionNote:
    round: Round
    table: Table
    text: str


def decision_notes(*, rnd: Round | None = None, championship=None, stage: Stage | None = None,
                   reveal: bool = False) -> list[DecisionNote]:
    """The decisions that score tables (their round closed), of a round or of a
    championship (one stage of it), in round and table order. Two queries (one when no
    table was decided)."""
    tables = Table.objects.exclude(decision="").filter(
        round__status=Round.Status.CLOSED).select_related("round__stage")
    if rnd is not None:
        tables = tables.filter(round=rnd)
    else:
        tables = tables.filter(round__stage__championship=championship)
        if stage is not None:
            tables = tables.filter(round__stage=stage)
    tables = list(tables.order_by("round__stage__number", "round__number", "number"))
    seats = _seats(tables)
    return [DecisionNote(t.round, t, decision_note(t, side_names(seats[t.pk], reveal)))
            for t in tables]
