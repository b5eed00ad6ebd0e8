"""Closing a round, the organiser's pages: the check of every table with a decision form
for each, the close, and reopening a closed round. Every refusal answers 400 with the
check page: a refused decision next to its field, the field focused (``autofocus``: the
site's script leaves the focus to it); a refused close or reopen at the top of the page,
an alert block that takes the focus. Every control of a table's form names its table."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from club.forms_closing import CloseForm, DecisionForm, ReopenForm
from club.models import Round, Table
from club.selectors.closing import round_checks
from club.selectors.late_deals import late_counts, table_reports
from club.services import closing, draws
from club.views.championships import RoundView


def focus_first_error(form) -> None:
    """Put the cursor in the first field at fault of ``form`` when the page loads: the
    browser focuses it (``autofocus``, no script), a screen reader reads it with its error
    (``aria-describedby``); troef.js leaves the focus to an ``autofocus`` element."""
    if form is None or not form.is_bound:
        return
    for name, field in form.fields.items():
        if form.errors.get(name):
            field.widget.attrs["autofocus"] = True
            return


def name_table_controls(form, number: int) -> None:
    """Every control of a table's decision form names its table (``aria-label``, which
    begins with the visible label): a screen reader's list of controls tells them apart."""
    labels = {
        "decision": _("Decision for table %(number)s"),
        "side": _("Side that forfeits at table %(number)s"),
        "reason": _("Reason for table %(number)s"),
    }
    for name, label in labels.items():
        if name in form.fields:
            form.fields[name].widget.attrs["aria-label"] = label % {"number": number}


class RoundClosingView(RoundView):
    """The check before closing (a published round), or the decisions and the reopen form
    (a closed one)."""

    edit = True

    def get(self, request, pk, **kwargs):
        return self.page(request)

    def page(self, request, *, forms: dict | None = None, close_form=None, close_error="",
             reopen_form=None, reopen_error="", status: int = 200):
        rnd = self.round
        checks = round_checks(rnd)
        # each table's code page: when it last asked, how many deals it had waiting
        reports = table_reports(rnd) if self.championship.self_entry else {}
        for check in checks:
            if check.table.is_bye:
                continue
            table = check.table
            check.report = reports.get(table.pk)
            check.form = (forms or {}).get(table.number) or DecisionForm(
                sides=check.sides, prefix=f"t{table.number}", initial={
                    "decision": table.decision, "side": table.decision_side,
                    "reason": table.decision_reason})
            name_table_controls(check.form, table.number)
            focus_first_error(check.form)
        refusal = close_error or reopen_error
        if not refusal:
            focus_first_error(close_form)
            focus_first_error(reopen_form)
        closed = rnd.status == Round.Status.CLOSED
        late_waiting, late_all = late_counts(rnd)
        return render(request, "championships/closing.html", {
            "late_waiting": late_waiting, "late_all": late_all,
            "championship": self.championship, "round": rnd, "checks": checks,
            "missing": [c.table.number for c in checks if c.missing],
            "close_form": close_form or CloseForm(), "close_error": close_error,
            "reopen_form": reopen_form or ReopenForm(), "reopen_error": reopen_error,
            "refusal": refusal,
            "blocker": closing.reopen_blocker(rnd) if closed else None,
        }, status=status)


class TableDecisionView(RoundClosingView):
    def get(self, request, pk, number):
        return redirect("round-closing", pk=pk)

    def post(self, request, pk, number):
        table = Table.objects.filter(round=self.round, number=number, is_bye=False).first()
        if table is None:
            raise Http404
        sides = next(c.sides for c in round_checks(self.round) if c.table.pk == table.pk)
        form = DecisionForm(request.POST, sides=sides, prefix=f"t{number}")
        if form.is_valid():
            data = form.cleaned_data
            try:
                closing.decide_table(table, request.user, data["decision"], side=data["side"],
                                     reason=data["reason"])
            except closing.DecisionError as error:
                form.add_error(error.field if error.field in form.fields else None, str(error))
            else:
                messages.success(request, _("Table %(number)d: decision recorded.")
                                 % {"number": number})
                return redirect("round-closing", pk=pk)
        return self.page(request, forms={number: form}, status=400)


class RoundCloseView(RoundClosingView):
    def get(self, request, pk):
        return redirect("round-closing", pk=pk)

    def post(self, request, pk):
        form = CloseForm(request.POST)
        if not form.is_valid():
            return self.page(request, close_form=form, status=400)
        try:
            closing.close_round(self.round, request.user,
                              remaining=form.cleaned_data["remaining"] or None)
        except draws.RoundError as error:
            self.round.refresh_from_db()
            return self.page(request, close_form=form, close_error=str(error), status=400)
        messages.success(request, _("Round %(n)d: closed.") % {"n": self.round.number})
        return redirect(self.round)


class RoundReopenView(RoundClosingView):
    def get(self, request, pk):
        return redirect("round-closing", pk=pk)

    def post(self, request, pk):
        form = ReopenForm(request.POST)
        if form.is_valid():
            try:
                closing.reopen_round(self.round, request.user, form.cleaned_data["reason"])
            except closing.DecisionError as error:
                form.add_error(error.field if error.field in form.fields else None, str(error))
            except draws.RoundError as error:
                return self.page(request, reopen_form=form, reopen_error=str(error), status=400)
            else:
                messages.success(request, _("Round %(n)d: reopened. Its decisions are kept "
                                            "until it closes again.") % {"n": self.round.number})
                return redirect("round-closing", pk=pk)
        return self.page(request, reopen_form=form, status=400)
