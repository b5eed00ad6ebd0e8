"""Writes applied exactly once: the ``Idempotency-Key`` header.

A client that is not sure its write arrived (a café's Wi-Fi, a phone that slept) sends it
again with the same key. A key is scoped by the identity (``user:<id>`` for a token or a
session, ``table:<id>`` for a table's code), the method and the path (without the query):
one key on two endpoints is two keys. The first answer of a successful write is stored
under the scoped key (a hash of method, path and key: the column holds 255 characters),
with the method, the path and query and a hash of the body. Then:

- the same key with the same request returns the stored answer (header
  ``Idempotent-Replayed: true``) and writes nothing, for ``TROEF_API_IDEMPOTENCY_DAYS``;
- the same key on the same method and path with another query or body is refused with
  422, saying which differed (``differs``: ``query``, ``body``), and not applied;
- a record stored before keys were scoped (the key as sent) still answers a replay of its
  own method and path for the rest of its days;
- a refused write (400, 409 ...) stores nothing: it wrote nothing, and sending it again
  decides again.

A sheet write and its record are one transaction, and the record's unique key settles a
race: two requests with one key both write, the second's record insert fails (or its
version is stale by then) and it rolls back, then answers with the first's record. Report
requests are not wrapped (their job must be committed before a worker looks for it): the
service reuses an identical document anyway.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response

from club.api.errors import ApiError
from club.models import IdempotentRequest

HEADER = "Idempotency-Key"
MAX_KEY = 255
REPLAYED = "Idempotent-Replayed"

Write = Callable[[], tuple[int, dict]]


def retention() -> timedelta:
    return timedelta(days=settings.TROEF_API_IDEMPOTENCY_DAYS)


def request_key(request, required: bool) -> str | None:
    """The request's key, checked: 1 to 255 printable ASCII characters."""
    key = request.headers.get(HEADER)
    if key is None:
        if required:
            raise ApiError(status.HTTP_400_BAD_REQUEST, "idempotency_key_missing",
                           _("Send an Idempotency-Key header (any unique text up to 255 "
                             "characters, e.g. a UUID) so that a write sent twice is "
                             "applied once."), HEADER)
        return None
    if not 1 <= len(key) <= MAX_KEY or not all(" " <= c <= "~" for c in key):
        raise ApiError(status.HTTP_400_BAD_REQUEST, "idempotency_key_invalid",
                       _("The Idempotency-Key is 1 to 255 printable ASCII characters."), HEADER)
    return key


def body_hash(request) -> str:
    """SHA-256 of the body: its JSON written canonically (key order and spacing do not
    matter), else its bytes."""
    try:
        data = request.data
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          default=str).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):
        text = request.body
    return hashlib.sha256(text).hexdigest()


def scoped_key(method: str, path: str, key: str) -> str:
    """The stored key: the client's, scoped by the method and the path (no query)."""
    text = f"{method}\n{path.split('?', 1)[0]}\n{key}".encode("utf-8", "surrogatepass")
    return "scoped:" + hashlib.sha256(text).hexdigest()


def _found(identity: str, key: str, method: str = "", path: str = "",
           legacy: str = "") -> IdempotentRequest | None:
    """The live record of the scoped ``key``, or a record stored before keys were scoped
    under the client's ``legacy`` key with the same method and path (else another scope)."""
    keys = [key, legacy] if legacy else [key]
    records = IdempotentRequest.objects.filter(identity=identity, key__in=keys)
    route = path.split("?", 1)[0]
    record = next((r for r in records if r.key == key or (
        r.method == method and r.path.split("?", 1)[0] == route)), None)
    if record is not None and record.created < timezone.now() - retention():
        record.delete()  # expired (the sweep has not run yet): the key is free again
        return None
    return record


def _replay(record: IdempotentRequest, method: str, path: str, digest: str) -> Response:
    differs = [part for part, differ in (("query", record.path != path),
                                         ("body", record.body_hash != digest)) if differ]
    if record.method != method or record.path.split("?", 1)[0] != path.split("?", 1)[0]:
        differs = ["query", "body"]  # a hash collision, in practice never
    if differs:
        sentences = {
            ("query",): _("This Idempotency-Key was used for %(method)s %(path)s with other "
                          "query parameters: nothing was applied. Use a new key for a new "
                          "request."),
            ("body",): _("This Idempotency-Key was used for %(method)s %(path)s with another "
                         "body: nothing was applied. Use a new key for a new request."),
            ("query", "body"): _("This Idempotency-Key was used for %(method)s %(path)s with "
                                 "other query parameters and another body: nothing was "
                                 "applied. Use a new key for a new request."),
        }
        raise ApiError(status.HTTP_422_UNPROCESSABLE_ENTITY, "idempotency_key_reused",
                       sentences[tuple(differs)] % {"method": record.method,
                                                    "path": record.path},
                       HEADER, differs=differs)
    return Response(record.response, status=record.status, headers={REPLAYED: "true"})


def apply_once(request, identity: str, write: Write, *, required: bool = True,
               atomic: bool = True) -> Response:
    """Run ``write`` (which returns the status and JSON of its answer, or raises an
    ApiError) once per key; see the module's docstring."""
    key = request_key(request, required)
    if key is None:
        answer, data = write()
        return Response(data, status=answer)
    method, path = request.method, request.get_full_path()[:1000]
    digest = body_hash(request)
    client_key, key = key, scoped_key(method, path, key)
    record = _found(identity, key, method, path, client_key)
    if record is not None:
        return _replay(record, method, path, digest)

    def store(answer: int, data: dict) -> None:
        IdempotentRequest.objects.create(identity=identity, key=key, method=method, path=path,
                                         body_hash=digest, status=answer, response=data)

    try:
        if atomic:
            with transaction.atomic():
                answer, data = write()
                if 200 <= answer < 300:
                    store(answer, data)
        else:
            answer, data = write()
            if 200 <= answer < 300:
                with transaction.atomic():
                    store(answer, data)
    except (IntegrityError, ApiError) as refusal:
        # A request with the same key got there first (our write, if any, rolled back).
        record = _found(identity, key, method, path, client_key)
        if record is None:
            raise
        if isinstance(refusal, IntegrityError) or refusal.status_code == status.HTTP_409_CONFLICT:
            return _replay(record, method, path, digest)
        raise
    return Response(data, status=answer)


def sweep(now=None) -> int:
    """Delete the records older than the retention; how many."""
    cutoff = (now or timezone.now()) - retention()
    return IdempotentRequest.objects.filter(created__lt=cutoff).delete()[0]
