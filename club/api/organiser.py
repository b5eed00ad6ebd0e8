"""A new deal kept for the organiser instead of the sheet (issue 26), the API's side.

Two ways lead there, both answered 202 (:class:`~club.api.serializers.LateOut`) and kept as
a :class:`~club.models.LateDeal` (:func:`club.services.late_deals.keep`) that the organiser
applies or discards on the round's page of deals waiting for the organiser:

- the deal reached a closed round (by its table's code, or by id without a correction's
  reason, or a write the close overtook): :mod:`club.api.views_sheets` decides;
- the client asks for it with the header ``X-Troef-To-Organiser: 1`` on a new deal
  (``POST .../deals/``), the round open or not: the phone's conflict panel does when the
  dealer order cannot hold (the sheet never records a dealer other than the one typed,
  so the organiser decides). The deal is checked as the entry row checks it (values the
  row refuses: 400), its dealer's turn and the sheet's version are not (they are why it
  goes to the organiser). The header is kept in the late deal as sent
  (``sent["to_organiser"]``). Any other value, or the header on another request (a read,
  a correction, a deletion), is refused with 400 ``to_organiser_invalid`` naming it.

The header is not part of the Idempotency-Key's body hash: a key answers its first answer,
with or without the header (the phone makes a new key for a deal it sends to the
organiser: another request).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status

from club.api import serializers as shapes
from club.api.base import out
from club.api.errors import ApiError, sheet_refusal
from club.api.idempotency import HEADER as KEY_HEADER
from club.services import late_deals, page_once
from club.services.sheets import SheetConflict

HEADER = "X-Troef-To-Organiser"
PARAMETER = OpenApiParameter(
    HEADER, {"type": "string", "enum": ["1"]}, OpenApiParameter.HEADER, required=False,
    description="1: keep this new deal for the organiser (202, a late deal, not on the "
    "sheet), even while the round is open: for a deal whose dealer order cannot hold. "
    "Only on a new deal.")


def to_organiser(request, new_deal: bool) -> bool:
    """Whether the request asks for its deal to go to the organiser (``X-Troef-To-Organiser:
    1``); any other value, or the header where ``new_deal`` is false, is refused (400)."""
    value = request.headers.get(HEADER)
    if value is None:
        return False
    if value.strip() != "1":
        raise ApiError(status.HTTP_400_BAD_REQUEST, "to_organiser_invalid", _(
            "%(header)s is 1 (the deal goes to the organiser, not on the sheet); leave it out "
            "otherwise.") % {"header": HEADER}, HEADER)
    if not new_deal:
        raise ApiError(status.HTTP_400_BAD_REQUEST, "to_organiser_invalid", _(
            "%(header)s is for a new deal (POST …/deals/) only: nothing was changed. Leave it "
            "out.") % {"header": HEADER}, HEADER)
    return True


def as_sent(data) -> dict[str, Any]:
    """The deal as the client sent it (its fields, already checked by name)."""
    return {name: value for name, value in data.items() if name in shapes.DEAL_FIELDS} if (
        isinstance(data, dict)) else {}


def keep(request, ctx, facts: dict[str, Any], asked: bool) -> tuple[int, dict[str, Any]]:
    """Keep the deal for the organiser: 202 and the LateOut answer. ``asked``: the client
    sent it to the organiser (the header), else it reached a closed round.

    A deal the sheet page's own form saved under this key before the close (its answer
    was lost; the phone's queue sends it again through the API, whose keys the page's
    never meet) is not kept twice: 409, as for a moved sheet, and the queue asks the page,
    which answers its first save (club.views.sheet_closed)."""
    key = request.headers.get(KEY_HEADER, "")
    if not asked and key and page_once.saved(ctx.writer, page_path(ctx), key):
        raise sheet_refusal(SheetConflict(ctx.table.version, ctx.table.version))
    sent = as_sent(request.data)
    try:
        late = late_deals.keep(ctx, facts, {**sent, "to_organiser": True} if asked else sent,
                               key)
    except late_deals.TooManyWaiting as full:
        raise ApiError(status.HTTP_429_TOO_MANY_REQUESTS, "too_many_waiting", _(
            "This table already has %(n)d deals waiting for the organiser: nothing more is "
            "kept until the organiser decides on them.") % {"n": full.args[0]}) from None
    detail = (_("Sent to the organiser, not on the sheet: the organiser decides.") if asked
              else _("Received after the round closed: the organiser decides."))
    return status.HTTP_202_ACCEPTED, out(shapes.LateOut, {
        "late": True, "id": late.pk, "detail": detail, "deal": sent})


def page_path(ctx) -> str:
    """The address of the sheet page's own form for this actor: by code or by id (the
    path its keys are scoped by, club.services.page_once)."""
    if ctx.actor.by_code:
        return reverse("code-sheet", args=[ctx.table.code])
    return reverse("table-sheet", args=[ctx.table.pk])
