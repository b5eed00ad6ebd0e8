"""Standings pages: bounded queries at any size, shared ranks, exports, public access."""

import itertools

import pytest
from django.urls import reverse

from club.services.standings import current_standings as standings_page
from tests.factories import make_played_championship

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("entries, rounds", [(32, 15), (512, 15)])
def test_standings_render_with_bounded_queries(client, entries, rounds,
                                               django_assert_max_num_queries):
    champ = make_played_championship(entries, rounds)
    champ.public = True
    champ.save()
    url = reverse("championship-standings", args=[champ.pk])
    # 16: the tables decided by the organiser, listed under the standings, are one query
    with django_assert_max_num_queries(16):
        response = client.get(url)
    assert response.status_code == 200
    page = standings_page(champ)
    assert len(page.rows) == entries
    top = page.rows[0]
    assert page.entries[top.entry].name in response.content.decode()


def test_standings_rank_by_order_and_share_ranks():
    champ = make_played_championship(16, 3, seed=5)
    rows = standings_page(champ).rows
    mp = [r.values["match_points"] for r in rows]
    assert mp == sorted(mp, reverse=True)
    for a, b in itertools.pairwise(rows):
        same = all(a.values[k] == b.values[k] for k in champ.ranking_order)
        assert (a.rank == b.rank) == same
        assert a.rank <= b.rank


def test_standings_export_csv_and_xlsx(client):
    champ = make_played_championship(8, 2)
    champ.public = True
    champ.save()
    url = reverse("championship-standings", args=[champ.pk])
    csv = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig").splitlines()
    assert csv[0].startswith("Rank,Entry") and len(csv) == 9
    assert client.get(url, {"_export": "xlsx"}).content[:2] == b"PK"


def test_private_standings_need_the_organiser(client, django_user_model):
    champ = make_played_championship(4, 1)
    url = reverse("championship-standings", args=[champ.pk])
    assert client.get(url).status_code == 302
    other = django_user_model.objects.create_user("other", password="x-12345678")
    client.force_login(other)
    assert client.get(url).status_code == 403


def test_standings_queries_do_not_grow_with_the_field(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.factories import make_club

    counts = {}
    for entries in (32, 512):
        champ = make_played_championship(entries, 15, club=make_club(f"size-{entries}"))
        champ.public = True
        champ.save()
        url = reverse("championship-standings", args=[champ.pk])
        with CaptureQueriesContext(connection) as rebuilt:  # results changed: rebuilt
            assert client.get(url).status_code == 200
        with CaptureQueriesContext(connection) as stored:  # read from the snapshot
            assert client.get(url).status_code == 200
        counts[entries] = (len(rebuilt), len(stored))
    assert counts[32] == counts[512]
    assert counts[512][0] <= 16 and counts[512][1] < counts[512][0]


def test_a_changed_result_rebuilds_the_stored_standings():
    from club.models import MatchResult
    from club.services.standings import results_changed

    champ = make_played_championship(4, 1, seed=9)
    before = standings_page(champ).rows
    loser = next(r for r in before if r.values["match_points"] == 0).entry
    MatchResult.objects.filter(entry_id=loser).update(result="win")
    assert standings_page(champ).rows == before  # nothing said it changed: the snapshot holds
    results_changed(champ.pk)
    after = {r.entry: r.values["match_points"] for r in standings_page(champ).rows}
    assert after[loser] == 2


def test_a_deal_shows_in_the_standings_and_moves_the_championship_only_when_it_finishes(
):
    from club.models import Championship, Round
    from club.selectors.sheets import Actor
    from club.services.sheets import enter_deal
    from tests.factories import make_championship, make_club, make_round, make_user

    user = make_user("scorer")
    champ = make_championship(make_club("live", organiser=user), entries=4)
    table = make_round(champ, status=Round.Status.PUBLISHED).tables.order_by("number").first()
    before = {r.entry: r.values["points_for"] for r in standings_page(champ).rows}
    assert set(before.values()) == {0}
    version = Championship.objects.get(pk=champ.pk).results_version
    # hearts, 35 to 25: 5 game points, the game goes on
    saved = enter_deal(Actor(user), table.pk, table.version,
                       {"dealer": 0, "trump": "h", "points": 35, "points_other": 25})
    # a deal at a table still playing writes no row the whole championship shares
    assert Championship.objects.get(pk=champ.pk).results_version == version
    assert {r.entry: r.values["points_for"] for r in standings_page(champ).rows} == before
    # no trump, all tricks: (60 - 30) x 2 x 2 = 120, the game (and the match) is won
    enter_deal(Actor(user), table.pk, saved.version,
               {"dealer": 1, "trump": None, "points": 60, "points_other": 0, "all_tricks": 0})
    assert Championship.objects.get(pk=champ.pk).results_version == version + 1
    after = {r.entry: r.values["points_for"] for r in standings_page(champ).rows}
    assert sorted(after.values()) == [0, 0, 0, 125]


def test_match_points_come_from_the_match_format():
    """A win was worth a hard-coded 2 in the byes; the format now says what a result is worth."""
    champ = make_played_championship(8, 3, seed=2)
    wins = {row.entry: row.values["wins"] for row in standings_page(champ).rows}
    champ.match_format = {**champ.match_format, "match_points": [3, 1, 0]}
    champ.results_version += 1
    champ.save()
    for row in standings_page(champ).rows:
        assert row.values["match_points"] == 3 * wins[row.entry] + row.values["draws"]


def test_a_snapshot_made_by_other_code_is_rebuilt(monkeypatch):
    """The snapshot key ignored code changes: a new metric showed empty until a result
    changed. The key now carries the code's version."""
    from club.models import StandingsSnapshot
    from club.selectors import standings as selector

    champ = make_played_championship(8, 2, seed=3)
    first = standings_page(champ).rows
    StandingsSnapshot.objects.filter(championship=champ).update(rows=[])  # stale content
    assert standings_page(champ).rows == ()  # same code, same results: the stored rows
    monkeypatch.setattr(selector, "STANDINGS_VERSION", selector.STANDINGS_VERSION + 1)
    selector.code_version.cache_clear()
    try:
        assert standings_page(champ).rows == first
    finally:
        selector.code_version.cache_clear()


def test_reading_standings_writes_nothing(django_assert_num_queries):
    """Selectors only read: a stale snapshot is ranked afresh in memory by the selector and
    stored only through the service."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from club.models import StandingsSnapshot
    from club.selectors.standings import standings_page as read_standings

    champ = make_played_championship(8, 2, seed=4)
    with CaptureQueriesContext(connection) as queries:
        rows = read_standings(champ).rows
    assert not StandingsSnapshot.objects.exists()
    assert all(q["sql"].lstrip().upper().startswith("SELECT") for q in queries.captured_queries)
    assert standings_page(champ).rows == rows  # the service stores the same ranking
    assert StandingsSnapshot.objects.count() == 1


def test_selectors_never_import_services():
    import ast
    from pathlib import Path

    import club.selectors

    offenders = []
    for path in Path(club.selectors.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            if any(name.startswith("club.services") for name in names):
                offenders.append(path.name)
    assert offenders == []
