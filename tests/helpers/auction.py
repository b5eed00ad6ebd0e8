"""The auction tests' world: an auction2 evening drawn and published through the pages, the
sheet's URL and an entry row's POST data, a round seated at tables of given sizes, and a
round of tables of 4 and 3 with a finished game each."""

from __future__ import annotations

from django.urls import reverse

from club.models import Deal, Entry, Round, RuleSet, Seat, Table
from club.services.results import rebuild_table_results
from tests.factories import make_championship, make_club


def post_ok(client, path, data=None):
    response = client.post(path, data or {})
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


def make_evening(org_client, organiser):
    """An auction2 evening for 11 players, round 1 drawn and published through the pages."""
    club = make_club("auction", organiser=organiser)
    champ = make_championship(club, entries=11, entry_type="individual", rules="auction2",
                              table_size=4)
    stage = champ.stages.get()
    post_ok(org_client, reverse("stage-draw", args=[stage.pk]), {"seed": "16"})
    rnd = Round.objects.get(stage=stage)
    post_ok(org_client, reverse("round-action", args=[rnd.pk, "publish"]))
    return champ, rnd


def sheet(table):
    return f"/tables/{table.pk}/sheet/"


def entry(table, **fields):
    table.refresh_from_db()
    data = {"version": table.version, "declarer": "", "bid": "", "trump": "",
            "exchanged": "", "count": "", "reason": ""}
    data.update({k: "" if v is None else v for k, v in fields.items()})
    return data


SIZES = (7, 6, 5, 4, 3)


def auction_round(preset="auction2", sizes=SIZES, **fields):
    champ = make_championship(make_club(), entries=sum(sizes), entry_type="individual",
                              rules=RuleSet.objects.get(club=None, preset=preset),
                              match_format={"kind": "deals", "count": 12, "minutes": None},
                              **fields)
    stage = champ.stages.first()
    rnd = Round.objects.create(stage=stage, number=1, status=Round.Status.PUBLISHED, seed=7)
    entries = list(Entry.objects.filter(championship=champ).select_related("player")
                   .order_by("pk"))
    start = 0
    for number, size in enumerate(sizes, 1):
        table = Table.objects.create(round=rnd, number=number, code=f"AUC{number:02d}",
                                     sheet_keeper=1)
        Seat.objects.bulk_create(Seat(table=table, position=i, side=i, entry=e, player=e.player)
                                 for i, e in enumerate(entries[start:start + size]))
        start += size
    return rnd


def played_round():
    """A round of an auction2 championship: tables of 4 and 3, a finished game each."""
    rnd = auction_round(sizes=(4, 3))
    for table in Table.objects.filter(round=rnd).order_by("number"):
        n = table.seats.count()
        length = 12
        facts = []
        for k in range(length):
            if k % 3 == 2:
                facts.append({"declarer": None})
            else:  # seat 1 makes 20 every time, the last seat loses 20 on the others
                declarer = 1 if k % 3 == 0 else n - 1
                count = 30 if declarer == 1 else 10
                facts.append({"declarer": declarer, "contract": 20 if n == 4 else 24,
                              "points": count, "trump": "h"})
        Deal.objects.bulk_create(
            Deal(table=table, number=i, dealer=(table.first_dealer + i - 1) % n, **f)
            for i, f in enumerate(facts, 1))
        rebuild_table_results(Table.objects.select_related("round__stage__championship")
                              .get(pk=table.pk))
    return rnd
