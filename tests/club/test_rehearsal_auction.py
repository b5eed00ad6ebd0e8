"""``manage.py rehearse --game auction1|auction2|auction3``: a whole auction evening through
the same services as the web (draw, report job, the auction sheet's service, close, the
standings and exports), verified against the deals; its refusals name the option."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from club.models import Championship, Deal, DealChange, MatchResult, ReportJob, Round, Table
from club.services.auction_rehearsal import rehearse_auction
from club.services.verify import verify_championship
from club.sheets.kinds import AUCTION, kind_of
from scoring.auction import AuctionGame

# Transactional, as the partnership rehearsal's test: in CI's second pass a real worker
# renders the sheets and must see the committed rounds.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_an_auction2_evening_end_to_end():
    out = io.StringIO()
    call_command("rehearse", "--game", "auction2", "--players", "11", "--rounds", "2",
                 "--seed", "4", "--quiet", stdout=out)
    text = out.getvalue()
    champ = Championship.objects.get()
    assert kind_of(champ) is AUCTION and champ.rule_set.preset == "auction2"
    assert "tables 4-4-3" in text and "0 difference(s)" in text
    rounds = list(Round.objects.filter(stage__championship=champ).order_by("number"))
    assert [r.status for r in rounds] == ["closed", "closed"]
    rules = champ.rule_set.rules()
    expected = 0
    for table in Table.objects.filter(round__in=rounds):
        n = table.seats.count()
        expected += AuctionGame(rules, n).length
        assert MatchResult.objects.filter(table=table, finished=True).count() == n
    deals = Deal.objects.filter(table__round__stage__championship=champ)
    assert deals.count() == expected and f"{expected} deals entered" in text
    assert DealChange.objects.filter(table__round__stage__championship=champ).count() == expected
    assert verify_championship(champ) == []
    jobs = ReportJob.objects.filter(championship=champ, kind="sheets")
    assert jobs.count() == 2 and all(j.status == "done" for j in jobs)
    assert "6 score-sheet pages" in text


@pytest.mark.parametrize("game, size, sizes", [("auction1", 7, [7, 6]), ("auction3", 3, [3] * 4 + [4])])
def test_the_other_games_and_table_sizes(game, size, sizes):
    players = sum(sizes)
    result = rehearse_auction(players, 9, game=game, rounds=1, table_size=size)
    assert result.differences == 0 and result.deals > 0
    champ = Championship.objects.get(pk=result.championship_id)
    got = sorted((t.seats.count() for t in Table.objects.filter(round__stage__championship=champ)),
                 reverse=True)
    assert got == sorted(sizes, reverse=True)
    assert result.pages == len(sizes) and result.repeats == [0]


@pytest.mark.parametrize("args, message", [
    (["--players", "2"], "--players"),
    (["--table-size", "8"], "--table-size"),
    (["--table-size", "2"], "--table-size"),
    (["--rounds", "0"], "--rounds"),
])
def test_refusals_name_the_option(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("rehearse", "--game", "auction2", *args, "--quiet", stdout=io.StringIO())
    assert not Championship.objects.exists()


def test_the_same_seed_twice_is_refused_not_a_crash():
    call_command("rehearse", "--game", "auction2", "--players", "3", "--rounds", "1",
                 "--quiet", stdout=io.StringIO())
    with pytest.raises(CommandError, match="--seed"):
        call_command("rehearse", "--game", "auction2", "--players", "3", "--rounds", "1",
                     "--quiet", stdout=io.StringIO())
