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

from club.models import (
    Championship,
    ClubRole,
    Deal,
    Entry,
    Player,
    Round,
    RuleSet,
    Seat,
    Stage,
    Table,
)

# alias, model, join condition (None: the base table), attribute it hangs from
_JOINS: tuple[tuple[str, type[Model], str | None, tuple[str, str] | None], ...] = (
    ("s", Seat, None, None),
    ("t", Table, "t.id = s.table_id", ("s", "table")),
    ("r", Round, "r.id = t.round_id", ("t", "round")),
    ("g", Stage, "g.id = r.stage_id", ("r", "stage")),
    ("c", Championship, "c.id = g.championship_id", ("g", "championship")),
    ("rs", RuleSet, "rs.id = c.rule_set_id", ("c", "rule_set")),
    ("p", Player, "p.id = s.player_id", ("s", "player")),
    ("e", Entry, "e.id = s.entry_id", ("s", "entry")),
)


@cache
def _plan() -> tuple[str, list[tuple[str, type[Model], list[str], list[list[Any]]]]]:
    """The SELECT ... FROM ... JOIN part and, per model, its field names and converters."""
    quote = connection.ops.quote_name
    columns, plan, sources = [], [], []
    for alias, model, condition, _parent in _JOINS:
        fields = list(model._meta.concrete_fields)
        converters = []
        for field in fields:
            columns.append(f"{alias}.{quote(field.column)}")
            col = field.get_col(alias)
            converters.append([col, connection.ops.get_db_converters(col)
                               + field.get_db_converters(connection)])
        plan.append((alias, model, [f.attname for f in fields], converters))
        table = f"{quote(model._meta.db_table)} {alias}"
        sources.append(table if condition is None else f"JOIN {table} ON {condition}")
    editor = (f"EXISTS (SELECT 1 FROM {quote(ClubRole._meta.db_table)} cr "
              "WHERE cr.user_id = %s AND cr.club_id = c.club_id)")
    sql = f"SELECT {', '.join(columns)}, {editor} FROM {' '.join(sources)}"
    return sql, plan


def seat_rows(where: str, params: list[Any], user_id: int | None) -> list[tuple[Seat, bool]]:
    """Seats matching ``where`` (SQL over the aliases of ``_JOINS``), each with its table and
    players loaded, and whether ``user_id`` organises the club (False for None)."""
    sql, plan = _plan()
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} WHERE {where} ORDER BY s.position", [user_id or 0, *params])
        rows = cursor.fetchall()
    out = []
    shared: dict[tuple[str, Any], Model] = {}
    for row in rows:
        made: dict[str, Model] = {}
        index = 0
        for alias, model, names, converters in plan:
            values = list(row[index:index + len(names)])
            index += len(names)
            for position, (col, funcs) in enumerate(converters):
                for func in funcs:
                    values[position] = func(values[position], col, connection)
            key = (alias, values[0])
            if alias == "s" or key not in shared:  # one table, round ... object for all seats
                shared[key] = model.from_db(connection.alias, names, values)
            made[alias] = shared[key]
        for alias, _model, _condition, parent in _JOINS:
            if parent is not None:
                setattr(made[parent[0]], parent[1], made[alias])
        out.append((made["s"], bool(row[index])))
    return out


@cache
def _deals_sql() -> str:
    quote = connection.ops.quote_name
    return (f"SELECT * FROM {quote(Deal._meta.db_table)} WHERE "
            f"{quote(Deal._meta.get_field('table').column)} = %s ORDER BY "
            f"{quote(Deal._meta.get_field('number').column)}")


def table_deals(table: Table) -> list[Deal]:
    """The table's deals in number order (a raw query: half the ORM's cost per request)."""
    deals = list(Deal.objects.raw(_deals_sql(), [table.pk]))
    for deal in deals:
        deal.table = table
    return deals
