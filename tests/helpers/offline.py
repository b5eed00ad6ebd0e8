"""The offline sheet in a browser (tests/e2e/test_offline_*.py): open a sheet and wait until
its service worker controls it and keeps it, type a deal in the entry row, the rows waiting
on the phone, and the derived data checked against the deals."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.helpers.browser import wait

KEPT_PAGES = ("var done = arguments[arguments.length - 1];"
              "caches.open('troef-sheets').then(function (c) { return c.keys(); })"
              ".then(function (k) { done(k.length); });")


def open_sheet(driver, address: str):
    """The sheet at ``address`` (a full URL), the cursor in the points box, the page
    controlled by the service worker, which keeps it for a reload without a network."""
    driver.get(address)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("name") == "points")
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), 20)
    wait(driver, lambda d: d.execute_async_script(KEPT_PAGES) == 1)
    return driver


def type_deal(driver, keys):
    points = wait(driver, lambda d: d.find_element(By.NAME, "points"))
    points.click()
    points.send_keys(keys, Keys.ENTER)


def network_back(driver, proxy):
    """The network passes again and the phone's browser says so, as when its wifi comes back
    (the ``online`` event): the page sends what waits at once. The tests of the retry timer
    itself (a refused connection, a hang) let the timer do it instead."""
    proxy.mode = "pass"
    driver.execute_script("window.dispatchEvent(new Event('online'))")


def pending(driver):
    """The rows of deals waiting on this device."""
    return driver.find_elements(By.CSS_SELECTOR, "tr.deal.pending")


def stored_rows(driver):
    """The rows of deals the server stored, as the page shows them."""
    return driver.find_elements(By.CSS_SELECTOR, "tr.deal:not(.pending):not(.late)")


def differences(table) -> list:
    """``verify_results`` on the table's championship: its differences (none expected)."""
    from club.services.verify import verify_championship

    return verify_championship(table.round.stage.championship)
