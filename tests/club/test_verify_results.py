"""Derived data is checkable: ``verify_results`` rebuilds match rows and standings from the
deals and names every difference; ``--repair`` fixes them. Closing a round serialises with
deal entry on the table's lock (the race itself, with real connections: tests/services)."""

from __future__ import annotations

import logging
from io import StringIO

import pytest
from django.core.management import call_command

from club.models import Deal, MatchResult, Round, StandingsSnapshot, Table
from club.selectors.sheets import Actor, load_table
from club.services.closing import close_round
from club.services.sheets import SheetConflict, enter_deal
from club.services.standings import current_standings as standings_page
from club.services.verify import verify_championship
from tests.factories import make_user
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db


def facts(points: int, dealer: int) -> dict:
    return {"dealer": dealer, "trump": "h", "doubling": 1, "points": points,
            "points_other": 60 - points, "all_tricks": None, "renonce": None,
            "cancelled": False, "blind": False, "en_face": False, "tricks": None}


@pytest.fixture
def played():
    """A time-limited round (closing it calls time) with two deals on its first table."""
    organiser = make_user("verifier")
    table = sheet_table(organiser)
    Round.objects.filter(pk=table.round_id).update(time_limit=30)
    actor = Actor(user=organiser)
    for number, points in enumerate((38, 25)):
        ctx = load_table(actor, table.pk)
        enter_deal(actor, table.pk, ctx.table.version, facts(points, number), ctx=ctx)
    table.refresh_from_db()
    return table, actor


def run(*args) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("verify_results", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


def test_entered_sheets_verify_clean(played):
    table, _ = played
    standings_page(table.round.stage.championship)  # a snapshot to check too
    assert StandingsSnapshot.objects.exists()
    assert verify_championship(table.round.stage.championship) == []
    assert run() == (0, "1 championship(s) checked: 0 difference(s)\n")


def test_a_tampered_result_is_named_and_repaired(played, caplog):
    table, _ = played
    row = MatchResult.objects.filter(table=table, side=0).get()
    MatchResult.objects.filter(pk=row.pk).update(points_for=row.points_for + 3)
    code, out = run()
    assert code == 1
    assert (f"table {table.pk}, entry {row.entry_id}: points_for stored {row.points_for + 3}, "
            f"rebuilt {row.points_for}") in out
    with caplog.at_level(logging.WARNING, logger="troef.verify"):
        code, out = run("--repair")
    assert code == 0 and "1 repaired" in out
    assert "repaired" in caplog.text and "points_for" in caplog.text
    assert MatchResult.objects.get(pk=row.pk).points_for == row.points_for
    assert run()[0] == 0


def test_a_missing_row_and_a_wrong_snapshot_are_found(played):
    table, _ = played
    championship = table.round.stage.championship
    standings_page(championship)
    snapshot = StandingsSnapshot.objects.get(championship=championship)
    wrong = [[entry, len(snapshot.rows) - rank + 1, tied, values]
             for entry, rank, tied, values in snapshot.rows]
    StandingsSnapshot.objects.filter(pk=snapshot.pk).update(rows=wrong)
    MatchResult.objects.filter(table=table, side=1).delete()
    found = verify_championship(championship)
    assert ("row", "missing", "present") in {(d.field, d.stored, d.rebuilt) for d in found}
    assert [d.where for d in found if d.where.startswith("standings")] == ["standings, stage 0"]
    verify_championship(championship, repair=True)
    assert verify_championship(championship) == []
    assert standings_page(championship).rows[0].rank == 1


def test_one_championship_only_and_an_unknown_id(played):
    table, _ = played
    assert run("--championship", str(table.round.stage.championship_id))[0] == 0
    with pytest.raises(Exception, match="no championship 999999"):
        call_command("verify_results", "--championship", "999999", stdout=StringIO())


def test_an_entry_checked_before_the_close_cannot_land_after_it(played):
    """The race the outside review found, made deterministic: an entry checked against the
    open round, written after the organiser closed it. Before the fix it was stored with
    the open round's results (time not called) and differed from the rebuilt ones."""
    table, actor = played
    ctx = load_table(actor, table.pk)  # the scorer's request has read the sheet ...
    # ... the organiser calls time and closes the round (unfinished tables scored as played) ...
    close_round(table.round, remaining=Table.Decision.PLAYED)
    with pytest.raises(SheetConflict):  # ... and the scorer's write comes too late
        enter_deal(actor, table.pk, ctx.table.version, facts(40, 2), ctx=ctx)
    assert Deal.objects.filter(table=table).count() == 2
    assert verify_championship(table.round.stage.championship) == []


def test_closing_moves_every_sheet_version(played):
    table, _ = played
    before = dict(Table.objects.filter(round=table.round).values_list("pk", "version"))
    close_round(table.round, remaining=Table.Decision.PLAYED)
    after = dict(Table.objects.filter(round=table.round).values_list("pk", "version"))
    assert all(after[pk] == version + 1 for pk, version in before.items())
