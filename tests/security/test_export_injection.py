"""Exports never carry formulas (issue 13, point 2).

Every CSV and XLSX export (clubs, a club's members, standings, public ones read anonymously,
the change logs of a table and of a championship) with names and reasons a spreadsheet would
run: in the CSV each such text cell starts with ``'``; in the XLSX no cell is a formula and
the text is kept; numbers stay numbers in both.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Club, DealChange, Entry, Membership, Player, Table
from tests.factories import make_played_championship
from tests.helpers.exports import (
    PAYLOADS,
    check_csv,
    check_xlsx,
    column,
    is_number,
    xlsx_cells,
)

pytestmark = pytest.mark.django_db

@pytest.fixture
def nasty_club(organiser):
    club = Club.objects.create(name="=cmd|' /C calc'!A0", slug="nasty", town="@Gent")
    from club.models import ClubRole

    ClubRole.objects.create(user=organiser, club=club, role=ClubRole.Role.OWNER)
    for i, payload in enumerate(PAYLOADS):
        player = Player.objects.create(last_name=payload, first_name=f"First {i}",
                                       member_number=f"-{i}" if i else "=1+1")
        Membership.objects.create(club=club, player=player)
    return club


@pytest.fixture
def nasty_championship(organiser):
    """A public championship of six pairs after two rounds, the entries named after the
    payloads (a loser's points difference is negative)."""
    champ = make_played_championship(6, 2)
    from club.models import ClubRole

    ClubRole.objects.create(user=organiser, club=champ.club, role=ClubRole.Role.OWNER)
    champ.public = True
    champ.save(update_fields=["public"])
    for entry, payload in zip(Entry.objects.filter(championship=champ).order_by("pk"), PAYLOADS,
                              strict=True):
        entry.name = payload
        entry.save(update_fields=["name"])
    table = Table.objects.filter(round__stage__championship=champ).order_by("pk").first()
    for i, payload in enumerate(PAYLOADS):
        DealChange.objects.create(table=table, deal_number=i + 1, action="edited",
                                  reason=payload, old={"points": 30}, new={"points": 31})
    return champ


def test_members_csv_quotes_formula_text(org_client, nasty_club):
    client = org_client  # member numbers are in the organisers' export only
    rows = check_csv(client.get(reverse("club-detail", args=[nasty_club.slug]),
                                {"_export": "csv"}), (*PAYLOADS, "=1+1", "-1"))
    assert "'-1" in column(rows, "Member number")


def test_members_xlsx_has_no_formula(org_client, nasty_club):
    client = org_client
    rows = check_xlsx(client.get(reverse("club-detail", args=[nasty_club.slug]),
                                 {"_export": "xlsx"}), (*PAYLOADS, "=1+1", "-1"))
    assert {c.data_type for c in column(rows, "Member number")} == {"s"}


def test_club_list_exports_quote_the_name_and_keep_the_count_a_number(client, nasty_club):
    rows = check_csv(client.get(reverse("club-list"), {"_export": "csv"}),
                     ("=cmd|' /C calc'!A0", "@Gent"))
    assert column(rows, "Active members") == ["6"]
    rows = check_xlsx(client.get(reverse("club-list"), {"_export": "xlsx"}),
                      ("=cmd|' /C calc'!A0", "@Gent"))
    members = column(rows, "Active members")
    assert [(c.value, c.data_type) for c in members] == [(6, "n")]


def test_public_standings_csv_for_anonymous_quotes_names_not_numbers(client, nasty_championship):
    rows = check_csv(client.get(reverse("championship-standings", args=[nasty_championship.pk]),
                                {"_export": "csv"}))
    ranks = column(rows, "Rank")
    assert ranks and all(r.isdigit() for r in ranks)
    # a loser's negative points difference stays a bare number, never quoted
    negative = [d for row in rows[1:] for d in row if d.startswith("-")]
    assert negative and all(is_number(d) for d in negative), negative
    assert not any(cell.startswith("'") and is_number(cell[1:]) and cell[1:] not in PAYLOADS
                   for row in rows for cell in row)


def test_public_standings_xlsx_for_anonymous_numbers_stay_numbers(client, nasty_championship):
    rows = check_xlsx(client.get(reverse("championship-standings",
                                         args=[nasty_championship.pk]), {"_export": "xlsx"}))
    assert {c.data_type for c in column(rows, "Rank")} == {"n"}
    negative = [c for row in rows[1:] for c in row
                if isinstance(c.value, (int, float)) and c.value < 0]
    assert negative and {c.data_type for c in negative} == {"n"}


def test_stage_standings_export_is_safe_too(client, nasty_championship):
    check_csv(client.get(reverse("championship-standings", args=[nasty_championship.pk]),
                         {"_export": "csv", "stage": 1}))


def test_championship_change_log_exports(org_client, nasty_championship):
    url = reverse("championship-sheet-changes", args=[nasty_championship.pk])
    rows = check_csv(org_client.get(url, {"_export": "csv"}))
    assert sorted(column(rows, "Deal")) == [str(n) for n in range(1, len(PAYLOADS) + 1)]
    rows = check_xlsx(org_client.get(url, {"_export": "xlsx"}))
    assert {c.data_type for c in column(rows, "Deal")} == {"n"}


def test_table_change_log_exports(org_client, nasty_championship):
    table = DealChange.objects.first().table
    url = reverse("table-sheet-changes", args=[table.pk])
    check_csv(org_client.get(url, {"_export": "csv"}))
    check_xlsx(org_client.get(url, {"_export": "xlsx"}))


@pytest.mark.parametrize("fmt", ["tsv", "xls", "ods", "json", "yaml", "latex"])
def test_only_csv_and_xlsx_are_exported(client, nasty_club, nasty_championship, fmt):
    """Formats the pages do not offer (tsv would carry the formulas as they are) show the
    page instead of a file."""
    for url in (reverse("club-detail", args=[nasty_club.slug]),
                reverse("championship-standings", args=[nasty_championship.pk])):
        response = client.get(url, {"_export": fmt})
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/html")


def test_control_characters_do_not_break_the_xlsx(client, nasty_club):
    Player.objects.filter(memberships__club=nasty_club, last_name="+1").update(
        last_name="bell\x07 and vertical tab\x0b")
    rows = xlsx_cells(client.get(reverse("club-detail", args=[nasty_club.slug]),
                                 {"_export": "xlsx"}))
    assert "bell\ufffd and vertical tab\ufffd" in {c.value for row in rows for c in row}
