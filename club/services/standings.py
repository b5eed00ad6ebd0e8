"""The stored standings: a snapshot per championship and stage, rebuilt when the results
changed since, and the one way to say they changed other than through a sheet.

A sheet write moves its table's version, so no row shared by the whole championship is
written per deal; everything else that changes results (publishing, closing a round,
entries, an import, a repair) calls :func:`results_changed`. The next read through
:func:`current_standings` finds the key changed and stores the ranking again.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from club.models import Championship, Stage, StandingsSnapshot
from club.selectors.standings import (
    StandingsPage,
    results_key,
    snapshot_rows,
    standings_page,
    stored_rows,
)


def current_standings(championship: Championship, stage: Stage | None = None) -> StandingsPage:
    """The standings, from the stored snapshot; ranked and stored first when the results
    changed since. Four queries when the snapshot is current."""
    key = results_key(championship)
    rows = stored_rows(championship, stage, key)
    if rows is None:
        rows = _store(championship, stage, key)
    return standings_page(championship, stage, rows=rows)


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
