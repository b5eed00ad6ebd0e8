"""``manage.py rehearse --game auction2``: a whole auction Manille evening (RULES.md §13)
played through the same services as the web, timed step by step.

A club with ``players`` members, an individual championship under the chosen auction preset
(``auction1``, ``auction2`` or ``auction3``) at the club's table size; each round drawn (the
auction draw: tables of 3 to 7, avoiding repeat table-mates), published, its score sheets
rendered by the report job (the PDF of every table), every deal of every table bid and played
by ``engine``'s heuristic players and entered through the auction sheet's service (the
table's lock, the audit row and the match rows), the round closed; then the standings by
total and by table places, the exports, and ``verify_results`` rebuilding every match row
from the deals (any difference fails the run).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations

from django.contrib.auth import get_user_model
from django.db import transaction

from club import auction_exports
from club.models import Club, Membership, Player, RuleSet, Seat, Table
from club.selectors.auction_results import auction_results
from club.selectors.auction_standings import auction_standings_of
from club.services import draws
from club.services.auction_simulation import play_auction_table
from club.services.championships import add_entries, create_championship
from club.services.closing import close_round
from club.services.clubs import create_club
from club.services.rehearsal import FIRST, LAST, wait_for
from club.services.reports import request_report
from club.services.verify import verify_championship

GAMES = ("auction1", "auction2", "auction3")
Progress = Callable[[str, int, int], None]


@dataclass
class AuctionRehearsal:
    championship_id: int | None = None
    steps: list[tuple[str, float, str]] = field(default_factory=list)
    deals: int = 0
    pages: int = 0
    repeats: list[int] = field(default_factory=list)  # pairs meeting again, each round
    differences: int = 0
    top: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(seconds for _name, seconds, _detail in self.steps)


def _quiet(_label: str, _done: int, _total: int) -> None:
    return None


def rehearsal_slug(players: int, seed: int, game: str) -> str:
    return f"auction-rehearsal-{game}-{seed}-{players}"


@transaction.atomic
def set_up(players: int, seed: int, game: str, table_size: int):
    """The club, its members, the organiser and the evening (its first stage)."""
    rng = random.Random(seed)
    slug = rehearsal_slug(players, seed, game)
    user = get_user_model().objects.create_user(slug)
    club = create_club(user, Club(name=f"Auction rehearsal {game} {seed}-{players}", slug=slug))
    made = Player.objects.bulk_create(
        Player(last_name=f"{rng.choice(LAST)} {n:03d}", first_name=rng.choice(FIRST),
               member_number=f"A{game[-1]}-{seed}-{players}-{n:04d}")
        for n in range(1, players + 1))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in made)
    championship = create_championship(
        club, name=f"Auction evening rehearsal ({players} players, {game})", season="rehearsal",
        rule_set=RuleSet.objects.get(club=None, preset=game),
        match_format={"kind": "one_game", "count": None, "minutes": None},
        entry_type="individual", draw_method="random",
        ranking_order=["match_points", "points_for"], public=True, seed=seed,
        table_size=table_size, table_fit="most")
    add_entries(championship, players=made)
    return championship, user


def _table_mates(rnd) -> set[frozenset]:
    seated: dict[int, list[int]] = {}
    for table_id, entry_id in Seat.objects.filter(table__round=rnd).values_list(
            "table_id", "entry_id"):
        seated.setdefault(table_id, []).append(entry_id)
    return {frozenset(p) for ids in seated.values() for p in combinations(ids, 2)}


def rehearse_auction(players: int, seed: int, *, game: str = "auction2", rounds: int = 3,
                     table_size: int = 4, progress: Progress = _quiet) -> AuctionRehearsal:
    """Run the evening; see the module."""
    result = AuctionRehearsal()
    start = time.perf_counter()
    championship, user = set_up(players, seed, game, table_size)
    result.championship_id = championship.pk
    result.steps.append(("set-up", time.perf_counter() - start, f"{players} players, {game}"))
    stage = championship.stages.get(number=1)
    met: set[frozenset] = set()
    for number in range(1, rounds + 1):
        label = f"round {number}"
        start = time.perf_counter()
        rnd = draws.publish_round(draws.draw_round(stage, seed=seed + number))
        tables = list(Table.objects.filter(round=rnd, is_bye=False).order_by("number"))
        sizes = sorted((t.seats.count() for t in tables), reverse=True)
        mates = _table_mates(rnd)
        result.repeats.append(len(mates & met))
        met |= mates
        result.steps.append((f"{label}: draw", time.perf_counter() - start,
                             (f"tables {'-'.join(map(str, sizes))}, "
                             f"{result.repeats[-1]} table-mates again")))

        start = time.perf_counter()
        job = wait_for(request_report("sheets", championship, rnd, user).job.pk)
        result.pages += job.total
        result.steps.append((f"{label}: score sheets PDF", time.perf_counter() - start,
                             f"{job.total} pages"))

        start, deals = time.perf_counter(), 0
        for done, table in enumerate(tables, start=1):
            deals += play_auction_table(table, seed=seed * 1000 + number * 100 + table.number,
                                        user=user)
            progress(f"{label}: entering deals", done, len(tables))
        result.deals += deals
        elapsed = time.perf_counter() - start
        result.steps.append((f"{label}: enter deals", elapsed,
                             f"{deals} deals, {deals / elapsed:.0f} deals/s"))

        start = time.perf_counter()
        close_round(rnd, user)  # every table played its game to the end
        result.steps.append((f"{label}: close", time.perf_counter() - start, ""))

    start = time.perf_counter()
    by_total = auction_standings_of(championship, order="total")
    by_places = auction_standings_of(championship, order="places")
    names = dict(championship.entries.values_list("pk", "name"))
    exported = auction_exports.export(championship, None, by_total,
                                      lambda: auction_results(championship), "csv", "tables",
                                      lambda pk: names.get(pk, "?"))
    result.steps.append(("standings (total, places), export", time.perf_counter() - start,
                         f"{len(by_total)} players, {len(exported.content)} bytes of CSV"))
    for row in list(by_total)[:3]:
        result.top.append(f"{row.rank}. {names[row.entry]}: {row.values['total']} "
                          f"(place points {row.values['place_points']:g})")
    leader = next(iter(by_places), None)
    if leader is not None:
        result.top.append(f"by table places: {names[leader.entry]} "
                          f"({leader.values['place_points']:g} place points)")

    start = time.perf_counter()
    result.differences = len(verify_championship(championship))
    result.steps.append(("verify_results", time.perf_counter() - start,
                         f"{result.differences} difference(s)"))
    return result


def auction_rehearsal(command, options, bar: Progress) -> None:
    """``manage.py rehearse --game auction1|auction2|auction3``: run and report."""
    from django.core.management.base import CommandError

    players = options["players"]
    if players is None:
        players = 48
    if players < 3:
        raise CommandError("--players: at least 3 (a table of auction Manille)")
    if not 3 <= options["table_size"] <= 7:
        raise CommandError("--table-size: 3 to 7 players")
    if options["rounds"] < 1:
        raise CommandError("--rounds: 1 or more")
    if Club.objects.filter(slug=rehearsal_slug(players, options["seed"], options["game"])).exists():
        raise CommandError("--seed: this database has a rehearsal of this game, field and seed "
                           "already; choose another seed")
    result = rehearse_auction(players, options["seed"], game=options["game"],
                              rounds=options["rounds"], table_size=options["table_size"],
                              progress=_quiet if options["quiet"] else bar)
    out = command.stdout
    out.write(f"Auction rehearsal ({options['game']}) of {players} players, seed "
              f"{options['seed']} (championship {result.championship_id})")
    for name, seconds, detail in result.steps:
        out.write(f"  {name:<34} {seconds:8.2f} s  {detail}")
    out.write(f"  {'total':<34} {result.total:8.2f} s  {result.deals} deals entered, "
              f"{result.pages} score-sheet pages")
    for line in result.top:
        out.write(f"  {line}")
    if result.differences:
        raise SystemExit(1)
