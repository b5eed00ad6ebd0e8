"""The score sheet as an app that keeps working when the connection drops: its service
worker and its web manifest (``docs/offline.md``).

The service worker (``/offline/sw.js``) is rendered from ``templates/offline/sw.js`` with the
static files it keeps (their hashed names in production, so a new release is a new worker).
The sheet pages register it for the scope ``/sheet/`` (pages by table code) or ``/tables/``
(the organisers' sheets): ``Service-Worker-Allowed: /`` lets a script outside those folders
control them. Browsers must ask for it again at every visit (``no-cache``), so a release
reaches the phones at once. Neither answer depends on who asks or reads the database.
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

#: Bump when the worker's behaviour changes without any of its files changing name.
WORKER_VERSION = 2

#: Kept by the worker at install, and served from its cache when the network is away.
ASSETS = ("club/troef.css", "club/sheet.css", "club/troef.js", "club/sheet.js",
          "club/offline-store.js", "club/offline-deals.js", "club/offline-send.js",
          "club/offline.js",
          "club/offline.css", "club/icon.svg")

#: Where the worker may act: the sheet pages' two folders.
SCOPE_ALLOWED = "/"


def worker_config() -> dict:
    assets = [static(name) for name in ASSETS]
    digest = hashlib.sha256(json.dumps([WORKER_VERSION, assets]).encode()).hexdigest()[:12]
    return {"version": digest, "assets": assets, "store": static("club/offline-store.js")}


@require_GET
def service_worker(request) -> HttpResponse:
    body = render_to_string("offline/sw.js", {"config": json.dumps(worker_config())})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = SCOPE_ALLOWED
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


@require_GET
def manifest(request) -> JsonResponse:
    """No ``start_url`` and no ``scope``: a phone that adds a sheet to its home screen opens
    that sheet (the page's own address is the default), and the app stays on it."""
    data = {
        "name": _("Troef score sheet"),
        "short_name": "Troef",
        "description": _("Enter the deals of your table, even when the connection drops."),
        "lang": get_language(),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b6e4f",
        "icons": [{"src": static("club/icon.svg"), "sizes": "any", "type": "image/svg+xml",
                   "purpose": "any"},
                  {"src": static("club/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                  {"src": static("club/icon-512.png"), "sizes": "512x512", "type": "image/png"}],
    }
    response = JsonResponse(data, content_type="application/manifest+json",
                            json_dumps_params={"ensure_ascii": False})
    patch_cache_control(response, max_age=3600)
    return response
