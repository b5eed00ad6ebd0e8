"""The double-dummy analysis of a deal entered trick by trick (a page beside the sheet).

Who may open it: whoever may open the sheet (``SheetView``: the club's scorers, organisers
and staff by the table's id, the table's players by its code while they may enter). The
solve runs on a worker (``club.services.play_analysis``); until it is there the page says so
and asks again every few seconds.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from club.models import Deal
from club.selectors.play_analysis import AnalysisUnavailable, analysis_page, play_input
from club.services import play_analysis as service
from club.views.sheets import SheetView

#: Seconds between two looks of the page while the analysis is being computed.
REFRESH = 3


class AnalysisView(SheetView):
    http_method_names = ["get"]
    template_name = "sheets/analysis.html"

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
        state, result = service.request_analysis(inp)
        context["state"] = state
        if state == service.DONE:
            context["analysis"] = analysis_page(self.ctx, inp, result)
        elif state == service.WAITING:
            context["refresh"] = REFRESH
            context["message"] = _("The solver is working on this deal (a few seconds, up "
                                   "to a minute when the workers are busy). This page looks "
                                   "again every %(seconds)d seconds.") % {"seconds": REFRESH}
        elif state == service.UNSENT:
            context["message"] = str(service_unavailable())
        else:
            context["message"] = _("The analysis of this deal could not be computed. It is "
                                   "tried again in two minutes; if it fails again, tell the "
                                   "site's administrator.")
        return render(request, self.template_name, context,
                      status=503 if state == service.UNSENT else 200)


def service_unavailable() -> str:
    return _("The analysis service is unavailable right now: the task queue cannot be "
             "reached. Nothing is lost; look again in a few minutes.")
