"""The hall's phones asking whether the public standings changed, answered before Django's
session, language, CSRF and user machinery (placed right after the security middleware).

A GET or HEAD of ``/championships/<id>/standings/`` with ``If-None-Match`` and without a
session cookie (a visitor who is not logged in) is answered 304 from one cache read when
its ETag is the one the full view last sent for that language and query string
(:mod:`club.services.live_etags`: kept only for a public championship, for LIVE_SECONDS,
forgotten when the results change or the championship is saved). Anything else (no entry,
another ETag, a logged-in visitor, an export, a bad host) goes on to the full view, which
decides; this never answers anything but 304.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.http import HttpResponseNotModified
from django.utils.http import parse_etags
from django.utils.translation import get_language_from_request

from club.services import live_etags
from club.views.conditional import tagged

STANDINGS_PATH = re.compile(r"/championships/([1-9][0-9]{0,17})/standings/")


def language_of(request) -> str:
    """The page's language as LocaleMiddleware will choose it (cookie, Accept-Language)."""
    return get_language_from_request(request)


class LiveStandingsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        asked = request.META.get("HTTP_IF_NONE_MATCH")
        if asked and request.method in ("GET", "HEAD"):
            match = STANDINGS_PATH.fullmatch(request.path_info)
            if match and settings.SESSION_COOKIE_NAME not in request.COOKIES:
                answer = self.not_modified(request, int(match[1]), asked)
                if answer is not None:
                    return answer
        return self.get_response(request)

    @staticmethod
    def not_modified(request, championship_id: int, asked: str):
        etag = live_etags.public_etag(championship_id, language_of(request),
                                      request.META.get("QUERY_STRING", ""))
        if etag is None:
            return None
        request.get_host()  # a host not allowed: DisallowedHost (400), as the full view
        tags = parse_etags(asked)
        if etag in tags or etag in {t.removeprefix("W/") for t in tags}:
            return tagged(HttpResponseNotModified(), etag)
        return None
