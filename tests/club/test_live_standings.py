"""Public standings and round pages answer conditional requests: a phone that refreshes
while nothing changed gets 304 Not Modified (no page built); a finished table, a deal on
the round page, a renamed entry or another language give a new ETag and the page."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from club.models import Entry
from tests.factories import make_user
from tests.helpers.sheets import deal_data, sheet_table, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    cache.clear()
    return sheet_table(make_user("organiser"), public=True)


def standings(table) -> str:
    return f"/championships/{table.round.stage.championship_id}/standings/"


def organiser(table) -> Client:
    client = Client()
    client.force_login(table.round.stage.championship.club.roles.get().user)
    return client


def test_an_unchanged_page_is_not_sent_again(client, table):
    first = client.get(standings(table))
    assert first.status_code == 200 and first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    again = client.get(standings(table), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content
    assert again["ETag"] == first["ETag"]
    stale = client.get(standings(table), HTTP_IF_NONE_MATCH='"something-else"')
    assert stale.status_code == 200


def test_a_finished_table_changes_the_page(client, table):
    etag = client.get(standings(table))["ETag"]
    scorer = organiser(table)
    for _deal in range(4):  # 60-0 four times: 120 game points, the game is over
        assert scorer.post(url(table), deal_data(table, points=60)).status_code == 302
    # the finishing deal moved the results version and forgot the live entry: at once
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    # the winners lead with 2 match points and 120 game points
    assert re.search(r'<tr><td class="num">1</td><td>[^<]+</td><td class="num">2</td>'
                     r'<td class="num">120</td>', answer.content.decode())


def test_a_renamed_entry_changes_the_page_within_the_fingerprints_life(client, table):
    etag = client.get(standings(table))["ETag"]
    Entry.objects.filter(championship=table.round.stage.championship).update(name="Renamed")
    cache.clear()  # FINGERPRINT_SECONDS later
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and "Renamed" in answer.content.decode()


def test_the_etag_depends_on_language_and_viewer(client, table):
    etag = client.get(standings(table))["ETag"]
    client.cookies["django_language"] = "fr"
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=etag).status_code == 200
    assert organiser(table).get(standings(table), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_exports_are_not_conditional(client, table):
    answer = client.get(standings(table) + "?_export=csv", HTTP_IF_NONE_MATCH="*")
    assert answer.status_code == 200 and "ETag" not in answer


def test_the_public_round_page_is_conditional_too(client, table):
    page = f"/rounds/{table.round_id}/"
    first = client.get(page)
    assert first.status_code == 200 and first["ETag"]
    assert client.get(page, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert organiser(table).post(url(table), deal_data(table)).status_code == 302
    after = client.get(page, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert client.get(page, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
