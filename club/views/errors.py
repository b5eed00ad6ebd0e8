"""The 500 handler: with the database unreachable, the 503 page that says nothing was saved.

Django calls it inside its exception handling, so ``sys.exc_info()`` is the error. It
gets there when the error escaped a middleware (process_exception only sees the view's).
"""

from __future__ import annotations

import sys

from club.middleware import UNAVAILABLE, render_error, unavailable_response


def server_error(request):
    error = sys.exc_info()[1]
    if isinstance(error, UNAVAILABLE):
        return unavailable_response(request, error)
    return render_error(request, "500.html", 500)
