"""The auction Manille sheet's pages (RULES.md §13): the same URLs, permissions and services
as every sheet (:mod:`club.views.sheets`), with one column per player.

:class:`club.views.sheets.SheetView` hands a request over to the twin here once it has
loaded the table and found that its championship plays an auction game
(:func:`auction_twin`), so the permission checks, the players' code and the conflict
handling stay in one place. Trick-by-trick entry is the partnership game's only: an auction
sheet answers it with 404.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from club.bounds import MAX_NUMBER
from club.forms_auction import AuctionDealForm, deal_initial
from club.selectors.auction_sheets import AuctionSheetPage, auction_sheet_page
from club.selectors.sheet_rows import table_deals
from club.services import auction_sheets as service
from club.services.sheets import SheetConflict, SheetInvalid
from club.views import sheets
from club.views.params import int_param


class AuctionSheetMixin:
    """Renders the auction sheet; the form is :class:`AuctionDealForm`."""

    template_name = "sheets/auction_sheet.html"

    def deal_form(self, page: AuctionSheetPage, data=None, deal=None) -> AuctionDealForm:
        initial = deal_initial(deal) if deal is not None else {}
        initial["version"] = page.table.version
        return AuctionDealForm(self.ctx, data=data, initial=initial)

    def build_page(self) -> AuctionSheetPage:
        return auction_sheet_page(self.ctx)

    def page_rows(self, page: AuctionSheetPage):
        return page.rows

    def page_extra(self, page: AuctionSheetPage) -> dict[str, Any]:
        return {"colspan": 7 + len(page.names)}


class AuctionSheetPageView(AuctionSheetMixin, sheets.SheetPageView):
    def post(self, request, **kwargs):
        form = AuctionDealForm(self.ctx, data=request.POST)
        if not form.is_valid():
            return self.render_page(form=form, status=400)
        data = form.cleaned_data
        try:
            saved = service.enter_auction_deal(self.actor, self.ctx, data["version"],
                                               form.facts(0), data.get("reason", ""))
        except (SheetInvalid, SheetConflict) as error:
            return self.refused(form, error)
        if request.headers.get("Accept") == "application/json":
            return JsonResponse({"ok": True, "number": saved.number, "version": saved.version})
        return redirect(f"{self.sheet_url()}#entry")


class AuctionDealView(AuctionSheetMixin, sheets.DealView):
    def post(self, request, number, **kwargs):
        form = AuctionDealForm(self.ctx, data=request.POST)
        if not form.is_valid():
            return self.render_page(form=form, editing=number, status=400)
        data = form.cleaned_data
        try:
            saved = service.edit_auction_deal(self.actor, self.ctx, number, data["version"],
                                              form.facts(0), data.get("reason", ""))
        except (SheetInvalid, SheetConflict) as error:
            return self.refused(form, error, editing=number)
        if saved.action:
            messages.success(request, _("Deal %(number)d corrected; the deals after it are "
                                        "scored again.") % {"number": number})
        return redirect(f"{self.sheet_url()}#deal-{number}")


class AuctionDeleteView(AuctionSheetMixin, sheets.DeleteView):
    pass


class AuctionConfirmView(AuctionSheetMixin, sheets.ConfirmView):
    pass


class AuctionPreviewView(AuctionSheetMixin, sheets.PreviewView):
    def get(self, request, **kwargs):
        form = AuctionDealForm(self.ctx, data=request.GET)
        if not form.is_valid():
            return JsonResponse({"ok": False, "errors": {
                field: [str(m) for m in errs] for field, errs in form.errors.items()}})
        number = int_param(request.GET, "number", low=1, high=MAX_NUMBER) or 0
        return JsonResponse(service.preview_auction_deal(
            self.ctx, table_deals(self.ctx.table), form.facts(0), number))


class NoTricksView(AuctionSheetMixin, sheets.SheetView):
    """Trick-by-trick entry is the partnership game's: not on an auction sheet."""

    def get(self, request, *args, **kwargs):
        raise Http404(_("An auction sheet is entered deal by deal."))

    post = get


TWINS = {
    sheets.SheetPageView: AuctionSheetPageView,
    sheets.DealView: AuctionDealView,
    sheets.DeleteView: AuctionDeleteView,
    sheets.ConfirmView: AuctionConfirmView,
    sheets.PreviewView: AuctionPreviewView,
}


def auction_twin(view: type) -> type:
    """The auction sheet's class for a sheet view class (404 for one it does not have)."""
    if issubclass(view, AuctionSheetMixin):
        return view
    return TWINS.get(view, NoTricksView)
