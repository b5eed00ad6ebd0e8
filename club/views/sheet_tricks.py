"""A deal entered trick by trick on a partnership sheet (the engine checks every card and
counts the points and tricks): the next deal, or ``?deal=n`` to replace a recorded one. The
same URLs, permissions, conflicts and keyed saves as every sheet page
(:class:`club.views.sheets.SheetView`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from club.bounds import MAX_NUMBER
from club.forms_sheets import TricksForm, calls_initial
from club.params import int_param
from club.selectors.sheet_page import sheet_page
from club.services.sheet_play import record_play
from club.services.sheets import SheetConflict, SheetInvalid
from club.trump_keys import form_trump
from club.views.sheets import SheetView


class TricksView(SheetView):
    """A deal trick by trick (the next deal, or ``?deal=n`` to replace a recorded one)."""

    template_name = "sheets/tricks.html"
    needs_tricks_entry = True

    def number(self) -> int | None:
        return int_param(self.request.GET, "deal", low=1, high=MAX_NUMBER)

    def get(self, request, **kwargs):
        page = sheet_page(self.ctx)
        number = self.number()
        deal = next((d for d in page.deals if d.number == number), None)
        initial = {"dealer": page.next_dealer if deal is None else deal.dealer,
                   "version": page.table.version, "doubling": 1}
        if deal is not None:
            initial.update(calls_initial(deal))
            initial.update(trump=form_trump(deal), doubling=deal.doubling,
                           play="\n".join(" ".join(t) for t in (deal.play or {}).get("tricks", [])))
        form = TricksForm(self.ctx, initial=initial)
        return self.render_page(tricks_form=form, page=page, tricks_deal=deal)

    def render_page(self, *, form=None, **kwargs: Any) -> HttpResponse:
        """The tricks page: the base's refusals of a keyed save (:meth:`save_once`) name the
        tricks form ``form``; a refused replacement keeps its deal (the form's address)."""
        if isinstance(form, TricksForm):
            kwargs["tricks_form"], form = form, None
        number = self.number()
        if number is not None and "tricks_deal" not in kwargs:
            kwargs["page"] = kwargs.get("page") or sheet_page(self.ctx)
            kwargs["tricks_deal"] = next(
                (d for d in kwargs["page"].deals if d.number == number), None)
        return super().render_page(form=form, **kwargs)

    def post(self, request, **kwargs):
        number = self.number()  # a recorded deal replaced: a correction
        form = TricksForm(self.ctx, data=request.POST, correction=number is not None)
        played: dict[str, Any] = {}

        def save() -> dict:
            data = form.cleaned_data
            saved, played["report"] = record_play(
                self.actor, self.table_id, data["version"], data, number=number,
                reason=data.get("reason", ""), ctx=self.ctx)
            return {"ok": True, "number": saved.number, "version": saved.version}

        # a deal typed once is saved once (club.services.page_once), per address: the next
        # deal's form and a replacement's (``?deal=n``) are other forms
        path = self.url("-tricks") + (f"?deal={number}" if number is not None else "")
        try:
            answer = self.save_once(form, path, save, editing=None)
        except (SheetInvalid, SheetConflict) as error:
            return self.refused(form, error)
        if isinstance(answer, HttpResponse):
            return answer
        report = played["report"]
        if report.renonce:
            messages.warning(request, report.renonce)
        else:
            facts = report.facts
            messages.success(request, _("Deal %(number)d from its tricks: %(a)s–%(b)s card "
                                        "points, %(t)s–%(u)s tricks.") % {
                "number": answer["number"], "a": facts["points"], "b": facts["points_other"],
                "t": facts["tricks"], "u": self.ctx.rules.tricks_per_deal - facts["tricks"]})
        return redirect(f"{self.sheet_url()}#deal-{answer['number']}")
