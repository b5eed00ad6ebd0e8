"""The round page says why the draw made each table (issue 14, point 7): the reasons the
draw gave are stored with the table and shown in words, with the entries' names, and what
they say is true of the championship (the points, the rematches avoided)."""

from __future__ import annotations

import json
import re
from collections import defaultdict

import pytest
from django.urls import reverse
from django.utils import translation

from club.draw_reasons import describe, stored
from club.models import Championship, Entry, Seat, Table
from club.services.draws import draw_entries, draw_round
from scoring.pairing import reasons as why
from tests.factories import make_championship, make_club, make_played_championship

pytestmark = pytest.mark.django_db


def opponents_so_far(champ, before_round):
    met = defaultdict(set)
    tables = defaultdict(set)
    for table_id, entry_id in Seat.objects.filter(
            table__round__stage__championship=champ, table__round__number__lt=before_round,
            table__is_bye=False).values_list("table_id", "entry_id"):
        tables[table_id].add(entry_id)
    for seated in tables.values():
        for entry in seated:
            met[entry] |= seated - {entry}
    return met


@pytest.fixture
def swiss(organiser):
    club = make_club("reasons", organiser=organiser)
    champ = make_played_championship(10, 3, seed=4, club=club)
    Championship.objects.filter(pk=champ.pk).update(draw_method="swiss")
    champ.refresh_from_db()
    gone = champ.entries.order_by("pk").first()
    Entry.objects.filter(pk=gone.pk).update(active=False)  # 9 play: a bye
    return champ


def test_a_swiss_draw_stores_true_reasons_and_the_round_page_says_them(org_client, swiss):
    stage = swiss.stages.get()
    points = {e.id: e.score for e in draw_entries(swiss, stage)}
    rnd = draw_round(stage, seed=8)
    met = opponents_so_far(swiss, rnd.number)
    names = dict(Entry.objects.values_list("pk", "name"))
    avoided = 0
    for table in Table.objects.filter(round=rnd, is_bye=False):
        seated = set(Seat.objects.filter(table=table).values_list("entry_id", flat=True))
        reasons = dict(stored(table.flags))
        assert why.STANDING in reasons
        if why.SCORE_GROUP in reasons:
            assert {points[e] for e in seated} == {reasons[why.SCORE_GROUP]["points"]}
        else:
            high = reasons[why.FLOAT]["entry"]
            assert points[high] == reasons[why.FLOAT]["points"] > reasons[why.FLOAT]["against"]
        for code, params in stored(table.flags):
            if code == why.AVOIDED_REMATCH:
                for other in params["with"]:
                    avoided += 1
                    assert other in met[params["entry"]] and other not in seated
    assert avoided, "three rounds of ten pairs leave rematches to avoid"
    bye = Table.objects.get(round=rnd, is_bye=True)
    (code, params), = [(c, p) for c, p in stored(bye.flags) if c == why.BYE_LOWEST]
    assert params["of"] == 9

    page = org_client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert page.count("Why this table?") == 4 and "Why these byes?" in page
    first = Table.objects.get(round=rnd, number=1)
    for code, params in stored(first.flags):
        assert describe(code, params, names) in page.replace("&#x27;", "'")
    assert "among the entries with the fewest byes" in page


def test_reasons_name_entries_in_words_and_in_the_users_language(organiser):
    champ = make_championship(make_club("words", organiser=organiser), entries=4)
    names = dict(champ.entries.values_list("pk", "name"))
    a, b, c, d = names
    text = describe(why.AVOIDED_REMATCH, {"entry": a, "with": [b, c]}, names)
    assert text == f"{names[a]} had already played {names[b]}, {names[c]}: the draw kept them apart."
    assert "no longer playing" in describe(why.BYE_WITHDRAWN, {"with": 10**6}, names)
    assert describe("a.later.code", {}, names) is None
    assert describe(why.PARTNERS_NEW, {"pairs": [[a, b], [c, d]]}, names).count(" and ") == 2
    with translation.override("nl"):
        assert describe(why.RANDOM, {"seed": 5}, names)


def test_old_draws_without_reasons_still_show(org_client, organiser):
    champ = make_championship(make_club("old", organiser=organiser), entries=4)
    rnd = draw_round(champ.stages.get(), seed=1)
    Table.objects.filter(round=rnd).update(flags=["rematch"])  # as stored before reasons
    page = org_client.get(reverse("round-detail", args=[rnd.pk]))
    assert page.status_code == 200 and "Why this table?" not in page.content.decode()


@pytest.mark.parametrize("method, entry_type, count", [
    ("random", "pairs", 7), ("round_robin", "pairs", 5), ("poules", "pairs", 8),
    ("random", "individual", 10), ("scorer_stays", "individual", 9)])
def test_every_draw_method_explains_each_table_on_the_page(org_client, organiser, method,
                                                          entry_type, count):
    champ = make_championship(make_club(f"m-{method}-{entry_type}", organiser=organiser),
                              entries=count, entry_type=entry_type, draw_method=method)
    rnd = draw_round(champ.stages.get(), seed=3)
    tables = list(Table.objects.filter(round=rnd))
    assert all(stored(t.flags) for t in tables)
    page = org_client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert page.count("Why this table?") == sum(not t.is_bye for t in tables)
    if any(t.is_bye for t in tables):
        assert "Why these byes?" in page


def test_an_imported_championship_says_the_same_reasons_with_its_own_entries(org_client,
                                                                             swiss):
    from club.services.transfer import export_championship, import_championship

    rnd = draw_round(swiss.stages.get(), seed=8)
    page = org_client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    before = page.split('<div class="draw">', 1)[1].split("<footer", 1)[0]
    document = json.loads(json.dumps(export_championship(swiss)))
    imported = import_championship(document)
    copy = Table.objects.filter(round__stage__championship=imported)
    assert set(copy.values_list("pk", flat=True)).isdisjoint(
        Table.objects.filter(round=rnd).values_list("pk", flat=True))
    new_round = copy.get(round__number=rnd.number, number=1).round
    after = org_client.get(reverse("round-detail", args=[new_round.pk])).content.decode()
    def reasons(html):
        return re.findall(r"<details.*?</details>", html, re.DOTALL)

    assert "had already played" in before and len(reasons(before)) == 5
    assert reasons(after) == reasons(before)


def test_scorer_stays_second_round_names_the_scorer_who_stays(org_client, organiser):
    from club.models import Round

    champ = make_championship(make_club("stays", organiser=organiser), entries=8,
                              entry_type="individual", draw_method="scorer_stays")
    stage = champ.stages.get()
    first = draw_round(stage, seed=1)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.CLOSED)
    second = draw_round(stage, seed=2)
    names = dict(Entry.objects.values_list("pk", "name"))
    for table in Table.objects.filter(round=second, is_bye=False):
        (params,) = [p for c, p in stored(table.flags) if c == why.CONTINUED]
        scorer = Seat.objects.get(table=table, position=0).entry_id
        assert params == {"scorer": scorer, "round": 2, "of": 3}
        assert Seat.objects.get(table__round=first, table__number=table.number,
                                position=0).entry_id == scorer
    page = org_client.get(reverse("round-detail", args=[second.pk])).content.decode()
    assert f"{names[scorer]} stays, the others moved one seat on" in page
