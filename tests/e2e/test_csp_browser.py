"""The pages under the Content-Security-Policy in a real browser (issue 13, point 11): the
browser reports no violation on the sheet, a chart, a PDF job page or the reports, and the
behaviour moved out of inline handlers still works (the language chooser, by its button)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from club.models import Deal, ReportJob
from tests.factories import make_user
from tests.helpers.browser import wait
from tests.helpers.sheets import sheet_table

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# Runs before any page script and is not subject to the page's policy (added by DevTools).
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def violations(driver) -> list[str]:
    return driver.execute_script("return window.__csp || ['not recorded'];")


@pytest.fixture
def table():
    return sheet_table(make_user("scorer"))


@pytest.fixture
def driver(logged_in, table):
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_VIOLATIONS})
    return driver


def test_the_sheet_runs_under_the_policy(driver, live_server, table):
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    points = driver.switch_to.active_element
    points.send_keys("h38")
    wait(driver, lambda d: "→" in d.find_element(By.ID, "entry-score").text)  # live preview
    points.send_keys(Keys.ENTER)
    wait(driver, lambda d: Deal.objects.filter(table=table).count() == 1)
    wait(driver, lambda d: d.find_elements(By.ID, "entry-form"))
    assert violations(driver) == []
    # The score progression: matplotlib's SVG inline, its styles as attributes.
    driver.get(f"{live_server.url}/reports/rounds/{table.round.pk}/?table={table.number}")
    line = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".chart svg path[stroke]"))
    assert line[0].value_of_css_property("stroke") != "none"
    assert violations(driver) == []


def test_job_page_polls_under_the_policy(driver, live_server, table):
    champ = table.round.stage.championship
    job = ReportJob.objects.create(kind=ReportJob.Kind.STANDINGS, championship=champ,
                                   fingerprint="f", status=ReportJob.Status.RUNNING, done=0,
                                   total=2)
    driver.get(f"{live_server.url}/reports/jobs/{job.pk}/")
    ReportJob.objects.filter(pk=job.pk).update(done=1)
    # job.js fetched the status and moved the bar: the script ran and its fetch was allowed.
    wait(driver, lambda d: d.find_element(By.ID, "job-progress").get_attribute("value") == "1")
    assert violations(driver) == []


#: Counts the forms the page sends (HTMLFormElement.submit, a submit event) while watched,
#: without sending them, and marks the language chooser's change once its handlers ran.
WATCH_SENDS = """
window.troefSent = 0; window.troefChanged = false; window.troefWatching = true;
const send = HTMLFormElement.prototype.submit;
HTMLFormElement.prototype.submit = function () {
  if (window.troefWatching) { window.troefSent += 1; return; }
  return send.call(this);
};
document.addEventListener("submit", (event) => {
  if (window.troefWatching) { window.troefSent += 1; event.preventDefault(); }
}, true);
document.querySelector("[name=language]").addEventListener("change", () => {
  window.troefChanged = true;
});
"""


def test_language_chooser_sends_itself(driver, live_server, table):
    """Issue 14 point 11: choosing is not sending (an arrow key in the select used to send
    the form before the choice was made): its button sends it."""
    driver.get(f"{live_server.url}/clubs/")
    lang = "return document.documentElement.lang"  # read as the page may be changing
    chooser = driver.find_element(By.NAME, "language")
    # Count the sends while the choice changes (a form sent by script or by a submit event),
    # and note when the page's own change handlers have all run (this one runs after them).
    driver.execute_script(WATCH_SENDS)
    chooser.send_keys(Keys.ARROW_DOWN)
    wait(driver, lambda d: d.execute_script("return window.troefChanged === true"))
    assert driver.execute_script("return window.troefSent") == 0
    driver.execute_script("window.troefWatching = false")
    assert driver.execute_script(lang) == "en"
    Select(chooser).select_by_value("nl")
    assert driver.execute_script(lang) == "en"
    chooser.find_element(By.XPATH, "following-sibling::button").click()
    wait(driver, lambda d: d.execute_script(lang) == "nl")
    assert violations(driver) == []
    driver.get(f"{live_server.url}/reports/championships/{table.round.stage.championship.pk}/")
    assert violations(driver) == []


def test_an_inline_script_is_blocked_and_reported(driver, live_server):
    """The recorder above sees violations, and the policy does block inline code and
    inline styles."""
    driver.get(f"{live_server.url}/clubs/")
    driver.execute_script("""
        var s = document.createElement("script");
        s.textContent = "window.__ran = true;";
        document.body.appendChild(s);""")
    wait(driver, lambda d: violations(d))
    assert driver.execute_script("return window.__ran === true;") is False
    assert any(v.startswith("script-src") for v in violations(driver))
    driver.execute_script("""
        var s = document.createElement("style");
        s.textContent = "body { color: red; }";
        document.head.appendChild(s);""")
    wait(driver, lambda d: any(v.startswith("style-src") for v in violations(d)))
