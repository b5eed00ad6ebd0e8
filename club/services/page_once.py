"""A deal typed once is saved once from the sheet page's own form (issue 26).

The entry and correction forms carry a hidden ``key`` made when the deal is typed (the
page's script puts a random one in the form when it shows the entry row and after each save;
without script the server renders a fresh one). A browser that sends the post again by
itself (its answer was lost) sends the same key with the same fields; then:

- the same key with the same deal (the fields without the version and the CSRF token: the
  re-send's version is stale by then) answers the first save, and writes nothing;
- the same key with another deal is refused (:class:`KeyReused`) and writes nothing;
- a refused save (a refusal, a conflict) stores nothing: sending it again decides again.

The first answer is stored in the API's store (:class:`club.models.IdempotentRequest`), by
the actor (``user:<id>``, or ``table:<id>`` for a table's code), under a key scoped by the
form's page (its path) and marked as the page's (``page:``), so it never meets an API
request's key; records are kept ``TROEF_API_IDEMPOTENCY_DAYS`` days and swept with the
API's (``manage.py sweep_api_requests``). The save and its record are one transaction, and
the record's unique key settles a race as the API's does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import IdempotentRequest
from club.services.sheets import SheetConflict

MAX_KEY = 255
#: Fields that are not the deal: a re-send of the same deal may differ in them.
NOT_THE_DEAL = frozenset({"csrfmiddlewaretoken", "key", "version"})

Save = Callable[[], dict]


class KeyReused(Exception):
    """The key was used for another deal already saved: nothing was saved."""


def usable(key: str) -> bool:
    """1 to 255 printable ASCII characters."""
    return 1 <= len(key) <= MAX_KEY and all(" " <= c <= "~" for c in key)


def deal_digest(post) -> str:
    """SHA-256 of the posted deal: every field but the version, the key and the CSRF token,
    in name order (a QueryDict or a dict)."""
    lists = post.lists() if hasattr(post, "lists") else ((k, [v]) for k, v in post.items())
    fields = sorted((name, [str(v) for v in values]) for name, values in lists
                    if name not in NOT_THE_DEAL)
    text = "\n".join(f"{name}={chr(31).join(values)}" for name, values in fields)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _scoped(path: str, key: str) -> str:
    text = f"POST\n{path}\n{key}".encode("utf-8", "surrogatepass")
    return "page:" + hashlib.sha256(text).hexdigest()


def _found(identity: str, key: str) -> IdempotentRequest | None:
    record = IdempotentRequest.objects.filter(identity=identity, key=key).first()
    cutoff = timezone.now() - timedelta(days=settings.TROEF_API_IDEMPOTENCY_DAYS)
    if record is not None and record.created < cutoff:
        record.delete()  # expired (the sweep has not run yet): the key is free again
        return None
    return record


def _replay(record: IdempotentRequest, digest: str) -> dict:
    if record.body_hash != digest:
        raise KeyReused
    return record.response or {}


def stored(identity: str, path: str, key: str, digest: str) -> dict | None:
    """The first answer of this key when it was saved with this deal, else None (a new key).
    Raises :class:`KeyReused` when the key was saved with another deal."""
    record = _found(identity, _scoped(path, key))
    return None if record is None else _replay(record, digest)


def save_once(identity: str, path: str, key: str, digest: str,
              save: Save) -> tuple[dict, bool]:
    """Run ``save`` (which returns the JSON of its answer, or raises the service's refusal)
    once per key: (its answer, whether it is the stored first answer of an earlier send).
    Raises :class:`KeyReused` when the key was saved with another deal."""
    scoped = _scoped(path, key)
    record = _found(identity, scoped)
    if record is not None:
        return _replay(record, digest), True
    try:
        with transaction.atomic():
            answer = save()
            IdempotentRequest.objects.create(identity=identity, key=scoped, method="POST",
                                             path=path[:1000], body_hash=digest, status=200,
                                             response=answer)
    except (IntegrityError, SheetConflict) as refusal:
        # A send with the same key got there first (our save, if any, rolled back).
        record = _found(identity, scoped)
        if record is None:
            raise refusal from None
        return _replay(record, digest), True
    return answer, False
