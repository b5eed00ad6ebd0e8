"""Shared view pieces: permission mixins and exportable table views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django_tables2 import SingleTableMixin
from django_tables2.export.views import ExportMixin

from club.access import can_edit_club
from club.exports import ExportTooLarge, SafeTableExport, StreamedTableExport, export_filename
from club.models import Club
from club.params import BoundedPaginator


class ClubEditMixin(LoginRequiredMixin):
    """Anonymous users go to the login page; users who may not edit the club get 403."""

    club_kwarg = "slug"

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.club = get_object_or_404(Club, slug=kwargs[self.club_kwarg])
        if not can_edit_club(request.user, self.club):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("club", self.club)
        return super().get_context_data(**kwargs)


class RefusedIs400:
    """A form view that answers a refused form with 400 (the page, the messages next to
    the fields), so that clients and tests can tell a refusal from a page."""

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class ExportableTableMixin(ExportMixin, SingleTableMixin):
    """A django-tables2 table, sortable and paginated, exportable as CSV and XLSX (never
    with a formula: :class:`club.exports.SafeTableExport`)."""

    export_class = SafeTableExport
    export_formats = ("csv", "xlsx")
    paginate_by = 50
    paginator_class = BoundedPaginator  # ?per_page= stays between 1 and 500
    export_name = "troef"  # translated words: the file name is their ASCII slug
    export_title = None  # the XLSX sheet's title (translated); None: "Troef"

    def get_export_filename(self, export_format):
        return export_filename(self.get_export_name(), ext=export_format)

    def get_export_name(self) -> str:
        return str(self.export_name)

    def get_export_title(self):
        return self.export_title

    def get_dataset_kwargs(self):
        return {**(super().get_dataset_kwargs() or {}), "title": self.get_export_title()}


class StreamedExportMixin(ExportableTableMixin):
    """Exports of lists as long as a club (issue 27, break 1): the CSV streams, the XLSX is
    written row by row and bounded (:class:`club.exports.StreamedTableExport`); beyond the
    bound the page says so and offers the CSV, whatever the club's size no request holds a
    worker for long. An export builds nothing of the page."""

    export_class = StreamedTableExport

    def export_requested(self) -> str | None:
        export = self.request.GET.get(self.export_trigger_param)
        return export if self.export_class.is_valid_format(export) else None

    def create_export(self, export_format):
        try:
            return super().create_export(export_format)
        except ExportTooLarge as error:
            messages.error(self.request, str(error))
            return redirect(self.request.path)
