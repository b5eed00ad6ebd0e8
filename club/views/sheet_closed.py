"""The sheet page by its table's code once the round has closed (issue 26): the sheet is
not served any more (404); a post sent again with the key and the deal it was saved with
before the close answers its first save (said saved: "sent twice, counts once"); a new deal
stays refused (the phone's queue sends what it holds through the API, which keeps it for
the organiser: club.api.organiser). A closed round's code is a right code: it is not
counted as a miss (club.table_codes), so phones still polling after the close do not get
the hall's address held back.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from club.selectors.late_deals import closed_table
from club.selectors.sheets import SheetNotFound
from club.services import once, page_once


def after_close(request, actor, code: str, kwargs) -> tuple[bool, HttpResponse | None]:
    """(whether the code is a closed round's table's, the answer to send or None for the
    404)."""
    try:
        ctx = closed_table(actor)
    except SheetNotFound:
        return False, None
    key = request.POST.get("key", "") if request.method == "POST" else ""
    if not key or not once.usable(key):
        return True, None
    path = reverse(request.resolver_match.view_name, kwargs={**kwargs, "code": code})
    try:
        first = page_once.stored(ctx.writer, path, key, page_once.deal_digest(request.POST))
    except page_once.KeyReused:
        return True, None
    if first is not None:
        return True, _saved_again(request, first)
    return True, None


def _saved_again(request, first: dict) -> HttpResponse:
    if request.headers.get("Accept") == "application/json":
        # "closed": the phone stays on its page (the sheet is no longer served by the code)
        return JsonResponse({**first, "closed": True})
    messages.success(request, _("Deal %(number)d is saved: it was sent twice and counts "
                                "once.") % {"number": first.get("number") or 0})
    return redirect("sheet-code")
