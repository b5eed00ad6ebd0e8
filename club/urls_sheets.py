"""URLs of the score sheets: by table id for organisers, by the table's code for its players
(``/sheet/`` asks for the code)."""

from django.urls import path

from club.views import play_analysis, sheet_changes, sheet_code, sheet_tricks, sheets

_PAGES = [
    ("", sheets.SheetPageView, ""),
    ("preview/", sheets.PreviewView, "-preview"),
    ("tricks/", sheet_tricks.TricksView, "-tricks"),
    ("deals/<int:number>/", sheets.DealView, "-deal"),
    ("deals/<int:number>/delete/", sheets.DeleteView, "-delete"),
    ("deals/<int:number>/analysis/", play_analysis.AnalysisView, "-analysis"),
]

urlpatterns = [
    *(path(f"tables/<int:pk>/sheet/{route}", view.as_view(), name=f"table-sheet{suffix}")
      for route, view, suffix in _PAGES),
    path("tables/<int:pk>/sheet/confirm/", sheets.ConfirmView.as_view(),
         name="table-sheet-confirm"),
    path("tables/<int:pk>/sheet/changes/", sheet_changes.TableChangesView.as_view(),
         name="table-sheet-changes"),
    path("championships/<int:pk>/sheet-changes/",
         sheet_changes.ChampionshipChangesView.as_view(), name="championship-sheet-changes"),
    path("sheet/", sheet_code.CodeView.as_view(), name="sheet-code"),
    *(path(f"sheet/<str:code>/{route}", view.as_view(), name=f"code-sheet{suffix}")
      for route, view, suffix in _PAGES),
]
