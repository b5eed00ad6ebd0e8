"""The demo's auction Manille evening (RULES.md §13): 17 of the club's members each for
themselves under Auction Manille 2, drawn at tables of 5, 4, 4 and 4 (the club's table of 4,
as many as possible), three rounds whose every deal heuristic players bid and play and the
auction sheet's service enters; the first two rounds closed, the third left open so the
evening's pages have a round in play. Created once; running the demo again changes
nothing."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Championship, Player, RuleSet
from club.services import draws
from club.services.auction_simulation import play_auction_table
from club.services.championships import add_entries, create_championship
from club.services.closing import close_round

#: The evening is known by its seed (its name is in the language it was made in).
AUCTION_SEED = 1316
AUCTION_PLAYERS = 17
AUCTION_ROUNDS = 3
SEASON = "2026-2027"


@transaction.atomic
def create_demo_auction(club, user) -> Championship | None:
    """The evening, once (None when it is already there)."""
    if club.championships.filter(seed=AUCTION_SEED, entry_type="individual").exists():
        return None
    evening = create_championship(
        club, name=_("Auction evening"), season=SEASON,
        rule_set=RuleSet.objects.get(club=None, preset="auction2"),
        match_format={"kind": "one_game", "count": None, "minutes": None},
        entry_type="individual", draw_method="random",
        ranking_order=["match_points", "points_for"], public=True, self_entry=True,
        table_size=4, table_fit="most", seed=AUCTION_SEED)
    members = Player.objects.filter(memberships__club=club, member_number__startswith="ZT-0")
    add_entries(evening, players=members.order_by("member_number")[:AUCTION_PLAYERS])
    stage = evening.stages.get(number=1)
    for number in range(1, AUCTION_ROUNDS + 1):
        rnd = draws.publish_round(draws.draw_round(stage, seed=AUCTION_SEED + number))
        for table in rnd.tables.filter(is_bye=False).order_by("number"):
            play_auction_table(table, seed=AUCTION_SEED * 100 + number * 10 + table.number,
                               user=user)
        if number < AUCTION_ROUNDS:
            close_round(rnd, user)  # every table played to the end
    return evening
