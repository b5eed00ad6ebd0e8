"""A deal typed once is saved once from the sheet page's own form (issue 26).

The entry and correction forms carry a hidden ``key`` made when the deal is typed (the
page's script puts a random one in the form when it shows the entry row and after each save;
without script the server renders a fresh one). A browser that sends the post again by
itself (its answer was lost) sends the same key with the same fields; then:

- the same key with the same deal (the fields without the version and the CSRF token: the
  re-send's version is stale by then) answers the first save, and writes nothing;
- the same key with another deal is refused (:class:`KeyReused`) and writes nothing;
- a refused save (a refusal, a conflict) stores nothing: sending it again decides again.

The first answer is kept in the store the API's keys use (:mod:`club.services.once`), by
the actor (``user:<id>``, or ``table:<id>`` for a table's code), under a key scoped by the
form's page (its path, with its query) and marked as the page's (``page:``), so it never
meets an API request's key; kept and swept as the API's, a race settled the same way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from club.models import IdempotentRequest
from club.services import once
from club.services.sheets import SheetConflict

#: Fields that are not the deal: a re-send of the same deal may differ in them.
NOT_THE_DEAL = frozenset({"csrfmiddlewaretoken", "key", "version"})

Save = Callable[[], dict]


class KeyReused(Exception):
    """The key was used for another deal already saved: nothing was saved."""


def deal_digest(post) -> str:
    """SHA-256 of the posted deal: every field but the version, the key and the CSRF token,
    in name order (a QueryDict or a dict)."""
    lists = post.lists() if hasattr(post, "lists") else ((k, [v]) for k, v in post.items())
    fields = sorted((name, [str(v) for v in values]) for name, values in lists
                    if name not in NOT_THE_DEAL)
    text = "\n".join(f"{name}={chr(31).join(values)}" for name, values in fields)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _scoped(path: str, key: str) -> str:
    return once.scoped_key("page", "POST", path, key)  # the path with its query: ?deal=n


def _replay(record: IdempotentRequest, digest: str) -> dict:
    if record.body_hash != digest:
        raise KeyReused
    return record.response or {}


def stored(identity: str, path: str, key: str, digest: str) -> dict | None:
    """The first answer of this key when it was saved with this deal, else None (a new key).
    Raises :class:`KeyReused` when the key was saved with another deal."""
    record = once.found(identity, [_scoped(path, key)])
    return None if record is None else _replay(record, digest)


def saved(identity: str, path: str, key: str) -> bool:
    """Whether the page's form at ``path`` saved a deal under ``key`` (whatever deal): the
    API asks before keeping a deal its queue re-sent after the round closed."""
    return once.found(identity, [_scoped(path, key)]) is not None


def save_once(identity: str, path: str, key: str, digest: str,
              save: Save) -> tuple[dict, bool]:
    """Run ``save`` (which returns the JSON of its answer, or raises the service's refusal)
    once per key, after :func:`stored` found none: (its answer, whether it is the stored
    first answer of a send that got there meanwhile). Raises :class:`KeyReused` when the
    key was saved with another deal."""
    scoped = _scoped(path, key)
    return once.apply(
        identity, scoped, lambda: (200, save()), method="POST", path=path, digest=digest,
        find=lambda: once.found(identity, [scoped]),
        replay=lambda record: (_replay(record, digest), True),
        answer=lambda _status, data: (data, False),
        refusals=(SheetConflict,), lost=lambda refusal: True, looked=True)
