"""A sheet's write behind its optimistic lock, sent to the database as one statement.

Saving a deal is: move the table's version on (``UPDATE ... WHERE id = t AND version = n``,
the optimistic lock), and only when that matched the row, insert the deal and its audit
row and upsert the table's derived match results. Through the ORM that is a transaction
of six round trips (BEGIN, four statements, COMMIT) and about 1 ms of Python building SQL
on every request (measured with cProfile in benchmarks/entry.py's set-up).

On PostgreSQL it is one statement: the lock is a data-modifying ``WITH`` query and every
other write selects its rows ``FROM`` it, so nothing is written when the lock matched no
row, and the statement is its own transaction (the row lock is held until it commits, or
until the caller's transaction does when there is one). Elsewhere (SQLite) the same
statements run one after another inside a transaction, stopping after a lock that
matched nothing. The SQL is made from the models' metadata once per shape and process;
values go through each field's own ``pre_save`` and ``get_db_prep_save``, as the ORM's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection, transaction
from django.db.models import Model

from club.models import Table

Values = list[Any]


def _fields(model: type[Model]) -> tuple:
    return tuple(f for f in model._meta.concrete_fields if not f.primary_key)


def _values(instance: Model) -> Values:
    return [f.get_db_prep_save(f.pre_save(instance, True), connection)
            for f in _fields(type(instance))]


@cache
def _lock_sql(columns: tuple[str, ...], unconfirmed_only: bool) -> str:
    quote = connection.ops.quote_name
    meta = Table._meta

    def column(name: str) -> str:
        return quote(meta.get_field(name).column)

    sets = ", ".join(f"{column(c)} = %s" for c in columns)
    sql = (f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s "
           f"AND {column('version')} = %s")
    if unconfirmed_only:
        sql += f" AND {column('confirmed_at')} IS NULL"
    return sql


@cache
def _insert_sql(model: type[Model], rows: int, conflict: tuple[str, ...], chained: bool) -> str:
    """``INSERT`` of ``rows`` rows of ``model``; ``chained``: each row selected ``FROM
    locked`` with typed placeholders (PostgreSQL). ``conflict``: the unique columns of an
    upsert (the other columns are overwritten)."""
    quote = connection.ops.quote_name
    fields = _fields(model)
    columns = ", ".join(quote(f.column) for f in fields)
    if chained:
        row = ", ".join(f"CAST(%s AS {f.cast_db_type(connection)})" for f in fields)
        source = " UNION ALL ".join([f"SELECT {row} FROM locked"] * rows)
    else:
        row = ", ".join(["%s"] * len(fields))
        source = "VALUES " + ", ".join([f"({row})"] * rows)
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) {source}"
    if conflict:
        keys = [model._meta.get_field(name).column for name in conflict]
        updates = ", ".join(f"{quote(f.column)} = EXCLUDED.{quote(f.column)}"
                            for f in fields if f.column not in keys)
        sql += f" ON CONFLICT ({', '.join(map(quote, keys))}) DO UPDATE SET {updates}"
    return sql


def write_under_lock(table_id: int, version: int, changes: dict[str, Any], *,
                     unconfirmed_only: bool, inserts: Sequence[Model] = (),
                     upserts: Sequence[Model] = (), upsert_on: tuple[str, ...] = ()) -> bool:
    """Set ``changes`` (field name -> value) on the table when it is still at ``version``
    (and, with ``unconfirmed_only``, not confirmed), and then insert ``inserts`` and upsert
    ``upserts`` (unique on ``upsert_on``); True when the lock matched, else nothing written.
    """
    table_fields = [Table._meta.get_field(name) for name in changes]
    lock_values = [f.get_db_prep_save(changes[f.name], connection) for f in table_fields]
    lock = (_lock_sql(tuple(changes), unconfirmed_only), [*lock_values, table_id, version])
    groups = [(rows, ()) for rows in _by_model(inserts)]
    groups += [(rows, upsert_on) for rows in _by_model(upserts)]
    chained = connection.vendor == "postgresql"
    parts = []
    for rows, conflict in groups:
        sql = _insert_sql(type(rows[0]), len(rows), conflict, chained)
        parts.append((sql, [value for row in rows for value in _values(row)]))
    with connection.cursor() as cursor:
        if chained:
            sql = (f"WITH locked AS ({lock[0]} RETURNING 1)"
                   + "".join(f", w{i} AS ({part})" for i, (part, _p) in enumerate(parts))
                   + " SELECT count(*) FROM locked")
            cursor.execute(sql, [*lock[1], *(v for _s, params in parts for v in params)])
            return cursor.fetchone()[0] == 1
        with transaction.atomic(savepoint=False):
            cursor.execute(*lock)
            if cursor.rowcount != 1:
                return False
            for part in parts:
                cursor.execute(*part)
        return True


def _by_model(instances: Sequence[Model]) -> list[list[Model]]:
    groups: dict[type[Model], list[Model]] = {}
    for instance in instances:
        groups.setdefault(type(instance), []).append(instance)
    return list(groups.values())
