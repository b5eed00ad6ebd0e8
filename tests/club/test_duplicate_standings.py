"""The duplicate standings page: a two-direction Mitchell in two lists (North-South and
East-West, each with its percentages), a Howell in one; the CSV and XLSX exports (formula
text quoted, numbers numbers)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from club.models import DuplicatePair
from club.services.duplicate_travellers import enter_traveller
from tests.factories import make_user
from tests.helpers.duplicate import make_event
from tests.helpers.exports import PAYLOADS, check_csv, check_xlsx, column

pytestmark = pytest.mark.django_db


def play_all(event, seed: int = 5) -> None:
    rng = random.Random(seed)
    session = event.sessions.get()
    for table in session.tables.order_by("round", "number"):
        if table.sit_out:
            continue
        for board in table.boards:
            points = rng.choice([p for p in range(61) if p != 30])
            enter_traveller(None, session.pk, table.pk, board,
                            {"trump": "h", "points": points, "points_other": 60 - points})


def test_a_mitchell_shows_north_south_and_east_west_in_two_lists():
    event = make_event(pairs=10, movement="mitchell", per_round=1, public=True)
    play_all(event)
    page = Client().get(reverse("duplicate-standings", args=[event.pk]))
    assert page.status_code == 200
    lists = page.context["lists"]
    assert [direction for direction, _rows in lists] == [0, 1]
    north_south, east_west = (rows for _direction, rows in lists)
    assert sorted(row.pair.number for row in north_south) == [1, 2, 3, 4, 5]
    assert sorted(row.pair.number for row in east_west) == [6, 7, 8, 9, 10]
    for rows in (north_south, east_west):
        assert rows[0].rank == 1
        assert sum(row.percentage for row in rows) / 5 == pytest.approx(50, abs=0.01)
    html = page.content.decode()
    assert html.count("<table") == 2
    assert html.index("North-South") < html.index("East-West")
    # the datum ranking is split too
    page = Client().get(reverse("duplicate-standings", args=[event.pk]), {"by": "datum"})
    assert [direction for direction, _rows in page.context["lists"]] == [0, 1]


def test_a_howell_keeps_one_list():
    event = make_event(pairs=8, movement="howell", per_round=1, public=True)
    play_all(event)
    page = Client().get(reverse("duplicate-standings", args=[event.pk]))
    lists = page.context["lists"]
    assert len(lists) == 1 and lists[0][0] is None and len(lists[0][1]) == 8
    html = page.content.decode()
    assert html.count("<table") == 1 and "North-South" not in html


@pytest.fixture
def nasty_mitchell():
    organiser = make_user("org")
    event = make_event(pairs=10, movement="mitchell", per_round=1, public=True,
                       organiser=organiser)
    for pair, payload in zip(DuplicatePair.objects.filter(event=event).order_by("number"),
                             PAYLOADS, strict=False):
        pair.name = payload
        pair.save()
    play_all(event)
    client = Client()
    client.force_login(organiser)  # the stored names (the public sees initials)
    return event, client


def test_the_standings_export_as_csv_with_formula_text_quoted(nasty_mitchell):
    event, client = nasty_mitchell
    url = reverse("duplicate-standings", args=[event.pk])
    response = client.get(url, {"_export": "csv"})
    rows = check_csv(response)
    assert response["Content-Disposition"].endswith(f'duplicate-event-{event.pk}.csv"')
    assert rows[0][:4] == ["Direction", "Rank", "Pair", "Names"]
    assert column(rows, "Direction") == ["North-South"] * 5 + ["East-West"] * 5
    assert {int(n) for n in column(rows, "Pair")[:5]} == {1, 2, 3, 4, 5}
    percentages = [float(cell) for cell in column(rows, "%")]
    assert sum(percentages[:5]) / 5 == pytest.approx(50, abs=0.01)
    assert sum(percentages[5:]) / 5 == pytest.approx(50, abs=0.01)
    assert column(rows, "Rank")[0] == column(rows, "Rank")[5] == "1"


def test_the_csv_writes_the_figures_as_the_page_does_and_negative_ones_as_numbers(
        nasty_mitchell):
    """A negative datum is a number, not text quoted against formulas ('-5.6667 was); the
    figures have the page's places (336, not 336.0; the datum to one place)."""
    event, client = nasty_mitchell
    rows = check_csv(client.get(reverse("duplicate-standings", args=[event.pk]),
                                {"_export": "csv"}))
    datums = column(rows, "Datum")
    assert any(d.startswith("-") for d in datums)
    assert not any(d.startswith("'") for d in datums)
    assert all(len(d.split(".", 1)[1]) <= 1 for d in datums if "." in d)
    assert not any(mp.endswith(".0") for mp in column(rows, "MP"))


def test_the_standings_export_as_xlsx_numbers_stay_numbers(nasty_mitchell):
    event, client = nasty_mitchell
    rows = check_xlsx(client.get(reverse("duplicate-standings", args=[event.pk]),
                                 {"_export": "xlsx"}))
    assert len(rows) == 11
    for header in ("Rank", "Pair", "%", "MP", "Top", "Datum", "Boards"):
        assert all(isinstance(cell.value, (int, float)) for cell in column(rows, header)), header


def test_a_howell_exports_without_directions():
    event = make_event(pairs=8, movement="howell", per_round=1, public=True)
    play_all(event)
    rows = check_csv(Client().get(reverse("duplicate-standings", args=[event.pk]),
                                  {"_export": "csv"}), ())
    assert "Direction" not in rows[0] and len(rows) == 9


def test_only_csv_and_xlsx_and_the_page_links_them(nasty_mitchell):
    event, client = nasty_mitchell
    url = reverse("duplicate-standings", args=[event.pk])
    page = client.get(url, {"_export": "json"})
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert "_export=csv" in html and "_export=xlsx" in html
    # the datum ranking exports in its own order
    assert "by=datum&amp;_export=csv" in client.get(url, {"by": "datum"}).content.decode()
