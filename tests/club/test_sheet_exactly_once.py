"""A deal typed once is stored once (issue 26): the sheet page's form carries a key made
when the deal is typed (the hidden field ``key``). A browser that sends the same post again
(its answer was lost) gets the first answer, the deal shown saved, not a conflict; another
deal on a moved sheet is still a conflict; the key of a saved deal with another deal is
refused and stores nothing. The same on the players' code pages and for a correction."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import Deal, DealChange, IdempotentRequest, MatchResult
from club.services.once import sweep
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    return sheet_table(organiser)


@pytest.fixture
def code_table(organiser):
    return sheet_table(organiser, self_entry=True, slug="codes")


def code_url(table, suffix=""):
    return f"/sheet/{table.code}/{suffix}"


def totals(table):
    return tuple(r.points_for for r in MatchResult.objects.filter(table=table).order_by("side"))


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_the_page_puts_a_fresh_key_in_its_form(org_client, table):
    keys = []
    for _ in range(2):
        page = org_client.get(url(table)).content.decode()
        found = re.search(r'<input type="hidden" name="key" value="([^"]+)"', page)
        assert found, "the entry form has no key"
        keys.append(found.group(1))
    assert keys[0] != keys[1] and len(keys[0]) >= 16


def test_a_resent_deal_is_stored_once_and_answered_as_saved(org_client, table):
    data = deal_data(table, points=38, key="deal-one")
    first = org_client.post(url(table), data)
    assert first.status_code == 302
    assert totals(table) == (8, 0)
    before = snapshot(table)
    again = org_client.post(url(table), data, follow=True)  # the browser sends it again
    assert again.status_code == 200
    assert again.redirect_chain[-1][0].endswith(f"{url(table)}#deal-1")
    assert any("saved" in m for m in messages_of(again))
    assert snapshot(table) == before
    assert Deal.objects.filter(table=table).count() == 1 and totals(table) == (8, 0)


def test_a_resent_deal_answers_its_json_again(org_client, table):
    data = deal_data(table, points=38, key="deal-json")
    first = org_client.post(url(table), data, HTTP_ACCEPT="application/json")
    again = org_client.post(url(table), data, HTTP_ACCEPT="application/json")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"ok": True, "number": 1, "version": 1}
    assert Deal.objects.filter(table=table).count() == 1


def test_another_deal_on_a_moved_sheet_is_still_a_conflict(org_client, table):
    org_client.post(url(table), deal_data(table, points=38, key="first"))
    before = snapshot(table)
    response = org_client.post(url(table), deal_data(table, version=0, points=44, key="second"))
    assert response.status_code == 409
    assert snapshot(table) == before


def test_the_key_of_a_saved_deal_with_another_deal_is_refused(org_client, table):
    org_client.post(url(table), deal_data(table, points=38, key="typed-once"))
    before = snapshot(table)
    for version in (0, 1):  # stale or current: the key belongs to another deal
        response = org_client.post(url(table), deal_data(table, version=version, points=44,
                                                          key="typed-once"))
        assert response.status_code == 422
        assert "nothing was saved" in response.content.decode()
        assert snapshot(table) == before
        new_key = response.context["entry_key"]
        assert new_key and new_key != "typed-once"  # saving it again without script works
    assert org_client.post(url(table), deal_data(table, points=44, key=new_key)
                           ).status_code == 302
    assert Deal.objects.filter(table=table).count() == 2


def test_a_resent_correction_is_applied_once(org_client, table):
    org_client.post(url(table), deal_data(table, points=38, key="entry"))
    data = deal_data(table, points=40, dealer=0, key="correction")
    first = org_client.post(url(table, "deals/1/"), data)
    assert first.status_code == 302
    before = snapshot(table)
    again = org_client.post(url(table, "deals/1/"), data, follow=True)
    assert again.status_code == 200
    assert again.redirect_chain[-1][0].endswith(f"{url(table)}#deal-1")
    assert any("saved" in m for m in messages_of(again))
    assert snapshot(table) == before
    assert DealChange.objects.filter(table=table, action="edited").count() == 1
    # the same key on the entry form is another form's key: not a replay of the correction
    assert org_client.post(url(table), deal_data(table, points=44, key="correction")
                           ).status_code == 302
    assert Deal.objects.filter(table=table).count() == 2


def test_players_code_page_stores_a_resent_deal_once(client, code_table):
    data = deal_data(code_table, points=41, key="phone-key")
    assert client.post(code_url(code_table), data).status_code == 302
    again = client.post(code_url(code_table), data)
    assert again.status_code == 302
    assert again["Location"].endswith(f"{code_url(code_table)}#deal-1")
    assert Deal.objects.filter(table=code_table).count() == 1
    other = client.post(code_url(code_table), deal_data(code_table, points=50, key="phone-key"))
    assert other.status_code == 422 and Deal.objects.filter(table=code_table).count() == 1
    stale = client.post(code_url(code_table), deal_data(code_table, version=0, points=50,
                                                         key="other-key"))
    assert stale.status_code == 409 and Deal.objects.filter(table=code_table).count() == 1


def test_a_page_key_is_kept_for_the_api_retention_then_swept(org_client, table):
    org_client.post(url(table), deal_data(table, points=38, key="old"))
    assert IdempotentRequest.objects.count() == 1
    IdempotentRequest.objects.update(created=timezone.now() - timedelta(days=8))
    assert sweep() == 1


def test_a_post_without_key_still_saves(org_client, table):
    assert org_client.post(url(table), deal_data(table, points=38)).status_code == 302
    assert Deal.objects.filter(table=table).count() == 1 and not IdempotentRequest.objects.exists()


def test_an_unusable_key_is_refused(org_client, table):
    response = org_client.post(url(table), deal_data(table, points=38, key="x" * 300))
    assert response.status_code == 400 and not Deal.objects.exists()
