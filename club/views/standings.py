"""Standings (sortable, exportable), a player's results, club ladders and club rankings."""

from __future__ import annotations

from fractions import Fraction

import django_tables2 as tables
from django.shortcuts import get_object_or_404, render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from club.access import can_edit_club
from club.exports import SafeTableExport, export_filename
from club.models import Club, Stage
from club.params import BoundedPaginator, int_param
from club.selectors.closing import decision_notes
from club.selectors.ladders import club_ranking_rows, season_ladders
from club.services import live_etags
from club.services.draws import stage_poules
from club.services.standings import current_standings, standings_fingerprint
from club.sheets.kinds import kind_of
from club.views.championships import ChampionshipView
from club.views.conditional import etag_for, not_modified, tagged
from scoring import get_metric
from scoring.deal import GAME_POINT_METRICS, points_text


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Entry"))

    class Meta:
        template_name = "championships/standings_table.html"
        attrs = {"class": "table standings"}


def _row_cells(item: dict, metrics: list[str], poules: bool) -> str:
    """A row's cells as HTML, in column order. A page of 100 rows is rendered as one
    variable a row rather than a template (and a column call) a cell: the template recursion
    per cell cost more than the cells (and on CPython 3.11 it crossed a frame-stack chunk
    boundary each time, depending on how deep the page sits: 40 % of the page under
    gunicorn)."""
    def shown(value) -> object:
        return "—" if value is None or value == "" else value

    rank = format_html('<td class="num">{}{}</td>', "=" if item["tied"] else "", item["rank"])
    dagger = mark_safe(' <span class="muted">†</span>') if not item["active"] else ""
    name = format_html("<td>{}{}</td>", item["name"], dagger)
    poule = format_html("<td>{}</td>", shown(item["poule"])) if poules else ""
    numbers = format_html_join("", '<td class="num">{}</td>', (
        (points_text(item[key]) if key in GAME_POINT_METRICS and item[key] is not None
         else shown(item[key]),) for key in metrics))
    return format_html("{}{}{}{}", rank, name, poule, numbers)


class _Row(dict):
    """A standings row's values; its cells (one HTML string) are made only when a page
    shows the row: 100 of a page, not every entry of the championship (272 in the hall)."""

    __slots__ = ("metrics", "poules")

    def __missing__(self, key):
        if key != "cells":
            raise KeyError(key)
        self["cells"] = cells = _row_cells(self, self.metrics, self.poules)
        return cells


def standings_table(page, request, poules: dict[int, str] | None = None, *,
                    reveal: bool = False):
    """The standings as a sortable, exportable table; with ``poules`` (entry -> letter, for a
    stage played in poules) a poule column after the names. Names as the public sees them
    (players not published by initials) unless ``reveal`` (the club's organisers)."""
    metric_columns = [(key, tables.Column(verbose_name=_(get_metric(key).abbr),
                                          attrs={"td": {"class": "num"}, "th": {"class": "num",
                                                 "title": _(get_metric(key).name)}}))
                      for key in page.standings.columns if key != "head_to_head"]
    extra = [("poule", tables.Column(verbose_name=_("Poule")))] if poules else []
    data = []
    metric_keys = [key for key, _col in metric_columns]
    for row in page.rows:
        entry = page.entries.get(row.entry)
        item = _Row(rank=row.rank, name=page.name(row.entry, reveal), tied=row.tied,
                    active=entry.active if entry else True)
        if poules:
            item["poule"] = poules.get(row.entry, "")
        for key, _col in metric_columns:
            value = row.values.get(key)
            if key in GAME_POINT_METRICS and isinstance(value, Fraction):
                item[key] = float(value)  # a table of three's half: 4.5 (exports: a number)
            else:
                item[key] = round(value, 1) if isinstance(value, float) else value
        item.metrics, item.poules = metric_keys, bool(poules)
        data.append(item)
    table = StandingsTable(data, extra_columns=extra + metric_columns)
    table.metric_keys = metric_keys
    RequestConfig(request, paginate={"per_page": 100,
                                     "paginator_class": BoundedPaginator}).configure(table)
    return table


class StandingsView(ChampionshipView):
    def get(self, request, pk):
        c = self.championship
        stage = None
        number = int_param(request.GET, "stage", low=1, high=32767)
        if number is not None:
            stage = get_object_or_404(Stage, championship=c, number=number)
        return kind_of(c).standings_page(request, c, stage)


def match_standings_page(request, c, stage=None):
    """The match standings page (RULES §10) and its exports, with its ETag: a phone that
    asks again for unchanged standings gets a 304 (the partnership kind's page)."""
    export = request.GET.get("_export")
    etag = page = None
    if not SafeTableExport.is_valid_format(export):  # a page phones refresh: 304s
        fingerprint = standings_fingerprint(c, stage)
        etag = etag_for(request, fingerprint.value, c.user_can_edit, request.user.pk or "")
        if not request.user.is_authenticated:  # public: the next ask is a cache read
            live_etags.remember_public_etag(c.pk, get_language(),
                                            request.META.get("QUERY_STRING", ""), etag,
                                            fingerprint.made_at)
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        page = fingerprint.page
    if page is None:
        page = current_standings(c, stage)
    stages = list(c.stages.order_by("number"))
    ranked = stage or (stages[0] if len(stages) == 1 else None)  # whose poules to show
    poules = None
    if ranked is not None:
        ranked.championship = c  # known: reading its draw method needs no query
        poules = stage_poules(ranked)
    table = standings_table(page, request, poules, reveal=c.user_can_edit)
    if etag is None:
        return SafeTableExport(export, table, dataset_kwargs={
            "title": f"{_('Standings')} · {c.name}"}).response(
            export_filename(_("standings"), c.pk, ext=export))
    return tagged(render(request, "championships/standings.html", {
        "championship": c, "page": page, "table": table, "stage": stage,
        "stages": stages, "can_edit": c.user_can_edit,
        "decisions": decision_notes(championship=c, stage=stage, reveal=c.user_can_edit),
        "order": [_(get_metric(k).name) for k in page.standings.order]}), etag)


def ladder_view(request, slug):
    club = get_object_or_404(Club, slug=slug)
    seasons = list(club.championships.filter(public=True).exclude(season="")
                   .values_list("season", flat=True)
                   .distinct().order_by("-season"))
    season = request.GET.get("season") or (seasons[0] if seasons else "")
    best = int_param(request.GET, "best", low=1, high=1000)
    ladders = (season_ladders(club, season, best=best,
                              reveal=can_edit_club(request.user, club)) if season else [])
    return render(request, "championships/ladder.html", {
        "club": club, "season": season, "seasons": seasons, "ladders": ladders, "best": best})


def club_ranking_view(request):
    return render(request, "championships/club_ranking.html", {"rows": club_ranking_rows()})
