"""Every refusal of the API in one JSON shape:

    {"errors": [{"field": "points", "code": "points_total", "message": "..."}]}

``field`` is the input at fault (null when the refusal is about the request as a whole),
``code`` a stable machine word, ``message`` a sentence in the request's language. A 409
for a stale sheet adds ``"version"``, the sheet's current version. DRF's own exceptions
(authentication, permission, parsing, throttling, not found, validation) are turned into
this shape by :func:`exception_handler`; the sheet service's refusals by
:func:`sheet_refusal`. What fails outside DRF's reach (a NUL in the query string, the
database down, a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, a bug in a view or a middleware)
is answered in the same shape by :func:`json_refusal` (``club.middleware`` and
``club.views.errors``), so nothing under ``/api/`` is an HTML page or a traceback:
400 ``nul_character``, 413 ``request_too_large``, 503 ``unavailable``, 500 ``server_error``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from club.services.sheets import SheetConflict, SheetInvalid
from club.table_codes import held_back_message
from scoring import ScoringError

#: The code of DRF's exceptions without a more precise one, by their class.
_DEFAULT_CODES = {
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ParseError: "parse_error",
}


class ApiError(exceptions.APIException):
    """A refusal with its HTTP status, code, field and message (and extra top-level keys)."""

    def __init__(self, status_code: int, code: str, message: str, field: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message, code)
        self.status_code = status_code
        self.errors = [error(code, message, field)]
        self.extra = extra


def error(code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"field": field, "code": code, "message": str(message)}


def body(errors: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"errors": errors, **extra}


def is_api(request) -> bool:
    """Whether ``request`` is addressed to the API (its answers are JSON, whatever failed)."""
    return request.path_info.startswith("/api/")


def json_refusal(status_code: int, code: str, message: str, field: str | None = None,
                 headers: dict[str, str] | None = None) -> JsonResponse:
    """A refusal in the one shape, for a middleware or an error handler (no DRF there);
    never kept by a cache."""
    response = JsonResponse(body([error(code, message, field)]), status=status_code)
    response["Cache-Control"] = "private, no-store"
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def too_large() -> ApiError:
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django refuses to read it): 413."""
    return ApiError(status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, "request_too_large",
                    _("The request body is larger than %(limit)d bytes: it was not read and "
                      "nothing was saved.") % {"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE})


def codes_held_back() -> ApiError:
    """A client address that tried too many unknown table codes (club.table_codes): 429,
    for every code, until the window has passed (``Retry-After``)."""
    failure = ApiError(status.HTTP_429_TOO_MANY_REQUESTS, "throttled", held_back_message())
    failure.wait = settings.TROEF_CODE_MISS_WINDOW_SECONDS
    return failure


def unavailable(writes: bool) -> JsonResponse:
    """The database unreachable: 503, a write not saved."""
    message = (_("The database cannot be reached at the moment: the write was not saved. "
                 "Send it again in a minute.") if writes else
               _("The database cannot be reached at the moment: try again in a minute."))
    return json_refusal(status.HTTP_503_SERVICE_UNAVAILABLE, "unavailable", message,
                        headers={"Retry-After": "10"})


def server_error() -> JsonResponse:
    """A bug (logged by Django): 500, and nothing of the error shown."""
    return json_refusal(status.HTTP_500_INTERNAL_SERVER_ERROR, "server_error",
                        _("Something went wrong on our side; the error has been logged. If "
                          "this was a write, it may not have been saved: read it again to "
                          "check, then try again."))


def _flatten(detail: Any, field: str | None, default: str) -> list[dict[str, Any]]:
    """DRF's nested error details (dicts by field, lists, ErrorDetail) as a flat list."""
    if isinstance(detail, dict):
        out = []
        for name, value in detail.items():
            name = None if name in ("non_field_errors", "__all__") else str(name)
            out += _flatten(value, name if field is None else f"{field}.{name}", default)
        return out
    if isinstance(detail, list):
        return [e for item in detail for e in _flatten(item, field, default)]
    return [error(str(getattr(detail, "code", None) or default), str(detail), field)]


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's exception handler, answering in the one shape (anything else is a bug: a 500)."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(_("Not found."))
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):
        exc = too_large()
    if not isinstance(exc, exceptions.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    if isinstance(exc, ApiError):
        data = body(exc.errors, **exc.extra)
    else:
        default = next((code for cls, code in _DEFAULT_CODES.items() if isinstance(exc, cls)),
                       "invalid")
        data = body(_flatten(exc.detail, None, default))
    set_rollback()
    return Response(data, status=exc.status_code, headers=headers)


def scoring_code(refusal: SheetInvalid) -> str:
    """The stable code of a sheet refusal: scoring's code when scoring refused the deal
    (the sheet service raises its refusal from the ScoringError), else ``sheet_refused``."""
    cause = refusal.__context__
    if isinstance(cause, ScoringError) and cause.code:
        return cause.code
    return "sheet_refused"


def sheet_refusal(refusal: SheetInvalid | SheetConflict, current: int | None = None) -> ApiError:
    """The API's answer to the sheet service's refusal: 400 naming the field, or 409 with
    the sheet's current ``version``."""
    if isinstance(refusal, SheetConflict):
        now = refusal.current if refusal.current is not None else current
        message = _("The sheet was changed since version %(mine)s (it is at version %(now)s "
                    "now): nothing was saved. Read the sheet again and send its current "
                    "version.") % {"mine": refusal.submitted, "now": "?" if now is None else now}
        return ApiError(status.HTTP_409_CONFLICT, "version_conflict", message, "version",
                        version=now)
    code = scoring_code(refusal)
    errors = [error(code, message, None if name == "__all__" else name)
              for name, messages in refusal.errors.items() for message in messages]
    failure = ApiError(status.HTTP_400_BAD_REQUEST, code, refusal.args[0] if refusal.args else "")
    failure.errors = errors or failure.errors
    return failure


def form_errors(form, fields: dict[str, str] | None = None) -> ApiError:
    """A Django form's refusal (the sheet's DealForm) in the one shape, 400; ``fields``
    renames a form field to the API's (the entry row's ``call_2`` is the API's ``calls``)."""
    errors = []
    for name, problems in form.errors.as_data().items():
        for problem in problems:
            for message in problem.messages:
                field = None if name == "__all__" else (fields or {}).get(name, name)
                errors.append(error(problem.code or "invalid", message, field))
    failure = ApiError(status.HTTP_400_BAD_REQUEST, "invalid", _("Invalid input."))
    failure.errors = errors or failure.errors
    return failure
