"""The browser tests' helpers (tests/e2e): where Debian's Chromium and its chromedriver are,
a headless Chromium (``chrome``) and one emulating a touch phone (``touch_phone``), the one way of waiting (``wait``), and the accessibility
audit: a Chromium at a desktop or phone size with axe-core in every page (``chromium``), and
``audit``, which names each serious violation, dangling ARIA reference and too small text."""

from __future__ import annotations

import json
import shutil

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def chrome(window: str = "1280,900"):
    """A headless Chromium in English with a ``window`` ("width,height") sized window."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={window}", "--lang=en"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    return driver


def touch_phone(width: int = 390, height: int = 844):
    """A headless Chromium in English emulating a touch phone whose page is ``width`` CSS
    px wide (as tests/e2e/test_phone_width.py); skipped without Debian's Chromium."""
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": width, "height": height, "pixelRatio": 1.0}})
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--lang=en"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


# what Chromium answers when an element is read while its page is being replaced; it comes as
# a plain WebDriverException, not as a stale element (CI run of stop 32)
REPLACED = ("does not belong to the document", "No node with given id")


def wait(driver, condition, seconds: float = 10):
    """Wait until ``condition(driver)`` is true, asking again when an element read went stale
    because the page was replaced meanwhile (a form sent, a redirect followed)."""
    def ask(d):
        try:
            return condition(d)
        except WebDriverException as error:
            if isinstance(error, StaleElementReferenceException) or any(
                    words in str(error) for words in REPLACED):
                return False
            raise
    return WebDriverWait(driver, seconds).until(ask)


def page_text(driver) -> str:
    """The shown text of the page as it is now, read in one step (no element to go stale)."""
    return driver.execute_script("return document.body ? document.body.innerText : ''")


# -- axe-core: the accessibility audit (tests/e2e/test_accessibility.py) -----------------

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
OPTIONS = {"rules": {"target-size": {"enabled": True}},
           "resultTypes": ["violations"]}
BLOCKING = {"serious", "critical"}


def chromium(size: str):
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    width, height = SIZES[size]
    if size == "phone":  # as tests/e2e/test_phone_width.py: a touch screen, 390 CSS px wide
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(60)
    # axe-core in every page as it loads (through DevTools: outside the page's CSP), rather
    # than sent over WebDriver for each page
    from selenium_axe_python.axe import _DEFAULT_SCRIPT

    with open(_DEFAULT_SCRIPT, encoding="utf8") as script:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script.read()})
    return driver


def open_page(driver, live_server, name: str, path: str):
    driver.get(live_server.url + path.split("#")[0])
    if path.endswith("#errors"):
        # a form sent with its first text box emptied: the page with the errors
        box = driver.find_element(By.CSS_SELECTOR, "form.form input[type=text]")
        box.clear()
        driver.execute_script("arguments[0].form.requestSubmit()", box)
        # the answer is a new page: wait for it
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]"))
    elif path.endswith("#refuse"):
        # a deal the sheet refuses (70 card points of 60), sent with Enter
        box = driver.find_element(By.NAME, "points")
        box.send_keys("h70", Keys.ENTER)
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#entry-live-error p.error"))


def serious(driver) -> list[dict]:
    from selenium_axe_python import Axe

    # axe-core is already in the page (see chromium()); Axe.run writes the options into
    # its script as text
    results = Axe(driver).run(options=json.dumps(OPTIONS))
    return [v for v in results["violations"] if v["impact"] in BLOCKING]


# Text smaller than 12 CSS px (axe does not measure it): each visible element with its own
# text, as "selector size".
SMALL_TEXT = """
var found = [];
document.querySelectorAll("body *").forEach(function (el) {
  var own = Array.prototype.some.call(el.childNodes, function (n) {
    return n.nodeType === 3 && n.textContent.trim() !== ""; });
  if (!own || !el.getClientRects().length) return;
  var style = getComputedStyle(el);
  if (style.visibility === "hidden" || el.closest(".vh, [hidden], svg")) return;
  var size = parseFloat(style.fontSize);
  if (size < 12) found.push(el.tagName.toLowerCase() + (el.className ? "." + el.className : "") +
                            " " + size + "px");
});
return found;
"""


# An aria-describedby or aria-labelledby naming an id the page lacks (axe does not
# check that): Django's form fields name id_X_helptext and id_X_error, the templates must
# render them.
DANGLING = """
var found = [];
document.querySelectorAll("[aria-describedby], [aria-labelledby]").forEach(function (el) {
  ["aria-describedby", "aria-labelledby"].forEach(function (name) {
    (el.getAttribute(name) || "").split(/\\s+/).forEach(function (id) {
      if (id && !document.getElementById(id)) found.push(name + "=" + id);
    });
  });
});
return found;
"""


def audit(driver, live_server, pages: dict[str, str], label: str,
          only: set[str] | None = None, *, opener=None, found=None,
          allowed: frozenset = frozenset()) -> list[str]:
    """Each page's violations (``found(driver)``: serious and critical ones unless told),
    except the ``allowed`` (violation id, page name) pairs, dangling ARIA references and text
    under 12 px, one line each; ``opener`` opens a page (:func:`open_page` unless told)."""
    opener, found = opener or open_page, found or serious
    lines = []
    for name, path in pages.items():
        if only is not None and name not in only:
            continue
        opener(driver, live_server, name, path)
        for violation in found(driver):
            if (violation["id"], name) in allowed:
                continue
            for node in violation["nodes"]:
                lines.append(f"{label} {name} {path}: {violation['id']} ({violation['impact']})"
                             f" {' '.join(map(str, node['target']))}")
        for missing in driver.execute_script(DANGLING):
            lines.append(f"{label} {name} {path}: names a missing id: {missing}")
        for small in driver.execute_script(SMALL_TEXT):
            lines.append(f"{label} {name} {path}: text under 12 px: {small}")
    return lines


# -- the partnership sheet's entry row, for the keyboard tests -----------------------------

def active(driver):
    return driver.switch_to.active_element


def focused_name(driver) -> str | None:
    return active(driver).get_attribute("name")


@pytest.fixture(name="table")
def scorer_table():
    """A published partnership table whose club has a scorer."""
    from tests.factories import make_user
    from tests.helpers.sheets import sheet_table

    return sheet_table(make_user("scorer"))


@pytest.fixture(name="sheet")
def entry_row(logged_in, live_server, table):
    """The table's sheet open in the browser as the club's scorer, the cursor in the points
    box."""
    driver = logged_in(table.round.stage.championship.club.roles.first().user)
    driver.get(f"{live_server.url}/tables/{table.pk}/sheet/")
    wait(driver, lambda d: focused_name(d) == "points")
    return driver
