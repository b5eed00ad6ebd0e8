"""The pages of closing a round: the check (organisers only), a table's decision, the
close refused with 400 naming the tables, reopening; decisions shown on the round page,
the standings and the round's results."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import AuditEntry, Round, Table
from club.reports import data, documents
from tests.factories import make_club, make_round, make_user
from tests.helpers.closing import round_of_three_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def rnd(organiser):
    """Three tables of pairs: 1 finished, 2 in progress, 3 without a deal; public."""
    return round_of_three_tables(organiser, "pages")


def decide(client, rnd, number, **fields):
    data = {f"t{number}-{k}": v for k, v in fields.items()}
    return client.post(reverse("round-table-decide", args=[rnd.pk, number]), data)


def test_the_check_page_is_for_organisers(client, rnd):
    url = reverse("round-closing", args=[rnd.pk])
    assert client.get(url).status_code == 302 and "login" in client.get(url).url
    client.force_login(make_user("stranger"))
    make_club("elsewhere", organiser=make_user("other"))
    assert client.get(url).status_code == 403
    assert client.post(reverse("round-close", args=[rnd.pk])).status_code == 403
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED


def test_the_check_page_lists_every_table_state(org_client, rnd):
    page = org_client.get(reverse("round-closing", args=[rnd.pk]))
    assert page.status_code == 200
    states = {c.table.number: c.state for c in page.context["checks"]}
    assert states == {1: "finished", 2: "in_progress", 3: "no_deal"}
    html = page.content.decode()
    assert "in progress (deals, game not over)" in html and "no deal" in html
    assert page.context["missing"] == [2, 3]


def test_a_forfeit_without_a_reason_is_refused_next_to_the_reason(org_client, rnd):
    response = decide(org_client, rnd, 2, decision="forfeit", side="0", reason="")
    assert response.status_code == 400
    form = next(c.form for c in response.context["checks"] if c.table.number == 2)
    assert form.errors == {"reason": ["A forfeit or an average score needs a reason."]}
    assert Table.objects.get(round=rnd, number=2).decision == ""
    response = decide(org_client, rnd, 2, decision="forfeit", side="", reason="left")
    assert response.status_code == 400
    assert "side" in next(c.form for c in response.context["checks"]
                          if c.table.number == 2).errors
    assert decide(org_client, rnd, 2, decision="nonsense").status_code == 400
    assert decide(org_client, rnd, 2).status_code == 400  # nothing to withdraw
    assert not AuditEntry.objects.exists()


def test_the_close_is_refused_until_every_table_is_decided(org_client, rnd):
    close = reverse("round-close", args=[rnd.pk])
    refused = org_client.post(close)
    assert refused.status_code == 400
    assert "Tables 2, 3 need a decision" in refused.content.decode()
    assert decide(org_client, rnd, 2, decision="forfeit", side="1",
                  reason="side B walked out").status_code == 302
    assert decide(org_client, rnd, 3, decision="not_played").status_code == 302
    assert org_client.post(close).status_code == 302
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED and rnd.closed_by.username == "org"
    note = "Table 2: forfeit by Pair 4 — side B walked out"
    assert note in org_client.get(rnd.get_absolute_url()).content.decode()
    public = Client()
    assert note in public.get(rnd.get_absolute_url()).content.decode()
    standings = public.get(reverse("championship-standings", args=[rnd.stage.championship_id]))
    assert note in standings.content.decode()
    assert "Table 3: not played" in standings.content.decode()
    player = Table.objects.get(round=rnd, number=2).seats.get(position=1).player
    mine = public.get(reverse("player-detail", args=[player.pk])).content.decode()
    assert 'title="side B walked out">forfeit</span>' in mine
    lines = {line.number: line for line in documents.result_lines(data.round_results(rnd.pk)[0])}
    assert lines[2].result == "forfeit by B: side B walked out"
    assert lines[3].result == "not played" and lines[1].result == "A wins"


def test_closing_with_time_called_scores_the_rest_as_played(org_client, rnd):
    response = org_client.post(reverse("round-close", args=[rnd.pk]), {"remaining": "played"})
    assert response.status_code == 302
    assert Table.objects.get(round=rnd, number=2).decision == Table.Decision.PLAYED
    bad = org_client.post(reverse("round-close", args=[rnd.pk]), {"remaining": "forfeit"})
    assert bad.status_code == 400


def test_reopen_needs_a_reason_and_says_why_it_is_refused(org_client, rnd):
    org_client.post(reverse("round-close", args=[rnd.pk]), {"remaining": "not_played"})
    reopen = reverse("round-reopen", args=[rnd.pk])
    refused = org_client.post(reopen, {"reason": ""})
    assert refused.status_code == 400
    assert refused.context["reopen_form"].errors == {"reason": ["Say why the round is reopened."]}
    later = make_round(rnd.stage.championship, number=2, status=Round.Status.PUBLISHED)
    refused = org_client.post(reopen, {"reason": "misread sheet"})
    assert refused.status_code == 400
    assert "Round 2 of qualifying is already published" in refused.content.decode()
    Round.objects.filter(pk=later.pk).update(status=Round.Status.DRAFT)
    assert org_client.post(reopen, {"reason": "misread sheet"}).status_code == 302
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    # the decisions are kept and can be changed before closing again
    page = org_client.get(reverse("round-closing", args=[rnd.pk]))
    assert "Table 2: not played" in page.content.decode()
    assert decide(org_client, rnd, 2, decision="played").status_code == 302
