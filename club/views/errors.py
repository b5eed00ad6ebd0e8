"""The error handlers: with the database unreachable, the 503 page that says nothing was
saved; under ``/api/`` every one answers the API's JSON error shape, never a page.

Django calls them inside its exception handling, so ``sys.exc_info()`` is the 500's error.
They get there when the error escaped a middleware (process_exception only sees the view's)
or was not the view's to answer (a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` outside DRF, a
404 from the address, a bug). Outside ``/api/`` the 400, 403 and 404 pages are Django's
with our templates (templates/400.html ...).
"""

from __future__ import annotations

import sys

from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext as _
from django.views import defaults

from club.api import errors as api
from club.middleware import UNAVAILABLE, render_error, unavailable_response


def server_error(request):
    error = sys.exc_info()[1]
    if isinstance(error, UNAVAILABLE):
        return unavailable_response(request, error)
    if api.is_api(request):
        return api.server_error()
    return render_error(request, "500.html", 500)


def bad_request(request, exception):
    if not api.is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        refusal = api.too_large()
        return api.json_refusal(refusal.status_code, "request_too_large",
                                refusal.errors[0]["message"])
    return api.json_refusal(400, "bad_request", _("The request could not be understood."))


def permission_denied(request, exception):
    if not api.is_api(request):
        return defaults.permission_denied(request, exception)
    return api.json_refusal(403, "permission_denied",
                            _("You do not have permission to do this."))


def page_not_found(request, exception):
    if not api.is_api(request):
        return defaults.page_not_found(request, exception)
    return api.json_refusal(404, "not_found", _("Not found."))
