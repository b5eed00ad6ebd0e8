"""The closing page for a screen reader and the keyboard (issue 29, point 4): a refused
close at the top of the page, an alert that takes the focus; a refused decision puts the
cursor in its field at fault; every control of a table's form names its table."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from club.models import Table
from tests.factories import make_championship, make_club, make_round
from tests.helpers.closing import dealer, enter, facts, win_for

pytestmark = pytest.mark.django_db


class Elements(HTMLParser):
    """Every start tag of a page, in order: (tag, attributes)."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def index(self, predicate) -> int:
        return next(i for i, (tag, attrs) in enumerate(self.tags) if predicate(tag, attrs))


@pytest.fixture
def rnd(organiser):
    """Three tables: 1 finished, 2 in progress, 3 without a deal (2 and 3 need a decision)."""
    club = make_club("a11y", organiser=organiser)
    rnd = make_round(make_championship(club, entries=6))
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    enter(organiser, tables[0], win_for(0, tables[0]))
    enter(organiser, tables[1], facts(38, dealer(tables[1])))
    return rnd


def test_a_refused_close_is_an_alert_at_the_top_that_takes_the_focus(org_client, rnd):
    response = org_client.post(reverse("round-close", args=[rnd.pk]), {"remaining": ""})
    assert response.status_code == 400
    page = Elements(response.content.decode())
    refusal = page.index(lambda tag, a: a.get("id") == "refusal")
    attrs = page.tags[refusal][1]
    assert attrs.get("role") == "alert" and attrs.get("tabindex") == "-1"
    assert "autofocus" in attrs
    assert refusal < page.index(lambda tag, a: tag == "table")
    # the only element that asks for the focus, and it links to the tables at fault
    assert [a for _, a in page.tags if "autofocus" in a] == [attrs]
    links = [a.get("href") for _, a in page.tags[refusal:page.index(lambda t, a: t == "table")]]
    assert "#table-2" in links and "#table-3" in links


def test_a_page_without_refusal_has_no_alert_and_no_autofocus(org_client, rnd):
    html = org_client.get(reverse("round-closing", args=[rnd.pk])).content.decode()
    page = Elements(html)
    assert not [a for _, a in page.tags if "autofocus" in a or a.get("role") == "alert"]


def test_every_control_of_a_decision_form_names_its_table(org_client, rnd):
    page = Elements(org_client.get(reverse("round-closing", args=[rnd.pk])).content.decode())
    for number in (1, 2, 3):
        for name, words in (("decision", "Decision for table"),
                            ("side", "Side that forfeits at table"),
                            ("reason", "Reason for table")):
            attrs = page.tags[page.index(lambda t, a, n=f"t{number}-{name}": a.get("name") == n)][1]
            assert attrs.get("aria-label") == f"{words} {number}"
        form = page.index(lambda t, a, n=number: t == "form" and a.get("action", "").endswith(
            f"/closing/{n}/"))
        button = next(a for t, a in page.tags[form:] if t == "button")
        assert button.get("aria-label") == f"Record the decision for table {number}"


def test_a_refused_decision_puts_the_cursor_in_its_field_at_fault(org_client, rnd):
    response = org_client.post(reverse("round-table-decide", args=[rnd.pk, 3]),
                               {"t3-decision": "forfeit", "t3-side": "0", "t3-reason": ""})
    assert response.status_code == 400
    page = Elements(response.content.decode())
    focused = [a for _, a in page.tags if "autofocus" in a]
    assert len(focused) == 1
    field = focused[0]
    assert field.get("name") == "t3-reason" and field.get("aria-invalid") == "true"
    assert "id_t3-reason_error" in field.get("aria-describedby", "")
    assert field.get("aria-label") == "Reason for table 3"


def test_a_reopen_without_reason_puts_the_cursor_in_the_reason(org_client, rnd):
    org_client.post(reverse("round-close", args=[rnd.pk]), {"remaining": "not_played"})
    refused = org_client.post(reverse("round-reopen", args=[rnd.pk]), {"reason": ""})
    assert refused.status_code == 400
    page = Elements(refused.content.decode())
    # a field at fault: the cursor goes into it
    focused = [a for _, a in page.tags if "autofocus" in a]
    assert [a.get("name") for a in focused] == ["reason"]
