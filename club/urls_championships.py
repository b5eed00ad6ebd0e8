"""URLs of the championship flow, public pages included (they check ``public``)."""

from django.urls import path

from club.views import championships as views
from club.views import closing, projector, ratings, rulesets, standings

urlpatterns = [
    path("clubs/<slug:slug>/championships/new/", views.ChampionshipCreateView.as_view(),
         name="championship-create"),
    path("clubs/<slug:slug>/ladder/", standings.ladder_view, name="club-ladder"),
    path("clubs/<slug:slug>/ratings/", ratings.club_ratings, name="club-ratings"),
    path("clubs/<slug:slug>/ratings/settings/", ratings.RatingSettingsView.as_view(),
         name="club-rating-settings"),
    path("clubs/<slug:slug>/ratings/players/<int:pk>/", ratings.club_rating_player,
         name="club-rating-player"),
    path("ratings/", ratings.federation_ratings, name="federation-ratings"),
    path("ratings/players/<int:pk>/", ratings.federation_rating_player,
         name="federation-rating-player"),
    path("clubs/<slug:slug>/rulesets/", rulesets.rule_set_list, name="club-rulesets"),
    path("clubs/<slug:slug>/rulesets/copy/<int:pk>/", rulesets.RuleSetCopyView.as_view(),
         name="ruleset-copy"),
    path("rulesets/<int:pk>/", rulesets.rule_set_detail, name="ruleset-detail"),
    path("rulesets/<int:pk>/edit/", rulesets.RuleSetEditView.as_view(), name="ruleset-edit"),
    path("rankings/clubs/", standings.club_ranking_view, name="club-ranking"),
    path("championships/<int:pk>/", views.ChampionshipDetailView.as_view(),
         name="championship-detail"),
    path("championships/<int:pk>/edit/", views.ChampionshipEditView.as_view(),
         name="championship-edit"),
    path("championships/<int:pk>/delete/", views.ChampionshipDeleteView.as_view(),
         name="championship-delete"),
    path("championships/<int:pk>/entries/", views.EntriesView.as_view(),
         name="championship-entries"),
    path("championships/<int:pk>/substitute/", views.SubstituteView.as_view(),
         name="championship-substitute"),
    path("championships/<int:pk>/standings/", standings.StandingsView.as_view(),
         name="championship-standings"),
    path("championships/<int:pk>/projector/", projector.ProjectorView.as_view(),
         name="championship-projector"),
    path("championships/<int:pk>/projector/data/", projector.ProjectorDataView.as_view(),
         name="championship-projector-data"),
    path("entries/<int:pk>/active/", views.EntryActiveView.as_view(), name="entry-active"),
    path("stages/<int:pk>/draw/", views.StageDrawView.as_view(), name="stage-draw"),
    path("stages/<int:pk>/advance/", views.AdvanceView.as_view(), name="stage-advance"),
    path("rounds/<int:pk>/", views.RoundView.as_view(), name="round-detail"),
    # before round-action, whose <str:action> would take these paths
    path("rounds/<int:pk>/closing/", closing.RoundClosingView.as_view(), name="round-closing"),
    path("rounds/<int:pk>/closing/<int:number>/", closing.TableDecisionView.as_view(),
         name="round-table-decide"),
    path("rounds/<int:pk>/close/", closing.RoundCloseView.as_view(), name="round-close"),
    path("rounds/<int:pk>/reopen/", closing.RoundReopenView.as_view(), name="round-reopen"),
    path("rounds/<int:pk>/<str:action>/", views.RoundActionView.as_view(), name="round-action"),
]
