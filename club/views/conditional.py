"""Conditional answers for pages many phones refresh: an ETag made of what the page shows
depends on, and 304 Not Modified when the asker already has it (RFC 9110 §13.1.2).

The tag is computed before anything is rendered, from a version the page's data already
carries (a championship's results key), the language, whether names are revealed and the
query string; a 304 then costs a championship read and nothing else."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language


def etag_for(request: HttpRequest, *parts: object) -> str:
    """A strong ETag of ``parts``, the page's language and its query string."""
    made_of = "\x1f".join(str(p) for p in (*parts, get_language(), request.GET.urlencode()))
    return '"' + hashlib.sha256(made_of.encode()).hexdigest()[:32] + '"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """304 when the request's If-None-Match names ``etag`` (or is ``*``); else None."""
    asked = request.META.get("HTTP_IF_NONE_MATCH")
    if not asked or request.method not in ("GET", "HEAD"):
        return None
    tags = parse_etags(asked)
    if "*" in tags or etag in tags or etag in {t.removeprefix("W/") for t in tags}:
        return tagged(HttpResponseNotModified(), etag)
    return None


def tagged(response: HttpResponse, etag: str) -> HttpResponse:
    """``response`` with its ETag; caches must ask again before reusing it."""
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response
