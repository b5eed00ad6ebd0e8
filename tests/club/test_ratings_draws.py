"""Draws that read the ratings: the balanced individual draw (strong with weak partners,
explained "balanced by rating"), and a first Swiss round seeded by rating."""

from __future__ import annotations

import pytest

from club.draw_reasons import describe_all
from club.models import Championship, Entry, PlayerRating, Round
from club.services import draws
from club.services import ratings as service
from club.services.championships import draw_method_refusal
from tests.factories import make_championship, make_club
from tests.helpers.ratings import played

pytestmark = pytest.mark.django_db


def test_balanced_draw_by_the_clubs_ratings():
    club = make_club("bal")
    played(club, entries=16, rounds=4, seed=3)
    service.refresh_club(club.pk)
    champ = make_championship(club, entries=0, entry_type="individual",
                              draw_method="balanced", name="Balanced")
    rated = list(PlayerRating.objects.filter(scope__key=service.club_key(club.pk))
                 .order_by("rank").select_related("player"))
    made = [Entry.objects.create(championship=champ, player=r.player, name=r.player.full_name)
            for r in rated]
    champ.stages.get().entries.add(*made)
    rnd = draws.draw_round(champ.stages.get(), seed=7)
    assert rnd.draw_method == "balanced"
    mu = {r.player_id: r.mu for r in rated}
    spread = []
    for table in rnd.tables.filter(is_bye=False):
        seats = list(table.seats.order_by("position"))
        a = sum(mu[s.player_id] for s in seats if s.side == 0)
        b = sum(mu[s.player_id] for s in seats if s.side == 1)
        spread.append(abs(a - b))
        names = {s.entry_id: s.entry.name for s in seats}
        text = " ".join(describe_all(table.flags, names))
        assert "Balanced by rating" in text
    # the strongest player does not partner the second strongest
    best, second = rated[0].player_id, rated[1].player_id
    for table in rnd.tables.all():
        sides = {s.player_id: s.side for s in table.seats.all()}
        assert not (best in sides and second in sides and sides[best] == sides[second])
    assert max(spread) < 2.0


def test_balanced_is_for_individual_events():
    assert draw_method_refusal(False, "balanced")
    assert draw_method_refusal(True, "balanced") is None
    assert "balanced" in Championship.DrawMethod.values


def test_a_first_swiss_round_is_seeded_by_rating():
    club = make_club("swiss")
    old = played(club, entry_type="pairs", entries=8, rounds=4, seed=2)
    service.refresh_club(club.pk)
    champ = make_championship(club, entries=0, entry_type="pairs", draw_method="swiss",
                              name="Swiss")
    made = [Entry.objects.create(championship=champ, pair=e.pair, name=e.name)
            for e in old.entries.all()]
    champ.stages.get().entries.add(*made)
    rnd = draws.draw_round(champ.stages.get(), seed=1)
    texts = []
    for table in rnd.tables.filter(is_bye=False):
        names = {s.entry_id: s.entry.name for s in table.seats.all()}
        texts += describe_all(table.flags, names)
    assert any("Seeded by rating" in t for t in texts)
    # a second round is drawn by the standings, not seeded again
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    second = draws.draw_round(champ.stages.get(), seed=1)
    assert not any("Seeded by rating" in t for table in second.tables.all()
                   for t in describe_all(table.flags, {}))


def test_without_ratings_swiss_is_drawn_as_before():
    club = make_club("plain")
    champ = make_championship(club, entries=8, entry_type="pairs", draw_method="swiss")
    rnd = draws.draw_round(champ.stages.get(), seed=1)
    assert not any("rating" in t for table in rnd.tables.all()
                   for t in describe_all(table.flags, {}))
