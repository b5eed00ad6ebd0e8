"""A big CSV import of players, run as a background job with its progress."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class PlayerImportJob(models.Model):
    """One uploaded file too big to import during the request.

    The file is kept in the default storage until the job ends (then deleted: it holds
    names and member numbers). ``errors`` is the list of ``[row, field, message]`` when the
    file is refused; then no player was written."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        CHECKING = "checking", _("checking the rows")
        WRITING = "writing", _("writing the players")
        DONE = "done", _("imported")
        REFUSED = "refused", _("refused: nothing imported")
        FAILED = "failed", _("failed: nothing imported")

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="import_jobs",
                             verbose_name=_("club"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+", verbose_name=_("user"))
    file = models.FileField(_("file"), upload_to="imports/%Y/%m/", blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.QUEUED)
    rows_total = models.PositiveIntegerField(_("rows"), default=0)
    rows_checked = models.PositiveIntegerField(_("rows checked"), default=0)
    rows_written = models.PositiveIntegerField(_("rows written"), default=0)
    created_players = models.PositiveIntegerField(_("new players"), default=0)
    linked_players = models.PositiveIntegerField(_("existing players"), default=0)
    errors = models.JSONField(_("errors"), default=list, blank=True)
    error_count = models.PositiveIntegerField(_("number of errors"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("player import")
        verbose_name_plural = _("player imports")

    def __str__(self) -> str:
        return f"{self.club} import {self.pk} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("club-player-import-job", args=[self.club.slug, self.pk])

    @property
    def finished_ok(self) -> bool:
        return self.status == self.Status.DONE

    @property
    def ended(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.REFUSED, self.Status.FAILED)
