"""No page wider than a 390 px phone (issue 14 point 6: the championship page overflowed
with its draw and advance forms). Chromium in phone emulation, logged in as the organiser
of the demo club, on the pages an organiser uses at the table."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from club.models import Championship, Table
from tests.helpers.browser import CHROMEDRIVER, CHROMIUM

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def phone(live_server, client):
    if not (CHROMEDRIVER and CHROMIUM):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0}})
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def test_organiser_pages_fit_a_phone(phone, live_server, client):
    from django.contrib.auth import get_user_model

    call_command("demo", stdout=io.StringIO())
    client.force_login(get_user_model().objects.get(username="organiser"))
    phone.get(live_server.url + "/health/")
    phone.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                      "path": "/"})
    championship = Championship.objects.order_by("pk").first()
    table = Table.objects.filter(round__stage__championship=championship, is_bye=False).first()
    club = championship.club
    pages = ["/", f"/clubs/{club.slug}/", f"/championships/{championship.pk}/",
             f"/championships/{championship.pk}/standings/",
             f"/championships/{championship.pk}/entries/", f"/rounds/{table.round_id}/",
             f"/tables/{table.pk}/sheet/", f"/reports/championships/{championship.pk}/"]
    too_wide = {}
    for path in pages:
        phone.get(live_server.url + path)
        assert phone.execute_script("return window.innerWidth") == 390
        width = phone.execute_script("return document.documentElement.scrollWidth")
        if width > 390:
            too_wide[path] = width
    assert too_wide == {}
