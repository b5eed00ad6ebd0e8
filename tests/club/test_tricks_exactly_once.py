"""A deal saved trick by trick is stored once (issue 26): the tricks page's form carries a
key made when the page renders (the hidden field ``key``), as the sheet page's forms do. A
browser that sends the same post again (its answer was lost) gets the first answer, the sheet
at the deal said saved; the key with another play is refused and stores nothing."""

import re

import pytest

from club.models import Deal, DealChange, IdempotentRequest
from tests.helpers.sheets import post_tricks, random_play, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    return sheet_table(organiser)


def tricks_data(table, text, **fields):  # deal 1 (its dealer is seat 0); deal 2: dealer=1
    table.refresh_from_db()
    data = {"version": table.version, "dealer": 0, "trump": "h", "doubling": 1, "play": text}
    data.update(fields)
    return data


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_the_tricks_page_puts_a_fresh_key_in_its_form(org_client, table):
    keys = []
    for _ in range(2):
        page = org_client.get(url(table, "tricks/")).content.decode()
        found = re.search(r'<input type="hidden" name="key" value="([^"]+)"', page)
        assert found, "the tricks form has no key"
        keys.append(found.group(1))
    assert keys[0] != keys[1] and len(keys[0]) >= 16


def test_a_resent_play_is_stored_once_and_answered_as_saved(org_client, table):
    text, _ = random_play(1)
    data = tricks_data(table, text, key="tricks-one")
    first = org_client.post(url(table, "tricks/"), data)
    assert first.status_code == 302, first.content.decode()[:1500]
    before = snapshot(table)
    again = org_client.post(url(table, "tricks/"), data, follow=True)  # sent again, stale
    assert again.status_code == 200
    assert again.redirect_chain[-1][0].endswith(f"{url(table)}#deal-1")
    assert any("sent twice and counts once" in m for m in messages_of(again))
    assert snapshot(table) == before
    assert Deal.objects.filter(table=table).count() == 1
    assert DealChange.objects.filter(table=table).count() == 1
    assert IdempotentRequest.objects.count() == 1


def test_the_key_of_a_saved_play_with_another_play_is_refused(org_client, table):
    text, _ = random_play(1)
    other, _ = random_play(2)
    assert org_client.post(url(table, "tricks/"), tricks_data(table, text, key="once")
                           ).status_code == 302
    before = snapshot(table)
    response = post_tricks(org_client, table, other, dealer=1, key="once")
    assert response.status_code == 422
    assert "nothing was saved" in response.content.decode()
    assert snapshot(table) == before
    assert Deal.objects.filter(table=table).count() == 1
    new_key = re.search(r'<input type="hidden" name="key" value="([^"]+)"',
                        response.content.decode()).group(1)
    assert new_key != "once"  # saving it again from the refused page works
    assert post_tricks(org_client, table, other, dealer=1, key=new_key).status_code == 302
    assert Deal.objects.filter(table=table).count() == 2


def test_a_resent_replacement_is_applied_once(org_client, table):
    text, _ = random_play(1)
    other, _ = random_play(3)
    assert post_tricks(org_client, table, text, key="entry").status_code == 302
    data = tricks_data(table, other, key="replace")
    first = org_client.post(url(table, "tricks/?deal=1"), data)
    assert first.status_code == 302
    before = snapshot(table)
    again = org_client.post(url(table, "tricks/?deal=1"), data, follow=True)
    assert again.redirect_chain[-1][0].endswith(f"{url(table)}#deal-1")
    assert any("sent twice and counts once" in m for m in messages_of(again))
    assert snapshot(table) == before
    assert DealChange.objects.filter(table=table, action="edited").count() == 1
    # the same key for the next deal is another address's key: not a replay
    assert post_tricks(org_client, table, other, dealer=1, key="replace").status_code == 302
    assert Deal.objects.filter(table=table).count() == 2


def test_a_refused_play_stores_no_key(org_client, table):
    response = post_tricks(org_client, table, "not cards at all", key="bad")
    assert response.status_code == 400
    assert not Deal.objects.exists() and not IdempotentRequest.objects.exists()
    text, _ = random_play(1)
    assert post_tricks(org_client, table, text, key="bad").status_code == 302


def test_a_play_without_key_still_saves(org_client, table):
    text, _ = random_play(1)
    assert post_tricks(org_client, table, text).status_code == 302
    assert Deal.objects.count() == 1 and not IdempotentRequest.objects.exists()


def test_an_unusable_key_is_refused(org_client, table):
    text, _ = random_play(1)
    response = post_tricks(org_client, table, text, key="x" * 300)
    assert response.status_code == 400 and not Deal.objects.exists()
