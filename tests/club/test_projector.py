"""The hall's projector: a page anyone may open for a public championship, and its data,
which answers 304 to a projector that already has the current version."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club.models import Championship, Membership, Player
from tests.factories import make_club, make_user
from tests.helpers.sheets import deal_data, sheet_table, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return sheet_table(make_user("organiser"), public=True)


def data_url(table) -> str:
    return f"/championships/{table.round.stage.championship_id}/projector/data/"


def test_anyone_sees_the_projector_of_a_public_championship(client, table):
    champ = table.round.stage.championship
    page = client.get(f"/championships/{champ.pk}/projector/")
    assert page.status_code == 200
    assert champ.name in page.content.decode()
    answer = client.get(data_url(table))
    assert answer.status_code == 200 and answer["ETag"]
    data = answer.json()
    assert data["championship"] == champ.name
    assert len(data["standings"]["rows"]) == champ.entries.count()
    assert [t["state"] for t in data["round"]["tables"]] == ["waiting", "waiting"]
    assert data["round"]["counts"] == {"finished": 0, "all": 2}


def test_an_unchanged_hall_gets_304_and_a_deal_changes_the_answer(client, table):
    first = client.get(data_url(table))
    etag = first["ETag"]
    again = client.get(data_url(table), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    organiser = Client()
    organiser.force_login(table.round.stage.championship.club.roles.get().user)
    assert organiser.post(url(table), deal_data(table)).status_code == 302
    changed = client.get(data_url(table), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    first_table = changed.json()["round"]["tables"][0]
    assert first_table["state"] == "playing" and first_table["score"] == [8, 0]


def test_the_answer_depends_on_the_language(client, table):
    etag = client.get(data_url(table))["ETag"]
    client.cookies["django_language"] = "nl"
    dutch = client.get(data_url(table), HTTP_IF_NONE_MATCH=etag)
    assert dutch.status_code == 200
    assert dutch.json()["labels"]["standings"] == "Klassement"


def test_a_private_championship_needs_a_role_in_its_club(client, table):
    champ = table.round.stage.championship
    Championship.objects.filter(pk=champ.pk).update(public=False)
    stranger = Client()
    stranger.force_login(make_club("other", organiser=make_user("stranger")).roles.get().user)
    assert client.get(f"/championships/{champ.pk}/projector/").status_code == 302  # login
    assert client.get(data_url(table)).status_code == 403  # a script cannot log in
    for path in (f"/championships/{champ.pk}/projector/", data_url(table)):
        assert stranger.get(path).status_code == 403


def test_players_not_published_show_by_initials_to_the_public_only(client):
    table = sheet_table(make_user("organiser"), public=True, entry_type="individual")
    champ = table.round.stage.championship
    player = Player.objects.filter(memberships__club=champ.club).order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(published=False)
    public = client.get(data_url(table)).content.decode()
    assert player.last_name not in public and "F. C." in public
    organiser = Client()
    organiser.force_login(champ.club.roles.get().user)
    assert player.last_name in organiser.get(data_url(table)).content.decode()
    assert Membership.objects.filter(player=player, club=champ.club).exists()


def test_a_304_is_cheap_enough_to_ask_every_two_seconds(client, table,
                                                         django_assert_max_num_queries):
    """Issue 26 point 6: the projector asks every 2 s; while nothing changed the answer is a
    304 built from the results key and the current round, never the standings."""
    etag = client.get(data_url(table))["ETag"]
    with django_assert_max_num_queries(6):
        again = client.get(data_url(table), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content


def test_the_page_polls_every_two_seconds_and_announces_no_whole_screen(client, table):
    """Issue 26 point 6: a saved deal shows within 3 s (a question every 2 s); the rotating
    screen is no live region (only a short status line is), and a labelled pause button
    stops the rotation; the words the script writes come from the template (no inline
    script: the CSP)."""
    champ = table.round.stage.championship
    html = client.get(f"/championships/{champ.pk}/projector/").content.decode()
    assert int(re.search(r'data-poll="(\d+)"', html)[1]) <= 2000
    screen = re.search(r'<section id="projector-screen"[^>]*>', html)[0]
    assert "aria-live" not in screen and 'role="status"' not in screen
    assert html.count("aria-live") == 0
    assert re.search(r'<p id="projector-news"[^>]*role="status"[^>]*></p>', html)
    assert re.search(r'<button type="button" id="projector-pause"[^>]*>Pause</button>', html)
    assert 'data-resume="Resume"' in html and "Rotation paused" in html
    assert "<script>" not in html and " style=" not in html
    client.cookies["django_language"] = "nl"
    dutch = client.get(f"/championships/{champ.pk}/projector/").content.decode()
    assert re.search(r'id="projector-pause"[^>]*>Pauze</button>', dutch)
    assert 'data-new-deal="Tafel %(number)s: nieuw spel"' in dutch


def test_the_projectors_tables_read_no_championship_again(table):
    """The tables' part asks the kind of sheet the view already has: the round's
    championship and its rule set are not read again (review: two queries more an answer)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from club.selectors.live import current_round, round_part
    from club.sheets.kinds import kind_of

    champ = Championship.objects.get(pk=table.round.stage.championship_id)
    kind, rnd = kind_of(champ), current_round(champ)
    with CaptureQueriesContext(connection) as queries:
        part = round_part(rnd, False, kind)
    assert part["counts"] == {"finished": 0, "all": 2}
    again = [q["sql"] for q in queries.captured_queries
             if re.search(r'FROM "club_(championship|ruleset)"', q["sql"])]
    assert again == []
