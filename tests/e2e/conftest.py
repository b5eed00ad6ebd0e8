"""A real browser (Debian's Chromium through its chromedriver, with Selenium) against
pytest-django's live server: what the keyboard, the page's JavaScript and a phone-sized
window do. `.ci/install-system-deps --browser` installs Chromium (as root); without it these
tests are skipped with the reason, except in CI's services pass, where a skip fails."""

from __future__ import annotations

import pytest

from tests.helpers.browser import CHROMEDRIVER, CHROMIUM, chrome


@pytest.fixture
def browser():
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver: "
                    "run .ci/install-system-deps --browser as root")
    driver = chrome()
    yield driver
    driver.quit()


@pytest.fixture
def logged_in(browser, live_server, client):
    """Log the browser in as ``user``: the session cookie of a test client's login."""

    def login(user):
        client.force_login(user)
        browser.get(live_server.url + "/health/")
        cookie = client.cookies["sessionid"]
        browser.add_cookie({"name": "sessionid", "value": cookie.value, "path": "/"})
        return browser

    return login
