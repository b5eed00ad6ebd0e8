"""A full-size rehearsal: an individual championship played by engine's heuristic players
through the same services as the web forms (draws, the sheet service for every deal, the
PDF jobs), timed step by step."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from club.models import Club, ClubRole, Membership, Player, ReportJob, Round, RuleSet, Stage, Table
from club.services import draws
from club.services.championships import add_entries, advance, create_championship
from club.services.closing import close_round
from club.services.reports import request_report
from club.services.simulation import play_table

FIRST = ["Jan", "Marie", "Luc", "Els", "Koen", "An", "Dirk", "Sofie", "Marc", "Lieve", "Pierre",
         "Claire", "Michel", "Isabelle", "Bart", "Greet", "Tom", "Nathalie", "Wim", "Hilde"]
LAST = ["Peeters", "Janssens", "Maes", "Jacobs", "Mertens", "Willems", "Claes", "Goossens",
        "Wouters", "De Smet", "Dubois", "Lambert", "Dupont", "Martin", "Vermeulen", "Hermans"]
REPORT_TIMEOUT = 600
#: The smallest semi-final: four tables, one winner each, make the final's table of four.
MIN_SEMI = 16


@dataclass
class Step:
    name: str
    seconds: float
    detail: str = ""


@dataclass
class Rehearsal:
    championship_id: int | None = None
    steps: list[Step] = field(default_factory=list)
    deals: int = 0
    pages: int = 0

    @property
    def total(self) -> float:
        return sum(step.seconds for step in self.steps)


Progress = Callable[[str, int, int], None]


def _quiet(_label: str, _done: int, _total: int) -> None:
    return None


def wait_for(job_id: int, timeout: float = REPORT_TIMEOUT) -> ReportJob:
    """The finished job (in-process jobs are finished already; a worker's are polled)."""
    deadline = time.monotonic() + timeout
    while True:
        job = ReportJob.objects.get(pk=job_id)
        if job.status in (ReportJob.Status.DONE, ReportJob.Status.FAILED):
            if job.status == ReportJob.Status.FAILED:
                raise RuntimeError(f"report job {job.pk} failed: {job.error}")
            return job
        if time.monotonic() > deadline:
            raise TimeoutError(f"report job {job.pk} still {job.status} after {timeout:.0f} s")
        time.sleep(0.2)


@transaction.atomic
def set_up(players: int, seed: int):
    """The club, its members, the organiser and the championship with its first stage."""
    rng = random.Random(seed)
    club = Club.objects.create(name=f"Rehearsal {seed}-{players}", slug=f"rehearsal-{seed}-{players}")
    made = Player.objects.bulk_create(
        Player(last_name=f"{rng.choice(LAST)} {n:03d}", first_name=rng.choice(FIRST),
               member_number=f"R{seed}-{players}-{n:04d}") for n in range(1, players + 1))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in made)
    user = get_user_model().objects.create_user(f"rehearsal-{seed}-{players}")
    ClubRole.objects.create(user=user, club=club, role=ClubRole.Role.OWNER)
    championship = create_championship(
        club, name=f"World championship rehearsal ({players} players)", season="rehearsal",
        rule_set=RuleSet.objects.get(club=None, preset="house"),
        match_format={"kind": "time", "count": None, "minutes": 90}, entry_type="individual",
        draw_method="random", ranking_order=["match_points", "points_diff", "points_for"],
        public=True, seed=seed)
    add_entries(championship, players=made)
    return championship, user


def play_round(stage: Stage, user, seed: int, progress: Progress, result: Rehearsal,
               label: str) -> Round:
    """Draw, publish, print the sheets, enter every table's deals, close, print standings."""
    start = time.perf_counter()
    rnd = draws.draw_round(stage, seed=seed, time_limit=90)
    rnd = draws.publish_round(rnd)
    tables = list(rnd.tables.filter(is_bye=False))
    result.steps.append(Step(f"{label}: draw", time.perf_counter() - start,
                             f"{len(tables)} tables, seed {rnd.seed}"))

    start = time.perf_counter()
    job = wait_for(request_report("sheets", stage.championship, rnd, user).job.pk)
    result.pages += job.total
    result.steps.append(Step(f"{label}: score sheets PDF", time.perf_counter() - start,
                             f"{job.total} pages"))

    start, deals = time.perf_counter(), 0
    for done, table in enumerate(tables, start=1):
        deals += play_table(table, seed=seed * 1000 + table.number, user=user)
        progress(f"{label}: entering deals", done, len(tables))
    result.deals += deals
    elapsed = time.perf_counter() - start
    result.steps.append(Step(f"{label}: enter deals", elapsed,
                             f"{deals} deals, {deals / elapsed:.0f} deals/s"))

    start = time.perf_counter()
    # A 90-minute round: time is called, the tables still playing are scored as played.
    close_round(rnd, user, remaining=Table.Decision.PLAYED)
    wait_for(request_report("standings", stage.championship, None, user).job.pk)
    result.steps.append(Step(f"{label}: close, standings PDF", time.perf_counter() - start))
    return rnd


def rehearse(players: int, seed: int, *, qualifying: int = 3, semi: int = 128,
             progress: Progress = _quiet) -> Rehearsal:
    """Run the whole event: ``qualifying`` rounds, the best ``semi`` to a semi-final, the
    table winners to a final. ``semi`` is cut down to a quarter of the field when large, and
    is never fewer than 16 players: four tables, whose winners fill the final's table."""
    result = Rehearsal()
    start = time.perf_counter()
    championship, user = set_up(players, seed)
    result.championship_id = championship.pk
    result.steps.append(Step("set-up", time.perf_counter() - start, f"{players} players"))
    stage = championship.stages.get(number=1)
    for number in range(1, qualifying + 1):
        play_round(stage, user, seed + number, progress, result, f"qualifying {number}")
    semi = min(semi, max(MIN_SEMI, players // 4 // 4 * 4))
    semi_stage = advance(stage, kind=Stage.Kind.SEMI_FINAL, advance=Stage.Advance.TOP_N, count=semi)
    play_round(semi_stage, user, seed + 100, progress, result, "semi-final")
    final = advance(semi_stage, kind=Stage.Kind.FINAL, advance=Stage.Advance.TABLE_WINNERS)
    play_round(final, user, seed + 200, progress, result, "final")
    return result
