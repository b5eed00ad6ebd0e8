"""URLs of a duplicate session's PDFs (club/views/duplicate_reports.py)."""

from django.urls import path

from club.views import duplicate_reports as views
from club.views import play_analysis

urlpatterns = [
    path("duplicate/sessions/<int:pk>/pdf/", views.SessionPdfsView.as_view(),
         name="duplicate-pdfs"),
    path("duplicate/sessions/<int:pk>/pdf/<str:kind>/", views.RequestPdfView.as_view(),
         name="duplicate-pdf-request"),
    path("duplicate/sessions/<int:pk>/pdf/<str:kind>/file/", views.PdfFileView.as_view(),
         name="duplicate-pdf-file"),
    path("duplicate/travellers/<int:pk>/analysis/", play_analysis.TravellerAnalysisView.as_view(),
         name="traveller-analysis"),
]
