"""Answers for what a view cannot handle itself, and the headers every page carries, in one
middleware (:class:`GuardMiddleware`, placed after the session and the language):

- request bounds: a NUL character in the path or the query string is a 400 naming the
  parameter (PostgreSQL refuses NUL in text: a 500 further down), and an id in the URL
  beyond any primary key is a 404 (it overflowed the raw SQL of the sheet);
- the database unreachable is a 503 page that says the change was **not** saved and to try
  again (a bare "Server Error (500)" before);
- under ``/api/`` both answers are the API's JSON error shape instead of a page
  (:func:`club.api.errors.json_refusal`; the error handlers of ``club.views.errors`` do the
  same for what escapes a view or a middleware), as a program expects;
- a user who logged in with a one-time password (``club.services.accounts``) is sent to the
  password change before any other page: a flag in the session, set at login, so no
  request reads the database for it (the session is a signed cookie);
- headers: Permissions-Policy on every response; ``Cache-Control: private, no-store`` on
  what a logged-in user is shown, on PDFs and on the score sheets opened by a table's code
  (the code is a key). The Content-Security-Policy itself is django-csp's
  (``CONTENT_SECURITY_POLICY`` in the settings).

One class rather than three: every middleware layer deepens the stack under each view, and
on CPython 3.11 a page's deep template recursion can then cross a frame-stack chunk
boundary over and over (the 100-row standings page went from 66 to 102 ms with three
layers; see docs/benchmarks.md). None of this queries the database: it must work when the
database is down.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.template import loader
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from club.api.errors import is_api, json_refusal, unavailable
from club.bounds import MAX_ID
from club.services.accounts import MUST_CHANGE_PASSWORD

#: The pages a user with a one-time password may open before choosing their own.
PASSWORD_FIRST = frozenset({"password_change", "password_change_done", "login", "logout",
                            "set_language"})

logger = logging.getLogger("club.errors")

#: Errors that mean "no database to talk to" (connection refused, lost, closed, a server
#: shutting down; on SQLite a lock not released in time), not a bad query.
UNAVAILABLE = (OperationalError, InterfaceError)

PERMISSIONS_POLICY = ", ".join(f"{feature}=()" for feature in (
    "accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer",
    "microphone", "midi", "payment", "usb", "interest-cohort"))


def render_error(request, template: str, status: int, **context) -> HttpResponse:
    """An error page rendered without a request context: no context processor runs, so
    nothing reaches for the user or the database."""
    return HttpResponse(loader.render_to_string(template, context), status=status)


def unavailable_response(request, error: BaseException) -> HttpResponse:
    """The 503 page for ``error`` (logged): the change not saved, or the page not shown."""
    logger.error("Database unavailable during %s %s: %s", request.method,
                 request.path, error, exc_info=error)
    writes = request.method not in ("GET", "HEAD", "OPTIONS")
    if is_api(request):
        return unavailable(writes)
    response = render_error(request, "503.html", 503, writes=writes)
    response["Retry-After"] = "10"
    response["Cache-Control"] = "no-store"
    return response


def _logged_in(request) -> bool:
    # From the session alone: reading request.user could query the database.
    session = getattr(request, "session", None)
    return session is not None and SESSION_KEY in session


def _refuse_nul(request, where: str, field: str | None = None) -> HttpResponse:
    message = _("%(field)s: a NUL character (\\0) is not allowed.") % {"field": where}
    if is_api(request):
        return json_refusal(400, "nul_character", message, field)
    return render_error(request, "400.html", 400, message=message)


def _headers(request, response) -> HttpResponse:
    response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
    if settings.DEBUG and response.status_code >= 400:
        # Django's debug pages (DEBUG only, never in production) are inline styles and
        # scripts: django-csp leaves them without a policy, so they still render.
        response._csp_exempt = True
    if (_logged_in(request) or request.path.startswith("/sheet/")
            or response.get("Content-Type", "").startswith("application/pdf")):
        patch_cache_control(response, private=True, no_store=True)
    return response


class GuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            return _headers(request, _refuse_nul(request, _("the address")))
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                shown = name.replace("\x00", "")
                return _headers(request, _refuse_nul(request, shown or "?", shown or None))
        return _headers(request, self.get_response(request))

    def process_view(self, request, view_func, view_args, view_kwargs):
        for value in (*view_args, *view_kwargs.values()):
            if isinstance(value, int) and not isinstance(value, bool) and value > MAX_ID:
                raise Http404(_("No such page."))
        session = getattr(request, "session", None)
        if (session is not None and session.get(MUST_CHANGE_PASSWORD)
                and getattr(request.resolver_match, "url_name", None) not in PASSWORD_FIRST):
            return HttpResponseRedirect(reverse("password_change"))
        return None

    def process_exception(self, request, exception):
        if isinstance(exception, UNAVAILABLE):
            return unavailable_response(request, exception)
        return None
