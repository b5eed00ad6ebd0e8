"""Demo championships: a fixed-pair Swiss and an individual event, with rounds played by
``engine``'s heuristic players. Created once; running the demo again changes nothing."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Championship, Player, RuleSet
from club.services import draws
from club.services.championships import add_entries, create_championship
from club.services.closing import close_round
from club.services.simulation import play_table

DEMO_ORDER = ["match_points", "points_diff", "points_for"]
SEASON = "2026-2027"
#: The demo's events are known by their seeds: their names are in the language they were
#: made in (``manage.py demo --language``).
PAIRS_SEED, INDIVIDUAL_SEED = 2026, 1127


def play_rounds(championship: Championship, rounds: int, *, user, leave_open: bool = False) -> None:
    stage = championship.stages.get(number=1)
    for number in range(1, rounds + 1):
        rnd = draws.draw_round(stage, seed=championship.seed + number)
        draws.publish_round(rnd)
        for table in rnd.tables.filter(is_bye=False):
            play_table(table, seed=championship.seed * 100 + rnd.number * 10 + table.number,
                       user=user)
        if not (leave_open and number == rounds):
            close_round(rnd, user)  # every table played to the end


@transaction.atomic
def create_demo_championships(club, user) -> None:
    """The demo's events, their deals entered by ``user`` (the demo organiser)."""
    house = RuleSet.objects.get(club=None, preset="house")
    if not club.championships.filter(seed=PAIRS_SEED, entry_type="pairs").exists():
        pairs = create_championship(
            club, name=_("Pairs league %(season)s") % {"season": SEASON}, season=SEASON,
            rule_set=house,
            match_format={"kind": "one_game", "count": None, "minutes": None},
            entry_type="pairs", draw_method="swiss", ranking_order=DEMO_ORDER, public=True,
            seed=PAIRS_SEED)
        add_entries(pairs, pairs=club.pairs.all())
        play_rounds(pairs, 3, user=user)
    if not club.championships.filter(seed=INDIVIDUAL_SEED, entry_type="individual").exists():
        individual = create_championship(
            club, name=_("Individual club evening"), season=SEASON, rule_set=house,
            match_format={"kind": "one_game", "count": None, "minutes": None},
            entry_type="individual", draw_method="random", ranking_order=DEMO_ORDER,
            public=True, self_entry=True, seed=INDIVIDUAL_SEED)
        add_entries(individual, players=Player.objects.filter(memberships__club=club))
        play_rounds(individual, 3, user=user, leave_open=True)
