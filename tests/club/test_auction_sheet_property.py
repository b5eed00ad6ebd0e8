"""Property (issue 16): whatever deals a scorer types, the auction sheet service accepts
exactly the deals ``scoring`` accepts, writes nothing for the others, and the stored match
rows are the totals of ``scoring.replay_auction`` over the accepted deals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Deal, MatchResult, Round, Seat, Table
from club.selectors.sheets import Actor
from club.services.draws import draw_round, publish_round
from club.services.sheets import SheetInvalid, enter_deal
from scoring import ScoringError
from scoring.auction import AuctionDeal, AuctionGame, score_auction
from tests.factories import make_championship, make_club, make_user

pytestmark = pytest.mark.django_db

BASE = {"trump": "h", "doubling": 1, "contract": None, "contract_all": False, "exchanged": 0,
        "points": None, "points_other": None, "all_tricks": None, "renonce": None,
        "cancelled": False, "blind": False, "en_face": False, "tricks": None}

deal = st.fixed_dictionaries({
    "declarer": st.one_of(st.none(), st.integers(0, 5)),
    "contract": st.one_of(st.none(), st.integers(1, 90)),
    "contract_all": st.booleans(),
    "exchanged": st.integers(0, 5),
    "points": st.one_of(st.none(), st.integers(0, 90)),
    "all_tricks": st.sampled_from([None, 0]),
})


@pytest.mark.parametrize("preset", ["auction1", "auction2", "auction3"])
def test_the_sheet_accepts_what_scoring_accepts(preset):
    organiser = make_user(f"p-{preset}")
    club = make_club(f"prop-{preset}", organiser=organiser)
    champ = make_championship(club, entries=5, entry_type="individual", rules=preset,
                              table_size=5)
    rnd = draw_round(champ.stages.get(), seed=1)
    publish_round(Round.objects.get(pk=rnd.pk))
    table = Table.objects.get(round=rnd)
    players = Seat.objects.filter(table=table).count()
    actor = Actor(organiser)
    rules = champ.rule_set.rules()

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(deal, min_size=1, max_size=6))
    def check(typed):
        Deal.objects.filter(table=table).delete()
        MatchResult.objects.filter(table=table).delete()
        game = AuctionGame(rules, players, first_dealer=table.first_dealer % players)
        for facts in typed:
            if facts["contract_all"]:
                facts = {**facts, "contract": None}
            dealer = game.dealer
            declarer = facts["declarer"]
            try:
                candidate = AuctionDeal(
                    players, declarer if declarer is None or declarer >= players
                    else (declarer - dealer) % players,
                    "all" if facts["contract_all"] else facts["contract"], facts["exchanged"],
                    facts["points"], facts["all_tricks"] == 0)
                score_auction(candidate, game.rules)
                ok = True
            except ScoringError:
                ok = False
            version = Table.objects.get(pk=table.pk).version
            before = Deal.objects.filter(table=table).count()
            try:
                enter_deal(actor, table.pk, version, {**BASE, **facts})
                saved = True
            except SheetInvalid:
                saved = False
            assert saved == ok, (facts, ok)
            assert Deal.objects.filter(table=table).count() == before + int(saved)
            if saved:
                game.add(candidate)
            if game.finished:
                break
        if game.deals:
            stored = {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}
            assert [stored[p] for p in range(players)] == list(game.totals)

    check()
