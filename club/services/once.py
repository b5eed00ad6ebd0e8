"""Writes applied once per key: the store that the API's ``Idempotency-Key``
(:mod:`club.api.idempotency`) and the sheet pages' hidden form key
(:mod:`club.services.page_once`) share.

A key is stored by identity (``user:<id>``, or ``table:<id>`` for a table's code) as a hash
of where it was used (``<kind>:`` + SHA-256 of method, route and key: one key on two routes
is two keys) with the first successful answer (:class:`club.models.IdempotentRequest`), for
``TROEF_API_IDEMPOTENCY_DAYS`` days (:func:`sweep`, ``manage.py sweep_api_requests``). The
write and its record are one transaction, and the record's unique key settles a race: of two
sends with one key both write, the second's record insert fails (or its write finds the
sheet moved on by the first) and it rolls back, then answers with the first's record.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import IdempotentRequest

MAX_KEY = 255

#: ``write()``: the status and JSON of a write's answer (or it raises its refusal).
Write = Callable[[], tuple[int, dict]]


def usable(key: str) -> bool:
    """1 to 255 printable ASCII characters."""
    return 1 <= len(key) <= MAX_KEY and all(" " <= c <= "~" for c in key)


def retention() -> timedelta:
    return timedelta(days=settings.TROEF_API_IDEMPOTENCY_DAYS)


def scoped_key(kind: str, method: str, route: str, key: str) -> str:
    """The stored key: the sender's, scoped by the method and the route (``kind`` keeps the
    API's keys and the pages' apart)."""
    text = f"{method}\n{route}\n{key}".encode("utf-8", "surrogatepass")
    return f"{kind}:" + hashlib.sha256(text).hexdigest()


def found(identity: str, keys: Iterable[str],
          accept: Callable[[IdempotentRequest], bool] = lambda record: True
          ) -> IdempotentRequest | None:
    """The live record of one of ``keys`` that ``accept`` takes; an expired one is deleted
    (the sweep has not run yet: the key is free again)."""
    records = IdempotentRequest.objects.filter(identity=identity, key__in=list(keys))
    record = next((r for r in records if accept(r)), None)
    if record is not None and record.created < timezone.now() - retention():
        record.delete()
        return None
    return record


def apply(identity: str, key: str, write: Write, *, method: str, path: str, digest: str,
          find: Callable[[], IdempotentRequest | None],
          replay: Callable[[IdempotentRequest], Any],
          answer: Callable[[int, dict], Any],
          lost: Callable[[Exception], bool] = lambda refusal: False,
          refusals: tuple[type[Exception], ...] = (), atomic: bool = True,
          looked: bool = False) -> Any:
    """Run ``write`` once per ``key`` (already scoped): ``replay(record)`` of the stored first
    answer when there is one (``find``), else ``answer(status, data)`` of this write, whose
    2xx answer is stored. A write refused with one of ``refusals`` that ``lost`` says lost a
    race to a send with the same key (or an ``IntegrityError`` on the record) answers with
    that send's record; any other refusal is raised, and stores nothing. ``atomic``: the
    write and its record in one transaction (else the write commits first: a job a worker
    must find). ``looked``: the caller has just found no record (no second query)."""
    record = None if looked else find()
    if record is not None:
        return replay(record)

    def store(status: int, data: dict) -> None:
        if 200 <= status < 300:
            IdempotentRequest.objects.create(identity=identity, key=key, method=method,
                                             path=path[:1000], body_hash=digest,
                                             status=status, response=data)

    try:
        if atomic:
            with transaction.atomic():
                status, data = write()
                store(status, data)
        else:
            status, data = write()
            with transaction.atomic():
                store(status, data)
    except (IntegrityError, *refusals) as refusal:
        record = find()
        if record is None or not (isinstance(refusal, IntegrityError) or lost(refusal)):
            raise
        return replay(record)
    return answer(status, data)


def sweep(now=None) -> int:
    """Delete the records older than the retention; how many."""
    cutoff = (now or timezone.now()) - retention()
    return IdempotentRequest.objects.filter(created__lt=cutoff).delete()[0]
