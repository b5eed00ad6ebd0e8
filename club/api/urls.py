"""The API's URLs (``/api/...``) and the user's API tokens page (``/account/api-tokens/``).

Sheets are reached by the table's id (``/api/tables/<id>/sheet/...``) for those who enter
the club's sheets, or by the table's code (``/api/sheet/<code>/...``) for its players.
Any other ``/api/`` address answers a JSON 404 in the API's error shape.
"""

from __future__ import annotations

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from club.api import docs, tokens
from club.api import views_read as read
from club.api import views_reports as reports
from club.api import views_sheets as sheets
from club.api.base import ApiView

_SHEET = [
    ("", sheets.SheetView, ""),
    ("deals/", sheets.DealsView, "-deals"),
    ("deals/<int:number>/", sheets.DealView, "-deal"),
]


class NotFound(ApiView):
    """Every address under /api/ that is not one: the API's 404, not the site's page."""

    schema = None

    def _refuse(self, request, *args, **kwargs):
        from django.http import Http404

        raise Http404

    get = post = put = patch = delete = _refuse


urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", docs.docs, name="api-docs"),
    path("api/clubs/", read.ClubList.as_view(), name="api-clubs"),
    path("api/clubs/<slug:slug>/", read.ClubDetail.as_view(), name="api-club"),
    path("api/championships/", read.ChampionshipList.as_view(), name="api-championships"),
    path("api/championships/<int:pk>/", read.ChampionshipDetail.as_view(),
         name="api-championship"),
    path("api/championships/<int:pk>/standings/", read.Standings.as_view(),
         name="api-standings"),
    path("api/rounds/<int:pk>/", read.RoundDetail.as_view(), name="api-round"),
    path("api/rounds/<int:pk>/tables/", read.RoundTables.as_view(), name="api-round-tables"),
    *(path(f"api/tables/<int:pk>/sheet/{route}", view.as_view(), name=f"api-table-sheet{name}")
      for route, view, name in _SHEET),
    path("api/tables/<int:pk>/sheet/confirm/", sheets.ConfirmView.as_view(),
         name="api-table-sheet-confirm"),
    *(path(f"api/sheet/<str:code>/{route}", view.as_view(), name=f"api-code-sheet{name}")
      for route, view, name in _SHEET),
    path("api/reports/", reports.ReportRequestView.as_view(), name="api-report-request"),
    path("api/report-jobs/<int:pk>/", reports.ReportJobView.as_view(), name="api-report-job"),
    path("api/report-jobs/<int:pk>/file/", reports.ReportFileView.as_view(),
         name="api-report-file"),
    re_path(r"^api/", NotFound.as_view(), name="api-not-found"),
    path("account/api-tokens/", tokens.TokensView.as_view(), name="api-tokens"),
    path("account/api-tokens/<int:pk>/revoke/", tokens.RevokeView.as_view(),
         name="api-token-revoke"),
]
