"""The stored standings: a snapshot per championship and stage, rebuilt when the results
changed since, and the one way to say they changed.

A sheet write moves its table's version; it moves the championship's results version too
(:func:`results_changed`) only when the table's finished outcome may change (a deal that
finishes the match, an edit or a delete), so the row the whole championship shares is
written about once a table, not once a deal. Everything else that changes results
(publishing, closing a round, entries, an import, a repair) calls :func:`results_changed`
as well. The next read through :func:`current_standings` finds the key changed and stores
the ranking again.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import NamedTuple

from django.db import transaction
from django.db.models import F

from club import safe_cache
from club.models import Championship, Stage, StandingsSnapshot
from club.selectors.standings import (
    StandingsPage,
    snapshot_rows,
    standings_key,
    standings_page,
    stored_rows,
)
from club.services import live_etags


def current_standings(championship: Championship, stage: Stage | None = None, *,
                      key: str | None = None) -> StandingsPage:
    """The standings, from the stored snapshot; ranked and stored first when the results
    changed since. Four queries when the snapshot is current (three when the caller has
    just read the standings ``key``)."""
    key = key or standings_key(championship)
    rows = stored_rows(championship, stage, key)
    if rows is None:
        rows = _store(championship, stage, key)
    return standings_page(championship, stage, rows=rows)


#: How long a standings page's fingerprint is trusted for the same standings key: names,
#: entries' active flags and players' publication change within this many seconds.
FINGERPRINT_SECONDS = 5


class Fingerprint(NamedTuple):
    value: str
    key: str  # the standings key it was made for
    page: StandingsPage | None  # the page, when it was read to make the fingerprint
    made_at: float  # time.time() when it was made (or last checked against the key)


def standings_fingerprint(championship: Championship,
                          stage: Stage | None = None) -> Fingerprint:
    """A fingerprint of everything a standings page shows (ranks, values, names as stored
    and as the public sees them, active flags, the minute of the last counted result), for
    its ETag. Ranking happens once per standings key (:func:`current_standings`), which
    moves only when a counted result changes (a table finishes, a finished table's deals
    change, a round is closed: not on every deal), and the fingerprint is kept for
    FINGERPRINT_SECONDS.

    Live, not instant: the last fingerprint is also trusted for LIVE_SECONDS without
    looking at the standings key (:mod:`club.services.live_etags`, forgotten when the
    results change), so a hall of phones costs one cache read a request between two looks
    at the key."""
    number = stage.number if stage is not None else 0
    found = live_etags.recent(championship.pk, number)
    if found is not None:
        return Fingerprint(found[0], found[1], None, found[2])
    key = standings_key(championship)
    cache_key = f"troef:standings-fingerprint:{championship.pk}:{number}:{key}"
    fingerprint = safe_cache.call("get", cache_key)
    page = None
    if fingerprint is None:
        page = current_standings(championship, stage, key=key)
        last = page.last_result.strftime("%Y-%m-%d %H:%M") if page.last_result else ""
        shown = [[row.entry, row.rank, row.tied, sorted(row.values.items(), key=str)]
                 for row in page.rows]
        names = sorted((pk, e.name, e.active, page.hidden.get(pk, ""))
                       for pk, e in page.entries.items())
        made_of = json.dumps([shown, names, last], default=str, separators=(",", ":"))
        fingerprint = hashlib.sha256(made_of.encode()).hexdigest()[:32]
        safe_cache.call("set", cache_key, fingerprint, FINGERPRINT_SECONDS)
    made_at = time.time()
    live_etags.remember_fingerprint(championship.pk, number, fingerprint, key, made_at)
    return Fingerprint(fingerprint, key, page, made_at)


def _store(championship: Championship, stage: Stage | None, key: str) -> list:
    """Rank and store the snapshot for ``key`` (a row lock keeps two rebuilds apart)."""
    with transaction.atomic():
        Championship.objects.select_for_update().filter(pk=championship.pk).values_list(
            "pk", flat=True).first()
        current = stored_rows(championship, stage, key)
        if current is not None:
            return current
        rows = snapshot_rows(championship, stage)
        number = stage.number if stage is not None else 0
        stored = StandingsSnapshot.objects.filter(championship=championship, stage_number=number)
        if not stored.update(key=key, rows=rows):
            StandingsSnapshot.objects.create(championship=championship, stage_number=number,
                                             key=key, rows=rows)
        return rows


def results_changed(championship_id: int) -> None:
    """Say that the championship's counted results changed (a table finished or a finished
    table's deals changed: the sheet write; a round published or closed, entries, an
    import, a repair): its standings are rebuilt on the next read, and the public pages'
    live entry is forgotten once the transaction commits. One UPDATE; call it inside the
    transaction that made the change (the row stays locked until it commits, so two
    changes of one championship queue there)."""
    Championship.objects.filter(pk=championship_id).update(
        results_version=F("results_version") + 1)
    live_etags.forget(championship_id)


def ranked_entries(championship: Championship, stage: Stage | None = None) -> list[int]:
    """The stage's entries, best first, by the match standings (the sheet kind's
    ``ranked_entries``)."""
    return [row.entry for row in current_standings(championship, stage).rows]
