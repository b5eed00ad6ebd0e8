"""The API's URLs (``/api/...``) and the user's API tokens page (``/account/api-tokens/``).

Sheets are reached by the table's id (``/api/tables/<id>/sheet/...``) for those who enter
the club's sheets, or by the table's code (``/api/sheet/<code>/...``) for its players.
Any other ``/api/`` address answers a JSON 404 in the API's error shape.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import path, re_path, register_converter
from drf_spectacular.views import SpectacularAPIView

from club.api import docs, tokens
from club.api import views_read as read
from club.api import views_reports as reports
from club.api import views_sheets as sheets
from club.api.base import ApiView
from club.bounds import MAX_ID


class Id:
    """An id or number in an API address: 0 to MAX_ID, else the address is not one (the
    API's JSON 404 answers, not the site's page)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(value)
        return number

    def to_url(self, value) -> str:
        return str(value)


register_converter(Id, "apiid")

_SHEET = [
    ("", sheets.SheetView, ""),
    ("deals/", sheets.DealsView, "-deals"),
    ("deals/<apiid:number>/", sheets.DealView, "-deal"),
]


class NotFound(ApiView):
    """Every address under /api/ that is not one: the API's 404, not the site's page."""

    schema = None

    def _refuse(self, request, *args, **kwargs):
        raise Http404

    get = post = put = patch = delete = _refuse


urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", docs.docs, name="api-docs"),
    path("api/clubs/", read.ClubList.as_view(), name="api-clubs"),
    path("api/clubs/<slug:slug>/", read.ClubDetail.as_view(), name="api-club"),
    path("api/championships/", read.ChampionshipList.as_view(), name="api-championships"),
    path("api/championships/<apiid:pk>/", read.ChampionshipDetail.as_view(),
         name="api-championship"),
    path("api/championships/<apiid:pk>/standings/", read.Standings.as_view(),
         name="api-standings"),
    path("api/rounds/<apiid:pk>/", read.RoundDetail.as_view(), name="api-round"),
    path("api/rounds/<apiid:pk>/tables/", read.RoundTables.as_view(), name="api-round-tables"),
    *(path(f"api/tables/<apiid:pk>/sheet/{route}", view.as_view(), name=f"api-table-sheet{name}")
      for route, view, name in _SHEET),
    path("api/tables/<apiid:pk>/sheet/confirm/", sheets.ConfirmView.as_view(),
         name="api-table-sheet-confirm"),
    *(path(f"api/sheet/<str:code>/{route}", view.as_view(), name=f"api-code-sheet{name}")
      for route, view, name in _SHEET),
    path("api/reports/", reports.ReportRequestView.as_view(), name="api-report-request"),
    path("api/report-jobs/<apiid:pk>/", reports.ReportJobView.as_view(), name="api-report-job"),
    path("api/report-jobs/<apiid:pk>/file/", reports.ReportFileView.as_view(),
         name="api-report-file"),
    re_path(r"^api/", NotFound.as_view(), name="api-not-found"),
    path("account/api-tokens/", tokens.TokensView.as_view(), name="api-tokens"),
    path("account/api-tokens/<apiid:pk>/revoke/", tokens.RevokeView.as_view(),
         name="api-token-revoke"),
]
