"""Simulated auction Manille tables (RULES.md §13) for the demo and the rehearsal:
``engine``'s heuristic players bid, exchange and play each deal (``engine.auction_sim``), and
every deal is entered through the auction sheet's service, as the scorer typing the sheet
would (the table loaded as the page loads it, the rotation's dealer, the sheet's lock, the
audit row and the match rows)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from club.models import Seat, Table
from club.selectors.replay import championship_rules, rules_at
from club.selectors.sheets import Actor, load_table
from club.services.sheets import enter_deal
from engine.auction import ALL_TRICKS
from engine.auction_sim import simulate_auction_facts
from scoring.auction import AuctionGame


def sheet_facts(facts: Any) -> dict[str, Any]:
    """An engine deal's facts (:class:`engine.auction_play.AuctionFacts`) as the auction
    sheet's entry row records them (what ``AuctionDealForm.facts`` gives the service)."""
    thrown_in = facts.declarer is None
    bid = facts.contract
    return {
        "dealer": facts.dealer, "trump": None if thrown_in else facts.trump, "doubling": 1,
        "declarer": facts.declarer,
        "contract": bid if isinstance(bid, int) and not isinstance(bid, bool) else None,
        "contract_all": bid == ALL_TRICKS,
        "exchanged": 0 if thrown_in else facts.exchanged,
        "points": None if thrown_in else facts.count, "points_other": None,
        "all_tricks": 0 if facts.all_tricks and not thrown_in else None, "renonce": None,
        "cancelled": False, "blind": False, "en_face": False, "tricks": None,
    }


def simulated_auction_deals(table: Table, seed: int) -> Iterator[dict[str, Any]]:
    """The facts of the table's game, deal by deal, as heuristic players would play it (the
    rule set's number of deals, everyone dealing equally often). Pure: nothing is written."""
    championship = table.round.stage.championship
    seats = list(Seat.objects.filter(table=table))
    rules = rules_at(seats, championship_rules(championship))
    players = len(seats)
    rng = random.Random(seed)
    for number in range(AuctionGame(rules, players).length):
        dealer = (table.first_dealer + number) % players
        yield sheet_facts(simulate_auction_facts(rng, rules, dealer=dealer, players="heuristic"))


def play_auction_table(table: Table, seed: int, *, user) -> int:
    """Simulate the table and enter every deal as ``user`` through the auction sheet
    service; returns the number of deals entered."""
    table = Table.objects.select_related("round__stage__championship__rule_set").get(pk=table.pk)
    actor, version, count = Actor(user), table.version, 0
    for facts in simulated_auction_deals(table, seed):
        ctx = load_table(actor, table.pk)  # as each request of the sheet page loads it
        version = enter_deal(actor, table.pk, version, facts, ctx=ctx).version
        count += 1
    return count
