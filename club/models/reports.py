"""Requested PDFs: a Celery job's status, progress and file."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ReportJob(models.Model):
    class Kind(models.TextChoices):
        SHEETS = "sheets", _("score sheets")
        STANDINGS = "standings", _("standings")
        RESULTS = "results", _("round results")
        ANALYSIS = "analysis", _("round results with the play analysis")

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("rendering")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")
        #: The task queue could not be reached: kept, and sent by the workers' sweep when
        #: it can be (within a day), or by the next request.
        UNSENT = "unsent", _("not sent")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    championship = models.ForeignKey("club.Championship", on_delete=models.CASCADE,
                                     related_name="report_jobs", verbose_name=_("championship"))
    round = models.ForeignKey("club.Round", on_delete=models.CASCADE, null=True, blank=True,
                              related_name="report_jobs", verbose_name=_("round"))
    fingerprint = models.CharField(_("content fingerprint"), max_length=64, db_index=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices,
                              default=Status.QUEUED)
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    file = models.FileField(_("file"), upload_to="reports/%Y/%m/", blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                     blank=True, related_name="+")
    created = models.DateTimeField(_("created"), auto_now_add=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    #: The last sign of work: the job sent to the queue, or a worker starting or rendering
    #: it (every few seconds while it renders). Old while queued or running = no worker.
    heartbeat = models.DateTimeField(_("last sign of work"), null=True, blank=True)
    #: The language it was asked in (its fingerprint's): the sweep sends it in that one.
    language = models.CharField(_("language"), max_length=10, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("report job")
        verbose_name_plural = _("report jobs")
