"""The full accessibility audit's helpers (tests/e2e/test_accessibility.py, issue 29): axe-core
with every impact (minor and moderate too), the page states that need an action before the
audit (a sheet after a save, the closing page after a refusal, Swagger drawn and with an
operation open), and the violations allowed, each with its reason (docs/accessibility.md
lists the same)."""

from __future__ import annotations

import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.helpers.browser import OPTIONS, audit, open_page, wait

# (rule, page name): why it is allowed. Empty: every page state passes every rule; a new
# entry must also be described in docs/accessibility.md (tests/e2e/test_accessibility.py
# checks that each one is).
ALLOWED: dict[tuple[str, str], str] = {}


def open_state(driver, live_server, name: str, path: str) -> None:
    """Open ``path`` and bring the page to the state its fragment names."""
    base, _, state = path.partition("#")
    if state == "save":
        # a deal saved with the keyboard: the sheet as it answers a save
        driver.get(live_server.url + base)
        before = driver.execute_script("return document.querySelectorAll('tr.deal').length")
        driver.find_element(By.NAME, "points").send_keys("h38", Keys.ENTER)
        wait(driver, lambda d: d.execute_script(
            "return document.querySelectorAll('tr.deal').length") > before)
    elif state == "closing-refused":
        # "Close the round" with tables still undecided: the refusal at the top
        driver.get(live_server.url + base)
        driver.find_element(By.CSS_SELECTOR, "form.close-round button").click()
        wait(driver, lambda d: d.find_elements(By.ID, "refusal"))
    elif state in ("swagger", "swagger-open"):
        driver.get(live_server.url + base)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock-summary-control"), 30)
        if state == "swagger-open":
            driver.find_element(By.CSS_SELECTOR, ".opblock-summary-control").click()
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock-body pre"))
    else:
        open_page(driver, live_server, name, path)


def violations(driver) -> list[dict]:
    """axe-core's violations of any impact on the page as it is."""
    from selenium_axe_python import Axe

    return Axe(driver).run(options=json.dumps(OPTIONS))["violations"]


def audit_all(driver, live_server, pages: dict[str, str], label: str,
              only: set[str] | None = None) -> list[str]:
    """Each page state's axe violations of any impact (except ``ALLOWED``), dangling ARIA
    references and text under 12 px, one line each."""
    return audit(driver, live_server, pages, label, only, opener=open_state,
                 found=violations, allowed=frozenset(ALLOWED))
