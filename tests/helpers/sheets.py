"""The score-sheet tests' world: a published round's table, the sheet's URLs, an entry row's
POST data, a snapshot of what a refusal must leave unchanged, a deal played legally by seed,
and a deal sent trick by trick."""

from __future__ import annotations

import random

from club.models import Deal, DealChange, MatchResult, Table
from engine.cards import Card
from engine.deal import Deal as EngineDeal
from tests.factories import make_championship, make_club, make_round


def sheet_table(organiser, *, rules="house", entry_type="pairs", match_format=None,
                slug="club", **fields):
    """A published round's first table, in club ``slug``, which ``organiser`` organises."""
    club = make_club(slug, organiser=organiser)
    champ = make_championship(club, entries=4 if entry_type == "pairs" else 8,
                              entry_type=entry_type, rules=rules, match_format=match_format,
                              **fields)
    rnd = make_round(champ)
    return Table.objects.filter(round=rnd).order_by("number").first()


def url(table, suffix=""):
    return f"/tables/{table.pk}/sheet/{suffix}"


def deal_data(table, **fields):
    """POST data for the entry row: trump hearts, 38 for side 0 unless told otherwise."""
    table.refresh_from_db()
    count = Deal.objects.filter(table=table).count()
    data = {"version": table.version, "dealer": (table.first_dealer + count) % 4, "trump": "h",
            "doubling": 1, "points": 38, "points_other": "", "all_tricks": "", "renonce": "",
            "reason": ""}
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def snapshot(table):
    """Everything a refused submission must leave unchanged."""
    table = Table.objects.get(pk=table.pk)
    return (
        table.version, table.entered_by_id, table.confirmed_by_id,
        list(Deal.objects.filter(table__round__stage__championship=table.round.stage.championship)
             .order_by("table_id", "number").values_list(
                 "table_id", "number", "dealer", "trump", "doubling", "points", "points_other",
                 "all_tricks", "renonce", "cancelled")),
        DealChange.objects.count(),
        list(MatchResult.objects.order_by("pk").values_list(
            "entry_id", "result", "points_for", "points_against")),
    )


def random_play(seed: int, *, renonce_at: int | None = None):
    """A full deal (house rules, dealer 0, trump hearts) played legally by seed, with a
    renonce at card ``renonce_at`` when given; returns (text of the tricks, engine deal)."""
    rng = random.Random(seed)
    deal = EngineDeal.random(seed, dealer=0)
    deal.announce("h")
    played = 0
    while not deal.finished:
        legal = sorted(deal.legal_cards())
        hand = sorted(deal.hand(deal.turn))
        illegal = [c for c in hand if c not in legal]
        if renonce_at is not None and played >= renonce_at and illegal and deal.renonce is None:
            card = rng.choice(illegal)
        else:
            card = rng.choice(legal)
        deal.play(card, allow_renonce=True)
        played += 1
    text = "\n".join(" ".join(str(c) for c in trick.cards) for trick in deal.tricks)
    return text, deal


def post_tricks(client, table, text, suffix="", **fields):
    table.refresh_from_db()
    data = {"version": table.version, "dealer": 0, "trump": "h", "doubling": 1, "play": text}
    data.update(fields)
    return client.post(url(table, f"tricks/{suffix}"), data)


def renonce_play():
    for seed in range(1, 200):
        text, played = random_play(seed, renonce_at=5)
        if played.renonce is not None:
            return text, played
    raise AssertionError("no renonce found")


def entered(org_client, table, text):
    response = post_tricks(org_client, table, text)
    assert response.status_code == 302, response.content.decode()[:1500]
    return Deal.objects.get(table=table, number=Deal.objects.filter(table=table).count())


__all__ = ["Card", "deal_data", "entered", "post_tricks", "random_play", "renonce_play",
           "sheet_table", "snapshot", "url"]
