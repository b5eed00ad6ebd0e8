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

from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response

from club.api.errors import ApiError
from club.models import IdempotentRequest
from club.services import once
from club.services.once import MAX_KEY, Write  # noqa: F401 (MAX_KEY: the schema says it)

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"


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
    if not once.usable(key):
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
    return once.scoped_key("scoped", method, path.split("?", 1)[0], key)


def _found(identity: str, key: str, method: str = "", path: str = "",
           legacy: str = "") -> IdempotentRequest | None:
    """The live record of the scoped ``key``, or a record stored before keys were scoped
    under the client's ``legacy`` key with the same method and path (else another scope)."""
    route = path.split("?", 1)[0]
    return once.found(identity, [key, legacy] if legacy else [key], lambda r: r.key == key or (
        r.method == method and r.path.split("?", 1)[0] == route))
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
    return once.apply(
        identity, key, write, method=method, path=path, digest=digest,
        find=lambda: _found(identity, key, method, path, client_key),
        replay=lambda record: _replay(record, method, path, digest),
        answer=lambda status_, data: Response(data, status=status_),
        refusals=(ApiError,), lost=lambda refusal: refusal.status_code == status.HTTP_409_CONFLICT,
        atomic=atomic)
