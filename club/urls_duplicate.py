"""URLs of duplicate events (issue 18)."""

from django.urls import path

from club.views import duplicate, duplicate_entry, traveller_changes

urlpatterns = [
    path("clubs/<slug:slug>/duplicate/", duplicate.EventListView.as_view(),
         name="duplicate-list"),
    path("clubs/<slug:slug>/duplicate/new/", duplicate.EventCreateView.as_view(),
         name="duplicate-create"),
    path("duplicate/<int:pk>/", duplicate.EventView.as_view(), name="duplicate-event"),
    path("duplicate/<int:pk>/standings/", duplicate.StandingsView.as_view(),
         name="duplicate-standings"),
    path("duplicate/sessions/<int:pk>/rounds/<int:number>/", duplicate.RoundView.as_view(),
         name="duplicate-round"),
    path("duplicate/sessions/<int:pk>/changes/", traveller_changes.SessionChangesView.as_view(),
         name="duplicate-changes"),
    path("duplicate/sessions/<int:pk>/boards/<int:number>/", duplicate.BoardView.as_view(),
         name="duplicate-board"),
    path("duplicate/sessions/<int:pk>/boards/<int:number>/cards/",
         duplicate_entry.BoardCardsView.as_view(), name="duplicate-board-cards"),
    path("duplicate/tables/<int:pk>/boards/<int:number>/",
         duplicate_entry.TravellerView.as_view(), name="duplicate-traveller"),
    path("duplicate/tables/<int:pk>/boards/<int:number>/remove/",
         duplicate_entry.TravellerRemoveView.as_view(), name="duplicate-traveller-remove"),
]
