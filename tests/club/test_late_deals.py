"""Nothing dropped at closing (issue 26): a deal that reaches a closed round waits in the
round's late-deals list; the organiser applies it after reopening (through the sheet's own
entry, with its checks) or discards it with a reason, both in the audit trail; the closing
check page shows when each table's code page last reported and how many deals it had
waiting."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from club.models import AuditEntry, Deal, DealChange, LateDeal, Round, Table
from club.services import late_deals
from club.services.closing import close_round, reopen_round
from club.services.verify import verify_championship
from tests.factories import make_club, make_user
from tests.helpers.closing import dealer, enter, facts
from tests.helpers.sheets import deal_data, sheet_table, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    """Table 1 of a published self-entry round, one deal entered."""
    table = sheet_table(organiser, self_entry=True, slug="late-club")
    enter(organiser, table, facts(38, dealer(table)))
    return Table.objects.get(pk=table.pk)


def send_late(table, key="phone-1", **deal):
    """The phone's queue sends its next deal by the table's code, after the close."""
    body = {"dealer": dealer(table), "trump": "c", "points": 40, "version": 1, **deal}
    answer = APIClient().post(f"/api/sheet/{table.code}/deals/", body, format="json",
                              HTTP_IDEMPOTENCY_KEY=key)
    assert answer.status_code == 202, answer.content
    return LateDeal.objects.get(pk=answer.json()["id"])


def closed(table, organiser):
    close_round(table.round, organiser, remaining="played")
    return Table.objects.get(pk=table.pk)


def reopened(table, organiser):
    reopen_round(Round.objects.get(pk=table.round_id), organiser, "late deal from table 1")
    return Table.objects.get(pk=table.pk)


def list_url(table):
    return f"/rounds/{table.round_id}/late-deals/"


def test_close_late_reopen_apply_stores_the_deal_once(client, organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    client.force_login(organiser)
    page = client.get(list_url(table)).content.decode()
    assert "Table 1" in page and "40" in page and "waiting" in page
    assert "Reopen the round to apply it" in page
    # applying while the round is closed is refused, with the reason
    before = snapshot(table)
    refused = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version})
    assert refused.status_code == 400
    assert "reopen the round to apply a late deal" in refused.content.decode()
    assert snapshot(table) == before and LateDeal.objects.get().state == "waiting"
    table = reopened(table, organiser)
    applied = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version})
    assert applied.status_code == 302
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [(d.number, d.points, d.trump) for d in deals] == [(1, 38, "h"), (2, 40, "c")]
    late.refresh_from_db()
    assert late.state == "applied" and late.number == 2 and late.decided_by == organiser
    entry = AuditEntry.objects.get(action="late_deal.applied")
    assert entry.detail["late_deal"] == late.pk and entry.detail["table"] == table.pk
    assert verify_championship(table.round.stage.championship) == []
    # a second apply, or the phone sending it again: still once
    again = client.post(f"/late-deals/{late.pk}/apply/",
                        {"version": Table.objects.get(pk=table.pk).version})
    assert again.status_code == 400 and "already applied" in again.content.decode()
    replay = APIClient().post(f"/api/sheet/{table.code}/deals/", late.sent, format="json",
                              HTTP_IDEMPOTENCY_KEY="phone-1")
    assert replay.status_code == 202 and replay.json()["id"] == late.pk
    assert Deal.objects.filter(table=table).count() == 2 and LateDeal.objects.count() == 1
    assert verify_championship(table.round.stage.championship) == []


def test_applying_on_a_moved_sheet_is_a_conflict_shown(client, organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    table = reopened(table, organiser)
    client.force_login(organiser)
    before = snapshot(table)
    stale = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version - 1})
    assert stale.status_code == 409
    assert "changed by someone else" in stale.content.decode()
    assert snapshot(table) == before and LateDeal.objects.get().state == "waiting"


def test_applying_a_deal_out_of_turn_shows_the_sheets_refusal(client, organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    table = reopened(table, organiser)
    enter(organiser, table, facts(30, dealer(table)))  # typed by hand meanwhile
    table = Table.objects.get(pk=table.pk)
    client.force_login(organiser)
    before = snapshot(table)
    refused = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version})
    assert refused.status_code == 400 and "dealer" in refused.content.decode().lower()
    assert snapshot(table) == before and LateDeal.objects.get().state == "waiting"


def test_discarding_needs_a_reason_and_is_audited(client, organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    client.force_login(organiser)
    blank = client.post(f"/late-deals/{late.pk}/discard/", {"reason": "   "})
    assert blank.status_code == 400
    assert "Say why the late deal is discarded" in blank.content.decode()
    assert LateDeal.objects.get().state == "waiting"
    assert not AuditEntry.objects.filter(action="late_deal.discarded").exists()
    done = client.post(f"/late-deals/{late.pk}/discard/", {"reason": "typed twice"})
    assert done.status_code == 302
    late.refresh_from_db()
    assert late.state == "discarded" and late.reason == "typed twice"
    assert late.decided_by == organiser and late.decided_at is not None
    entry = AuditEntry.objects.get(action="late_deal.discarded")
    assert entry.reason == "typed twice" and entry.detail["late_deal"] == late.pk
    assert not Deal.objects.filter(table=table, number=2).exists()
    page = client.get(list_url(table)).content.decode()
    assert "discarded" in page and "typed twice" in page


def test_erasing_a_player_scrubs_their_name_from_a_discarded_late_deal(client, organiser,
                                                                       table):
    """Issue 27 break 5: the organiser's reason for discarding a late deal is free text
    like a correction's; erasing a player named in it scrubs the name (it was left)."""
    from club.services.privacy import anonymise_player

    player = table.seats.order_by("position").first().player
    table = closed(table, organiser)
    late = send_late(table)
    client.force_login(organiser)
    reason = f"{player.full_name} sent it twice"
    assert client.post(f"/late-deals/{late.pk}/discard/", {"reason": reason}).status_code == 302
    anonymise_player(organiser, player, "asked by e-mail")
    late.refresh_from_db()
    assert player.last_name not in late.reason
    assert late.reason == f"Anonymous player {player.pk} sent it twice"


def test_the_service_refuses_what_the_page_refuses(organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    with pytest.raises(late_deals.LateRefused) as refused:
        late_deals.apply(organiser, late, table.version)
    assert refused.value.field == "__all__"
    with pytest.raises(late_deals.LateRefused) as refused:
        late_deals.discard(organiser, late, "x" * 301)
    assert refused.value.field == "reason"
    late_deals.discard(organiser, late, "typed twice")
    with pytest.raises(late_deals.LateRefused, match="already discarded"):
        late_deals.discard(organiser, late, "again")


def test_another_clubs_organiser_neither_sees_nor_acts(client, organiser, table):
    table = closed(table, organiser)
    late = send_late(table)
    other = make_user("late-other")
    make_club("late-other-club", organiser=other)
    client.force_login(other)
    assert client.get(list_url(table)).status_code == 404
    assert client.post(f"/late-deals/{late.pk}/discard/", {"reason": "mine"}).status_code == 404
    assert client.post(f"/late-deals/{late.pk}/apply/", {"version": 1}).status_code == 404
    assert LateDeal.objects.get().state == "waiting"
    client.logout()
    assert client.get(list_url(table)).status_code == 302  # to the login page
    assert client.post(f"/late-deals/{late.pk}/discard/", {"reason": "x"}).status_code == 302
    assert LateDeal.objects.get().state == "waiting"


def test_the_closing_page_shows_each_tables_last_report(client, organiser, table):
    at = timezone.now() - timedelta(minutes=3)
    Table.objects.filter(pk=table.pk).update(reported_at=at, reported_waiting=2)
    client.force_login(organiser)
    page = client.get(f"/rounds/{table.round_id}/closing/").content.decode()
    assert "2 deals waiting" in page
    assert timezone.localtime(at).strftime("%H:%M") in page
    assert "never reported" in page  # table 2's code page never asked
    table = closed(table, organiser)
    send_late(table)
    for address in (f"/rounds/{table.round_id}/closing/", f"/rounds/{table.round_id}/"):
        page = client.get(address).content.decode()
        assert "1 deal waits for the organiser: it is not on the sheet" in page, address
        assert list_url(table) in page, address


def test_the_round_page_tells_the_public_nothing_of_late_deals(client, organiser, table):
    from club.models import Championship

    Championship.objects.filter(pk=table.round.stage.championship_id).update(public=True)
    table = closed(table, organiser)
    send_late(table)
    page = client.get(f"/rounds/{table.round_id}/").content.decode()
    assert "late deal" not in page and list_url(table) not in page
    assert "waiting for the organiser" not in page


def test_the_code_pages_form_sent_again_after_the_close_answers_saved(client, organiser,
                                                                      table):
    """The players' sheet page saved a deal; its answer was lost; the round closed; the
    browser sends the same post again: the first answer (saved once), not the closed
    round's 404. A new deal on the closed round's page is still refused (404)."""
    data = deal_data(table, points=41, key="page-key")
    assert client.post(f"/sheet/{table.code}/", data).status_code == 302
    table = closed(table, organiser)
    after = snapshot(table)
    again = client.post(f"/sheet/{table.code}/", data, HTTP_ACCEPT="application/json")
    assert again.status_code == 200 and again.json()["number"] == 2
    assert again.json()["closed"] is True  # the phone stays: no sheet to go back to
    page = client.post(f"/sheet/{table.code.lower()}/", data, follow=True)
    assert page.status_code == 200
    assert "Deal 2 is saved: it was sent twice and counts once." in page.content.decode()
    assert client.post(f"/sheet/{table.code}/", {**data, "key": "new-key"}).status_code == 404
    assert client.post(f"/sheet/{table.code}/", {**data, "points": 42}).status_code == 404
    assert snapshot(table) == after and not LateDeal.objects.exists()


# -- "send to the organiser": the phone's deal whose dealer order cannot hold, round open --

def send_to_organiser(table, key="phone-org", **deal):
    """The phone's conflict panel sends a waiting deal to the organiser (the round open)."""
    body = {"dealer": dealer(table), "trump": "c", "points": 40, "version": table.version,
            **deal}
    answer = APIClient().post(f"/api/sheet/{table.code}/deals/", body, format="json",
                              HTTP_IDEMPOTENCY_KEY=key, HTTP_X_TROEF_TO_ORGANISER="1")
    assert answer.status_code == 202, answer.content
    return LateDeal.objects.get(pk=answer.json()["id"])


def test_an_open_rounds_deal_for_the_organiser_is_listed_and_applied_once(client, organiser,
                                                                           table):
    late = send_to_organiser(table)
    assert Table.objects.get(pk=table.pk).round.status == "published"
    client.force_login(organiser)
    round_page = client.get(f"/rounds/{table.round_id}/").content.decode()
    assert "1 deal waits for the organiser: it is not on the sheet" in round_page
    assert list_url(table) in round_page
    page = client.get(list_url(table)).content.decode()
    assert "Deals waiting for the organiser" in page
    assert "Sent to the organiser" in page and "from the table's code page" in page
    assert "Table 1" in page and "40" in page
    assert f'action="/late-deals/{late.pk}/apply/"' in page  # no reopening needed
    assert "Reopen the round to apply it" not in page
    applied = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version})
    assert applied.status_code == 302, applied.content.decode()
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [(d.number, d.points, d.trump) for d in deals] == [(1, 38, "h"), (2, 40, "c")]
    late.refresh_from_db()
    assert late.state == "applied" and late.number == 2
    assert AuditEntry.objects.filter(action="late_deal.applied").count() == 1
    # the sheet's history says how it came (review: "received after the round closed")
    entered = DealChange.objects.get(table=table, deal_number=2)
    assert entered.reason.startswith("Sent to the organiser by a phone")
    assert verify_championship(table.round.stage.championship) == []
    again = client.post(f"/late-deals/{late.pk}/apply/",
                        {"version": Table.objects.get(pk=table.pk).version})
    assert again.status_code == 400 and "already applied" in again.content.decode()
    assert Deal.objects.filter(table=table).count() == 2
    page = client.get(list_url(table)).content.decode()
    assert "Applied as deal 2" in page
    assert "deal waits for the organiser" not in client.get(
        f"/rounds/{table.round_id}/").content.decode()


def test_an_open_rounds_deal_out_of_turn_is_refused_then_discarded(client, organiser, table):
    late = send_to_organiser(table, dealer=(dealer(table) + 2) % 4)
    client.force_login(organiser)
    before = snapshot(table)
    refused = client.post(f"/late-deals/{late.pk}/apply/", {"version": table.version})
    assert refused.status_code == 400 and "dealer" in refused.content.decode().lower()
    assert snapshot(table) == before and LateDeal.objects.get().state == "waiting"
    done = client.post(f"/late-deals/{late.pk}/discard/", {"reason": "dealt out of turn"})
    assert done.status_code == 302
    assert LateDeal.objects.get().state == "discarded" and snapshot(table) == before
    assert verify_championship(table.round.stage.championship) == []


def test_a_closed_rounds_code_on_the_page_is_not_a_missed_code(client, organiser, table):
    """Phones still on a closed round's sheet are not counted as guessing codes: the hall's
    one address is never held back for them (review: the API did not count them, the page
    did)."""
    from club import table_codes, throttle

    table = closed(table, organiser)
    for _ in range(3):
        assert client.get(f"/sheet/{table.code}/").status_code == 404
    assert throttle.count(table_codes.MISSES, "127.0.0.1") == 0
    assert client.get("/sheet/NOPE9999/").status_code == 404  # a wrong code still counts
    assert throttle.count(table_codes.MISSES, "127.0.0.1") == 1
