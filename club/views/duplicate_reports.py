"""The PDFs of a duplicate session (board slips, table cards, travellers, hand records):
the page that asks for them and follows their progress, and the downloads.

Organisers of the event's club and staff only (``can_edit_club``): the slips and hand
records show every card of every board before it is played.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club import messages
from club.access import can_edit_club
from club.exports import export_filename
from club.models import DuplicateSession
from club.services import duplicate_reports as service
from engine.errors import EngineError

#: Seconds between two looks of the page while a PDF is on its way.
REFRESH = 3


def _session(request, pk: int) -> DuplicateSession:
    session = get_object_or_404(DuplicateSession.objects.select_related(
        "event__club", "event__rule_set"), pk=pk)
    if not can_edit_club(request.user, session.event.club):
        raise PermissionDenied
    return session


def _login_first(view):
    def wrapped(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(self, request, *args, **kwargs)
    return wrapped


class SessionPdfsView(View):
    @_login_first
    def get(self, request, pk):
        session = _session(request, pk)
        try:
            states = [service.state(kind, session) for kind in service.KINDS]
        except EngineError as error:  # a board's stored hands no longer read
            return render(request, "duplicate/pdfs.html", {
                "session": session, "event": session.event, "states": [],
                "refusal": messages.explain(error), "refresh": 0}, status=409)
        busy = any(s["status"] in ("queued", "running", "solving") for s in states)
        return render(request, "duplicate/pdfs.html", {
            "session": session, "event": session.event, "states": states,
            "refresh": REFRESH if busy else 0})


class RequestPdfView(View):
    http_method_names = ["post"]

    @_login_first
    def post(self, request, pk, kind):
        if kind not in service.KINDS:
            raise Http404
        session = _session(request, pk)
        try:
            service.request(kind, session)
        except EngineError:
            pass  # the page says which board cannot be read
        return redirect("duplicate-pdfs", pk=session.pk)


class PdfFileView(View):
    @_login_first
    def get(self, request, pk, kind):
        if kind not in service.KINDS:
            raise Http404
        session = _session(request, pk)
        try:
            name = service.file_name(kind, session)
        except EngineError:
            return redirect("duplicate-pdfs", pk=session.pk)
        if not default_storage.exists(name):  # not made yet, or made for older data
            return redirect("duplicate-pdfs", pk=session.pk)
        filename = export_filename(session.event.club.slug, _("duplicate event"),
                                   session.event_id, session.number, service.KINDS[kind],
                                   ext="pdf")
        return FileResponse(default_storage.open(name, "rb"), content_type="application/pdf",
                            filename=filename)
