"""The hall's projector in a real browser (issue 26 point 6): a deal saved through the sheet
service is on the screen within 3 s, even on the screen showing now; the pause button, the
pointer and the focus stop the rotation and the page says so; no live region wraps a
whole screen (only a short status line says what changed)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from tests.factories import make_user
from tests.helpers.browser import DANGLING, SIZES, SMALL_TEXT, chromium, serious, wait
from tests.helpers.closing import dealer, enter, facts
from tests.helpers.offline import differences
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

#: How many times the page has asked for its data (a 304 counts too).
POLLS = """return performance.getEntriesByType("resource")
  .filter(function (e) { return e.name.indexOf("/projector/data/") >= 0; }).length;"""

#: Each live region (aria-live, or a role that is one) holding a screen's heading or table.
LIVE_SCREENS = """return Array.prototype.filter.call(document.querySelectorAll(
  "[aria-live], [role=status], [role=alert], [role=log], [role=marquee], [role=timer]"),
  function (r) { return r.querySelector("h2, table") !== null; })
  .map(function (r) { return r.outerHTML.slice(0, 80); });"""


@pytest.fixture
def table(settings):
    settings.TROEF_PROJECTOR_SCREEN_SECONDS = 1.5  # the rotation, faster than in the hall
    return sheet_table(make_user("organiser"), public=True)


def heading(driver) -> str:
    return driver.find_element(By.ID, "projector-heading").text


def score(driver, number: int) -> str:
    cells = driver.find_elements(By.CSS_SELECTOR,
                                 f'tr[data-table="{number}"] .projector-score')
    return cells[0].text if cells else ""


def paused(driver) -> bool:
    return driver.find_element(By.ID, "projector-paused").is_displayed()


def test_a_saved_deal_shows_within_3_s_and_the_pause_button_holds_the_screen(
        browser, live_server, table):
    champ = table.round.stage.championship
    browser.get(f"{live_server.url}/championships/{champ.pk}/projector/")
    wait(browser, lambda d: heading(d).startswith("Standings"))
    wait(browser, lambda d: heading(d).startswith("Tables"))  # the rotation runs
    assert browser.execute_script(LIVE_SCREENS) == []
    pause = browser.find_element(By.ID, "projector-pause")
    assert not paused(browser) and pause.text == "Pause"
    pause.click()
    wait(browser, paused)
    assert pause.text == "Resume"
    held = heading(browser)
    # Two more questions to the server (at least 2 s, more than a screen's 1.5 s): the
    # screen stays.
    asked = browser.execute_script(POLLS)
    wait(browser, lambda d: d.execute_script(POLLS) >= asked + 2)
    assert heading(browser) == held and score(browser, table.number) == ""

    # A deal saved through the service: on the screen showing now within 3 s.
    enter(champ.club.roles.get().user, table, facts(38, dealer(table)))
    wait(browser, lambda d: score(d, table.number) != "", seconds=3)
    assert heading(browser) == held  # redrawn in place, still paused
    assert browser.find_element(By.ID, "projector-news").text == \
        f"Table {table.number}: new deal"
    assert browser.execute_script(LIVE_SCREENS) == []

    pause.click()  # resume: the rotation moves on
    wait(browser, lambda d: not paused(d))
    assert pause.text == "Pause"
    wait(browser, lambda d: heading(d) != held)
    assert differences(table) == []  # verify_results: nothing stored to repair


def test_the_pointer_or_the_focus_on_the_screen_pauses_the_rotation(
        browser, live_server, table):
    champ = table.round.stage.championship
    browser.get(f"{live_server.url}/championships/{champ.pk}/projector/")
    wait(browser, lambda d: heading(d).startswith("Standings"))
    screen = browser.find_element(By.ID, "projector-screen")
    ActionChains(browser).move_to_element(screen).perform()
    wait(browser, paused)
    assert browser.find_element(By.ID, "projector-pause").text == "Pause"  # not held
    ActionChains(browser).move_to_element(browser.find_element(By.TAG_NAME, "h1")).perform()
    wait(browser, lambda d: not paused(d))
    # the keyboard: Tab from the buttons reaches the screen, which holds it while focused
    browser.execute_script("document.getElementById('projector-full').focus()")
    browser.switch_to.active_element.send_keys("\t")
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("id") == "projector-screen")
    wait(browser, paused)
    browser.execute_script("document.getElementById('projector-pause').focus()")
    wait(browser, lambda d: not paused(d))


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_serious_on_the_projector_running_or_paused(size, live_server,
                                                                       table):
    """The projector is one of tests/e2e/test_accessibility.py's demo pages; here it is
    audited with its data drawn, and paused (the button and the note)."""
    champ = table.round.stage.championship
    driver = chromium(size)
    try:
        driver.get(f"{live_server.url}/championships/{champ.pk}/projector/")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#projector-screen table"))
        found = []
        for state in ("running", "paused"):
            if state == "paused":
                driver.find_element(By.ID, "projector-pause").click()
                wait(driver, paused)
            found += [f"{state}: {v['id']} {n['target']}" for v in serious(driver)
                      for n in v["nodes"]]
            found += [f"{state}: {x}" for x in driver.execute_script(DANGLING)
                      + driver.execute_script(SMALL_TEXT)]
    finally:
        driver.quit()
    assert found == []
