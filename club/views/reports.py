"""Report pages: ask for a PDF, follow its job, download it; the charts as pages.

Organisers of the championship's club and staff see every report; when the championship
is public, anyone may ask for and download its standings PDF.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views import View

from club.access import can_edit_club, can_see_championship
from club.laptop import phones_cannot_open
from club.models import Championship, ReportJob, Round
from club.params import int_param
from club.reports import charts, documents
from club.reports.registry import REPORTS
from club.services import reports as service


def _deny(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def _championship(pk: int) -> Championship:
    return get_object_or_404(Championship.objects.select_related("club", "rule_set"), pk=pk)


def _round(pk: int) -> Round:
    return get_object_or_404(Round.objects.select_related(
        "stage__championship__club", "stage__championship__rule_set"), pk=pk)


def _job(pk: int) -> ReportJob:
    return get_object_or_404(ReportJob.objects.select_related(
        "championship__club", "round__stage"), pk=pk)


def _unreachable(championship: Championship) -> str:
    """The site address, when the QR codes of this championship's score sheets would carry
    it and phones cannot open it (localhost: ``make run`` without its laptop mode)."""
    url = settings.TROEF_SITE_URL
    return url if championship.self_entry and phones_cannot_open(url) else ""


def _recent(championship: Championship, rnd: Round | None = None):
    jobs = ReportJob.objects.filter(championship=championship).select_related("round")
    if rnd is not None:
        jobs = jobs.filter(round=rnd)
    return jobs.order_by("-created")[:8]


class ChampionshipReportsView(View):
    """The championship's reports: standings PDF, each round's sheets and results, the
    leaders' rank chart."""

    def get(self, request, pk):
        championship = _championship(pk)
        editor = can_edit_club(request.user, championship.club)
        if not editor and not can_see_championship(request.user, championship):
            return _deny(request)
        rounds = Round.objects.filter(stage__championship=championship).select_related(
            "stage").order_by("stage__number", "number")
        chart = documents.standings_chart(championship)
        return render(request, "reports/championship.html", {
            "championship": championship, "editor": editor, "rounds": rounds,
            "chart": mark_safe(charts.inline(chart)) if chart else "",
            "jobs": _recent(championship) if editor else [],
            "unreachable": _unreachable(championship) if editor else ""})


class RoundReportsView(View):
    """A round's results as a page with the score progression of one table."""

    def get(self, request, pk):
        rnd = _round(pk)
        championship = rnd.stage.championship
        if not can_edit_club(request.user, championship.club):
            return _deny(request)
        page = documents.round_view(rnd.pk, int_param(request.GET, "table", low=1, high=32767))
        return render(request, "reports/round.html", {
            "round": rnd, "championship": championship, "page": page,
            "chart": mark_safe(charts.inline(page.chart)) if page.chart else "",
            "jobs": _recent(championship, rnd), "unreachable": _unreachable(championship)})


class RequestReportView(View):
    """POST: reuse or queue a PDF, then show its job (503 when the queue is down)."""

    def post(self, request, kind, pk):
        spec = REPORTS.get(kind)
        if spec is None:
            raise Http404
        if spec.per_round:
            rnd = _round(pk)
            championship = rnd.stage.championship
        else:
            championship, rnd = _championship(pk), None
        if not service.may_request(request.user, championship, kind):
            return _deny(request)
        asked = service.request_report(kind, championship, rnd, request.user)
        if asked.unavailable:
            return _job_page(request, asked.job, status=503)
        return redirect("report-job", pk=asked.job.pk)


def _job_page(request, job: ReportJob, status: int = 200):
    return render(request, "reports/job.html", {
        "job": job, "state": service.status(job), "championship": job.championship},
        status=status)


def _visible(request, job: ReportJob) -> bool:
    return service.may_request(request.user, job.championship, job.kind)


class JobView(View):
    def get(self, request, pk):
        job = _job(pk)
        if not _visible(request, job):
            return _deny(request)
        return _job_page(request, job)


class JobStatusView(View):
    """The job's progress as JSON, polled by the job page."""

    def get(self, request, pk):
        job = _job(pk)
        if not _visible(request, job):
            raise PermissionDenied
        return JsonResponse(service.status(job))


class JobFileView(View):
    def get(self, request, pk):
        job = _job(pk)
        if not _visible(request, job):
            return _deny(request)
        if job.status != ReportJob.Status.DONE or not job.file \
                or not default_storage.exists(job.file.name):
            return _job_page(request, job, status=404)
        return FileResponse(default_storage.open(job.file.name, "rb"),
                            content_type="application/pdf",
                            filename=service.download_name(job))
