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

from django.http import Http404
from django.utils.translation import gettext as _

from club.forms_auction import AuctionDealForm, deal_initial
from club.selectors.auction_sheets import AuctionSheetPage, auction_sheet_page
from club.views import sheets


class AuctionSheetMixin:
    """Renders the auction sheet; the form is :class:`AuctionDealForm`."""

    template_name = "sheets/auction_sheet.html"
    form_class = AuctionDealForm

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
    pass


class AuctionDealView(AuctionSheetMixin, sheets.DealView):
    pass


class AuctionDeleteView(AuctionSheetMixin, sheets.DeleteView):
    pass


class AuctionConfirmView(AuctionSheetMixin, sheets.ConfirmView):
    pass


class AuctionPreviewView(AuctionSheetMixin, sheets.PreviewView):
    pass


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
