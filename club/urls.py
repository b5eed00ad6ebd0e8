from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from club.views import account, clubs, home, members, player_import, privacy
from club.views.auth import ThrottledLoginView

# 400/403/404 are Django's handlers with our templates (templates/400.html ...); 500 is ours:
# with the database unreachable it answers 503, "not saved, try again". Under /api/ each
# answers the API's JSON error shape instead (club.api.errors).
handler400 = "club.views.errors.bad_request"
handler403 = "club.views.errors.permission_denied"
handler404 = "club.views.errors.page_not_found"
handler500 = "club.views.errors.server_error"

urlpatterns = [
    path("", home.HomeView.as_view(), name="home"),
    path("health/", home.health, name="health"),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", account.AccountView.as_view(), name="account"),
    path("account/leave/<slug:slug>/", account.LeaveClubView.as_view(), name="account-leave"),
    path("account/password/", account.PasswordChangeView.as_view(), name="password_change"),
    path("account/password/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("account/password/reset/", account.PasswordResetView.as_view(), name="password_reset"),
    path("account/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("account/password/reset/<uidb64>/<token>/", account.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("account/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("invitations/<str:token>/", account.InvitationAcceptView.as_view(),
         name="invitation-accept"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("clubs/", clubs.ClubListView.as_view(), name="club-list"),
    path("clubs/new/", clubs.ClubCreateView.as_view(), name="club-create"),
    path("clubs/<slug:slug>/", clubs.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<slug:slug>/edit/", clubs.ClubUpdateView.as_view(), name="club-edit"),
    path("clubs/<slug:slug>/players/add/", clubs.PlayerAddView.as_view(), name="club-player-add"),
    path("clubs/<slug:slug>/players/import/", player_import.PlayerImportView.as_view(),
         name="club-player-import"),
    path("clubs/<slug:slug>/players/import/<int:pk>/", player_import.PlayerImportJobView.as_view(),
         name="club-player-import-job"),
    path("clubs/<slug:slug>/members/<int:player>/", clubs.MembershipUpdateView.as_view(),
         name="club-membership-edit"),
    path("clubs/<slug:slug>/members/", members.MembersView.as_view(), name="club-members"),
    path("clubs/<slug:slug>/members/invite/", members.InviteView.as_view(), name="club-invite"),
    path("clubs/<slug:slug>/members/new-account/", members.AccountCreateView.as_view(),
         name="club-account-create"),
    path("clubs/<slug:slug>/members/role/<int:user>/", members.RoleChangeView.as_view(),
         name="club-role-change"),
    path("clubs/<slug:slug>/members/role/<int:user>/remove/", members.RoleRemoveView.as_view(),
         name="club-role-remove"),
    path("clubs/<slug:slug>/members/role/<int:user>/password/",
         members.MemberPasswordView.as_view(), name="club-member-password"),
    path("clubs/<slug:slug>/invitations/<int:pk>/<str:action>/",
         members.InvitationActionView.as_view(), name="club-invitation-action"),
    path("clubs/<slug:slug>/pairs/add/", clubs.PairCreateView.as_view(), name="club-pair-add"),
    path("clubs/<slug:slug>/pairs/<int:pk>/", clubs.PairUpdateView.as_view(),
         name="club-pair-edit"),
    path("clubs/<slug:slug>/pairs/<int:pk>/remove/", clubs.PairRemoveView.as_view(),
         name="club-pair-remove"),
    path("players/<int:pk>/", clubs.PlayerDetailView.as_view(), name="player-detail"),
    path("players/<int:pk>/edit/", clubs.PlayerUpdateView.as_view(), name="player-edit"),
    path("players/<int:pk>/export/", privacy.PlayerExportView.as_view(), name="player-export"),
    path("players/<int:pk>/anonymise/", privacy.PlayerAnonymiseView.as_view(),
         name="player-anonymise"),
    path("", include("club.urls_championships")),
    path("", include("club.urls_sheets")),
    path("", include("club.urls_reports")),
    path("", include("club.urls_offline")),
    path("", include("club.urls_duplicate")),
    path("", include("club.urls_duplicate_reports")),
    path("", include("club.api.urls")),
]
