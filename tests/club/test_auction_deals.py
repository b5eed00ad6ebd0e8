"""Issue 28, point 6: the auction's "N deals" is honoured. An organiser chose a match of 10
deals for an auction1 evening; the sheet asked for 15 (the rule set's 12, rounded up at a
table of 5). The game now plays the match format's N deals (else the rule set's), rounded up
to a multiple of the players so that everyone deals equally often (RULES.md §13): 10 at a
table of 5, 12 at a table of 3 or 4."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Deal, Entry, Round, RuleSet, Seat, Table
from club.reports import auction_grid as grid
from club.selectors.auction_sheets import auction_sheet_page
from club.selectors.replay import replay_sheet
from club.selectors.sheets import Actor, load_table
from club.services.results import rebuild_table_results
from tests.factories import make_championship
from tests.helpers.rulesets import form_data

pytestmark = pytest.mark.django_db

#: Players at the table -> the deals of a 10-deal game (RULES.md §13: each deals equally).
LENGTH = {3: 12, 4: 12, 5: 10}
#: (players, N deals chosen, deals played): rounded up to a multiple of the players.
CHOSEN = [(3, 10, 12), (4, 10, 12), (5, 10, 10), (3, 6, 6), (4, 6, 8), (5, 6, 10), (4, 16, 16)]


def auction_table(club, rules, size: int, fmt: dict) -> Table:
    champ = make_championship(club, entries=size, entry_type="individual", rules=rules,
                              match_format=fmt, name=f"auction {size}")
    rnd = Round.objects.create(stage=champ.stages.get(), number=1,
                               status=Round.Status.PUBLISHED, seed=7)
    table = Table.objects.create(round=rnd, number=1, code=f"DLS{size:02d}", sheet_keeper=1)
    entries = Entry.objects.filter(championship=champ).select_related("player").order_by("pk")
    Seat.objects.bulk_create(Seat(table=table, position=i, side=i, entry=e, player=e.player)
                             for i, e in enumerate(entries))
    return table


def thrown_in(table: Table, count: int) -> None:
    """``count`` deals thrown in (everyone declined), stored as the sheet would."""
    n = table.seats.count()
    start = table.deals.count()
    Deal.objects.bulk_create(
        Deal(table=table, number=i, dealer=(table.first_dealer + i - 1) % n, declarer=None)
        for i in range(start + 1, start + count + 1))


def page_of(table: Table, user):
    return auction_sheet_page(load_table(Actor(user=user), table.pk))


def replayed(table: Table):
    table = Table.objects.select_related("round__stage__championship").get(pk=table.pk)
    return replay_sheet(table, list(table.seats.order_by("position")),
                        list(table.deals.order_by("number")))


@pytest.mark.parametrize("size, count, length", CHOSEN)
def test_the_match_formats_n_deals_ends_the_game(org_client, club_a, organiser, size, count,
                                                 length):
    preset = RuleSet.objects.get(club=None, preset="auction1")  # its own game: 12 deals
    table = auction_table(club_a, preset, size, {"kind": "deals", "count": count,
                                                 "minutes": None})
    assert page_of(table, organiser).length == length
    thrown_in(table, length - 1)
    assert replayed(table).accepts_deals and page_of(table, organiser).accepts_deals
    thrown_in(table, 1)
    outcome = replayed(table)
    assert outcome.finished and not outcome.accepts_deals
    page = page_of(table, organiser)
    assert page.length == length and not page.accepts_deals
    # The printed grid's rules say the same (club.reports.auction_pages reads them so).
    assert f"{length} deals, each player deals {length // size} times" in " ".join(
        grid.rules_lines(page.ctx.rules))
    response = org_client.get(f"/tables/{table.pk}/sheet/")
    assert response.status_code == 200
    assert f"Game over after {length} deals" in response.content.decode()
    rebuild_table_results(Table.objects.select_related("round__stage__championship")
                          .get(pk=table.pk))
    assert all(r.finished for r in table.results.all())


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_rule_sets_n_deals_ends_the_game(org_client, club_a, organiser, size):
    """A club copy of auction1 with "game of N deals" 10, the match one game: its 10 deals."""
    preset = RuleSet.objects.get(club=None, preset="auction1")
    org_client.post(reverse("ruleset-copy", args=[club_a.slug, preset.pk]))
    copy = RuleSet.objects.get(club=club_a)
    response = org_client.post(reverse("ruleset-edit", args=[copy.pk]), form_data(copy, deals=10))
    assert response.status_code == 302
    copy = RuleSet.objects.get(pk=copy.pk)
    assert copy.rules().deals == 10
    table = auction_table(club_a, copy, size, {"kind": "one_game", "count": None, "minutes": None})
    thrown_in(table, LENGTH[size])
    assert not replayed(table).accepts_deals
    page = page_of(table, organiser)
    assert page.length == LENGTH[size] and not page.accepts_deals
