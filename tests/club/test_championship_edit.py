"""The organiser's controls (issue 28, point 10): edit a championship, delete one with no
round. Rule set and format change until the first round is published, then they are shown
read-only and a forged POST is refused; every change is audited."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from club.models import AuditEntry, Championship, ClubRole, RuleSet
from club.services import championships as service
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    organiser = make_user("org")
    club = make_club("club", organiser=organiser)
    championship = make_championship(club, entries=4, name="Winter cup")
    client = Client()
    client.force_login(organiser)
    return club, championship, organiser, client


def form_data(championship: Championship, **changes) -> dict:
    """What the edit page posts when nothing is changed, with ``changes``."""
    data = {"name": championship.name, "season": championship.season,
            "start_date": "", "end_date": "",
            "rule_set": championship.rule_set_id, "entry_type": championship.entry_type,
            "draw_method": championship.draw_method, "bye_scoring": championship.bye_scoring,
            "odd_players": championship.odd_players, "table_size": championship.table_size,
            "table_fit": championship.table_fit, "format_kind": "one_game",
            "rank_1": "match_points", "rank_2": "points_diff", "rank_3": "points_for"}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def edit_url(championship) -> str:
    return reverse("championship-edit", kwargs={"pk": championship.pk})


def delete_url(championship) -> str:
    return reverse("championship-delete", kwargs={"pk": championship.pk})


def test_the_organiser_edits_name_and_dates(world):
    _club, championship, organiser, client = world
    page = client.get(edit_url(championship))
    assert page.status_code == 200
    assert b"Winter cup" in page.content
    response = client.post(edit_url(championship), form_data(
        championship, name="Spring cup", start_date="2026-03-01", end_date="2026-03-29",
        public="on"))
    assert response.status_code == 302, response.content.decode()[:2000]
    championship.refresh_from_db()
    assert championship.name == "Spring cup"
    assert championship.start_date == datetime.date(2026, 3, 1)
    assert championship.end_date == datetime.date(2026, 3, 29)
    assert championship.public
    entry = AuditEntry.objects.get(action="championship.edited")
    assert entry.user == organiser and entry.championship == championship
    assert entry.detail["changes"]["name"] == ["Winter cup", "Spring cup"]
    assert "start_date" in entry.detail["changes"]


def test_an_end_before_the_start_is_refused(world):
    _club, championship, _organiser, client = world
    response = client.post(edit_url(championship), form_data(
        championship, start_date="2026-03-29", end_date="2026-03-01"))
    assert response.status_code == 400
    championship.refresh_from_db()
    assert championship.start_date is None
    assert not AuditEntry.objects.exists()


def test_before_the_first_publication_rules_and_format_change(world):
    _club, championship, _organiser, client = world
    make_round(championship, status="draft")  # a draft is not published
    classic = RuleSet.objects.get(club=None, preset="flemish")
    response = client.post(edit_url(championship), form_data(
        championship, rule_set=classic.pk, format_kind="best_of", format_count=3,
        draw_method="swiss", rank_2="points_for", rank_3=""))
    assert response.status_code == 302, response.content.decode()[:2000]
    championship.refresh_from_db()
    assert championship.rule_set == classic
    assert championship.match_format["kind"] == "best_of"
    assert championship.match_format["count"] == 3
    assert championship.draw_method == "swiss"
    assert championship.ranking_order == ["match_points", "points_for"]
    changes = AuditEntry.objects.get(action="championship.edited").detail["changes"]
    assert {"rule_set", "match_format", "draw_method", "ranking_order"} <= set(changes)


def test_after_the_first_publication_they_are_read_only(world):
    _club, championship, _organiser, client = world
    make_round(championship)  # published
    page = client.get(edit_url(championship))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="rule_set"' not in html and 'name="format_kind"' not in html
    assert 'name="draw_method"' not in html
    assert "cannot change" in html
    assert 'name="name"' in html
    # the page as it is posts without the locked fields: the rest changes
    response = client.post(edit_url(championship), {"name": "Renamed", "season": "2026"})
    assert response.status_code == 302, response.content.decode()[:2000]
    championship.refresh_from_db()
    assert championship.name == "Renamed" and championship.season == "2026"


@pytest.mark.parametrize("forged", [
    {"rule_set": "other"}, {"format_kind": "best_of", "format_count": "3"},
    {"draw_method": "swiss"}, {"rank_1": "points_for"}, {"bye_scoring": "nothing"},
])
def test_after_the_first_publication_a_forged_post_is_refused(world, forged):
    _club, championship, _organiser, client = world
    make_round(championship)
    before = (championship.rule_set_id, championship.match_format, championship.draw_method,
              championship.ranking_order, championship.bye_scoring)
    if forged.get("rule_set") == "other":
        forged = {"rule_set": RuleSet.objects.get(club=None, preset="flemish").pk}
    response = client.post(edit_url(championship), form_data(
        championship, name="Forged", **forged))
    assert response.status_code == 400
    assert "cannot change" in response.content.decode()
    championship.refresh_from_db()
    assert championship.name == "Winter cup"
    assert (championship.rule_set_id, championship.match_format, championship.draw_method,
            championship.ranking_order, championship.bye_scoring) == before
    assert not AuditEntry.objects.exists()


def test_the_service_names_the_locked_field(world):
    _club, championship, organiser, _client = world
    make_round(championship)
    with pytest.raises(service.ChampionshipError) as refused:
        service.update_championship(championship, organiser, draw_method="swiss")
    assert refused.value.field == "draw_method"
    assert "draw" in str(refused.value)


@pytest.mark.parametrize("who", ["other_organiser", "viewer", "scorer"])
def test_others_are_forbidden(world, who):
    club, championship, _organiser, _client = world
    user = make_user(who)
    if who == "other_organiser":
        make_club("elsewhere", organiser=user)
    else:
        ClubRole.objects.create(user=user, club=club, role=who)
    client = Client()
    client.force_login(user)
    assert client.get(edit_url(championship)).status_code == 403
    assert client.post(edit_url(championship), form_data(championship, name="X")).status_code == 403
    assert client.post(delete_url(championship), {"confirm": "on"}).status_code == 403
    assert Championship.objects.filter(pk=championship.pk, name="Winter cup").exists()


def test_anonymous_goes_to_the_login_page(world):
    _club, championship, _organiser, _client = world
    client = Client()
    for response in (client.get(edit_url(championship)),
                     client.post(delete_url(championship), {"confirm": "on"})):
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    assert Championship.objects.filter(pk=championship.pk).exists()


def test_delete_without_rounds(world):
    club, championship, organiser, client = world
    # without the confirmation nothing happens
    response = client.post(delete_url(championship), {})
    assert response.status_code == 400
    assert Championship.objects.filter(pk=championship.pk).exists()
    response = client.post(delete_url(championship), {"confirm": "on"})
    assert response.status_code == 302
    assert response.url == reverse("club-detail", kwargs={"slug": club.slug})
    assert not Championship.objects.filter(pk=championship.pk).exists()
    entry = AuditEntry.objects.get(action="championship.deleted")
    assert entry.club == club and entry.user == organiser
    assert entry.subject == "Winter cup"
    assert entry.detail["championship_id"] == championship.pk


def test_an_unticked_deletion_says_what_to_do(world):
    _club, championship, _organiser, client = world
    response = client.post(delete_url(championship), {})
    assert response.status_code == 400
    assert "Tick the box to confirm" in response.content.decode()


def test_delete_is_refused_with_rounds(world):
    _club, championship, _organiser, client = world
    make_round(championship, status="draft")
    response = client.post(delete_url(championship), {"confirm": "on"}, follow=True)
    assert Championship.objects.filter(pk=championship.pk).exists()
    assert "has rounds" in response.content.decode()
    assert not AuditEntry.objects.exists()


def test_the_championship_page_links_for_organisers_only(world):
    club, championship, _organiser, client = world
    html = client.get(championship.get_absolute_url()).content.decode()
    assert edit_url(championship) in html
    assert delete_url(championship) in html  # no round yet: deleting is offered
    make_round(championship)
    html = client.get(championship.get_absolute_url()).content.decode()
    assert delete_url(championship) not in html
    viewer = make_user("viewer")
    ClubRole.objects.create(user=viewer, club=club, role="viewer")
    other = Client()
    other.force_login(viewer)
    assert edit_url(championship) not in other.get(championship.get_absolute_url()).content.decode()
