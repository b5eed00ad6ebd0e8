"""Data safety: a championship exported to JSON and imported into an empty database gives
identical derived standings, rebuilt from its deals."""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from club.models import Championship, Club, Deal, DealChange, MatchResult, Player
from club.selectors.standings import standings_page
from club.services.transfer import ImportError_, export_championship, import_championship

# Every test starts from the demo club, built once for the module (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_built")]


def standings_of(championship):
    page = standings_page(championship)
    return [(row.rank, page.entries[row.entry].name, row.values) for row in page.rows]


def wipe():
    """Empty the database of everything a championship export carries."""
    from club.models import DuplicateEvent, DuplicateTable, Traveller

    Championship.objects.all().delete()
    # The demo's duplicate evening holds its club (its pairs are protected by its tables).
    Traveller.objects.all().delete()
    DuplicateTable.objects.all().delete()
    DuplicateEvent.objects.all().delete()
    Club.objects.all().delete()
    Player.objects.all().delete()


@pytest.mark.parametrize("name", ["Pairs league 2026-2027", "Individual club evening"])
def test_export_import_round_trip_gives_identical_standings(name, tmp_path):
    championship = Championship.objects.get(name=name)
    DealChange.objects.create(table=Deal.objects.filter(
        table__round__stage__championship=championship).first().table, deal_number=1,
        action="edited", old={"points": 30}, new={"points": 38}, reason="typo")
    championship.stages.update(draw_method="random")  # a stage drawn its own way
    before = standings_of(championship)
    deals = Deal.objects.filter(table__round__stage__championship=championship).count()
    changes = DealChange.objects.filter(table__round__stage__championship=championship).count()
    path = tmp_path / "export.json"
    call_command("export_championship", str(championship.pk), "-o", str(path))

    wipe()
    assert not MatchResult.objects.exists() and not Deal.objects.exists()
    call_command("import_championship", str(path), stdout=io.StringIO())
    imported = Championship.objects.get(name=name)
    assert standings_of(imported) == before
    assert list(imported.stages.values_list("draw_method", flat=True)) == ["random"]
    assert Deal.objects.filter(table__round__stage__championship=imported).count() == deals
    change = DealChange.objects.get(table__round__stage__championship=imported, reason="typo")
    assert (change.reason, change.new) == ("typo", {"points": 38})
    assert DealChange.objects.filter(
        table__round__stage__championship=imported).count() == changes

    def sheets(document):  # every table's deals and audit, without database ids
        return [(r["stage"], r["number"], t["number"], t["deals"], t["changes"])
                for r in document["rounds"] for t in r["tables"]]

    assert sheets(export_championship(imported)) == sheets(json.loads(path.read_text()))


def test_a_damaged_export_imports_nothing():
    data = export_championship(Championship.objects.first())
    data["rounds"][1]["tables"][0]["seats"][0]["entry"] = 999_999  # points nowhere
    wipe()
    with pytest.raises(ImportError_):
        import_championship(data)
    assert not Championship.objects.exists() and not Deal.objects.exists()
    with pytest.raises(ImportError_, match="format"):
        import_championship({"format": "something else"})
    assert User.objects.filter(username="organiser").exists()


def test_a_version_1_export_with_blank_trump_imports_as_no_trump():
    """Version 1 wrote no trump as ""; it is read, and stored as None like every deal now."""
    championship = Championship.objects.get(name="Individual club evening")
    data = export_championship(championship)
    assert data["version"] == 4
    no_trump = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]
                if d["trump"] is None]
    assert no_trump, "the demo plays some no-trump deals"
    data["version"] = 1
    for deal in no_trump:
        deal["trump"] = ""
    before = standings_of(championship)
    wipe()
    imported = import_championship(data)
    assert standings_of(imported) == before
    assert not Deal.objects.filter(trump="").exists()
    assert Deal.objects.filter(trump=None).count() == len(no_trump)


def test_a_version_2_export_without_calls_imports_its_doublings_as_calls():
    """Version 2 had only the multiplier: x2^k is read as k calls naming nobody, and the
    sheets score as before; version 3 exports the calls and reads them back."""
    championship = Championship.objects.get(name="Individual club evening")
    table = Deal.objects.filter(table__round__stage__championship=championship).first().table
    Deal.objects.filter(table=table).update(doubling=1, calls=[])
    data = export_championship(championship)
    deals = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]]
    assert all("calls" in d for d in deals)
    data["version"] = 2
    for deal in deals:
        del deal["calls"]
    before = standings_of(championship)
    wipe()
    imported = import_championship(data)
    assert standings_of(imported) == before
    for deal in Deal.objects.all():
        assert deal.calls == [None] * (deal.doubling.bit_length() - 1)


def test_an_export_whose_calls_contradict_its_doubling_imports_nothing():
    data = export_championship(Championship.objects.get(name="Individual club evening"))
    deal = next(d for r in data["rounds"] for t in r["tables"] for d in t["deals"])
    deal["calls"] = [0, 1, 0]
    wipe()
    with pytest.raises(ImportError_):
        import_championship(data)
    assert not Deal.objects.exists()


def test_an_auction_evening_round_trips_with_its_bids_and_table_size(tmp_path):
    """Version 4 carries a deal's declarer, bid and cards exchanged and the championship's
    table size and fit: without them every imported auction deal read as thrown in."""
    from club.selectors.auction_standings import auction_standings_of

    championship = Championship.objects.get(rule_set__preset="auction2")
    Championship.objects.filter(pk=championship.pk).update(table_size=5, table_fit="closest")
    championship.refresh_from_db()
    deals = list(Deal.objects.filter(table__round__stage__championship=championship).order_by(
        "table__round__number", "table__number", "number").values_list(
        "declarer", "contract", "contract_all", "exchanged", "points"))
    before = [(r.rank, r.values["total"]) for r in auction_standings_of(championship)]
    path = tmp_path / "auction.json"
    call_command("export_championship", str(championship.pk), "-o", str(path))
    assert json.loads(path.read_text())["version"] == 4
    wipe()
    call_command("import_championship", str(path), stdout=io.StringIO())
    imported = Championship.objects.get()
    assert (imported.table_size, imported.table_fit) == (5, "closest")
    assert list(Deal.objects.filter(table__round__stage__championship=imported).order_by(
        "table__round__number", "table__number", "number").values_list(
        "declarer", "contract", "contract_all", "exchanged", "points")) == deals
    assert [(r.rank, r.values["total"]) for r in auction_standings_of(imported)] == before
