"""Rating pages: a club's list (its organisers see every counted championship and every
name; anyone else the ratings of its public championships, players not published by
initials), the federation's list (public championships of every club), a player's history
chart, the club's settings (with the performance spread fitted from the club's matches and
its calibration table). Lists export as CSV and XLSX (:class:`SafeTableExport`)."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django_tables2 import RequestConfig

from club.access import can_edit_club
from club.exports import SafeTableExport, export_filename
from club.forms_ratings import RatingSettingsForm
from club.models import Club, Player
from club.params import BoundedPaginator
from club.selectors.names import player_name
from club.selectors.rating_fit import scope_fit
from club.selectors.ratings import history_svg, player_points, rating_rows, ratings_stale
from club.services.ratings import (
    FEDERATION,
    club_key,
    club_settings,
    public_key,
    save_settings,
)
from club.views.base import ClubEditMixin


class RatingTable(tables.Table):
    rank = tables.Column(verbose_name=gettext_lazy("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=gettext_lazy("Player"))
    display = tables.Column(verbose_name=gettext_lazy("Rating"), attrs={"td": {"class": "num"}})
    sigma = tables.Column(verbose_name=gettext_lazy("Uncertainty (±)"),
                          attrs={"td": {"class": "num"}})
    matches = tables.Column(verbose_name=gettext_lazy("Matches"), attrs={"td": {"class": "num"}})
    provisional = tables.BooleanColumn(verbose_name=gettext_lazy("Provisional"))
    last_played = tables.DateColumn(verbose_name=gettext_lazy("Last played"))

    class Meta:
        attrs = {"class": "table"}
        orderable = False

    def render_name(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def value_name(self, value):
        return value  # the export: the name, without the link

    def value_provisional(self, value):
        return value  # yes / no in the export's language


def _list_page(request, key: str, *, reveal: bool, title: str, filename: str, club=None):
    rows = rating_rows(key, reveal=reveal)
    if club is not None:
        def url(pk):
            return reverse("club-rating-player", args=[club.slug, pk])
    else:
        def url(pk):
            return reverse("federation-rating-player", args=[pk])
    table = RatingTable([{**row.__dict__, "url": url(row.player_id)} for row in rows])
    export = request.GET.get("_export")
    if SafeTableExport.is_valid_format(export):
        return SafeTableExport(export, table, dataset_kwargs={"title": title}).response(
            export_filename(_("Ratings"), filename, ext=export))
    RequestConfig(request, paginate={"per_page": 100,
                                     "paginator_class": BoundedPaginator}).configure(table)
    return render(request, "ratings/list.html", {
        "title": title, "table": table, "club": club, "reveal": reveal,
        "can_edit": club is not None and reveal, "stale": ratings_stale(key)})


def club_ratings(request, slug):
    club = get_object_or_404(Club, slug=slug)
    reveal = can_edit_club(request.user, club)
    key = club_key(club.pk) if reveal else public_key(club.pk)
    return _list_page(request, key, reveal=reveal, club=club,
                      title=_("Ratings · %(club)s") % {"club": club.name},
                      filename=club.slug)


def federation_ratings(request):
    return _list_page(request, FEDERATION, reveal=False, title=_("Ratings · all clubs"),
                      filename="")


def _history_page(request, key: str, player: Player, *, reveal: bool, club=None):
    points = player_points(key, player.pk)
    name = player_name(player, reveal)
    label = _("Rating of %(name)s after each round") % {"name": name}
    return render(request, "ratings/player.html", {
        "club": club, "name": name, "points": points, "chart": history_svg(points, label),
        "label": label, "reveal": reveal, "stale": ratings_stale(key)})


def club_rating_player(request, slug, pk):
    club = get_object_or_404(Club, slug=slug)
    player = get_object_or_404(Player, pk=pk, memberships__club=club)
    reveal = can_edit_club(request.user, club)
    return _history_page(request, club_key(club.pk) if reveal else public_key(club.pk),
                         player, reveal=reveal, club=club)


def federation_rating_player(request, pk):
    player = get_object_or_404(Player, pk=pk)
    return _history_page(request, FEDERATION, player, reveal=False)


class RatingSettingsView(ClubEditMixin, View):
    def _form(self, data=None):
        current = club_settings(self.club.pk)
        initial = {"counts": current.counts, "since": current.since,
                   "championships": list(current.championships.all()) if current.pk else []}
        return RatingSettingsForm(data, club=self.club, initial=initial)

    def _page(self, request, form, status=200):
        return render(request, "ratings/settings.html", {
            "club": self.club, "form": form, "fit": scope_fit(club_key(self.club.pk))},
            status=status)

    def get(self, request, slug):
        return self._page(request, self._form())

    def post(self, request, slug):
        form = self._form(request.POST)
        if not form.is_valid():
            return self._page(request, form, status=400)
        save_settings(self.club, form.cleaned_data["counts"],
                      form.cleaned_data["championships"], form.cleaned_data["since"])
        messages.success(request, _("Rating settings saved: the ratings are rebuilt."))
        return redirect("club-ratings", slug=self.club.slug)
