"""Issue 30 in the web app: every refresh refits the performance spread from the scope's own
matches and stores it; the settings page shows it with its calibration table; no win chance
below the number of matches the fit must rest on."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from club.models import RatingScope
from club.selectors import rating_fit
from club.services import ratings as service
from scoring.ratings_fit import DEFAULT_BETA, MIN_MATCHES
from tests.factories import make_club, make_user
from tests.helpers.ratings import play_round, played

pytestmark = pytest.mark.django_db


def _scope(key):
    return RatingScope.objects.get(key=key)


def test_each_refresh_refits_the_spread_as_a_rebuild_would():
    club = make_club("fit")
    champ = played(club, entries=16, rounds=0)
    key = service.club_key(club.pk)
    service.refresh(key)
    assert (_scope(key).beta, _scope(key).fit_matches) == (DEFAULT_BETA, 0)
    rng = random.Random(3)
    for number in range(1, 5):
        play_round(champ, number, rng)
        assert service.refresh(key) == "updated"
        scope = _scope(key)
        built = service.build(key).ratings
        assert scope.fit_matches == built.fit.matches == built.counted == 4 * number
        assert scope.beta == built.fit.beta
        assert scope.state["fit"] == built.fit.to_dict()
        assert service.verify(key) == []
    # A state stored before the fit existed is rebuilt, not carried on with an empty fit.
    scope = _scope(key)
    state = dict(scope.state)
    del state["fit"]
    RatingScope.objects.filter(pk=scope.pk).update(state=state, beta=None, fit_matches=0)
    assert service.refresh(key) == "rebuilt"
    assert _scope(key).fit_matches == 16 and _scope(key).beta is not None


def test_verify_finds_a_fit_changed_behind_the_service():
    club = make_club("fiv")
    played(club, entries=8, rounds=2)
    key = service.club_key(club.pk)
    service.refresh(key)
    scope = _scope(key)
    scope.state = {**scope.state, "fit": {**scope.state["fit"], "matches": 99}}
    scope.save()
    assert [d.where for d in service.verify(key)] == ["fit"]


def test_no_chances_below_the_threshold(settings):
    club = make_club("few")
    played(club, entries=8, rounds=3)  # two tables a round: 6 matches
    key = service.club_key(club.pk)
    assert not rating_fit.chances_shown(key) and rating_fit.chance_settings(key) is None
    service.refresh(key)
    assert _scope(key).fit_matches == 6 < MIN_MATCHES
    assert not rating_fit.chances_shown(key) and rating_fit.chance_settings(key) is None
    settings.TROEF_CHANCES_MIN_MATCHES = 6
    assert rating_fit.chances_shown(key)
    settings = rating_fit.chance_settings(key)
    assert settings.beta == _scope(key).beta and settings.sigma == 3.0


@pytest.fixture
def organiser_club():
    organiser = make_user("fitorg")
    club = make_club("fitpage", organiser=organiser)
    played(club, entries=8, rounds=3)
    service.refresh_club(club.pk)
    return club, organiser


def test_the_settings_page_shows_the_fitted_spread_and_its_calibration(client, organiser_club):
    club, organiser = organiser_club
    client.force_login(organiser)
    page = client.get(reverse("club-rating-settings", args=[club.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    scope = _scope(service.club_key(club.pk))
    assert f'<dd id="fit-beta">{scope.beta:.2f}</dd>' in text
    assert '<dd id="fit-matches">6</dd>' in text
    assert 'id="fit-calibration"' in text
    table = page.context["fit"].table
    assert sum(band.matches for band in table) == 6
    assert f"No win chances are shown yet: the fit rests on 6 matches and needs {MIN_MATCHES}." \
        in text


def test_the_settings_page_without_a_fit_says_so(client):
    organiser = make_user("nofit")
    club = make_club("nofit", organiser=organiser)
    client.force_login(organiser)
    text = client.get(reverse("club-rating-settings", args=[club.slug])).content.decode()
    assert 'id="fit-none"' in text and 'id="fit-calibration"' not in text
    assert 'id="fit-too-few"' in text


def test_enough_matches_show_no_refusal(client, organiser_club, settings):
    club, organiser = organiser_club
    settings.TROEF_CHANCES_MIN_MATCHES = 6
    client.force_login(organiser)
    text = client.get(reverse("club-rating-settings", args=[club.slug])).content.decode()
    assert 'id="fit-too-few"' not in text and 'id="fit-beta"' in text
