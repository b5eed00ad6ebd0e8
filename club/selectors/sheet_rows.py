"""The one query every sheet request starts with, written once as SQL.

A table's seats joined to their players and entries, the table, round, stage,
championship and rule set, and whether the user organises the club: the ORM builds this
query in about 1.4 ms of Python on every request (measured in benchmarks/entry.py's
set-up: the SQL itself runs in 0.07 ms), the largest single cost of entering a deal. Here
the SQL is generated once per process from the models' metadata (so it follows the schema)
and each row becomes model instances through ``Model.from_db`` with the fields' own
database converters, as the ORM would make them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model

from club.access import club_scorer_sql
from club.models import (
    Championship,
    Deal,
    Entry,
    Player,
    Round,
    RuleSet,
    Seat,
    Stage,
    Table,
)
from club.selectors.raw import Shape, fetch, shape

# The table and what it belongs to (the rows the WHERE clause picks), then its seats:
# alias, model, join condition (None: the first table).
_CHAIN: tuple[tuple[str, type[Model], str | None], ...] = (
    ("t", Table, None),
    ("r", Round, "r.id = t.round_id"),
    ("g", Stage, "g.id = r.stage_id"),
    ("c", Championship, "c.id = g.championship_id"),
    ("rs", RuleSet, "rs.id = c.rule_set_id"),
)
_SEATS: tuple[tuple[str, type[Model], str], ...] = (
    ("s", Seat, "s.table_id = tc.t_id"),
    ("p", Player, "p.id = s.player_id"),
    ("e", Entry, "e.id = s.entry_id"),
)
# owner alias, relation, target alias
_LINKS = (("s", "table", "t"), ("t", "round", "r"), ("r", "stage", "g"),
          ("g", "championship", "c"), ("c", "rule_set", "rs"), ("s", "player", "p"),
          ("s", "entry", "e"))

Plan = list[tuple[str, Shape]]


def _where(by: str) -> str:
    """How a request names its table: by ``id`` (organisers), or by ``code`` (its players:
    only while the round is published and the championship lets players enter)."""
    quote = connection.ops.quote_name

    def column(alias: str, model: type[Model], name: str) -> str:
        return f"{alias}.{quote(model._meta.get_field(name).column)}"

    if by == "id":
        return f"{column('t', Table, 'id')} = %s"
    if by == "code":
        return (f"{column('t', Table, 'code')} = %s AND {column('r', Round, 'status')} = %s "
                f"AND {column('c', Championship, 'self_entry')} = %s")
    raise ValueError(f"by: 'id' or 'code', not {by!r}")


@cache
def _plan(by: str) -> tuple[str, Plan]:
    """The query for tables found ``by`` id or code (see :func:`_where`), and per alias (in
    column order) how its model's rows are read. On PostgreSQL the chain is a subquery behind an
    ``OFFSET 0`` fence so that the planner does not search the join orders of eight
    relations (0.8 ms of planning on every request, measured; 0.3 ms split in two)."""
    quote = connection.ops.quote_name
    plan: Plan = []
    inner, outer, sources = [], [], []
    for alias, model, condition in _CHAIN:
        plan.append((alias, shape(model)))
        for column in shape(model).columns:
            inner.append(f"{alias}.{quote(column)} AS {alias}_{column}")
            outer.append(f"tc.{alias}_{column}")
        table = f"{quote(model._meta.db_table)} {alias}"
        sources.append(table if condition is None else f"JOIN {table} ON {condition}")
    fence = " OFFSET 0" if connection.vendor == "postgresql" else ""
    joins = []
    for alias, model, condition in _SEATS:
        plan.append((alias, shape(model)))
        outer += [f"{alias}.{quote(column)}" for column in shape(model).columns]
        joins.append(f"JOIN {quote(model._meta.db_table)} {alias} ON {condition}")
    editor = club_scorer_sql("tc.c_club_id")
    sql = (f"SELECT {', '.join(outer)}, {editor} FROM (SELECT {', '.join(inner)} FROM "
           f"{' '.join(sources)} WHERE {_where(by)}{fence}) tc {' '.join(joins)} "
           "ORDER BY s.table_id, s.position")
    return sql, plan


def seat_rows(user_id: int | None, *, table_id: int | None = None,
              code: str | None = None,
              status: str = Round.Status.PUBLISHED) -> list[tuple[Seat, bool]]:
    """Seats of the table with ``table_id``, or of the open tables with players' ``code``
    (with ``status``, the closed ones: club.selectors.late_deals), each with its table and
    players loaded, and whether ``user_id`` enters sheets in the club (False for None)."""
    if code is not None:
        sql, plan = _plan("code")
        params = [code, status, True]
    else:
        sql, plan = _plan("id")
        params = [table_id]
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id or 0, *params])
        rows = cursor.fetchall()
    out = []
    shared: dict[tuple[str, Any], Model] = {}
    for row in rows:
        made: dict[str, Model] = {}
        index = 0
        for alias, how in plan:
            width = len(how.columns)
            key = (alias, row[index])
            if alias == "s" or key not in shared:  # one table, round ... object for all seats
                shared[key] = how.make(list(row[index:index + width]))
            made[alias] = shared[key]
            index += width
        for owner, relation, target in _LINKS:
            setattr(made[owner], relation, made[target])
        out.append((made["s"], bool(row[index])))
    return out


def table_deals(table: Table) -> list[Deal]:
    """The table's deals in number order."""
    deals = fetch(Deal, ("number",), table=table.pk)
    for deal in deals:
        deal.table = table
    return deals
