"""PDF reports through the API: ask for one, follow its job, download it. The same
service and permissions as the report pages (:mod:`club.services.reports`)."""

from __future__ import annotations

import hashlib

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from club.api import serializers as shapes
from club.api.base import ApiView, out
from club.api.errors import ApiError
from club.api.idempotency import HEADER, apply_once
from club.api.permissions import deny
from club.models import Championship, ReportJob, Round
from club.reports.registry import REPORTS
from club.services import reports as service
from club.throttle import client_address

KEY = OpenApiParameter(HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER,
                       pattern=r"^[ -~]{1,255}$",
                       description="Optional: the request is applied once per key.")

#: What the schema says a request takes: by its kind, the championship or the round (the
#: server reads it with ``ReportIn`` and names the one missing).
REPORT_IN = PolymorphicProxySerializer(
    component_name="ReportIn", serializers=[shapes.ChampionshipReportIn, shapes.RoundReportIn],
    resource_type_field_name=None, many=False)


def job_data(job: ReportJob, reused: bool | None = None) -> dict:
    state = service.status(job)
    data = {"id": job.pk, "kind": job.kind, "championship": job.championship_id,
            "round": job.round_id, "status": job.status, "done": state["done"],
            "total": state["total"], "percent": state["percent"], "ready": state["ready"],
            "message": str(state["message"]), "created": job.created, "finished": job.finished,
            "file": reverse("api-report-file", args=[job.pk]) if state["ready"] else None}
    if reused is not None:
        data["reused"] = reused
    return out(shapes.ReportJobOut, data)


def _identity(request) -> str:
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return "addr:" + hashlib.sha256(client_address(request).encode()).hexdigest()[:32]


class ReportRequestView(ApiView):
    @extend_schema(request=REPORT_IN, parameters=[KEY],
                   responses={201: shapes.ReportJobOut, 200: shapes.ReportJobOut,
                              503: shapes.Errors},
                   operation_id="reports_request")
    def post(self, request):
        """Ask for a PDF: the standings of a championship (``championship``), or a round's
        score sheets or results (``round``). An identical document already made is reused
        (200); otherwise a job is queued (201). 503 when the task queue is down (the job
        is kept and sent by the next request)."""
        data = shapes.ReportIn(data=request.data)
        data.is_valid(raise_exception=True)
        kind = data.validated_data["kind"]
        spec = REPORTS[kind]
        field = "round" if spec.per_round else "championship"
        pk = data.validated_data.get(field)
        if pk is None:
            raise ApiError(status.HTTP_400_BAD_REQUEST, "required",
                           _("This report needs its %(field)s.") % {"field": field}, field)
        if spec.per_round:
            rnd = get_object_or_404(Round.objects.select_related(
                "stage__championship__club", "stage__championship__rule_set"), pk=pk)
            championship = rnd.stage.championship
        else:
            rnd = None
            championship = get_object_or_404(
                Championship.objects.select_related("club", "rule_set"), pk=pk)
        if not service.may_request(request.user, championship, kind):
            raise deny(request.user)

        def write():
            asked = service.request_report(kind, championship, rnd, request.user)
            if asked.unavailable:
                raise ApiError(status.HTTP_503_SERVICE_UNAVAILABLE, "reports_unavailable",
                               str(service.UNAVAILABLE), None, job=asked.job.pk)
            answer = status.HTTP_200_OK if asked.reused else status.HTTP_201_CREATED
            return answer, job_data(asked.job, asked.reused)

        return apply_once(request, _identity(request), write, required=False, atomic=False)


def _job(request, pk) -> ReportJob:
    job = get_object_or_404(ReportJob.objects.select_related("championship__club"), pk=pk)
    if not service.may_request(request.user, job.championship, job.kind):
        raise deny(request.user)
    return job


class ReportJobView(ApiView):
    @extend_schema(responses=shapes.ReportJobOut)
    def get(self, request, pk):
        """A report job's progress; ``file`` is where to download it once ready."""
        return Response(job_data(_job(request, pk)))


class ReportFileView(ApiView):
    def perform_content_negotiation(self, request, force=False):
        renderer = JSONRenderer()  # the PDF itself, or a JSON refusal, whatever Accept says
        return renderer, renderer.media_type

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    def get(self, request, pk):
        """The finished PDF (404 while it is not ready)."""
        job = _job(request, pk)
        if job.status != ReportJob.Status.DONE or not job.file \
                or not default_storage.exists(job.file.name):
            raise ApiError(status.HTTP_404_NOT_FOUND, "report_not_ready",
                           _("The PDF is not ready (or gone: ask for it again)."))
        return FileResponse(default_storage.open(job.file.name, "rb"),
                            content_type="application/pdf",
                            filename=service.download_name(job))
