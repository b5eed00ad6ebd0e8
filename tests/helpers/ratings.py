"""Played worlds for the ratings tests: rounds closed one after another, with results."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone

from club.models import MatchResult, Round, Seat, Table
from tests.factories import make_championship

START = timezone.now().replace(microsecond=0) - timedelta(days=60)


def play_round(champ, number: int, rng: random.Random, *, status=Round.Status.CLOSED,
               closed_at=None) -> Round:
    """A round of ``champ`` seated at random with a result at every table (draws too);
    closed at ``closed_at`` (default: ``number`` days after START) unless ``status`` says
    otherwise."""
    stage = champ.stages.first()
    closed = status == Round.Status.CLOSED
    rnd = Round.objects.create(stage=stage, number=number, status=status, seed=number,
                               closed_at=(closed_at or START + timedelta(days=number))
                               if closed else None)
    entries = list(stage.entries.select_related("pair", "player").order_by("pk"))
    rng.shuffle(entries)
    per_table = 4 if champ.is_individual else 2
    seats, results = [], []
    for t in range(len(entries) // per_table):
        table = Table.objects.create(round=rnd, number=t + 1, code=f"R{number}T{t + 1}")
        group = entries[t * per_table:(t + 1) * per_table]
        if champ.is_individual:
            placed = [(e, e.player, i % 2) for i, e in enumerate(group)]
            by_entry = {e.pk: side for e, _p, side in placed}
        else:
            a, b = group
            placed = [(a, a.pair.first, 0), (b, b.pair.first, 1), (a, a.pair.second, 0),
                      (b, b.pair.second, 1)]
            by_entry = {a.pk: 0, b.pk: 1}
        seats += [Seat(table=table, position=i, side=side, entry=e, player=p)
                  for i, (e, p, side) in enumerate(placed)]
        outcome = rng.choice(["win", "loss", "win", "loss", "draw"])
        for entry_id, side in by_entry.items():
            result = outcome if side == 0 else {"win": "loss", "loss": "win"}.get(outcome, "draw")
            won = result == "win"
            results.append(MatchResult(table=table, entry_id=entry_id, side=side, finished=True,
                                       result=result, games_won=int(won),
                                       games_lost=int(result == "loss"),
                                       points_for=101 if won else 60,
                                       points_against=60 if won else 101))
    Seat.objects.bulk_create(seats)
    MatchResult.objects.bulk_create(results)
    return rnd


def played(club, *, entry_type="individual", entries=8, rounds=3, seed=1, public=True,
           name="Rated", first_day=0):
    """A championship of ``club`` with ``rounds`` closed rounds."""
    champ = make_championship(club, entries=entries, entry_type=entry_type, public=public,
                              name=name)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        play_round(champ, number, rng,
                   closed_at=START + timedelta(days=first_day + number))
    return champ
