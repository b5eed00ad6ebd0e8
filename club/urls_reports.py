"""URLs of the PDF reports and their jobs (see club/views/reports.py)."""

from django.urls import path

from club.views import reports as views

urlpatterns = [
    path("reports/championships/<int:pk>/", views.ChampionshipReportsView.as_view(),
         name="reports-championship"),
    path("reports/rounds/<int:pk>/", views.RoundReportsView.as_view(), name="reports-round"),
    path("reports/<str:kind>/<int:pk>/request/", views.RequestReportView.as_view(),
         name="report-request"),
    path("reports/jobs/<int:pk>/", views.JobView.as_view(), name="report-job"),
    path("reports/jobs/<int:pk>/status/", views.JobStatusView.as_view(), name="report-status"),
    path("reports/jobs/<int:pk>/file/", views.JobFileView.as_view(), name="report-file"),
]
