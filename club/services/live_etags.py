"""What the cache keeps for a championship's live public standings, in one entry: the last
fingerprint of each stage's standings (:func:`club.services.standings.standings_fingerprint`)
and the ETags the public standings page was last sent with, by language and query string.

A phone that refreshes the public standings with the ETag it was sent is answered 304 by
:class:`club.middleware_live.LiveStandingsMiddleware` from this entry alone: one cache read,
no session, user, CSRF or database work. An ETag is kept there only when the full view
made it for a visitor who is not logged in (so the championship was public then), and only
for LIVE_SECONDS from the fingerprint it was made of. The entry is forgotten when the
results change (:func:`club.services.standings.results_changed`, once the transaction
commits) and when the championship is saved or deleted (made private: the apps' signals),
so with a cache shared by the workers (Redis, as in production) a change shows at once;
with a cache per process (local memory) another worker may answer from its own entry until
LIVE_SECONDS have passed.
"""

from __future__ import annotations

import time

from django.db import transaction

from club import safe_cache

#: How long public standings may lag behind the sheets (see
#: :func:`club.services.standings.standings_fingerprint`): a fingerprint and an ETag made
#: of it are trusted this many seconds without looking at the results version.
LIVE_SECONDS = 2
#: At most this many (language, query string) ETags are kept per championship.
MAX_ETAGS = 48


def _key(championship_id: int) -> str:
    return f"troef:live:{championship_id}"


def read(championship_id: int) -> dict:
    """The championship's live entry: ``{"recent": {stage number: (fingerprint, standings
    key, made at)}, "etags": {(language, query string): (etag, good until)}}``."""
    entry = safe_cache.call("get", _key(championship_id))
    return entry if isinstance(entry, dict) else {"recent": {}, "etags": {}}


def _store(championship_id: int, entry: dict) -> None:
    safe_cache.call("set", _key(championship_id), entry, LIVE_SECONDS * 3)


def recent(championship_id: int, stage_number: int) -> tuple[str, str, float] | None:
    """The stage's fingerprint made less than LIVE_SECONDS ago, with its key and time."""
    found = read(championship_id)["recent"].get(stage_number)
    if found is not None and time.time() < found[2] + LIVE_SECONDS:
        return found
    return None


def remember_fingerprint(championship_id: int, stage_number: int, fingerprint: str,
                         key: str, made_at: float) -> None:
    entry = read(championship_id)
    entry["recent"][stage_number] = (fingerprint, key, made_at)
    _store(championship_id, entry)


def public_etag(championship_id: int, language: str, query: str) -> str | None:
    """The ETag the public standings were last sent with for this language and query
    string, while it is good (LIVE_SECONDS from its fingerprint); else None."""
    found = read(championship_id)["etags"].get((language, query))
    if found is not None and time.time() < found[1]:
        return found[0]
    return None


def remember_public_etag(championship_id: int, language: str, query: str, etag: str,
                         made_at: float) -> None:
    """Keep the ETag the full view sent a visitor who is not logged in, good until
    LIVE_SECONDS after the fingerprint it was made of (``made_at``)."""
    until = made_at + LIVE_SECONDS
    if time.time() >= until:
        return
    entry = read(championship_id)
    now = time.time()
    etags = {k: v for k, v in entry["etags"].items() if v[1] > now}
    if len(etags) >= MAX_ETAGS:
        etags.pop(min(etags, key=lambda k: etags[k][1]))
    etags[(language, query)] = (etag, until)
    entry["etags"] = etags
    _store(championship_id, entry)


def forget(championship_id: int) -> None:
    """Forget the championship's live entry now and again once the current transaction
    commits (a request in between may have kept what it saw before the commit): the next
    request looks at the results version again."""
    key = _key(championship_id)
    safe_cache.call("delete", key)
    transaction.on_commit(lambda: safe_cache.call("delete", key))


def forget_saved(sender, instance, **kwargs) -> None:
    """Signal receiver: a championship saved (perhaps made private) or deleted."""
    forget(instance.pk)
