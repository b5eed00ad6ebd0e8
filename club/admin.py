from django import forms
from django.contrib import admin

from club import models
from club.services.club_size import ClubFull, make_pair_room
from club.views.auth import throttled_admin_login

# /admin/login/ is throttled by the auth backend like the site's login; this gives it the message.
admin.site.login = throttled_admin_login(admin.site.login)


class MembershipInline(admin.TabularInline):
    model = models.Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "town"]
    search_fields = ["name", "slug", "town"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "member_number"]
    search_fields = ["last_name", "first_name", "member_number"]


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "active", "joined"]
    list_filter = ["active", "club"]
    autocomplete_fields = ["player", "club"]


class PairAdminForm(forms.ModelForm):
    """A new pair, or one moved to another club, takes room in its club: refused beyond
    ``TROEF_CLUB_MAX_PAIRS``. The admin saves in the transaction the check locks in."""

    def clean(self):
        data = super().clean()
        club = data.get("club")
        if club is not None and (self.instance.pk is None or self.instance.club_id != club.pk):
            try:
                make_pair_room(club, 1)
            except ClubFull as error:
                raise forms.ValidationError(str(error)) from error
        return data


@admin.register(models.Pair)
class PairAdmin(admin.ModelAdmin):
    form = PairAdminForm
    list_display = ["__str__", "club"]
    list_filter = ["club"]
    autocomplete_fields = ["first", "second", "club"]


@admin.register(models.ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]


@admin.register(models.RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "preset"]
    list_filter = ["preset"]


class StageInline(admin.TabularInline):
    model = models.Stage
    extra = 0


@admin.register(models.Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "entry_type", "draw_method", "public"]
    list_filter = ["club", "entry_type", "public"]
    search_fields = ["name"]
    inlines = [StageInline]


@admin.register(models.Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "championship", "active", "joined_round"]
    list_filter = ["championship", "active"]
    search_fields = ["name"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "status", "seed"]
    list_filter = ["status"]


class ReadOnlyAdmin:
    """Shown, never written here: a table's deals, its audit trail and its derived results
    change only through the sheet service, which moves the sheet's version, logs each
    change and rebuilds what derives from it (``manage.py verify_results --repair`` mends
    derived rows)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = models.Seat
    extra = 0
    raw_id_fields = ["player", "entry"]


@admin.register(models.Table)
class TableAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["__str__", "round", "is_bye", "confirmed_at"]
    inlines = [SeatInline]


@admin.register(models.Deal)
class DealAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["table", "number", "trump", "points", "points_other", "renonce", "cancelled"]
    raw_id_fields = ["table"]


@admin.register(models.DealChange)
class DealChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["table", "deal_number", "action", "user", "at"]
    list_filter = ["action"]
    raw_id_fields = ["table"]


@admin.register(models.TravellerChange)
class TravellerChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["session", "table", "board_number", "action", "user", "at"]
    list_filter = ["action"]
    raw_id_fields = ["session", "table"]


@admin.register(models.MatchResult)
class MatchResultAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["table", "entry", "result", "points_for", "points_against"]
    raw_id_fields = ["table", "entry"]


@admin.register(models.ReportJob)
class ReportJobAdmin(admin.ModelAdmin):
    list_display = ["kind", "championship", "round", "status", "done", "total", "created"]
    list_filter = ["kind", "status"]
