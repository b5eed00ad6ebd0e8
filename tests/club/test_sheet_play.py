"""Trick-by-trick entry: the engine checks the play, fills in the facts, names a renonce."""

import pytest

from club.models import Deal, DealChange
from club.selectors.sheets import Actor, load_table
from club.services.sheet_play import facts_from_play, parse_tricks
from club.services.sheets import SheetInvalid
from engine.deal import Deal as EngineDeal
from tests.helpers.sheets import post_tricks, random_play, renonce_play, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_legal_play_fills_in_points_and_tricks(org_client, organiser, seed):
    table = sheet_table(organiser)
    text, played = random_play(seed)
    facts = played.facts()
    response = post_tricks(org_client, table, text)
    assert response.status_code == 302, response.content.decode()[:2000]
    deal = Deal.objects.get(table=table)
    assert (deal.points, deal.points_other) == facts.card_points
    assert deal.tricks == facts.tricks[0] and deal.all_tricks == facts.all_tricks
    assert deal.renonce is None and deal.trump == "h"
    assert len(deal.play["tricks"]) == 8 and deal.play["tricks"][0] == text.split("\n")[0].split()
    assert DealChange.objects.get(table=table).new["play"]["tricks"] == deal.play["tricks"]


def test_renonce_is_recorded_and_named(org_client, organiser):
    table = sheet_table(organiser)
    text, played = renonce_play()
    found = played.renonce
    response = post_tricks(org_client, table, text)
    assert response.status_code == 302
    deal = Deal.objects.get(table=table)
    assert deal.renonce == found.player % 2 and deal.points is None
    assert deal.play["renonce"] == {"trick": found.trick, "seat": found.player,
                                    "card": str(found.card), "rule": found.rule}
    page = org_client.get(url(table))
    message = " ".join(str(m) for m in page.context["messages"])
    seat = table.seats.get(position=found.player)
    for words in (f"trick {found.trick}", seat.player.full_name, found.card.pretty(), "Renonce"):
        assert words in message
    assert "renonce" in page.content.decode()


@pytest.mark.parametrize("text, words", [
    ("Ac Kc 7c", "Enter 8 tricks"),
    ("\n".join(["Ac Kc 7c 8c"] * 8), "played twice"),
    ("\n".join(["Ac Kc 7c Zz"] + ["9c 8c Qc Jc"] * 7), "is not a card"),
    ("\n".join(["Ac Kc 7c"] * 8), "each trick has 4"),
])
def test_bad_tricks_are_refused_and_change_nothing(org_client, organiser, text, words):
    table = sheet_table(organiser)
    before = snapshot(table)
    response = post_tricks(org_client, table, text)
    assert response.status_code == 400
    assert words in " ".join(response.context["tricks_form"].errors["play"])
    assert snapshot(table) == before


def test_tricks_replace_a_recorded_deal(org_client, organiser):
    table = sheet_table(organiser)
    text, _ = random_play(9)
    post_tricks(org_client, table, text)
    text2, played2 = random_play(10)
    response = post_tricks(org_client, table, text2, suffix="?deal=1")
    assert response.status_code == 302
    deal = Deal.objects.get(table=table)
    assert (deal.points, deal.points_other) == played2.facts().card_points
    assert org_client.get(url(table, "tricks/?deal=1")).context["tricks_form"].initial[
        "play"] == text2


def test_counterclockwise_rules_map_seats_both_ways(organiser):
    table = sheet_table(organiser, rules="french")
    ctx = load_table(Actor(organiser), table.pk)
    deal = EngineDeal.random(21, dealer=0, rules="french")
    deal.announce("s")
    while not deal.finished:
        deal.play(min(deal.legal_cards()))
    text = "|".join(" ".join(map(str, t.cards)) for t in deal.tricks)
    report = facts_from_play(ctx, 0, "s", text)
    facts = deal.facts()
    assert (report.facts["points"], report.facts["points_other"]) == facts.card_points
    assert report.facts["tricks"] == facts.tricks[0] and report.renonce is None


def test_parse_accepts_symbols_and_ten_spellings():
    tricks = parse_tricks("10♥ A♥ K♥ Q♥ | Tc jc 9C 8c", tricks=2)
    assert [str(c) for c in tricks[0]] == ["10h", "Ah", "Kh", "Qh"]
    assert [str(c) for c in tricks[1]] == ["10c", "Jc", "9c", "8c"]
    with pytest.raises(SheetInvalid):
        parse_tricks("10h Ah Kh Qh", tricks=2)
