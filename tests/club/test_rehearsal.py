"""The rehearsal at a small size, in both CI passes (in-process tasks, then PostgreSQL with
the real worker rendering the PDFs): every stage played, every deal through the sheet
service, every PDF made."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.models import Championship, Deal, DealChange, MatchResult, ReportJob, Round, Stage

# serialized_rollback like every transactional test of the suite: a plain one re-creates
# the content types on flush, and a serialized one after it would restore them twice.
pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_rehearse_64_players_end_to_end():
    out = io.StringIO()
    call_command("rehearse", "--players", "64", "--seed", "7", "--quiet", stdout=out)
    championship = Championship.objects.get()
    stages = list(championship.stages.order_by("number"))
    assert [s.kind for s in stages] == [Stage.Kind.QUALIFYING, Stage.Kind.SEMI_FINAL,
                                        Stage.Kind.FINAL]
    assert [s.entries.count() for s in stages] == [64, 16, 4]
    assert not Round.objects.exclude(status=Round.Status.CLOSED).exists()
    deals = Deal.objects.count()
    # every deal went through the sheet service: each has its audit row and its author
    assert deals > 300
    assert DealChange.objects.filter(action="entered").count() == deals
    assert not Deal.objects.filter(entered_by=None).exists()
    assert MatchResult.objects.filter(finished=True).count() == 64 * 3 + 16 + 4
    jobs = ReportJob.objects.all()
    assert jobs.filter(kind="sheets", status="done").count() == 5
    assert jobs.filter(kind="standings", status="done").exists()
    assert not jobs.exclude(status="done").exists()
    text = out.getvalue()
    assert "final: enter deals" in text and f"{deals} deals entered" in text


def test_rehearse_refuses_a_field_too_small():
    with pytest.raises(CommandError, match="--players"):
        call_command("rehearse", "--players", "8", stdout=io.StringIO())


@pytest.mark.parametrize("players", [16, 20, 36])
def test_every_accepted_field_size_plays_through(players):
    """``--players 16`` crashed in the final ("Too few active players to draw a table"):
    a semi-final of two tables sent two winners to a final that needs four."""
    out = io.StringIO()
    call_command("rehearse", "--players", str(players), "--qualifying", "1", "--quiet",
                 stdout=out)
    final = Stage.objects.get(kind=Stage.Kind.FINAL)
    assert final.entries.count() == 4
    assert final.rounds.get().status == Round.Status.CLOSED
    verified = io.StringIO()
    call_command("verify_results", stdout=verified)
    assert "0 difference(s)" in verified.getvalue()


def test_rehearse_refuses_a_semi_final_too_small():
    with pytest.raises(CommandError, match="--semi"):
        call_command("rehearse", "--players", "64", "--semi", "12", stdout=io.StringIO())
