"""Simulated play for demos and rehearsals: ``engine``'s heuristic players fill a table's
sheet deal by deal until the match format is decided, and every deal is entered through the
sheet service, exactly as a scorer typing the signed sheet would."""

from __future__ import annotations

import random

from club.models import Deal, Seat, Table
from club.selectors.replay import championship_rules, match_format, players_at, replay_sheet, rules_at
from club.selectors.sheets import Actor
from club.services.sheets import enter_deal
from engine import simulate_facts

#: A time-limited round stops after this many deals (about 90 minutes at a real table).
TIME_LIMIT_DEALS = 14
MAX_DEALS = 60


def simulated_deals(table: Table, seed: int):
    """The facts of the table's deals as heuristic players would play them, until the match
    is decided (or time would be called). Pure: nothing is written."""
    championship = table.round.stage.championship
    fmt = match_format(championship)
    seats = list(Seat.objects.filter(table=table))
    rules = rules_at(seats, championship_rules(championship))  # 3 players at a table of three
    players = players_at(seats, rules)
    limit = TIME_LIMIT_DEALS if (fmt.kind == "time" or table.round.time_limit) else MAX_DEALS
    rng = random.Random(seed)
    dealer, deals = table.first_dealer % players, []
    while len(deals) < limit:
        facts = simulate_facts(rng, rules, dealer=dealer, players="heuristic")
        entry = {"dealer": dealer, "trump": facts.trump, "points": facts.card_points[0],
                 "points_other": facts.card_points[1], "all_tricks": facts.all_tricks}
        yield entry
        deals.append(Deal(**entry))
        dealer = (dealer + 1) % players
        if not replay_sheet(table, seats, deals, rules=rules, fmt=fmt).accepts_deals:
            return


def play_table(table: Table, seed: int, *, user) -> int:
    """Simulate the table and enter every deal as ``user`` through the sheet service;
    returns the number of deals entered."""
    table = Table.objects.select_related("round__stage__championship__rule_set").get(pk=table.pk)
    actor, version, count = Actor(user), table.version, 0
    for facts in simulated_deals(table, seed):
        version = enter_deal(actor, table.pk, version, facts).version
        count += 1
    return count
