"""Closing a round is a decision (issue 14, point 2): the check of every table, the
organiser's decision for each unfinished one, a close refused until every table has one,
reopening with a reason, the audit log, and results and standings rebuilt from deals plus
decisions (``verify_results`` included)."""

from __future__ import annotations

import pytest

from club.models import AuditEntry, Championship, MatchResult, Round, Table
from club.selectors import closing as checks
from club.selectors.sheets import Actor, load_table
from club.services import closing, draws
from club.services.sheets import SheetConflict, confirm_sheet, enter_deal
from club.services.standings import current_standings
from club.services.verify import verify_championship
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.closing import dealer, enter, facts, win_for

pytestmark = pytest.mark.django_db

Decision = Table.Decision


@pytest.fixture
def organiser():
    return make_user("closer")


@pytest.fixture
def pairs(organiser):
    """A published round of 4 tables (8 pairs): table 1 finished, 2 in progress (8-0 for
    side 0), 3 and 4 without a deal."""
    club = make_club("closing", organiser=organiser)
    champ = make_championship(club, entries=8)
    rnd = make_round(champ)
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    enter(organiser, tables[0], win_for(0, tables[0]))
    enter(organiser, tables[1], facts(38, dealer(tables[1])))
    return rnd


def table(rnd: Round, number: int) -> Table:
    return Table.objects.select_related("round").get(round=rnd, number=number)


def rows(rnd: Round, number: int) -> dict[int, MatchResult]:
    return {r.side: r for r in MatchResult.objects.filter(table__round=rnd, table__number=number)}


def test_the_check_names_each_tables_state(pairs, organiser):
    champ = pairs.stage.championship
    Championship.objects.filter(pk=champ.pk).update(confirmation_required=True)
    pairs.refresh_from_db()
    states = {c.table.number: c.state for c in checks.round_checks(pairs)}
    assert states == {1: checks.UNCONFIRMED, 2: checks.IN_PROGRESS, 3: checks.NO_DEAL,
                      4: checks.NO_DEAL}
    second = make_user("second")
    make_club("closing", organiser=second)
    confirm_sheet(Actor(user=second), table(pairs, 1).pk, table(pairs, 1).version)
    states = {c.table.number: c.state for c in checks.round_checks(pairs)}
    assert states[1] == checks.FINISHED
    assert [c.points for c in checks.round_checks(pairs)][:2] == [(120, 0), (8, 0)]


def test_closing_is_refused_naming_the_tables_and_changes_nothing(pairs, organiser):
    versions = dict(Table.objects.filter(round=pairs).values_list("number", "version"))
    with pytest.raises(draws.RoundError, match="Tables 2, 3, 4 need a decision"):
        closing.close_round(pairs, organiser)
    closing.decide_table(table(pairs, 2), organiser, Decision.PLAYED)
    with pytest.raises(draws.RoundError, match="^Table 4 needs a decision"):
        closing.close_round(pairs, organiser, decisions={3: (Decision.NOT_PLAYED, None, "")})
    pairs.refresh_from_db()
    assert pairs.status == Round.Status.PUBLISHED and pairs.closed_at is None
    assert table(pairs, 3).decision == ""  # the refused close wrote nothing, not even this
    assert dict(Table.objects.filter(round=pairs).values_list("number", "version")) == versions
    assert not AuditEntry.objects.filter(action="round.closed").exists()


def test_an_unconfirmed_sheet_needs_confirmation_or_a_decision(pairs, organiser):
    Championship.objects.filter(pk=pairs.stage.championship_id).update(confirmation_required=True)
    with pytest.raises(draws.RoundError, match="^Table 1 needs"):
        closing.close_round(pairs, organiser, remaining=None, decisions={
            n: (Decision.NOT_PLAYED, None, "") for n in (2, 3, 4)})
    # "Scored as played" is the organiser's confirmation of table 1.
    closing.close_round(pairs, organiser, decisions={1: (Decision.PLAYED, None, "")},
                      remaining=Decision.NOT_PLAYED)
    assert rows(pairs, 1)[0].result == "win"


@pytest.mark.parametrize("decision", [Decision.FORFEIT, Decision.AVERAGE])
def test_an_adjusted_result_needs_a_reason(pairs, organiser, decision):
    with pytest.raises(closing.DecisionError) as refused:
        closing.decide_table(table(pairs, 3), organiser, decision, side=0, reason="  ")
    assert refused.value.field == "reason" and "needs a reason" in str(refused.value)
    assert table(pairs, 3).decision == ""


def test_a_forfeit_names_its_side(pairs, organiser):
    for side in (None, 2):
        with pytest.raises(closing.DecisionError) as refused:
            closing.decide_table(table(pairs, 3), organiser, Decision.FORFEIT, side=side,
                                 reason="late")
        assert refused.value.field == "side"
    with pytest.raises(closing.DecisionError) as refused:
        closing.decide_table(table(pairs, 3), organiser, "lost", reason="x")
    assert refused.value.field == "decision"


def test_scored_as_played_the_side_ahead_wins_level_is_a_draw(pairs, organiser):
    enter(organiser, table(pairs, 3), facts(30, dealer(table(pairs, 3))))  # 30-30: 0-0
    closing.close_round(pairs, organiser, remaining=Decision.PLAYED)
    assert rows(pairs, 2)[0].result == "win" and rows(pairs, 2)[1].result == "loss"
    assert (rows(pairs, 2)[0].points_for, rows(pairs, 2)[1].points_for) == (8, 0)
    assert rows(pairs, 3)[0].result == rows(pairs, 3)[1].result == "draw"
    assert rows(pairs, 4)[0].result == "draw" and rows(pairs, 4)[0].finished  # no deal: 0-0
    pairs.refresh_from_db()
    assert pairs.status == Round.Status.CLOSED and pairs.closed_by == organiser
    assert pairs.closed_at is not None
    assert verify_championship(pairs.stage.championship) == []


def test_a_forfeit_gives_the_other_side_the_win_with_a_byes_score(pairs, organiser):
    closing.close_round(pairs, organiser, decisions={
        2: (Decision.FORFEIT, 0, "side 0 left before the end"),
        3: (Decision.AVERAGE, None, "sheet lost"),
        4: (Decision.NOT_PLAYED, None, "")})
    forfeit = rows(pairs, 2)
    assert (forfeit[0].result, forfeit[1].result) == ("loss", "win")  # though 8-0 ahead
    standings = current_standings(pairs.stage.championship)
    by_entry = {row.entry: row.values for row in standings.rows}
    winner, loser = forfeit[1].entry_id, forfeit[0].entry_id
    # The only played table was won with 120: the bye's average of the winning sides.
    assert by_entry[winner]["match_points"] == 2 and by_entry[winner]["points_for"] == 120
    assert by_entry[loser]["match_points"] == 0 and by_entry[loser]["points_against"] == 120
    average = rows(pairs, 3)
    assert average[0].result == average[1].result == "draw"
    for row in average.values():  # a draw, with a side's average at the played table: 60
        assert by_entry[row.entry_id]["draws"] == 1
        assert by_entry[row.entry_id]["points_for"] == by_entry[row.entry_id]["points_against"] == 60
    assert verify_championship(pairs.stage.championship) == []


def test_a_forfeit_ranks_like_an_average_win_never_above_the_played_tables(organiser):
    """Issue 28, point 4: the forfeit's winner got the round's average winning points for
    and 0 against (first place on the difference). Now against it: the average of the losing
    sides (RULES.md §11), so it ranks below the better winners and above the worse one."""
    club = make_club("forfeit-average", organiser=organiser)
    rnd = make_round(make_championship(club, entries=8))
    t1, t2, t3 = (table(rnd, n) for n in (1, 2, 3))
    enter(organiser, t1, facts(20, dealer(t1)))  # side 1: 10
    enter(organiser, t1, win_for(0, t1))  # 120 - 10
    enter(organiser, t2, facts(50, dealer(t2)))  # side 0: 20
    enter(organiser, t2, facts(45, dealer(t2)))  # side 0: 15
    enter(organiser, t2, win_for(1, t2))  # 35 - 120
    enter(organiser, t3, facts(25, dealer(t3)))  # side 1: 5
    enter(organiser, t3, win_for(0, t3))  # 120 - 5
    closing.close_round(rnd, organiser, decisions={4: (Decision.FORFEIT, 0, "no-show")})
    played = [rows(rnd, n) for n in (1, 2, 3)]
    winners = [next(r for r in t.values() if r.result == "win") for t in played]
    losers = [next(r for r in t.values() if r.result == "loss") for t in played]
    won_for, lost_for = [w.points_for for w in winners], [lo.points_for for lo in losers]
    assert (sorted(won_for), sorted(lost_for)) == ([120, 120, 120], [5, 10, 35])
    by_entry = {row.entry: row for row in current_standings(rnd.stage.championship).rows}
    winner, loser = rows(rnd, 4)[1].entry_id, rows(rnd, 4)[0].entry_id
    values = by_entry[winner].values
    assert values["wins"] == 1 and values["points_for"] == 120  # mean of the winning sides
    assert values["points_against"] == 17  # mean of the losing sides, 50 / 3 rounded half up
    assert by_entry[loser].values["points_for"] == 0
    assert by_entry[loser].values["points_against"] == 120
    ranks = {w.points_against: by_entry[w.entry_id].rank for w in winners}
    assert ranks[5] < ranks[10] < by_entry[winner].rank < ranks[35]  # 115, 110 > 103 > 85
    assert by_entry[winner].rank != 1
    assert verify_championship(rnd.stage.championship) == []


def test_a_bye_is_scored_like_an_average_win_too(organiser):
    """RULES.md §11: a bye is "a win with the average score of the other tables": the
    winning sides' mean for it, the losing sides' mean against it (it had 0 against)."""
    club = make_club("bye-average", organiser=organiser)
    champ = make_championship(club, entries=7)
    rnd = draws.publish_round(draws.draw_round(champ.stages.get(), seed=3))
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    assert len(tables) == 3 and rnd.tables.filter(is_bye=True).count() == 1
    for t, first in zip(tables, (20, 50, 25), strict=True):
        enter(organiser, t, facts(first, dealer(t)))  # side 1: 10, side 0: 20, side 1: 5
        enter(organiser, t, win_for(0 if first < 30 else 1, t))
    closing.close_round(rnd, organiser)
    bye = MatchResult.objects.get(table__round=rnd, is_bye=True).entry_id
    row = current_standings(champ).standings.row(bye)
    assert row.values["wins"] == 1 and row.values["points_for"] == 120
    assert row.values["points_against"] == 12  # (10 + 20 + 5) / 3 rounded half up
    assert row.rank != 1
    assert verify_championship(champ) == []


def test_not_played_counts_for_no_one_and_ranks_neither_last_nor_first(pairs, organiser):
    closing.close_round(pairs, organiser, decisions={2: (Decision.PLAYED, None, "")},
                      remaining=Decision.NOT_PLAYED)
    standings = current_standings(pairs.stage.championship)
    by_entry = {row.entry: row for row in standings.rows}
    not_played = [r.entry_id for n in (3, 4) for r in rows(pairs, n).values()]
    winners = [rows(pairs, n)[0].entry_id for n in (1, 2)]
    losers = [rows(pairs, n)[1].entry_id for n in (1, 2)]
    for entry in not_played:
        values = by_entry[entry].values
        assert values["rounds_played"] == 0 and values["wins"] == values["losses"] == 0
        assert values["draws"] == 0
        # credited the round's average: (2 + 2 + 0 + 0) / 4 match points, 128 / 4 game points
        assert values["match_points"] == 1 and values["points_for"] == 32
        assert all(by_entry[w].rank < by_entry[entry].rank for w in winners)
        assert all(by_entry[lo].rank > by_entry[entry].rank for lo in losers)


def test_the_individual_event_of_the_issue(organiser):
    """14 players: 3 tables of 4 and 2 byes. Before: the 12 players whose tables were
    unfinished got 0 match points and the 2 bye players led. Now: tables decided "not
    played" rank their players level with the byes, a forfeit gives the other side the win."""
    club = make_club("evening", organiser=organiser)
    champ = make_championship(club, entries=14, entry_type="individual")
    stage = champ.stages.get()
    rnd = draws.publish_round(draws.draw_round(stage, seed=7))
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    byes = list(rnd.tables.filter(is_bye=True))
    assert len(tables) == 3 and len(byes) == 2
    enter(organiser, tables[0], facts(38, dealer(tables[0])))  # in progress
    closing.close_round(rnd, organiser, remaining=Decision.NOT_PLAYED)
    standings = current_standings(champ)
    bye_players = {r.entry_id for r in MatchResult.objects.filter(table__in=byes)}
    by_entry = {row.entry: row for row in standings.rows}
    top = min(by_entry[e].rank for e in bye_players)
    for row in standings.rows:
        assert row.values["match_points"] == 2, row
        assert row.rank == top  # nobody below the byes for a table that was not played
    # Reopened, table 1 forfeited by side 1: side 0's players win, side 1's lose.
    closing.reopen_round(rnd, organiser, "table 1 had played after all")
    closing.decide_table(tables[0], organiser, Decision.FORFEIT, side=1, reason="left early")
    closing.close_round(rnd, organiser)
    forfeit = MatchResult.objects.filter(table=tables[0])
    seats = {s.entry_id: s.side for s in tables[0].seats.all()}
    standings = current_standings(champ)
    for result in forfeit:
        values = standings.standings.row(result.entry_id).values
        assert result.result == ("win" if seats[result.entry_id] == 0 else "loss")
        assert values["wins"] == (1 if seats[result.entry_id] == 0 else 0)
    assert verify_championship(champ) == []


def test_decisions_and_closing_are_in_the_audit_log(pairs, organiser):
    closing.close_round(pairs, organiser, decisions={
        2: (Decision.FORFEIT, 1, "no-show")}, remaining=Decision.NOT_PLAYED)
    decided = AuditEntry.objects.filter(action="table.decided").order_by("pk")
    assert [e.detail["number"] for e in decided] == [2, 3, 4]
    first = decided[0]
    assert first.detail["decision"] == "forfeit" and first.detail["side"] == 1
    assert first.reason == "no-show" and first.user == organiser
    assert first.championship_id == pairs.stage.championship_id
    closed = AuditEntry.objects.get(action="round.closed")
    assert closed.detail["decisions"] == {"2": "forfeit", "3": "not_played", "4": "not_played"}


def test_reopen_needs_a_reason_and_no_later_round_published(pairs, organiser):
    closing.close_round(pairs, organiser, remaining=Decision.PLAYED)
    with pytest.raises(closing.DecisionError) as refused:
        closing.reopen_round(pairs, organiser, " ")
    assert refused.value.field == "reason"
    later = make_round(pairs.stage.championship, number=2, status=Round.Status.DRAFT)
    version = Championship.objects.get(pk=pairs.stage.championship_id).results_version
    closing.reopen_round(pairs, organiser, "a sheet was misread")  # the next one is a draft
    pairs.refresh_from_db()
    assert pairs.status == Round.Status.PUBLISHED and pairs.closed_at is None
    assert Championship.objects.get(pk=pairs.stage.championship_id).results_version > version
    entry = AuditEntry.objects.get(action="round.reopened")
    assert entry.reason == "a sheet was misread"
    # Decisions are kept, dormant while open: table 2 is back to its deals (unfinished).
    assert table(pairs, 2).decision == Decision.PLAYED
    assert not rows(pairs, 2)[0].finished
    assert verify_championship(pairs.stage.championship) == []
    closing.close_round(pairs, organiser)  # the kept decisions close it again
    Round.objects.filter(pk=later.pk).update(status=Round.Status.PUBLISHED)
    with pytest.raises(draws.RoundError, match="Round 2 .* is already published"):
        closing.reopen_round(pairs, organiser, "again")
    pairs.refresh_from_db()
    assert pairs.status == Round.Status.CLOSED


def test_a_later_stages_closed_round_blocks_reopening(pairs, organiser):
    from club.models import Stage

    closing.close_round(pairs, organiser, remaining=Decision.PLAYED)
    champ = pairs.stage.championship
    final = Stage.objects.create(championship=champ, number=2, kind=Stage.Kind.FINAL)
    Round.objects.create(stage=final, number=1, status=Round.Status.CLOSED)
    with pytest.raises(draws.RoundError, match="already closed"):
        closing.reopen_round(pairs, organiser, "why not")


def test_a_decision_waits_for_a_published_round(pairs, organiser):
    closing.close_round(pairs, organiser, remaining=Decision.PLAYED)
    with pytest.raises(closing.DecisionError, match="reopen"):
        closing.decide_table(table(pairs, 2), organiser, Decision.NOT_PLAYED)


def test_verify_reports_and_repairs_a_forfeit_tables_rows(pairs, organiser):
    closing.close_round(pairs, organiser, decisions={2: (Decision.FORFEIT, 0, "late")},
                      remaining=Decision.NOT_PLAYED)
    champ = pairs.stage.championship
    assert verify_championship(champ) == []
    MatchResult.objects.filter(table__round=pairs, table__number=2, side=1).update(result="loss")
    found = verify_championship(champ)
    assert [(d.field, d.stored, d.rebuilt) for d in found] == [("result", "loss", "win")]
    verify_championship(champ, repair=True)
    assert rows(pairs, 2)[1].result == "win"
    assert verify_championship(champ) == []
    # A not-played table with its rows deleted is found too (no deals, yet rows are due).
    MatchResult.objects.filter(table__round=pairs, table__number=4).delete()
    assert {d.field for d in verify_championship(champ)} == {"row"}


def test_a_sheet_read_before_the_close_cannot_land_after_it(pairs, organiser):
    actor = Actor(user=organiser)
    ctx = load_table(actor, table(pairs, 2).pk)
    closing.close_round(pairs, organiser, remaining=Decision.PLAYED)
    with pytest.raises(SheetConflict):
        enter_deal(actor, ctx.table.pk, ctx.table.version, facts(40, 1), ctx=ctx)
    assert verify_championship(pairs.stage.championship) == []


def test_a_correction_in_a_closed_round_keeps_the_decision(pairs, organiser):
    closing.close_round(pairs, organiser, decisions={2: (Decision.FORFEIT, 0, "late")},
                      remaining=Decision.NOT_PLAYED)
    actor = Actor(user=organiser)
    ctx = load_table(actor, table(pairs, 2).pk)
    enter_deal(actor, ctx.table.pk, ctx.table.version, facts(40, dealer(table(pairs, 2))),
               reason="missed deal", ctx=ctx)
    assert rows(pairs, 2)[1].result == "win"
    assert verify_championship(pairs.stage.championship) == []
