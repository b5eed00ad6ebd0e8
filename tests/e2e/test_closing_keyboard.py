"""A round closed after a refusal, by keyboard only (issue 29): Tab to "Close the round",
Enter; the refusal takes the focus at the top of the page and links the tables without a
decision; Enter on "table 2" goes there, the arrow keys choose "not played", Enter records
it; the same for table 3; then Tab back to "Close the round", Enter: the round is closed."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.keys import Keys

from club.models import Round, Table
from tests.factories import make_user
from tests.helpers.browser import active, wait
from tests.helpers.closing import round_of_three_tables

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# what the focused element is, in one read: its tag, name, the id of its table's row, the
# form's action, its text
WHERE = """
var e = document.activeElement, row = e.closest("tr"), form = e.form || e.closest("form");
return {tag: e.tagName.toLowerCase(), id: e.id, name: e.getAttribute("name") || "",
        row: row ? row.id : "", href: e.getAttribute("href") || "",
        action: form ? form.getAttribute("action") : "", text: e.textContent.trim()};
"""


def where(driver) -> dict:
    return driver.execute_script(WHERE)


def tab_to(driver, wanted, most: int = 80) -> dict:
    """Press Tab until the focused element is ``wanted`` (a test of ``where``)."""
    for _ in range(most):
        here = where(driver)
        if wanted(here):
            return here
        active(driver).send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached it; last: {where(driver)}")


def decide_not_played(driver, rnd, number: int) -> None:
    row = f"table-{number}"
    tab_to(driver, lambda h: h["row"] == row and h["name"].endswith("decision"))
    select = active(driver)
    for _ in range(6):  # the arrow keys, down the options, to "not played"
        if select.get_attribute("value") == Table.Decision.NOT_PLAYED:
            break
        select.send_keys(Keys.DOWN)
    assert select.get_attribute("value") == Table.Decision.NOT_PLAYED
    tab_to(driver, lambda h: h["row"] == row and h["tag"] == "button")
    active(driver).send_keys(Keys.ENTER)
    wait(driver, lambda d: Table.objects.get(round=rnd, number=number).decision
         == Table.Decision.NOT_PLAYED)
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete"
         and not d.find_elements("css selector", f"#{row}.needs-decision"))



def test_a_round_closed_after_a_refusal_by_keyboard(logged_in, live_server):
    organiser = make_user("keyboard-closer")
    rnd = round_of_three_tables(organiser, "keyboard-close")
    driver = logged_in(organiser)
    driver.get(f"{live_server.url}/rounds/{rnd.pk}/closing/")
    closing = f"/rounds/{rnd.pk}/close/"
    tab_to(driver, lambda h: h["tag"] == "button" and h["action"].endswith(closing))
    active(driver).send_keys(Keys.ENTER)
    # refused: two tables without a decision; the refusal has the focus, at the top
    wait(driver, lambda d: where(d)["id"] == "refusal")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    assert driver.execute_script(
        "return document.getElementById('refusal').getBoundingClientRect().top") < 400
    tab_to(driver, lambda h: h["href"] == "#table-2")
    active(driver).send_keys(Keys.ENTER)
    decide_not_played(driver, rnd, 2)
    decide_not_played(driver, rnd, 3)
    tab_to(driver, lambda h: h["tag"] == "button" and h["action"].endswith(closing))
    active(driver).send_keys(Keys.ENTER)
    wait(driver, lambda d: Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED)
