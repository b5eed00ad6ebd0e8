"""Reading through the API: clubs, championships with their stages and rounds, a round's
tables with seats and results, standings. The same selectors as the pages, the same
permissions (:mod:`club.api.permissions`)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from club.api import serializers as out_
from club.api.base import ApiView, get, out
from club.api.pagination import Pages
from club.api.permissions import check_championship, check_round, may_edit, visible_championships
from club.models import Championship, Club, Round, Stage
from club.params import MAX_PER_PAGE, int_param
from club.selectors.rounds import round_page
from club.services.standings import current_standings
from club.sheets.kinds import kind_of

STAGE = OpenApiParameter("stage", OpenApiTypes.INT, description="A stage's number: its own "
                         "standings (default: the whole championship).")
PAGES = [OpenApiParameter("page", {"type": "integer", "minimum": 1}),
         OpenApiParameter("page_size", {"type": "integer", "minimum": 1,
                                        "maximum": MAX_PER_PAGE},
                          description=f"At most {MAX_PER_PAGE} (default 50).")]
ORDER = OpenApiParameter("order", OpenApiTypes.STR, description="Auction Manille only: "
                         "\"places\" ranks by table places (default: by total score).")
CLUB = OpenApiParameter("club", OpenApiTypes.STR, description="Only this club's (its slug).")


def _paginated(view, request, items, serializer):
    pages = Pages()
    page = pages.paginate_queryset(items, request, view=view)
    return pages.get_paginated_response(out(serializer, page, many=True))


class ClubList(ApiView):
    @extend_schema(responses=out_.ClubPage, parameters=PAGES,
                   operation_id="clubs_list")
    def get(self, request):
        """Every club (clubs are public)."""
        return _paginated(self, request, Club.objects.order_by("name", "pk"), out_.ClubOut)


class ClubDetail(ApiView):
    @extend_schema(responses=out_.ClubOut)
    def get(self, request, slug):
        """One club."""
        return Response(out(out_.ClubOut, get(Club, slug=slug)))


class ChampionshipList(ApiView):
    @extend_schema(responses=out_.ChampionshipPage, parameters=[CLUB, *PAGES],
                   operation_id="championships_list")
    def get(self, request):
        """The championships the caller may see: public ones, and the private ones of the
        caller's clubs."""
        items = visible_championships(request.user).order_by("-start_date", "-created", "-pk")
        slug = request.query_params.get("club")
        if slug is not None:
            items = items.filter(club__slug=slug[:60])
        return _paginated(self, request, items, out_.ChampionshipOut)


def _championship(request, pk):
    championship = get(Championship.objects.select_related("club", "rule_set"), pk=pk)
    return check_championship(request.user, championship)


class ChampionshipDetail(ApiView):
    @extend_schema(responses=out_.ChampionshipDetail)
    def get(self, request, pk):
        """A championship with its rule set, match format, stages and rounds."""
        championship = _championship(request, pk)
        editor = may_edit(request.user, championship)
        stages = []
        for stage in championship.stages.prefetch_related("rounds").order_by("number"):
            rounds = [r for r in stage.rounds.all() if editor or r.status != Round.Status.DRAFT]
            stages.append({"id": stage.pk, "number": stage.number, "kind": stage.kind,
                           "name": stage.name or str(stage.get_kind_display()),
                           "draw_method": stage.draw_method or championship.draw_method,
                           "rounds": sorted(rounds, key=lambda r: r.number)})
        championship.stages_out = stages
        return Response(out(out_.ChampionshipDetail, championship))


def _round(request, pk) -> Round:
    rnd = get(Round.objects.select_related("stage__championship__club"), pk=pk)
    return check_round(request.user, rnd)


def _round_data(rnd: Round) -> dict:
    return {"id": rnd.pk, "championship": rnd.stage.championship_id, "stage": rnd.stage.number,
            "number": rnd.number, "status": rnd.status, "time_limit": rnd.time_limit,
            "closed_at": rnd.closed_at}


class RoundDetail(ApiView):
    @extend_schema(responses=out_.RoundOut)
    def get(self, request, pk):
        """A round (a draft round: its club's organisers only)."""
        return Response(out(out_.RoundOut, _round_data(_round(request, pk))))


def _result(result) -> dict | None:
    if result is None:
        return None
    return {name: getattr(result, name) for name in (
        "result", "finished", "games_won", "games_lost", "points_for", "points_against",
        "is_bye")}


def _seat_name(seat, attribute: str, fallback: str) -> str:
    return str(getattr(seat, attribute, "") or fallback)


def _table_data(view) -> dict:
    table = view.table
    sides = []
    for side, (seats, result) in enumerate(view.lines):
        sides.append({"side": side, "result": _result(result), "seats": [
            {"position": seat.position,
             "player": _seat_name(seat, "shown_name", seat.player.full_name),
             "entry": _seat_name(seat, "entry_name", seat.entry.name)} for seat in seats]})
    return {"id": table.pk, "number": table.number, "is_bye": table.is_bye, "poule": view.poule,
            "flags": [str(flag) for flag in view.flags], "version": table.version,
            "confirmed": table.confirmed, "sides": sides}


class RoundTables(ApiView):
    @extend_schema(responses=out_.TablePage, parameters=PAGES,
                   operation_id="rounds_tables_list")
    def get(self, request, pk):
        """A round's tables (byes last) with their seats and each side's result, as the
        round's page shows them."""
        rnd = _round(request, pk)
        # names as the round's page shows them: players not published by their initials,
        # except to the club's organisers
        page = round_page(rnd, reveal=may_edit(request.user, rnd.stage.championship))
        tables = [_table_data(view) for view in (*page.tables, *page.byes)]
        return _paginated(self, request, tables, out_.TableOut)


def metric_value(value):
    """A standings figure as the API gives it: a number, else null."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def match_rows(championship, stage, reveal: bool, order: str | None):
    """The match standings as the API gives them: (order, columns, rows) (the partnership
    kind's; ``order`` is the championship's own)."""
    page = current_standings(championship, stage)
    columns = [key for key in page.standings.columns if key != "head_to_head"]
    rows = []
    for row in page.rows:
        entry = page.entries.get(row.entry)
        rows.append({"rank": row.rank, "tied": row.tied, "entry": row.entry,
                     "name": page.name(row.entry, reveal),
                     "active": entry.active if entry else True,
                     "values": {key: metric_value(row.values.get(key)) for key in columns}})
    return list(page.standings.order), columns, rows


class Standings(ApiView):
    @extend_schema(responses=out_.StandingsOut, parameters=[STAGE, ORDER, *PAGES])
    def get(self, request, pk):
        """The standings of a championship (or of one stage), as its standings page ranks
        them: rank (shared by ties), name, every metric."""
        championship = _championship(request, pk)
        stage = None
        number = request.query_params.get("stage")
        if number is not None:
            stage = get(Stage, championship=championship,
                        number=int_param({"n": number}, "n", low=1, high=32767) or 0)
        reveal = may_edit(request.user, championship)  # as the standings page names entries
        order, columns, rows = kind_of(championship).api_standings(
            championship, stage, reveal, request.query_params.get("order"))
        return self._page(request, championship, stage, order, columns, rows)

    def _page(self, request, championship, stage, order, columns, rows):
        pages = Pages()
        chunk = pages.paginate_queryset(rows, request, view=self)
        paginated = pages.get_paginated_response(out(out_.StandingRow, chunk, many=True)).data
        return Response(out(out_.StandingsOut, {
            "championship": championship.pk, "stage": stage.number if stage else None,
            "order": order, "columns": columns, **paginated}))


