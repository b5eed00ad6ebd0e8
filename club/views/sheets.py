"""Score-sheet pages: the sheet of a table, entering and correcting deals, confirming.

Organisers (and staff) open a sheet by the table's id; the table's players by its code
(``/sheet/<code>/``) while the round is published and the championship lets players enter;
a code typed in lower case or with spaces or dashes is read as stored (a GET of its sheet
is sent on to the stored form's address), and an address that tried too many unknown
codes gets 429 (:mod:`club.table_codes`).
Each view parses the request, calls one service function and renders; refusals come back
as the page with the message next to the field (400), a stale sheet as a conflict (409)
showing the sheet as it is now; a sheet the actor can no longer open by then (its round
closed under a code holder's write) answers as its page does now (404), never a 500.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from club import table_codes
from club.bounds import MAX_NUMBER
from club.forms_sheets import DealForm, TricksForm
from club.params import int_param
from club.selectors.sheet_page import SheetPage
from club.selectors.sheet_rows import table_deals
from club.selectors.sheets import (
    Actor,
    SheetForbidden,
    SheetNotFound,
    TableContext,
    load_table,
)
from club.services import once, page_once
from club.services import sheets as service
from club.services.sheet_messages import format_label
from club.services.sheets import SheetConflict, SheetInvalid
from club.sheet_labels import direction_label
from club.trump_keys import trump_keys, trump_letters
from club.views.sheet_closed import after_close
from club.views.sheet_code import refused_page

MAX_VERSION = 2**31 - 1  # Table.version is a PositiveIntegerField


class SheetView(View):
    """Base: resolves the actor and the table (404 / login / 403) and the table's sheet kind
    (:mod:`club.sheets.kinds`: its form, page and template), renders the sheet page."""

    #: The page's template; None: the sheet kind's.
    template_name: str | None = None
    #: Only for a kind of sheet entered trick by trick (else 404).
    needs_tricks_entry = False

    def dispatch(self, request, *args, **kwargs):
        self.code = kwargs.get("code", "")
        self.table_id = kwargs.get("pk")
        if not self.code and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        typed = self.code
        if typed:
            if table_codes.held_back(request):
                return refused_page(request)
            self.code = table_codes.normalise(typed) or typed
        self.actor = Actor(request.user, self.code)
        try:
            self.ctx = self.load(page=request.method == "GET")
        except Http404:
            if typed:  # a closed round's code: not lost (club.views.sheet_closed)
                closed, answer = after_close(request, self.actor, self.code, kwargs)
                if answer is not None:
                    return answer
                if not closed:
                    table_codes.missed(request)
            raise
        if typed != self.code and request.method in ("GET", "HEAD"):
            # as typed (tz3z-u89n): to the sheet's one address, which the phone keeps
            return redirect(reverse(request.resolver_match.view_name,
                                    kwargs={**kwargs, "code": self.code}))
        self.table_id = self.ctx.table.pk
        self.kind = self.ctx.kind
        if self.needs_tricks_entry and not self.kind.tricks_entry:
            raise Http404(_("An auction sheet is entered deal by deal."))
        return super().dispatch(request, *args, **kwargs)

    def load(self, *, page: bool) -> TableContext:
        """The table as the actor may open it now: 404 when it cannot be found (by code:
        its round is closed or no longer published, the code changed), 403 when the user
        may not open it."""
        try:
            return load_table(self.actor, self.table_id, page=page)
        except SheetNotFound:
            raise Http404(_("No such sheet.")) from None
        except SheetForbidden:
            raise PermissionDenied from None

    def conflict_page(self, conflict: str, **kwargs: Any) -> HttpResponse:
        """A write that found the sheet changed (409): the sheet as it is now. When it
        cannot be opened any more (the round was closed under a code holder's write), the
        answer is the one its page gives now (404), never an error."""
        self.ctx = self.load(page=True)
        return self.render_page(status=409, conflict=conflict, **kwargs)

    @property
    def form_class(self) -> type:
        return self.kind.form_class

    # -- urls --------------------------------------------------------------------------

    def url(self, name: str, *args: Any) -> str:
        if self.code:
            return reverse(f"code-sheet{name}", args=[self.code, *args])
        return reverse(f"table-sheet{name}", args=[self.table_id, *args])

    def sheet_url(self) -> str:
        return self.url("")

    # -- rendering ---------------------------------------------------------------------

    def deal_form(self, page, data=None, deal=None):
        initial = self.kind.deal_initial(deal) if deal is not None else self.kind.next_initial(
            page)
        initial["version"] = page.table.version
        return self.form_class(self.ctx, data=data, initial=initial)

    # -- a deal typed once is saved once (club.services.page_once) ------------------------

    def save_once(self, form, path: str, save: Callable[[], dict], *,
                  editing: int | None = None) -> HttpResponse | dict:
        """Run ``save`` once per the form's ``key``: its answer (a dict), or the response
        to send as it is: the page refusing the post, or the answer to a deal sent again
        (the sheet at the saved deal, said saved)."""
        key = self.request.POST.get("key", "")
        if not key:  # a form from before keys (an open page, a script): as it always was
            return save() if form.is_valid() else self.render_page(
                form=form, editing=editing, status=400)
        if not once.usable(key):
            form.is_valid()
            form.add_error(None, _("This form's key is not valid: reload the page and type "
                                   "the deal again."))
            return self.render_page(form=form, editing=editing, status=400)
        identity, digest = self.ctx.writer, page_once.deal_digest(self.request.POST)
        try:
            first = page_once.stored(identity, path, key, digest)
            if first is not None:  # sent again: the deal was saved, whatever the form says now
                return self.saved_again(first)
            if not form.is_valid():
                return self.render_page(form=form, editing=editing, status=400)
            answer, again = page_once.save_once(identity, path, key, digest, save)
            return self.saved_again(answer) if again else answer
        except page_once.KeyReused:
            form.is_valid()
            form.add_error(None, _("This deal was sent with the key of another deal that is "
                                   "already saved: nothing was saved. Check the sheet, then "
                                   "save the deal again."))
            return self.render_page(form=form, editing=editing, status=422)

    def saved_again(self, answer: dict) -> HttpResponse:
        """The answer to a save sent again: the sheet at the saved deal, said saved."""
        if self.request.headers.get("Accept") == "application/json":
            return JsonResponse(answer)
        number = answer.get("number")
        messages.success(self.request, _("Deal %(number)d is saved: it was sent twice and "
                                         "counts once.") % {"number": number or 0})
        return redirect(f"{self.sheet_url()}#deal-{number}" if number else self.sheet_url())

    def render_page(self, *, form=None, editing: int | None = None, status: int = 200,
                    conflict: str = "", tricks_form=None, page: SheetPage | None = None,
                    **extra: Any) -> HttpResponse:
        page = page or self.kind.page(self.ctx)
        editing_deal = next((d for d in page.deals if d.number == editing), None)
        if form is None and editing_deal is not None:
            form = self.deal_form(page, deal=editing_deal)
        elif form is None and page.accepts_deals:
            form = self.deal_form(page)
        if form is not None and form.is_bound and conflict:
            data = form.data.copy()
            data["version"] = str(page.table.version)
            form.data = data  # keep what was typed, with the sheet's current version
        for row in self.kind.page_rows(page):
            row.edit_url = self.url("-deal", row.deal.number)
            row.delete_url = self.url("-delete", row.deal.number)
        context = {
            "page": page, "ctx": self.ctx, "table": page.table, "form": form,
            "editing": editing_deal, "conflict": conflict, "by_code": bool(self.code),
            # the entry form's key, fresh in each page (the page's script makes its own)
            "entry_key": uuid.uuid4().hex,
            "side_names": self.ctx.side_names, "tricks_form": tricks_form,
            "format_label": format_label(self.ctx.format),
            "direction_label": direction_label(self.ctx.rules),
            "trump_keys": trump_keys(get_language()),
            "trump_letters": trump_letters(get_language()),
            "urls": {
                "sheet": self.sheet_url(), "preview": self.url("-preview"),
                "tricks": self.url("-tricks"),
                "confirm": "" if self.code else self.url("-confirm"),
                "changes": "" if self.code else self.url("-changes"),
                "enter": self.sheet_url() if editing_deal is None else self.url(
                    "-deal", editing_deal.number),
            },
            **self.kind.page_extra(page),
            **extra,
        }
        return render(self.request, self.template_name or self.kind.template, context,
                      status=status)

    def refused(self, form, error: Exception, *, editing=None, template=None) -> HttpResponse:
        """The page again with the refusal next to its field (400) or as a conflict (409)."""
        if template:
            self.template_name = template
        if isinstance(error, SheetConflict):
            key = "tricks_form" if isinstance(form, TricksForm) else "form"
            return self.conflict_page(str(error), **{key: form}, editing=editing)
        for field, errors in error.errors.items():
            for message in errors:
                form.add_error(None if field not in form.fields else field, message)
        key = "tricks_form" if isinstance(form, TricksForm) else "form"
        return self.render_page(**{key: form}, editing=editing, status=400)


class SheetPageView(SheetView):
    """GET: the sheet. POST: enter the next deal."""

    def get(self, request, **kwargs):
        if not self.code and self.ctx.championship.self_entry:
            service.ensure_table_code(self.ctx)  # shown on the page for the players
        return self.render_page()

    def post(self, request, **kwargs):
        form = self.form_class(self.ctx, data=request.POST)

        def save() -> dict:
            data = form.cleaned_data
            saved = service.enter_deal(self.actor, self.table_id, data["version"], form.facts(),
                                       data.get("reason", ""), ctx=self.ctx)
            return {"ok": True, "number": saved.number, "version": saved.version}

        try:
            answer = self.save_once(form, self.sheet_url(), save)
        except (SheetInvalid, SheetConflict) as error:
            return self.refused(form, error)
        if isinstance(answer, HttpResponse):
            return answer
        if request.headers.get("Accept") == "application/json":
            return JsonResponse(answer)
        return redirect(f"{self.sheet_url()}#entry")


class DealView(SheetView):
    """GET: the sheet with a recorded deal open for correction. POST: save the correction."""

    def get(self, request, number, **kwargs):
        return self.render_page(editing=number)

    def post(self, request, number, **kwargs):
        form = self.form_class(self.ctx, data=request.POST, correction=True)

        def save() -> dict:
            data = form.cleaned_data
            saved = service.edit_deal(self.actor, self.table_id, number, data["version"],
                                      form.facts(), data.get("reason", ""), ctx=self.ctx)
            return {"ok": True, "number": number, "version": saved.version,
                    "changed": bool(saved.action)}

        try:
            answer = self.save_once(form, self.url("-deal", number), save, editing=number)
        except (SheetInvalid, SheetConflict) as error:
            return self.refused(form, error, editing=number)
        if isinstance(answer, HttpResponse):
            return answer
        if answer["changed"]:
            messages.success(request, _("Deal %(number)d corrected; the deals after it are "
                                        "scored again.") % {"number": number})
        return redirect(f"{self.sheet_url()}#deal-{number}")


class DeleteView(SheetView):
    http_method_names = ["post"]

    def post(self, request, number, **kwargs):
        form = DealForm(self.ctx, data=request.POST)
        form.is_valid()  # only version and reason matter here
        version = form.cleaned_data.get("version")
        if version is None:
            messages.error(request, _("The sheet's version is missing: reload the page."))
            return redirect(self.sheet_url())
        if "reason" in form.errors:  # a refused reason is not an empty one: say why
            return self.render_page(form=form, editing=number, status=400)
        try:
            service.delete_deal(self.actor, self.table_id, number, version,
                                form.cleaned_data.get("reason", ""), ctx=self.ctx)
        except SheetConflict as error:
            return self.conflict_page(str(error))
        except SheetInvalid as error:
            return self.render_page(status=400, editing=number,
                                    refusal=" ".join(m for ms in error.errors.values() for m in ms))
        messages.success(request, _("Deal %(number)d deleted; the deals after it moved up one "
                                    "number.") % {"number": number})
        return redirect(self.sheet_url())


class ConfirmView(SheetView):
    http_method_names = ["post"]

    def post(self, request, **kwargs):
        version = int_param(request.POST, "version", high=MAX_VERSION)
        if version is None:
            version = -1  # matches no sheet: the conflict page shows the sheet as it is
        try:
            service.confirm_sheet(self.actor, self.table_id, version)
        except SheetConflict as error:
            return self.conflict_page(str(error))
        except SheetInvalid as error:
            return self.render_page(status=400, refusal=" ".join(
                m for ms in error.errors.values() for m in ms))
        messages.success(request, _("Sheet confirmed."))
        return redirect(self.sheet_url())


class PreviewView(SheetView):
    """JSON: a candidate deal scored in its place on the sheet, nothing saved."""

    http_method_names = ["get"]

    def get(self, request, **kwargs):
        form = self.form_class(self.ctx, data=request.GET)
        if not form.is_valid():
            return JsonResponse({"ok": False, "errors": {
                field: [str(m) for m in errs] for field, errs in form.errors.items()}})
        number = int_param(request.GET, "number", low=1, high=MAX_NUMBER) or 0
        page_deals = table_deals(self.ctx.table)
        return JsonResponse(service.preview_deal(self.ctx, page_deals, form.facts(), number))
