"""Model instances from SQL written once per process, for the hottest reads.

Building a query through the ORM costs about 0.3-1 ms of Python a query (the compiler,
the queryset machinery), more than PostgreSQL takes to run these small ones. For the few
reads made on every deal entered (who is logged in, the table and its seats, the sheet's
deals) the SQL is made once from the models' metadata, so it follows the schema, and the
rows become instances through ``Model.from_db`` after each field's own database
converters, as the ORM would make them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model


@dataclass(frozen=True)
class Shape:
    """How a model's rows are read: its columns, field names and converters, in order."""

    model: type[Model]
    columns: tuple[str, ...]
    names: tuple[str, ...]
    converters: tuple[tuple[Any, tuple], ...]

    def make(self, values: list[Any]) -> Model:
        """An instance from the row's ``values`` (in column order; converted in place)."""
        for position, (col, funcs) in enumerate(self.converters):
            for func in funcs:
                values[position] = func(values[position], col, connection)
        return self.model.from_db(connection.alias, self.names, values)


@cache
def shape(model: type[Model]) -> Shape:
    fields = model._meta.concrete_fields
    converters = []
    for field in fields:
        col = field.get_col(model._meta.db_table)
        funcs = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
        converters.append((col, tuple(funcs)))
    return Shape(model, tuple(f.column for f in fields), tuple(f.attname for f in fields),
                 tuple(converters))


@cache
def _select_sql(model: type[Model], where: tuple[str, ...], order: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    meta = model._meta

    def column(name: str) -> str:
        return quote((meta.pk if name == "pk" else meta.get_field(name)).column)

    sql = (f"SELECT {', '.join(map(quote, shape(model).columns))} FROM {quote(meta.db_table)}"
           " WHERE " + " AND ".join(f"{column(n)} = %s" for n in where))
    if order:
        sql += " ORDER BY " + ", ".join(map(column, order))
    return sql


def fetch(model: type[Model], order: tuple[str, ...] = (), **where: Any) -> list[Model]:
    """``model.objects.filter(**where).order_by(*order)`` for equality filters on fields."""
    made = shape(model).make
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(model, tuple(where), order), list(where.values()))
        return [made(list(row)) for row in cursor.fetchall()]
