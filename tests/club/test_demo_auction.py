"""The demo's auction evening (club.services.demo_auction): 17 members at tables of 5, 4, 4
and 4 under Auction Manille 2, three rounds whose every deal went through the auction sheet's
service (audit rows by the organiser), the match rows as the deals say, once only."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.contrib.auth import get_user_model

from club.models import Deal, DealChange, MatchResult, Round, Seat, Table
from club.services.demo import DEMO_USERNAME, create_demo_club
from club.services.demo_auction import AUCTION_PLAYERS, AUCTION_SEED, create_demo_auction
from club.services.verify import verify_championship
from club.sheets.kinds import AUCTION, kind_of
from scoring.auction import AuctionGame

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    club = create_demo_club()
    user = get_user_model().objects.get(username=DEMO_USERNAME)
    return create_demo_auction(club, user), club, user


def test_three_rounds_at_tables_of_five_and_four_each_played_to_the_end(evening):
    champ, _club, _user = evening
    assert kind_of(champ) is AUCTION and champ.seed == AUCTION_SEED and champ.public
    rounds = list(Round.objects.filter(stage__championship=champ).order_by("number"))
    assert [r.status for r in rounds] == ["closed", "closed", "published"]
    rules = champ.rule_set.rules()
    for rnd in rounds:
        tables = list(Table.objects.filter(round=rnd).order_by("number"))
        sizes = [t.seats.count() for t in tables]
        assert sizes == [5, 4, 4, 4]
        assert sum(sizes) == AUCTION_PLAYERS
        for table, size in zip(tables, sizes, strict=True):
            length = AuctionGame(rules, size).length
            assert Deal.objects.filter(table=table).count() == length
            rows = MatchResult.objects.filter(table=table)
            assert rows.count() == size and all(r.finished for r in rows)
            assert sorted(r.side for r in rows) == list(range(size))


def test_every_deal_went_through_the_sheet_service_and_adds_up(evening):
    champ, _club, user = evening
    deals = Deal.objects.filter(table__round__stage__championship=champ)
    changes = DealChange.objects.filter(table__round__stage__championship=champ)
    assert changes.count() == deals.count() > 0
    assert set(changes.values_list("user", flat=True)) == {user.pk}
    assert verify_championship(champ) == []
    # Bids made and bids lost: the simulation plays real auctions.
    from django.db.models import F
    bids = deals.filter(declarer__isnull=False, contract__isnull=False)
    assert bids.filter(points__gte=F("contract")).exists()
    assert bids.filter(points__lt=F("contract")).exists()


def test_later_rounds_avoid_repeat_table_mates_where_they_can(evening):
    champ, _club, _user = evening
    met: set[frozenset] = set()
    repeats = []
    for rnd in Round.objects.filter(stage__championship=champ).order_by("number"):
        pairs = set()
        for table in Table.objects.filter(round=rnd):
            ids = list(Seat.objects.filter(table=table).values_list("entry_id", flat=True))
            pairs |= {frozenset(p) for p in combinations(ids, 2)}
        repeats.append(len(pairs & met))
        met |= pairs
    # 17 players at 5-4-4-4 after 5-4-4-4: the new table of 5 takes two players of one old
    # table (five players, four old tables), so one pair meets again: the fewest possible.
    assert repeats[:2] == [0, 1], repeats
    assert repeats[2] <= 4, repeats


def test_the_demo_makes_the_evening_once(evening):
    _champ, club, user = evening
    deals = Deal.objects.count()
    assert create_demo_auction(club, user) is None
    assert Deal.objects.count() == deals
    assert club.championships.filter(seed=AUCTION_SEED).count() == 1


def test_the_evening_pages_and_the_sheets_pdf(client, evening):
    champ, _club, _user = evening
    response = client.get(f"/championships/{champ.pk}/standings/")
    assert response.status_code == 200
    assert response.content.decode().count("<tr>") >= AUCTION_PLAYERS
    from club.reports import documents
    rnd = Round.objects.get(stage__championship=champ, number=3)
    html = documents.sheets_html(rnd.pk)
    assert html.count("<section") == 4 and "Result: won by" in html


def test_negative_totals_break_neither_the_next_draw_nor_the_ratings(evening):
    """An auction total can be below zero; the partnership standings refuse that, so the
    auction draw reads only who sat with whom, and the ratings leave auction rounds out."""
    from club.services.ratings import refresh_club

    champ, club, _user = evening
    assert MatchResult.objects.filter(table__round__stage__championship=champ,
                                      points_for__lt=0).exists()
    assert Round.objects.filter(stage__championship=champ).count() == 3  # drawn after them
    assert set(refresh_club(club.pk).values()) <= {"current", "updated", "rebuilt"}
