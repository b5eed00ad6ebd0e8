"""The members page and the account pages in Chromium on a 390 px phone: nothing wider than
the screen, no Content-Security-Policy violation, and an account made with a one-time
password whose holder must choose their own at the first login."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from tests.helpers.browser import CHROMEDRIVER, CHROMIUM

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def phone(live_server):
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def log_in(phone, live_server, username, password):
    from selenium.webdriver.common.by import By

    phone.get(live_server.url + "/accounts/login/")
    phone.find_element(By.NAME, "username").send_keys(username)
    phone.find_element(By.NAME, "password").send_keys(password)
    submit(phone)


def submit(phone):
    """Send the page's form and wait for the next page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    phone.execute_script("window.troefOldPage = true")
    phone.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    WebDriverWait(phone, 10).until(lambda driver: driver.execute_script(
        "return window.troefOldPage === undefined && document.readyState === 'complete'"))


def width(phone) -> int:
    return phone.execute_script("return document.documentElement.scrollWidth")


def test_members_and_account_pages_on_a_phone(phone, live_server, client):
    from django.contrib.auth import get_user_model
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    call_command("demo", stdout=io.StringIO())
    organiser = get_user_model().objects.get(username="organiser")
    organiser.set_password("Organiser-pw-2026")
    organiser.save()
    log_in(phone, live_server, "organiser", "Organiser-pw-2026")
    from club.models import Club

    club = Club.objects.order_by("pk").first()
    too_wide = {}
    for path in (f"/clubs/{club.slug}/members/", f"/clubs/{club.slug}/members/new-account/",
                 "/account/", "/account/password/"):
        phone.get(live_server.url + path)
        assert phone.find_element(By.TAG_NAME, "h1").text
        if width(phone) > 390:
            too_wide[path] = width(phone)

    # an account with a one-time password, made in the browser
    phone.get(live_server.url + f"/clubs/{club.slug}/members/new-account/")
    phone.find_element(By.NAME, "username").send_keys("scorer-anna")
    Select(phone.find_element(By.NAME, "role")).select_by_value("scorer")
    submit(phone)
    password = phone.find_element(By.CSS_SELECTOR, ".one-time-password").text
    assert re.fullmatch(r"[a-z0-9]{4}(-[a-z0-9]{4}){3}", password)
    if width(phone) > 390:
        too_wide["one-time password"] = width(phone)
    violations = [e["message"] for e in phone.get_log("browser")
                  if "Content Security Policy" in e["message"]]
    assert violations == []

    # its holder logs in and lands on the password change first
    phone.delete_all_cookies()
    log_in(phone, live_server, "scorer-anna", password)
    assert phone.current_url.endswith("/account/password/")
    phone.get(live_server.url + f"/clubs/{club.slug}/")
    assert phone.current_url.endswith("/account/password/")
    phone.find_element(By.NAME, "old_password").send_keys(password)
    phone.find_element(By.NAME, "new_password1").send_keys("Klaveren-Harten-77")
    phone.find_element(By.NAME, "new_password2").send_keys("Klaveren-Harten-77")
    submit(phone)
    assert phone.current_url.endswith("/account/password/done/"), phone.find_element(
        By.TAG_NAME, "main").text
    phone.get(live_server.url + "/account/")
    assert club.name in phone.find_element(By.TAG_NAME, "main").text
    assert too_wide == {}
