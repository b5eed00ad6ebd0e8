"""Issue 28 point 9: win chances rest on played matches (a new club shows none, with a
sentence, not 50% everywhere), and a closed round's tables show the chances from before
the round, not from ratings that already count its results."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse

from club.models import PlayerRating, RatingPoint, Round
from club.selectors.win_chances import BEFORE, CURRENT, UNRATED, round_win_chances
from club.services import ratings as service
from tests.factories import make_championship, make_club, make_user
from tests.helpers.ratings import START, play_round, played

pytestmark = pytest.mark.django_db

NONE_YET = "No win chances yet"


@pytest.fixture
def few_matches_suffice(settings):
    """The chances' own threshold (issue 30: the fitted spread rests on 300 matches) set to
    one match, so that a small club's two rounds show chances here."""
    settings.TROEF_CHANCES_MIN_MATCHES = 1


def test_a_new_club_shows_no_chance_but_a_sentence(client):
    organiser = make_user("org")
    club = make_club("new-chances", organiser=organiser)
    champ = make_championship(club, entries=8, entry_type="individual", public=True)
    rnd = play_round(champ, 1, random.Random(2), status=Round.Status.PUBLISHED)
    service.refresh_club(club.pk)
    client.force_login(organiser)
    text = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert "to win" not in text and "50%" not in text
    assert NONE_YET in text
    assert round_win_chances(rnd, service.club_key(club.pk)).basis == UNRATED


def third_round_page(client, slug: str) -> tuple[Round, str]:
    """A club's third round, published after two rated ones: the round and its page as its
    organiser sees it."""
    organiser = make_user("org")
    club = make_club(slug, organiser=organiser)
    champ = played(club, rounds=2)
    service.refresh_club(club.pk)
    rnd = play_round(champ, 3, random.Random(4), status=Round.Status.PUBLISHED)
    client.force_login(organiser)
    return rnd, client.get(reverse("round-detail", args=[rnd.pk])).content.decode()


def test_rated_players_get_chances_and_no_sentence(client, few_matches_suffice):
    rnd, text = third_round_page(client, "rated-chances")
    assert text.count("to win") == rnd.tables.count() and NONE_YET not in text


def test_a_closed_round_shows_the_chances_from_before_it(client, few_matches_suffice,
                                                         monkeypatch):
    organiser = make_user("org")
    club = make_club("before-chances", organiser=organiser)
    champ = played(club, rounds=2, seed=7)
    service.refresh_club(club.pk)
    key = service.club_key(club.pk)
    # the spread fitted before round 3 (issue 30 refits it with round 3): held here, so that
    # only the ratings the chances rest on differ
    from club.selectors import rating_fit, win_chances
    spread = rating_fit.chance_settings(key)
    monkeypatch.setattr(win_chances, "chance_settings", lambda _key: spread)
    rnd = play_round(champ, 3, random.Random(9), status=Round.Status.PUBLISHED)
    open_chances = round_win_chances(rnd, key)
    assert open_chances.basis == CURRENT and len(open_chances.by_table) == rnd.tables.count()
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED,
                                           closed_at=START + timedelta(days=3))
    rnd.refresh_from_db()
    service.refresh_club(club.pk)  # the stored ratings now count round 3's results
    closed = round_win_chances(rnd, key)
    assert closed.basis == BEFORE
    assert closed.by_table == open_chances.by_table
    # the stored ratings moved with round 3: chances read from them would differ
    moved = {p: (mu, s) for p, mu, s in PlayerRating.objects.filter(scope__key=key)
             .values_list("player_id", "mu", "sigma")}
    before = {p: (mu, s) for p, mu, s in RatingPoint.objects.filter(
        scope__key=key, round__number=2, round__stage=rnd.stage)
        .values_list("player_id", "mu", "sigma")}
    assert any(moved[p] != before[p] for p in before)
    client.force_login(organiser)
    text = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert "from before this round" in text
    for chance in closed.by_table.values():
        assert f"{chance}%" in text


def test_a_first_round_closed_shows_no_chance(client):
    organiser = make_user("org")
    club = make_club("first-closed", organiser=organiser)
    champ = played(club, rounds=1)
    service.refresh_club(club.pk)
    rnd = champ.stages.first().rounds.get(number=1)
    assert round_win_chances(rnd, service.club_key(club.pk)).basis == UNRATED
    client.force_login(organiser)
    text = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert "to win" not in text and NONE_YET in text


def test_rated_matches_below_the_fits_threshold_show_no_chance(client):
    """Played and rated, but fewer matches than TROEF_CHANCES_MIN_MATCHES: the round page
    shows the sentence, no percentage (issue 30)."""
    _rnd, text = third_round_page(client, "few-rated")
    assert "to win" not in text and NONE_YET in text
