"""Simulated play for demos and rehearsals: ``engine``'s heuristic players fill a table's
sheet deal by deal until the match format is decided, as a scorer would write it."""

from __future__ import annotations

import random

from django.db import transaction

from club.models import Deal, Seat, Table
from club.services.results import (
    championship_rules,
    deal_result,
    match_format,
    rebuild_table_results,
)
from engine import simulate_facts
from scoring import score_match

#: A time-limited round stops after this many deals (about 90 minutes at a real table).
TIME_LIMIT_DEALS = 14
MAX_DEALS = 60


@transaction.atomic
def play_table(table: Table, seed: int, *, user=None) -> int:
    """Simulate the table's deals from its first dealer on; returns the number of deals."""
    table = Table.objects.select_related("round__stage__championship__rule_set").get(pk=table.pk)
    championship = table.round.stage.championship
    rules = championship_rules(championship)
    fmt = match_format(championship)
    seats = len(Seat.objects.filter(table=table)) or 4
    limit = TIME_LIMIT_DEALS if (fmt.kind == "time" or table.round.time_limit) else MAX_DEALS
    rng = random.Random(seed)
    dealer = table.first_dealer
    deals, results = [], []
    while len(deals) < limit:
        facts = simulate_facts(rng, rules, dealer=dealer, players="heuristic")
        deal = Deal(table=table, number=len(deals) + 1, dealer=dealer, trump=facts.trump or "",
                    points=facts.card_points[0], points_other=facts.card_points[1],
                    all_tricks=facts.all_tricks, entered_by=user)
        deals.append(deal)
        results.append(deal_result(deal))
        dealer = (dealer + 1) % seats
        if not score_match(results, fmt, rules, first_dealer_side=table.first_dealer % 2
                           ).accepts_deals:
            break
    Deal.objects.bulk_create(deals)
    rebuild_table_results(table)
    return len(deals)
