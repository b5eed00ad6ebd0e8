"""Ratings as derived data: rebuilt from the closed rounds in close order, refreshed
incrementally when a round closes (equal to a rebuild), checked and repaired."""

from __future__ import annotations

import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from club.models import ClubRatingSettings, PlayerRating, RatingPoint, RatingScope, Round
from club.services import ratings as service
from club.services.closing import close_round, reopen_round
from tests.factories import make_club, make_players, make_user
from tests.helpers.ratings import START, play_round, played

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _refresh_in_process():
    """The ratings are read right after a close or a save: the refresh task runs in this
    process, as without a broker (in CI's services pass a worker would run it later)."""
    from club.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def _stored(key):
    scope = RatingScope.objects.get(key=key)
    rows = sorted(PlayerRating.objects.filter(scope=scope).values_list(
        "player_id", "rank", "mu", "sigma", "display", "matches", "provisional", "last_played"))
    points = sorted(RatingPoint.objects.filter(scope=scope).values_list(
        "player_id", "round_id", "position", "mu", "sigma", "display"))
    return scope.state, scope.rounds, rows, points


@pytest.mark.parametrize("entry_type", ["individual", "pairs"])
def test_incremental_after_each_round_equals_a_full_rebuild(entry_type):
    club = make_club("inc")
    champ = played(club, entry_type=entry_type, entries=16 if entry_type == "individual" else 8,
                   rounds=0)
    rng = random.Random(5)
    key = service.club_key(club.pk)
    assert service.refresh(key) == "rebuilt"  # nothing closed yet: an empty state
    for number in range(1, 6):
        play_round(champ, number, rng)
        assert service.refresh(key) == "updated"
        incremental = _stored(key)
        service.rebuild(key)
        assert _stored(key) == incremental
        assert service.verify(key) == []
    state = incremental[0]
    assert state["counted"] == 5 * 4  # four tables a round
    assert service.refresh(key) == "current"


def test_a_table_decided_when_closing_is_not_rated():
    club = make_club("dec")
    champ = played(club, entries=8, rounds=1)
    table = Round.objects.get(stage__championship=champ).tables.first()
    table.decision = "forfeit"
    table.decision_side = 0
    table.save()
    ratings = service.build(service.club_key(club.pk)).ratings
    assert ratings.counted == 1  # two tables, one a forfeit


def test_settings_that_exclude_everything_give_no_ratings():
    club = make_club("none")
    played(club, rounds=2)
    ClubRatingSettings.objects.create(club=club, since=timezone.localdate() + timedelta(days=1))
    service.rebuild(service.club_key(club.pk))
    assert not PlayerRating.objects.filter(scope__key=service.club_key(club.pk)).exists()


def test_chosen_championships_and_the_public_scope():
    club = make_club("two")
    counted = played(club, rounds=2, name="Counted", public=False)
    other = played(club, rounds=2, name="Other", public=True, first_day=10)
    chosen = ClubRatingSettings.objects.create(club=club, counts="chosen")
    chosen.championships.set([counted])
    service.refresh_club(club.pk)
    club_players = set(PlayerRating.objects.filter(
        scope__key=service.club_key(club.pk)).values_list("player_id", flat=True))
    assert club_players == set(counted.entries.values_list("player_id", flat=True))
    # the public list reads public championships only, chosen among them: none here
    assert not PlayerRating.objects.filter(scope__key=service.public_key(club.pk)).exists()
    fed = set(PlayerRating.objects.filter(scope__key="federation").values_list(
        "player_id", flat=True))
    assert fed == set(other.entries.values_list("player_id", flat=True))


def test_closing_and_reopening_a_round_refresh_the_ratings(django_capture_on_commit_callbacks):
    club = make_club("close")
    champ = played(club, rounds=2)
    service.refresh_club(club.pk)
    rnd = play_round(champ, 3, random.Random(3), status=Round.Status.PUBLISHED)
    with django_capture_on_commit_callbacks(execute=True):
        close_round(rnd, remaining="played")
    key = service.club_key(club.pk)
    scope = RatingScope.objects.get(key=key)
    assert [r for r, _t in scope.rounds][-1] == rnd.pk
    assert scope.state["counted"] == 6
    with django_capture_on_commit_callbacks(execute=True):
        reopen_round(rnd, None, "a wrong result")
    scope.refresh_from_db()
    assert rnd.pk not in [r for r, _t in scope.rounds]
    assert scope.state["counted"] == 4
    assert service.verify(key) == [] and service.verify("federation") == []


def test_verify_reports_a_changed_rating_and_repair_fixes_it():
    club = make_club("ver")
    played(club, rounds=3)
    service.refresh_club(club.pk)
    out = StringIO()
    call_command("verify_ratings", stdout=out)
    assert "0 difference(s)" in out.getvalue()
    row = PlayerRating.objects.filter(scope__key=service.club_key(club.pk)).first()
    row.mu += 1
    row.save()
    with pytest.raises(SystemExit):
        call_command("verify_ratings", stdout=StringIO())
    out = StringIO()
    call_command("verify_ratings", "--repair", stdout=out)
    assert "repaired: ratings club:" in out.getvalue()
    assert service.verify(service.club_key(club.pk)) == []


def test_a_merged_player_is_reported_and_the_rebuild_follows():
    """Two players' results become one player's (a merge done in the data): the stored
    ratings are behind, verify says so, the rebuild gives one player."""
    club = make_club("merge")
    champ = played(club, entries=8, rounds=2)
    service.refresh_club(club.pk)
    gone = champ.entries.order_by("pk").first().player
    newcomer = make_players(club, 1, prefix="New")[0]
    entry = champ.entries.get(player=gone)
    entry.player = newcomer
    entry.save()
    key = service.club_key(club.pk)
    assert service.verify(key)
    service.rebuild(key)
    ids = set(PlayerRating.objects.filter(scope__key=key).values_list("player_id", flat=True))
    assert newcomer.pk in ids and gone.pk not in ids


def test_an_anonymised_player_keeps_the_ratings():
    from club.services.privacy import anonymise_player

    club = make_club("anon")
    champ = played(club, rounds=2)
    service.refresh_club(club.pk)
    player = champ.entries.first().player
    before = _stored(service.club_key(club.pk))
    anonymise_player(make_user("boss", is_staff=True), player, "asked")
    assert service.verify(service.club_key(club.pk)) == []
    assert _stored(service.club_key(club.pk)) == before


def test_rebuild_ratings_command():
    club = make_club("cmd")
    played(club, rounds=2)
    out = StringIO()
    call_command("rebuild_ratings", "--club", "cmd", "--federation", stdout=out)
    assert "club:" in out.getvalue() and "federation:" in out.getvalue()
    assert START < timezone.now()


def test_a_result_changed_behind_the_service_is_reported_and_the_task_is_idempotent():
    from club.models import MatchResult
    from club.tasks import refresh_ratings

    club = make_club("behind")
    champ = played(club, rounds=2)
    assert refresh_ratings(club.pk) == {service.club_key(club.pk): "rebuilt",
                                        service.public_key(club.pk): "rebuilt",
                                        "federation": "rebuilt"}
    assert set(refresh_ratings.delay(club.pk).get().values()) == {"current"}
    row = MatchResult.objects.filter(table__round__stage__championship=champ,
                                     result="win").first()
    MatchResult.objects.filter(table=row.table).update(result="draw")
    assert service.verify(service.club_key(club.pk))
    assert service.verify(service.club_key(club.pk), repair=True)
    assert service.verify(service.club_key(club.pk)) == []
