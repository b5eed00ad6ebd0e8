"""A championship's sheet changes export as a club's members do (issue 27, break 1's rest):
the CSV streams every row as it is read, the XLSX is refused beyond the rows one may hold
(``TROEF_CLUB_MAX_MEMBERS``), the page then saying so and offering the CSV."""

from __future__ import annotations

import pytest
from django.http import StreamingHttpResponse

from club.models import DealChange
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def changes(client):
    organiser = make_user("changes-org")
    club = make_club("changes-club", organiser=organiser)
    championship = make_championship(club, entries=4)
    table = make_round(championship).tables.first()
    DealChange.objects.bulk_create(
        DealChange(table=table, deal_number=n, action="entered", user=organiser,
                   new={"points": 30}, reason=f"reason {n:03d}") for n in range(1, 13))
    client.force_login(organiser)
    return f"/championships/{championship.pk}/sheet-changes/"


def test_the_csv_streams_every_change(client, changes, settings):
    settings.TROEF_CLUB_MAX_MEMBERS = 5
    answer = client.get(f"{changes}?_export=csv")
    assert answer.status_code == 200 and isinstance(answer, StreamingHttpResponse)
    text = b"".join(answer.streaming_content).decode("utf-8-sig")
    assert all(f"reason {n:03d}" in text for n in range(1, 13))


def test_an_xlsx_beyond_the_bound_is_refused_naming_it(client, changes, settings):
    settings.TROEF_CLUB_MAX_MEMBERS = 5
    answer = client.get(f"{changes}?_export=xlsx", follow=True)
    assert answer.redirect_chain and answer.redirect_chain[0][0] == changes
    page = answer.content.decode()
    assert "12 rows" in page and "TROEF_CLUB_MAX_MEMBERS" in page and "CSV" in page


def test_an_xlsx_within_the_bound_is_made(client, changes, settings):
    settings.TROEF_CLUB_MAX_MEMBERS = 12
    answer = client.get(f"{changes}?_export=xlsx")
    assert answer.status_code == 200 and answer.content[:2] == b"PK"
