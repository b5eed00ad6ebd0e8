"""The browser tests' one way of waiting: until ``condition(driver)`` is true, asking again
when an element read went stale because the page was replaced meanwhile (a form sent, a
redirect followed)."""

from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, condition, seconds: float = 10):
    return WebDriverWait(driver, seconds,
                         ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d))
