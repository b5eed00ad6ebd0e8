"""Rating pages: the club's list (organisers: every counted championship, every name; the
public: public championships, not-published players by initials), the federation's list,
a player's chart, exports without formulas, the settings form's refusals."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from club.models import ClubRatingSettings, PlayerRating
from club.services import ratings as service
from tests.factories import make_club, make_user
from tests.helpers.ratings import played

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


@pytest.fixture
def world():
    organiser = make_user("org")
    club = make_club("rc", organiser=organiser)
    public = played(club, rounds=2, public=True, name="Open")
    private = played(club, rounds=2, public=False, name="Private", first_day=5)
    hidden = public.entries.order_by("pk").first().player
    hidden.first_name, hidden.last_name, hidden.published = "Hanna", "Verborgen", False
    hidden.save()
    secret = private.entries.order_by("pk").first().player
    secret.first_name = "=HYPERLINK(1)"
    secret.save()
    service.refresh_club(club.pk)
    return club, organiser, public, private, hidden, secret


def test_the_public_sees_public_championships_and_initials(client, world):
    club, *_rest = world
    page = client.get(reverse("club-ratings", args=[club.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Verborgen" not in text and "H. V." in text
    assert "HYPERLINK" not in text  # a player of the private championship only
    fed = client.get(reverse("federation-ratings")).content.decode()
    assert "Verborgen" not in fed and "H. V." in fed


def test_the_organiser_sees_every_name_and_championship(client, world):
    club, organiser, *_rest = world
    client.force_login(organiser)
    text = client.get(reverse("club-ratings", args=[club.slug])).content.decode()
    assert "Hanna Verborgen" in text and "HYPERLINK" in text
    assert reverse("club-rating-settings", args=[club.slug]) in text


def test_exports_carry_no_formula(client, world):
    club, organiser, *_rest = world
    client.force_login(organiser)
    csv = client.get(reverse("club-ratings", args=[club.slug]), {"_export": "csv"})
    assert csv.status_code == 200
    body = csv.content.decode("utf-8-sig")
    assert "'=HYPERLINK(1)" in body and "<a" not in body and ",yes," in body
    xlsx = client.get(reverse("club-ratings", args=[club.slug]), {"_export": "xlsx"})
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    cells = [c.value for row in sheet.iter_rows() for c in row]
    assert any(isinstance(v, str) and "=HYPERLINK(1)" in v for v in cells)
    assert all(c.data_type != "f" for row in sheet.iter_rows() for c in row)


def test_a_players_history_chart(client, world):
    club, organiser, _public, _private, hidden, _secret = world
    url = reverse("club-rating-player", args=[club.slug, hidden.pk])
    page = client.get(url)
    text = page.content.decode()
    assert page.status_code == 200 and "<svg" in text and 'role="img"' in text
    assert "Verborgen" not in text and "H. V." in text
    client.force_login(organiser)
    assert "Hanna Verborgen" in client.get(url).content.decode()
    fed = client.get(reverse("federation-rating-player", args=[hidden.pk]))
    assert fed.status_code == 200
    # a player the public list never rated: no chart, no point of a private championship
    other = PlayerRating.objects.filter(scope__key=service.club_key(club.pk)).exclude(
        player__in=PlayerRating.objects.filter(
            scope__key=service.public_key(club.pk)).values("player")).first().player
    client.logout()
    page = client.get(reverse("club-rating-player", args=[club.slug, other.pk]))
    assert "<svg" not in page.content.decode() and "No rated match yet" in page.content.decode()
    elsewhere = make_club("elsewhere")
    assert client.get(reverse("club-rating-player", args=[elsewhere.slug, other.pk])).status_code == 404


def test_settings_refuse_what_excludes_everything(client, world, django_capture_on_commit_callbacks):
    club, organiser, _public, private, *_rest = world
    client.force_login(organiser)
    url = reverse("club-rating-settings", args=[club.slug])
    assert client.get(url).status_code == 200
    none = client.post(url, {"counts": "chosen"})
    assert none.status_code == 400
    assert "Choose at least one championship" in none.content.decode()
    future = (timezone.localdate() + timedelta(days=3)).isoformat()
    late = client.post(url, {"counts": "all", "since": future})
    assert late.status_code == 400 and "would exclude every match" in late.content.decode()
    assert not ClubRatingSettings.objects.filter(club=club).exists()
    with django_capture_on_commit_callbacks(execute=True):
        saved = client.post(url, {"counts": "chosen", "championships": [private.pk]})
    assert saved.status_code == 302
    key = service.club_key(club.pk)
    players = set(PlayerRating.objects.filter(scope__key=key).values_list("player_id", flat=True))
    assert players == set(private.entries.values_list("player_id", flat=True))
    assert service.verify(key) == []


def test_the_organiser_sees_each_tables_win_chance_on_the_round_page(client, world, settings):
    settings.TROEF_CHANCES_MIN_MATCHES = 1  # the small club's matches: chances shown
    import random

    from tests.helpers.ratings import play_round

    _club, organiser, public, *_rest = world
    rnd = play_round(public, 9, random.Random(1), status="published")
    url = reverse("round-detail", args=[rnd.pk])
    assert "to win" not in client.get(url).content.decode()
    client.force_login(organiser)
    text = client.get(url).content.decode()
    assert text.count("to win") == rnd.tables.count()
