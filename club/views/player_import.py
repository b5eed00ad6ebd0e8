"""The CSV import of players: small files at once, big ones as a job with a progress page."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views import View
from django.views.generic import FormView

from club.forms import CsvImportForm
from club.models import PlayerImportJob
from club.services.import_jobs import BACKGROUND_ROWS, job_status, start_import_job
from club.services.player_import import import_rows, import_summary, parse_csv
from club.views.base import ClubEditMixin, RefusedIs400


class PlayerImportView(ClubEditMixin, RefusedIs400, FormView):
    """Upload a CSV. A file that is not CSV text is refused at once (400, the row named);
    up to ``BACKGROUND_ROWS`` rows are imported during the request, more by a job."""

    form_class = CsvImportForm
    template_name = "club/import.html"

    def refused(self, form, report):
        return render(self.request, self.template_name,
                      self.get_context_data(form=form, report=report), status=400)

    def form_valid(self, form):
        data = form.cleaned_data["file"].read()
        parsed = parse_csv(data)
        if not parsed.report.ok:
            return self.refused(form, parsed.report)
        if parsed.player_rows > BACKGROUND_ROWS:
            job = start_import_job(self.request.user, self.club, data, parsed.player_rows)
            return redirect(job)
        report = import_rows(self.request.user, self.club, parsed.rows)
        if not report.ok:
            return self.refused(form, report)
        messages.success(self.request, import_summary(report.created, report.linked,
                                                      report.already))
        return redirect(self.club)


class PlayerImportJobView(ClubEditMixin, View):
    """A background import's progress and outcome: organisers of its club and staff."""

    def get(self, request, slug, pk):
        job = get_object_or_404(PlayerImportJob, pk=pk, club=self.club)
        return render(request, "club/import_job.html",
                      {"club": self.club, "job": job, "progress": job_status(job),
                       "Status": PlayerImportJob.Status,
                       "summary": import_summary(
                           job.created_players, job.linked_players,
                           max(job.rows_total - job.created_players - job.linked_players, 0))})
