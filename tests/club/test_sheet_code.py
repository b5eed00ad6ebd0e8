"""Players entering their own table by its code, only that table, only while it is open."""

import pytest

from club.models import Deal, DealChange, Round, Table
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    return sheet_table(organiser, self_entry=True, confirmation_required=True)


def code_url(table, suffix=""):
    return f"/sheet/{table.code}/{suffix}"


def test_players_enter_their_table_by_code(client, table):
    page = client.get(code_url(table))
    assert page.status_code == 200 and page.context["table"].pk == table.pk
    response = client.post(code_url(table), deal_data(table, points=41))
    assert response.status_code == 302 and response["Location"].startswith(code_url(table))
    deal = Deal.objects.get(table=table)
    assert deal.points == 41 and deal.entered_by is None
    change = DealChange.objects.get(table=table)
    assert change.by_code and change.user is None
    table.refresh_from_db()
    assert table.entered_by is None
    assert client.post(code_url(table, "deals/1/"), deal_data(table, points=42, dealer=0)
                       ).status_code == 302
    assert Deal.objects.get(table=table).points == 42


def test_a_code_reaches_only_its_own_table(client, table):
    other = Table.objects.filter(round=table.round).exclude(pk=table.pk).first()
    client.post(code_url(other), deal_data(other, points=38))
    before = snapshot(table)
    client.post(code_url(table), deal_data(table, points=45))
    assert list(Deal.objects.filter(table=other).values_list("points", flat=True)) == [38]
    assert client.get(url(other)).status_code == 302  # the id pages need a login
    assert client.get(f"/tables/{other.pk}/sheet/changes/").status_code == 302
    assert snapshot(table) != before
    assert client.get("/sheet/NO-SUCH-CODE/").status_code == 404


@pytest.mark.parametrize("change", ["closed", "draft", "no_self_entry", "blank"])
def test_no_code_access_when_the_table_is_not_open(client, table, change):
    if change in ("closed", "draft"):
        Round.objects.filter(pk=table.round_id).update(status=change)
    elif change == "no_self_entry":
        champ = table.round.stage.championship
        champ.self_entry = False
        champ.save()
    if change == "blank":
        Table.objects.filter(pk=table.pk).update(code="")
        assert client.get("/sheet//").status_code == 404
        return
    before = snapshot(table)
    assert client.get(code_url(table)).status_code == 404
    assert client.post(code_url(table), deal_data(table)).status_code == 404
    assert snapshot(table) == before


def test_players_cannot_confirm_or_change_a_confirmed_sheet(client, organiser, table):
    client.post(code_url(table), deal_data(table, points=38))
    assert client.post(code_url(table, "confirm/"), {"version": 1}).status_code == 404
    client.force_login(organiser)  # entered by the players: any organiser may confirm
    assert client.post(url(table, "confirm/"), {"version": 1}).status_code == 302
    client.logout()
    before = snapshot(table)
    response = client.post(code_url(table, "deals/1/"),
                           deal_data(table, points=40, dealer=0, reason="we misread"))
    assert response.status_code == 400 and "ask an organiser" in response.content.decode()
    assert snapshot(table) == before


def test_organiser_page_makes_a_code_when_missing(client, organiser, table):
    Table.objects.filter(pk=table.pk).update(code="")
    client.force_login(organiser)
    page = client.get(url(table))
    table.refresh_from_db()
    assert len(table.code) == 8 and f"/sheet/{table.code}/" in page.content.decode()
    assert client.get(url(table)).status_code == 200
    assert Table.objects.get(pk=table.pk).code == table.code  # made once, then kept
    client.logout()
    assert client.get(code_url(table)).status_code == 200
