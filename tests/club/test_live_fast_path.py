"""The public standings' cheap 304 (club/middleware_live.py) and the results version the
sheet write moves only when a counted result changes (issue 17 part 3).

What must never happen: an ETag that stays the same after a finished table's result
changed; a 304 for a private championship to a stranger; standings shown after a change
that differ from a fresh ranking and rendering."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Championship, Deal, Round, StandingsSnapshot
from club.selectors.sheets import Actor
from club.selectors.standings import snapshot_rows, standings_key
from club.services.sheets import SheetConflict, SheetInvalid, delete_deal, edit_deal, enter_deal
from club.services.standings import current_standings
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return make_user("organiser")


@pytest.fixture
def table(organiser):
    cache.clear()
    return sheet_table(organiser, public=True)


def standings(table) -> str:
    return f"/championships/{table.round.stage.championship_id}/standings/"


def facts(table, points: int, trump="h") -> dict:
    count = Deal.objects.filter(table=table).count()
    return {"dealer": (table.first_dealer + count) % 4, "trump": trump, "points": points,
            "points_other": 60 - points}


def enter(organiser, table, points: int):
    table.refresh_from_db()
    return enter_deal(Actor(organiser), table.pk, table.version, facts(table, points))


def finish(organiser, table):
    """Side 0 wins the one-game match: 60 card points with hearts, four times."""
    for _deal in range(4):
        enter(organiser, table, 60)


def table_html(content: bytes) -> str:
    """The standings table of a page (the rest carries a per-response CSRF token)."""
    return re.search(r"<table.*?</table>", content.decode(), re.DOTALL).group(0)


def fresh_table_html(table) -> str:
    """The standings table rendered from nothing kept: no cache, no snapshot."""
    cache.clear()
    StandingsSnapshot.objects.all().delete()
    answer = Client().get(standings(table))
    assert answer.status_code == 200
    return table_html(answer.content)


# -- the cheap 304 ---------------------------------------------------------------------

def test_an_unchanged_public_page_is_a_304_without_the_database(client, table,
                                                               django_assert_num_queries):
    first = client.get(standings(table))
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = client.get(standings(table), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert not again.content and "no-cache" in again["Cache-Control"]


def test_the_cheap_304_is_only_for_the_same_language_query_and_etag(client, table):
    first = client.get(standings(table))
    etag = first["ETag"]
    assert client.get(standings(table), HTTP_IF_NONE_MATCH='"other"').status_code == 200
    assert client.get(standings(table) + "?sort=name", HTTP_IF_NONE_MATCH=etag).status_code == 200
    french = client.get(standings(table), HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and french["ETag"] != etag
    # the French ETag is kept for French visitors only
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 200
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=french["ETag"],
                      HTTP_ACCEPT_LANGUAGE="fr").status_code == 304


def test_a_logged_in_visitor_goes_through_the_full_view(table, organiser):
    client = Client()
    client.force_login(organiser)
    first = client.get(standings(table))
    public_etag = Client().get(standings(table))["ETag"]
    assert first["ETag"] != public_etag  # the organiser sees every name: another ETag
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=public_etag).status_code == 200
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_host_not_allowed_is_refused_as_by_the_full_view(client, table):
    etag = client.get(standings(table))["ETag"]
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag, HTTP_HOST="evil.example")
    assert answer.status_code == 400


# -- private championships ---------------------------------------------------------------

def test_no_304_for_a_championship_made_private(client, table):
    etag = client.get(standings(table))["ETag"]
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=etag).status_code == 304
    champ = Championship.objects.get(pk=table.round.stage.championship_id)
    champ.public = False
    champ.save()
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert client.get(standings(table), HTTP_IF_NONE_MATCH="*").status_code == 302


def test_no_304_for_a_stranger_with_a_members_etag_of_a_private_championship(organiser):
    cache.clear()
    private = sheet_table(organiser, public=False, slug="private")
    member = Client()
    member.force_login(organiser)
    etag = member.get(standings(private))["ETag"]
    assert member.get(standings(private), HTTP_IF_NONE_MATCH=etag).status_code == 304
    stranger = Client()
    for asked in (etag, "*"):
        answer = stranger.get(standings(private), HTTP_IF_NONE_MATCH=asked)
        assert answer.status_code == 302 and "/login/" in answer["Location"]
    logged_out = Client()
    logged_out.force_login(make_user("someone-else"))
    assert logged_out.get(standings(private), HTTP_IF_NONE_MATCH=etag).status_code == 403


def test_a_deleted_championship_is_a_404_not_a_304(client, table):
    etag = client.get(standings(table))["ETag"]
    Championship.objects.filter(pk=table.round.stage.championship_id).get().delete()
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=etag).status_code == 404


# -- the results version: moved when a counted result changes, not on every deal ----------

def test_a_deal_at_a_table_still_playing_keeps_the_standings_key_and_etag(client, table,
                                                                         organiser):
    champ = table.round.stage.championship
    key, etag = standings_key(champ), client.get(standings(table))["ETag"]
    enter(organiser, table, 45)
    assert standings_key(champ) == key
    assert client.get(standings(table), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_finished_table_changes_the_etag_at_once_and_the_page_is_a_fresh_render(
        client, table, organiser):
    etag = client.get(standings(table))["ETag"]
    finish(organiser, table)
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert table_html(answer.content) == fresh_table_html(table)


def test_editing_a_finished_tables_deal_changes_the_etag(client, table, organiser):
    finish(organiser, table)
    etag = client.get(standings(table))["ETag"]
    before = table_html(client.get(standings(table)).content)
    table.refresh_from_db()
    edit_deal(Actor(organiser), table.pk, 1, table.version, {**facts(table, 50), "dealer":
              Deal.objects.get(table=table, number=1).dealer})
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert table_html(answer.content) != before  # 230 game points instead of 240
    assert table_html(answer.content) == fresh_table_html(table)


def test_deleting_a_finished_tables_deal_changes_the_etag(client, table, organiser):
    finish(organiser, table)
    etag = client.get(standings(table))["ETag"]
    table.refresh_from_db()
    delete_deal(Actor(organiser), table.pk, 4, table.version)  # 180: the match goes on
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert table_html(answer.content) == fresh_table_html(table)


def test_a_correction_in_a_closed_round_changes_the_etag(client, table, organiser):
    finish(organiser, table)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    cache.clear()
    etag = client.get(standings(table))["ETag"]
    table.refresh_from_db()
    edit_deal(Actor(organiser), table.pk, 2, table.version,
              {**facts(table, 40), "dealer": Deal.objects.get(table=table, number=2).dealer},
              reason="points misread")
    answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer["ETag"] != etag
    assert table_html(answer.content) == fresh_table_html(table)


OPERATIONS = st.lists(st.tuples(st.sampled_from(["enter", "enter", "enter", "edit", "delete"]),
                                st.integers(1, 6),
                                st.one_of(st.sampled_from([0, 60]), st.integers(0, 60))),
                      min_size=1, max_size=9)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(operations=OPERATIONS)
def test_whatever_is_written_the_shown_standings_are_a_fresh_ranking(organiser, operations):
    """Any sequence of entries, edits and deletes (refused ones too): the standings the
    service keeps equal a ranking made afresh from the deals, and whenever that ranking
    changed the public page's ETag changed with it, with no cache cleared in between."""
    cache.clear()
    # matches of three deals: entries, edits and deletes finish and unfinish them often
    table = sheet_table(organiser, public=True, slug=f"c{Championship.objects.count()}",
                        match_format={"kind": "deals", "count": 3, "minutes": None})
    champ = table.round.stage.championship
    client = Client()
    etag = client.get(standings(table))["ETag"]
    shown = json.loads(json.dumps(snapshot_rows(champ, None)))
    for action, number, points in operations:
        table.refresh_from_db()
        try:
            if action == "enter":
                enter_deal(Actor(organiser), table.pk, table.version, facts(table, points))
            elif action == "edit":
                dealer = Deal.objects.filter(table=table, number=number).values_list(
                    "dealer", flat=True).first()
                edit_deal(Actor(organiser), table.pk, number, table.version,
                          {**facts(table, points), "dealer": dealer or 0})
            else:
                delete_deal(Actor(organiser), table.pk, number, table.version)
        except (SheetInvalid, SheetConflict):
            pass
        fresh = json.loads(json.dumps(snapshot_rows(champ, None)))
        kept = [[r.entry, r.rank, r.tied, dict(r.values)]
                for r in current_standings(champ).rows]
        assert kept == fresh
        answer = client.get(standings(table), HTTP_IF_NONE_MATCH=etag)
        if fresh != shown:
            assert answer.status_code == 200 and answer["ETag"] != etag
        if answer.status_code == 200:
            etag, shown = answer["ETag"], fresh
