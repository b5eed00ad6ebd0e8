from django.contrib import admin

from club import models


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


@admin.register(models.Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club"]
    list_filter = ["club"]
    autocomplete_fields = ["first", "second", "club"]


@admin.register(models.ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
