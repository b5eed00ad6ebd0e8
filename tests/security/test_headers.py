"""Headers (issue 13, point 11): a Content-Security-Policy without inline scripts on every
page, Permissions-Policy, and ``Cache-Control: private, no-store`` on what a logged-in user
sees and on PDFs. The browser tests (tests/e2e) run the pages' scripts under this policy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from club.models import ReportJob
from tests.helpers.sheets import sheet_table, url

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    parts = (p.strip().split() for p in policy.split(";") if p.strip())
    return {p[0]: p[1:] for p in parts}


@pytest.fixture
def table(organiser):
    table = sheet_table(organiser)
    champ = table.round.stage.championship
    champ.public = True
    champ.save(update_fields=["public"])
    return table


def pages(table):
    champ = table.round.stage.championship
    return ["/", "/clubs/", "/accounts/login/", f"/championships/{champ.pk}/",
            f"/championships/{champ.pk}/standings/", f"/rounds/{table.round.pk}/",
            url(table), f"/sheet/{table.code}/", "/no-such-page/"]


def test_csp_on_every_page_without_inline_scripts(client, org_client, table):
    for browser in (client, org_client):
        for path in pages(table):
            response = browser.get(path)
            assert response.status_code < 500, path
            csp = directives(response)
            assert csp["script-src"] == ["'self'"], path
            assert "'unsafe-inline'" not in csp["script-src"]
            assert "'unsafe-eval'" not in csp["script-src"]
            assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"]
            assert csp["frame-ancestors"] == ["'none'"] and csp["base-uri"] == ["'self'"]
            assert csp["form-action"] == ["'self'"] and csp["img-src"] == ["'self'", "data:"]
            assert csp["style-src"] == ["'self'"], path


def test_csp_on_error_pages_and_json(org_client, table):
    assert "script-src 'self'" in org_client.get("/tables/99999/sheet/")[
        "Content-Security-Policy"]
    preview = org_client.get(url(table, "preview/"), {"trump": "h"})
    assert "Content-Security-Policy" in preview


def test_debug_error_pages_are_left_without_a_policy(client, settings):
    """Django's own debug pages are inline CSS and JS; only with DEBUG on (never in
    production) are error answers sent without the policy."""
    settings.DEBUG = True
    assert "Content-Security-Policy" not in client.get("/no-such-page/")
    assert "Content-Security-Policy" in client.get("/clubs/")
    settings.DEBUG = False
    assert "Content-Security-Policy" in client.get("/no-such-page/")


def test_no_template_has_inline_script_or_event_handler():
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", re.IGNORECASE)
    handler = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
    javascript_url = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        source = path.read_text()
        for pattern in (inline_script, handler, javascript_url):
            found += [f"{path.relative_to(TEMPLATES)}: {m.group(0)[:60]}"
                      for m in pattern.finditer(source)]
    assert not found


def test_no_served_template_has_inline_style():
    """reports/pages.html is WeasyPrint's input for the PDFs, never sent to a browser."""
    inline_style = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)
    found = [str(path.relative_to(TEMPLATES)) for path in sorted(TEMPLATES.rglob("*.html"))
             if inline_style.search(path.read_text())]
    assert found == ["reports/pages.html"]


def test_charts_in_pages_carry_no_css():
    from xml.dom.minidom import parseString

    from club.reports import charts

    svg = charts.inline(charts.rank_progression(
        ["1", "2", "3"], [("Ann", [2, 1, 1]), ("Bob", [1, 2, 3])], "Leaders", "round", "rank"))
    assert "style" not in svg
    parseString(svg)  # still one well-formed SVG
    assert 'stroke-linecap="butt"' in svg.split(">", 1)[0]  # matplotlib's * rule, on the root
    assert re.search(r'<path [^>]*fill="none"[^>]*stroke="#', svg)  # the lines keep colour
    assert ">Ann<" in svg and ">Bob<" in svg  # labels stay text


def test_the_scan_would_find_them():
    """The patterns above catch what was there before (an honest scan)."""
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", re.IGNORECASE)
    handler = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
    assert inline_script.search("<script>\n(function () {})();</script>")
    assert not inline_script.search('<script src="/static/club/sheet.js" defer></script>')
    assert handler.search('<select name="language" onchange="this.form.submit()">')
    assert not handler.search('<select name="language" data-autosubmit>')


def test_permissions_policy_everywhere(client, org_client, table):
    for browser in (client, org_client):
        for path in pages(table):
            policy = browser.get(path)["Permissions-Policy"]
            for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
                assert feature in policy, (path, feature)


def cache_control(response) -> set[str]:
    return {p.strip() for p in response.get("Cache-Control", "").split(",") if p.strip()}


def test_logged_in_pages_are_private_no_store(org_client, table):
    for path in pages(table):
        response = org_client.get(path)
        assert {"private", "no-store"} <= cache_control(response), path


def test_anonymous_public_page_need_not_be_private(client, table):
    champ = table.round.stage.championship
    response = client.get(f"/championships/{champ.pk}/standings/")
    assert response.status_code == 200
    assert "no-store" not in cache_control(response)


def test_a_tables_code_sheet_is_private_no_store(client, table):
    """Anonymous, but the code in the address is the key to the sheet."""
    champ = table.round.stage.championship
    champ.self_entry = True
    champ.save(update_fields=["self_entry"])
    response = client.get(f"/sheet/{table.code}/")
    assert {"private", "no-store"} <= cache_control(response)


def test_pdfs_are_private_no_store(client, table):
    """Also a public standings PDF downloaded by an anonymous visitor."""
    champ = table.round.stage.championship
    job = ReportJob.objects.create(kind=ReportJob.Kind.STANDINGS, championship=champ,
                                   fingerprint="f", status=ReportJob.Status.DONE, done=1, total=1)
    name = default_storage.save(f"reports/test-{job.pk}.pdf", ContentFile(b"%PDF-1.4 test"))
    job.file.name = name
    job.save(update_fields=["file"])
    try:
        response = client.get(f"/reports/jobs/{job.pk}/file/")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert {"private", "no-store"} <= cache_control(response)
    finally:
        default_storage.delete(name)
