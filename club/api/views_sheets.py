"""A table's score sheet through the API: read it, enter, correct and delete deals,
confirm it. By the table's id for those who enter the club's sheets (a token or a
session), by the table's code for its players (``/api/sheet/<code>/...``: that table's
sheet only, while its round is published and the championship lets players enter).

Every write goes through :mod:`club.services.sheets` exactly as the sheet page's (the same
``DealForm`` parses the deal, the same replay checks it, the same optimistic lock on the
sheet's ``version``), once per ``Idempotency-Key`` (:mod:`club.api.idempotency`).

Nothing is dropped at closing (issue 26): a new deal that reaches a closed round (by its
table's code, or by id without a correction's reason, or a write the close overtook) is
kept as a late deal for the organiser (:mod:`club.services.late_deals`) and answered 202
(:class:`~club.api.serializers.LateOut`); a key stored before the close answers its first
answer, as the replay is looked up before anything is decided. Every request by a code
reports the table's code page (when, and ``X-Troef-Waiting``: the deals waiting on the
phone), a closed round's too (its sheet is not served: 404, not counted as a wrong code).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.response import Response

from club import messages, table_codes
from club.api import organiser
from club.api import serializers as shapes
from club.api.base import ApiView, out
from club.api.errors import ApiError, codes_held_back, error, form_errors, sheet_refusal
from club.api.idempotency import HEADER, MAX_KEY, apply_once
from club.api.permissions import deny
from club.bounds import MAX_NUMBER
from club.forms_sheets import OPTIONAL, DealForm
from club.models import Round
from club.rule_labels import rules_name
from club.selectors.late_deals import closed_table
from club.selectors.sheet_page import sheet_page
from club.selectors.sheets import Actor, SheetForbidden, SheetNotFound, load_table
from club.services import late_deals, sheet_messages
from club.services import sheets as service
from club.services.sheets import SheetConflict, SheetInvalid
from club.sheet_callers import NOT_RECORDED
from club.trump_keys import NO_TRUMP
from scoring import points_in_play
from scoring.errors import DealResultError

KEY = OpenApiParameter(HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER, required=True,
                       description="Any unique text (a UUID): the write is applied once; a "
                       "replay returns the first answer.",
                       pattern=rf"^[ -~]{{1,{MAX_KEY}}}$")
VERSION = OpenApiParameter("version", {"type": "integer", "minimum": 0,
                                       "maximum": shapes.MAX_VERSION}, required=True,
                           description="The sheet's version the deletion was decided on.")
NUMBER = OpenApiParameter("number", {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER},
                          OpenApiParameter.PATH, description="The deal's number on the sheet.")
#: A deal written: the partnership sheet's shape (the dealer needed) or the auction sheet's.
DEAL_IN = PolymorphicProxySerializer(
    component_name="DealIn", serializers=[shapes.PartnershipDeal, shapes.AuctionDeal],
    resource_type_field_name=None, many=False)
REASON = OpenApiParameter("reason", OpenApiTypes.STR,
                          description="Needed when the sheet is confirmed or its round closed.")
FLAGS = ("cancelled", "blind", "en_face")
#: The code page's report: how many deals wait on the phone (club.services.late_deals).
WAITING_HEADER = "X-Troef-Waiting"
MAX_WAITING = 10000
WAITING = OpenApiParameter(WAITING_HEADER, {"type": "integer", "minimum": 0,
                                            "maximum": MAX_WAITING},
                           OpenApiParameter.HEADER, required=False,
                           description="By a table's code: how many deals wait on the phone "
                           "to be sent (the organiser's closing check shows it).")


def waiting_count(request) -> int | None:
    """The ``X-Troef-Waiting`` header: a whole number 0 to 10000, or None when not sent
    (400 ``waiting_invalid`` naming the header otherwise)."""
    value = request.headers.get(WAITING_HEADER)
    if value is None:
        return None
    value = value.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 5
            and int(value) <= MAX_WAITING):
        raise ApiError(status.HTTP_400_BAD_REQUEST, "waiting_invalid", _(
            "%(header)s is the number of deals waiting to be sent: a whole number from 0 to "
            "%(max)d.") % {"header": WAITING_HEADER, "max": MAX_WAITING}, WAITING_HEADER)
    return int(value)


class SheetBase(ApiView):
    """Resolves the actor and the table, as the sheet pages do (404, 401/403; by code, 429
    for an address that tried too many unknown codes, club.table_codes)."""

    def load(self, request, pk=None, code="", page=False, late=False):
        """The table; by code, its code page's report recorded. ``late``: a closed round's
        table by its code too (a deal sent to it is kept); else that table is a 404 (but
        not a wrong code)."""
        if code and table_codes.held_back(request):
            raise codes_held_back()
        waiting = waiting_count(request)  # checked by id too: the schema lists it there
        self.to_organiser = organiser.to_organiser(request, late)  # only on a new deal
        self.actor = Actor(request.user, code)
        try:
            self.ctx = load_table(self.actor, pk, page=page)
        except SheetNotFound:
            if not code:
                raise Http404 from None
            try:
                self.ctx = closed_table(self.actor)
            except SheetNotFound:
                table_codes.missed(request)
                raise Http404 from None
            self.report, self.report_closed = (self.ctx.table, waiting), True
            if not late:
                raise Http404 from None
            return self.ctx
        except SheetForbidden:
            raise deny(request.user) from None
        if code:
            self.report = (self.ctx.table, waiting)
        return self.ctx

    report: tuple | None = None  # the code page's report, written with the answer
    to_organiser = False  # X-Troef-To-Organiser: 1 (a new deal kept for the organiser)
    report_closed = False  # ... a closed round's: its 404 is the round's answer, not a refusal

    def finalize_response(self, request, response, *args, **kwargs):
        """The code page's report is written when the request was taken (an answer below
        400, or the closed round's own 404): a refused request writes nothing."""
        if self.report is not None and (response.status_code < 400 or (
                self.report_closed and response.status_code == 404)):
            late_deals.report(*self.report)
        return super().finalize_response(request, response, *args, **kwargs)

    def identity(self, request) -> str:
        return self.ctx.writer

    def refused(self, error: SheetInvalid | SheetConflict):
        """The service's refusal as the API answers it. A conflict reads the table again as
        the actor may open it now, for its current version: a round closed under a code
        holder's write answers as its sheet does now (404), as the sheet page does (not a
        missed code: the code was right when the write came in)."""
        if not isinstance(error, SheetConflict):
            return sheet_refusal(error)
        try:
            current = load_table(self.actor, self.ctx.table.pk).table.version
        except SheetNotFound:
            raise Http404 from None
        except SheetForbidden:
            raise deny(self.request.user) from None
        return sheet_refusal(error, current)

    def deal_facts(self, data: dict[str, Any],
                   correction: bool = False) -> tuple[int, dict[str, Any], str]:
        """(version, facts, reason): the deal parsed by the sheet kind's own form."""
        return self.ctx.kind.api_facts(self.ctx, data, correction)


def _empty(name: str, value: Any) -> bool:
    """What a read gives for a fact the sheet does not have (null, false, no calls, no
    doubling): sent back, it passes."""
    return (value is None or (value is False and name in FLAGS)
            or (value == "" and isinstance(value, str)) or (value == [] and isinstance(value, list))
            or (name == "doubling" and value == 1 and type(value) is int))


def refuse_fields(data: dict[str, Any], shape: type, lacks) -> dict[str, Any]:
    """``data`` parsed by ``shape`` after refusing, by name, every field the sheet does not
    have (400 ``unknown_field``: no deal has it; ``field_not_on_sheet``: ``lacks(name)``'s
    sentence, the sheet or its rule set has none). An empty value (null, false), as a read
    gives it, passes and is left out."""
    if not isinstance(data, dict):
        data = {}
    errors, kept = [], {}
    for name, value in data.items():
        if name not in shapes.DEAL_FIELDS:
            errors.append(error("unknown_field", _(
                "A deal has no field “%(field)s”: nothing was saved. Leave it out.")
                % {"field": name}, name))
            continue
        why = lacks(name)
        if why is None:
            kept[name] = value
        elif not _empty(name, value):
            errors.append(error("field_not_on_sheet", why, name))
    if errors:
        failure = ApiError(status.HTTP_400_BAD_REQUEST, errors[0]["code"], errors[0]["message"],
                           errors[0]["field"])
        failure.errors = errors
        raise failure
    parsed = shape(data=kept)
    parsed.is_valid(raise_exception=True)
    return parsed.validated_data


def _partnership_lacks(rules):
    def lacks(name: str) -> str | None:
        if name in shapes.PartnershipDeal().fields:
            if name == "tricks" and not rules.trick_bonus:
                return _("The rule set “%(rules)s” does not count tricks: a deal has no field "
                         "“tricks” here.") % {"rules": rules_name(rules)}
            return None
        return _("A partnership sheet has no field “%(field)s” (it is auction Manille's): "
                 "leave it out.") % {"field": name}
    return lacks


def _points_out_of_range(ctx, data: dict[str, Any]) -> None:
    """One side's points alone, more than are in play: the sentence the sheet gives when
    both sides are filled in (they must add up to ...), naming the field sent."""
    _low, high = points_in_play(ctx.rules)
    given = [(name, data[name]) for name in ("points", "points_other")
             if data.get(name) is not None]
    if len(given) != 1 or given[0][1] <= high or data.get("cancelled"):
        return
    name, value = given[0]
    problem = DealResultError(f"{name} {value} is more than the points in play",
                              code="points_total", field="points")
    _field, message = sheet_messages.explain(problem, ctx.rules, total=value)
    raise ApiError(status.HTTP_400_BAD_REQUEST, "points_total", message, name)


def partnership_facts(ctx, data: dict[str, Any],
                      correction: bool = False) -> tuple[int, dict[str, Any], str]:
    """A partnership deal through the page's form (its defaults and checks); a field the
    sheet does not have is refused by name; an option the rule set lacks, sent anyway, is
    passed on so that scoring refuses it by name. A null trump is no trump (as a read gives
    it), or none at all for a cancelled deal."""
    rules = ctx.rules
    data = refuse_fields(data, shapes.PartnershipDeal, _partnership_lacks(rules))
    if "trump" in data and data["trump"] is None and not data.get("cancelled"):
        data["trump"] = NO_TRUMP
    fields = {}
    calls = data.get("calls")
    if calls is not None:  # the entry row's questions: who made call 1, 2 ...
        fields.update({f"call_{i}": NOT_RECORDED if seat is None else str(seat)
                       for i, seat in enumerate(calls, 1)})
        fields.setdefault("doubling", str(1 << len(calls)))
    for name, value in data.items():
        if name == "calls" or (name in OPTIONAL and not getattr(rules, OPTIONAL[name][0])):
            continue  # an option the rules lack: passed on below, scoring refuses it
        if name in FLAGS:
            fields[name] = "on" if value else ""
        else:
            fields[name] = "" if value is None else str(value)
    form = DealForm(ctx, data=fields, correction=correction)
    if not form.is_valid():  # who made call 2 is the API's "calls"
        raise form_errors(form, dict.fromkeys(form.call_names, "calls"))
    _points_out_of_range(ctx, form.cleaned_data)
    if calls is not None and len(calls) > len(form.call_names):
        raise ApiError(status.HTTP_400_BAD_REQUEST, "doubling_not_allowed", messages.explain(
            "doubling_not_allowed", value=1 << len(calls), rules=rules_name(rules),
            allowed=", ".join(f"×{m}" for m in rules.allowed_doublings())), "calls")
    facts = form.facts()
    for name in FLAGS:
        if data.get(name) and name not in form.fields:
            facts[name] = True
    return form.cleaned_data["version"], facts, form.cleaned_data.get("reason", "")


def _sheet_data(ctx) -> dict[str, Any]:
    return ctx.kind.api_sheet(ctx)


def partnership_sheet(ctx) -> dict[str, Any]:
    """The sheet as ``SheetOut``: each deal with its game's credits and running totals."""
    page = sheet_page(ctx)
    table = page.table
    deals = []
    for game in page.games:
        for row in game.rows:
            deal = row.deal
            scored = row.score is not None
            deals.append({
                **{name: getattr(deal, name) for name in deal.FACT_FIELDS},
                "number": deal.number, "game": game.number,
                "credits": list(row.credits) if scored and row.credits else None,
                "totals": list(row.totals) if scored and row.totals else None})
    return {"table": table.pk, "number": table.number, "round": table.round_id,
            "championship": ctx.championship.pk, "version": table.version,
            "confirmed": table.confirmed, "locked": page.locked,
            "accepts_deals": page.accepts_deals, "next_number": page.next_number,
            "next_dealer": page.next_dealer, "columns": [str(c) for c in page.columns],
            "seats": [{"position": s.position, "side": s.side, "player": s.player.full_name}
                      for s in ctx.seats],
            "deals": deals}


def _written(saved) -> dict[str, Any]:
    return out(shapes.Written, {"number": saved.number, "version": saved.version,
                                "action": saved.action})


class SheetView(SheetBase):
    @extend_schema(responses=shapes.SheetOut, parameters=[WAITING])
    def get(self, request, pk=None, code=""):
        """The sheet: its version, seats and every deal with its game points and totals."""
        return Response(out(shapes.SheetOut, _sheet_data(self.load(request, pk, code, True))))


class DealsView(SheetBase):
    @extend_schema(request=DEAL_IN, parameters=[KEY, WAITING, organiser.PARAMETER],
                   responses={201: shapes.Written, 200: shapes.Written, 202: shapes.LateOut})
    def post(self, request, pk=None, code=""):
        """Enter the next deal (201; a replayed key answers as the first time). A deal that
        reaches a closed round (by code; by id without a correction's reason) is kept for
        the organiser: 202, not on the sheet; so is one sent with ``X-Troef-To-Organiser:
        1`` (club.api.organiser), the round open or not."""
        ctx = self.load(request, pk, code, late=True)
        version, facts, reason = self.deal_facts(request.data)
        asked = self.to_organiser

        def keep():
            return organiser.keep(request, ctx, facts, asked)

        def write():
            if asked or self.is_late(ctx, reason, ctx.table.round.status):
                return keep()
            try:
                saved = service.enter_deal(self.actor, ctx.table.pk, version, facts,
                                           reason, ctx=ctx)
            except SheetConflict as error:
                if self.is_late(ctx, reason, _round_status(ctx)):
                    return keep()  # the close overtook this write: kept, not lost
                raise self.refused(error) from None
            except SheetInvalid as error:
                raise self.refused(error) from None
            return status.HTTP_201_CREATED, _written(saved)

        return apply_once(request, self.identity(request), write)

    def is_late(self, ctx, reason: str, round_status: str) -> bool:
        """A new deal for a closed round that is not an organiser's correction."""
        return round_status == Round.Status.CLOSED and (ctx.actor.by_code or not reason.strip())


def _round_status(ctx) -> str:
    return Round.objects.filter(pk=ctx.table.round_id).values_list("status", flat=True).first()


class DealView(SheetBase):
    @extend_schema(request=DEAL_IN, parameters=[KEY, NUMBER], responses=shapes.Written)
    def put(self, request, number, pk=None, code=""):
        """Correct a recorded deal (every deal after it is scored again)."""
        ctx = self.load(request, pk, code)
        version, facts, reason = self.deal_facts(request.data, correction=True)

        def write():
            try:
                saved = service.edit_deal(self.actor, ctx.table.pk, number, version, facts,
                                          reason, ctx=ctx)
            except (SheetInvalid, SheetConflict) as error:
                raise self.refused(error) from None
            return status.HTTP_200_OK, _written(saved)

        return apply_once(request, self.identity(request), write)

    @extend_schema(parameters=[KEY, NUMBER, VERSION, REASON], responses={200: shapes.Written})
    def delete(self, request, number, pk=None, code=""):
        """Strike a deal out: the deals after it move up one number."""
        ctx = self.load(request, pk, code)
        data = shapes.DeleteIn(data=request.query_params)
        data.is_valid(raise_exception=True)
        version, reason = data.validated_data["version"], data.validated_data["reason"]

        def write():
            try:
                saved = service.delete_deal(self.actor, ctx.table.pk, number, version, reason,
                                            ctx=ctx)
            except (SheetInvalid, SheetConflict) as error:
                raise self.refused(error) from None
            return status.HTTP_200_OK, _written(saved)

        return apply_once(request, self.identity(request), write)


class ConfirmView(SheetBase):
    @extend_schema(request=shapes.VersionIn, responses=shapes.Written,
                   parameters=[OpenApiParameter(HEADER, OpenApiTypes.STR,
                                                OpenApiParameter.HEADER,
                                                pattern=KEY.pattern)])
    def post(self, request, pk):
        """Confirm the sheet as the second person (not the one who entered it last)."""
        self.load(request, pk)
        data = shapes.VersionIn(data=request.data)
        data.is_valid(raise_exception=True)

        def write():
            try:
                saved = service.confirm_sheet(self.actor, pk, data.validated_data["version"])
            except (SheetInvalid, SheetConflict) as error:
                raise self.refused(error) from None
            return status.HTTP_200_OK, _written(saved)

        return apply_once(request, self.identity(request), write, required=False)
