"""The stored standings: a snapshot per championship and stage, rebuilt when the results
changed since, and the one way to say they changed other than through a sheet.

A sheet write moves its table's version, so no row shared by the whole championship is
written per deal; everything else that changes results (publishing, closing a round,
entries, an import, a repair) calls :func:`results_changed`. The next read through
:func:`current_standings` finds the key changed and stores the ranking again.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

from django.db import transaction
from django.db.models import F

from club import safe_cache
from club.models import Championship, Stage, StandingsSnapshot
from club.selectors.standings import (
    StandingsPage,
    results_key,
    snapshot_rows,
    standings_page,
    stored_rows,
)


def current_standings(championship: Championship, stage: Stage | None = None, *,
                      key: str | None = None) -> StandingsPage:
    """The standings, from the stored snapshot; ranked and stored first when the results
    changed since. Four queries when the snapshot is current (three when the caller has
    just read the results ``key``)."""
    key = key or results_key(championship)
    rows = stored_rows(championship, stage, key)
    if rows is None:
        rows = _store(championship, stage, key)
    return standings_page(championship, stage, rows=rows)


#: How long a standings page's fingerprint is trusted for the same results key: names,
#: entries' active flags and players' publication change within this many seconds.
FINGERPRINT_SECONDS = 5
#: How long public standings may lag behind the sheets (see :func:`standings_fingerprint`).
LIVE_SECONDS = 2


class Fingerprint(NamedTuple):
    value: str
    key: str  # the results key it was made for
    page: StandingsPage | None  # the page, when it was read to make the fingerprint


def standings_fingerprint(championship: Championship,
                          stage: Stage | None = None) -> Fingerprint:
    """A fingerprint of everything a standings page shows (ranks, values, names as stored
    and as the public sees them, active flags, the minute of the last result), for its
    ETag. Ranking happens once per results key (:func:`current_standings`), and then the
    fingerprint is kept for FINGERPRINT_SECONDS: a phone that asks again while nothing
    changed costs the results key's query and a cache read.

    Live, not instant: the last fingerprint is also trusted for LIVE_SECONDS whatever the
    results key (the key moves with every deal entered, while the standings move only when
    a table finishes), so a hall of phones costs one cache read a request between two
    looks at the results key, and the standings are ranked again at most once in that
    time, however fast the scorers type."""
    where = f"{championship.pk}:{stage.number if stage is not None else 0}"
    recent = safe_cache.call("get", f"troef:standings-recent:{where}")
    if recent is not None:
        return Fingerprint(recent[0], recent[1], None)
    key = results_key(championship)
    cache_key = f"troef:standings-fingerprint:{where}:{key}"
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
    safe_cache.call("set", f"troef:standings-recent:{where}", (fingerprint, key), LIVE_SECONDS)
    return Fingerprint(fingerprint, key, page)


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
    """Say that the championship's results changed other than through a sheet (a round
    published or closed, entries, an import): its standings are rebuilt on the next read.
    One UPDATE; call it inside the transaction that made the change."""
    Championship.objects.filter(pk=championship_id).update(
        results_version=F("results_version") + 1)
