"""The audit trail of a duplicate session's travellers: every line entered, corrected or
removed, with who, when, the old and new values and why (the sheets' change log,
:mod:`club.views.sheet_changes`, for travellers). For those who enter the club's results;
paginated and exportable as CSV/XLSX like the sheets' log."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from club.access import can_enter_sheets
from club.models import DuplicateSession, Traveller, TravellerChange
from club.views.base import StreamedExportMixin
from club.views.sheet_changes import ResultChangeTable, describe


class Directions:
    """What a traveller calls its sides in the log: side 0 is North-South."""

    def side(self, side: int) -> str:
        return _("North-South") if side == 0 else _("East-West")

    def seat(self, position: int | None) -> str:
        return "–" if position is None else str(position + 1)


class TravellerChangeTable(ResultChangeTable):
    board_number = tables.Column(verbose_name=gettext_lazy("Board"))

    class Meta:
        model = TravellerChange
        fields = ["at", "where", "board_number", "action", "user", "what", "reason"]
        sequence = fields
        order_by = "-at"

    def render_where(self, record):
        return _("round %(round)d, table %(table)d") % {"round": record.table.round,
                                                        "table": record.table.number}

    def describe_change(self, record):
        return describe(record, Directions(), Traveller.FACT_FIELDS)


class SessionChangesView(StreamedExportMixin, TemplateView):
    """Every change to a session's travellers."""

    template_name = "duplicate/changes.html"
    table_class = TravellerChangeTable

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        self.session = get_object_or_404(DuplicateSession.objects.select_related(
            "event__club"), pk=kwargs["pk"])
        if not can_enter_sheets(request.user, self.session.event.club):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def get_table_data(self):
        return TravellerChange.objects.filter(session=self.session).select_related(
            "user", "table").order_by("-at", "-pk")

    def get_export_name(self) -> str:
        return f"{_('traveller changes')}-{self.session.pk}"

    def get_export_title(self) -> str:
        return _("Changes to the travellers of %(session)s") % {"session": self.session}

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=self.get_export_title(),
                                         event=self.session.event, session=self.session,
                                         **kwargs)
