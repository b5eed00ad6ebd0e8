"""Hand attacks the fuzzer cannot judge: club B's organiser names club A's objects.

The fuzz sends other clubs' ids too, but an accepted request is not a finding there. Here
each request puts one of club A's ids (a player, pair, entry, rule set, stage, round, table,
job) into a URL or a form of club B's organiser, and must be refused (400/403/404/405)
with nothing written anywhere, and no page or file of club A's private championship may be
served to him.
"""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import Entry, Pair, Player
from tests.helpers.fuzz_world import FUZZ_ADDR, build_world, fingerprint, fingerprint_sql

pytestmark = pytest.mark.django_db


@pytest.fixture
def attack(db):
    world = build_world()
    a, b = world.ids["A"], world.ids["B"]
    client = Client(raise_request_exception=False, REMOTE_ADDR=FUZZ_ADDR)
    client.force_login(world.users["other_organiser"])
    return world, a, b, client


def test_club_b_organiser_cannot_reach_club_a_objects(attack):
    _world, a, b, client = attack
    a_players = list(Player.objects.filter(memberships__club__slug=a["slug"])
                     .values_list("pk", flat=True))
    a_pair = Pair.objects.filter(club__slug=a["slug"]).first().pk
    a_solo_entry = Entry.objects.filter(championship_id=a["solo"]).first().pk
    writes = [
        ("post", f"/clubs/{b['slug']}/pairs/add/",
         {"first": a_players[0], "second": a_players[1], "name": "Stolen"}),
        ("post", f"/championships/{b['championship']}/entries/", {"pairs": [a_pair]}),
        ("post", f"/championships/{b['solo']}/entries/", {"players": a_players[:2]}),
        ("post", f"/championships/{b['solo']}/substitute/",
         {"entry": a_solo_entry, "player": a_players[0]}),
        ("post", f"/clubs/{b['slug']}/championships/new/",
         {"name": "Mine", "rule_set": a["rule_set"], "entry_type": "pairs",
          "draw_method": "random", "bye_scoring": "win", "format_kind": "one_game",
          "rank_1": "match_points", "rank_2": "points_diff", "rank_3": "points_for"}),
        ("post", f"/clubs/{b['slug']}/members/{a_players[0]}/", {"active": "on"}),
        ("post", f"/clubs/{b['slug']}/rulesets/copy/{a['rule_set']}/", {}),
        ("post", f"/reports/sheets/{a['round']}/request/", {}),
        ("post", f"/reports/results/{a['round']}/request/", {}),
        ("post", f"/reports/standings/{a['championship']}/request/", {}),
        ("post", f"/entries/{a['entry']}/active/", {"active": "0"}),
        ("post", f"/stages/{a['stage']}/draw/", {"seed": "1"}),
        ("post", f"/stages/{a['stage']}/advance/", {"kind": "final", "advance": "top",
                                                    "advance_count": "2"}),
        ("post", f"/rounds/{a['round']}/close/", {}),
        ("post", f"/rounds/{a['draft']}/publish/", {}),
        ("post", f"/tables/{a['table']}/sheet/", {"version": "1", "dealer": "1", "trump": "h",
                                                  "doubling": "1", "points": "40",
                                                  "points_other": "20"}),
        ("post", f"/tables/{a['table']}/sheet/deals/1/delete/", {"version": "1"}),
        ("post", f"/tables/{a['table']}/sheet/confirm/", {"version": "1"}),
        ("post", f"/players/{a_players[0]}/edit/", {"last_name": "Renamed",
                                                    "first_name": "By B"}),
        ("post", f"/rulesets/{a['rule_set']}/edit/", {"name": "Taken"}),
        ("post", f"/clubs/{a['slug']}/edit/", {"name": "Taken", "slug": a["slug"]}),
    ]
    reads = [
        f"/championships/{a['championship']}/", f"/championships/{a['championship']}/standings/",
        f"/championships/{a['championship']}/standings/?_export=csv",
        f"/championships/{a['championship']}/sheet-changes/?_export=csv",
        f"/rounds/{a['round']}/", f"/tables/{a['table']}/sheet/",
        f"/tables/{a['table']}/sheet/changes/", f"/tables/{a['table']}/sheet/preview/",
        f"/reports/championships/{a['championship']}/", f"/reports/rounds/{a['round']}/",
        f"/reports/jobs/{a['job']}/", f"/reports/jobs/{a['job']}/status/",
        f"/reports/jobs/{a['job']}/file/", f"/clubs/{b['slug']}/members/{a_players[0]}/",
        f"/players/{a_players[0]}/edit/", f"/rulesets/{a['rule_set']}/edit/",
    ]
    sql = fingerprint_sql()
    before = fingerprint(sql)
    wrong = []
    for method, path, data in writes:
        response = getattr(client, method)(path, data)
        if response.status_code not in (400, 403, 404, 405):
            wrong.append(f"{method.upper()} {path} {data}: {response.status_code}")
        after = fingerprint(sql)
        if after != before:
            wrong.append(f"{method.upper()} {path} {data} wrote to "
                         f"{[t for t in after if after[t] != before[t]]}")
            before = after
    for path in reads:
        response = client.get(path)
        if response.status_code not in (403, 404):
            wrong.append(f"GET {path}: {response.status_code}")
    assert not wrong, "\n".join(wrong)
