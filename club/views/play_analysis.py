"""The double-dummy analysis of a deal entered trick by trick (a page beside the sheet).

Who may open it: whoever may open the sheet (``SheetView``: the club's scorers, organisers
and staff by the table's id, the table's players by its code while they may enter). The
solve runs on a worker (``club.services.play_analysis``); until it is there the page says so
and asks again every few seconds.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club.access import can_see_duplicate_event
from club.models import Deal, Traveller
from club.selectors.duplicate import conceal_pairs
from club.selectors.play_analysis import (
    AnalysisUnavailable,
    TravellerNames,
    analysis_page,
    play_input,
    traveller_input,
)
from club.services import play_analysis as service
from club.views.duplicate import SEATS, hands_shown, names_for
from club.views.sheets import SheetView

#: Seconds between two looks of the page while the analysis is being computed.
REFRESH = 3


class AnalysisView(SheetView):
    http_method_names = ["get"]
    template_name = "sheets/analysis.html"
    needs_tricks_entry = True  # the cards of a deal are entered trick by trick

    def get(self, request, number, **kwargs):
        deal = Deal.objects.filter(table_id=self.table_id, number=number).first()
        if deal is None:
            raise Http404(_("No such deal."))
        context = {"ctx": self.ctx, "table": self.ctx.table, "deal": deal,
                   "sheet_url": f"{self.sheet_url()}#deal-{number}", "by_code": bool(self.code),
                   "state": None, "message": "", "analysis": None, "refresh": 0}
        try:
            inp = play_input(self.ctx, deal)
        except AnalysisUnavailable as error:
            context["message"] = str(error)
            return render(request, self.template_name, context)
        return _answer(request, self.template_name, context, inp, self.ctx)


def service_unavailable() -> str:
    return _("The analysis service is unavailable right now: the task queue cannot be "
             "reached. Nothing is lost; look again in a few minutes.")


class TravellerAnalysisView(View):
    """What each card of a duplicate table's play of a board cost (the demo and the
    simulations record the cards). Seen by whoever may see the board's cards
    (``club.views.duplicate.hands_shown``: the organisers, everyone once every table has
    played the board)."""

    template_name = "sheets/analysis.html"

    def get(self, request, pk):

        line = get_object_or_404(Traveller.objects.select_related(
            "board__session__event__club", "board__session__event__rule_set", "table",
            "pair_ns", "pair_ew"), pk=pk)
        board = line.board
        event = board.session.event
        if not can_see_duplicate_event(request.user, event) or not hands_shown(request, board):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        # The pairs as this viewer may see them: initials for a player not published.
        conceal_pairs((line.pair_ns, line.pair_ew), names_for(request, event))
        names = TravellerNames(
            tuple(f"{_(seat)} ({(line.pair_ns if i % 2 == 0 else line.pair_ew).name})"
                  for i, seat in enumerate(SEATS)),
            (line.pair_ns.name, line.pair_ew.name))
        context = {"deal": None, "line": line, "board": board, "event": event,
                   "sheet_url": reverse("duplicate-board", args=[board.session_id,
                                                                 board.number]),
                   "state": None, "message": "", "analysis": None, "refresh": 0}
        try:
            inp = traveller_input(line, board, event.rule_set.rules())
        except AnalysisUnavailable as error:
            context["message"] = str(error)
            return render(request, self.template_name, context)
        return _answer(request, self.template_name, context, inp, names)


def _answer(request, template: str, context: dict, inp, names):
    state, result = service.request_analysis(inp)
    context["state"] = state
    if state == service.DONE:
        context["analysis"] = analysis_page(names, inp, result)
    elif state == service.WAITING:
        context["refresh"] = REFRESH
        context["message"] = _("The solver is working on this deal (a few seconds, up to a "
                               "minute when the workers are busy). This page looks again "
                               "every %(seconds)d seconds.") % {"seconds": REFRESH}
    elif state == service.UNSENT:
        context["message"] = service_unavailable()
    else:
        context["message"] = _("The analysis of this deal could not be computed. It is "
                               "tried again in two minutes; if it fails again, tell the "
                               "site's administrator.")
    return render(request, template, context, status=503 if state == service.UNSENT else 200)
