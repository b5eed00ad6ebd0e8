"""The hall's projector: a full-screen page that cycles through the standings, the current
round's tables and the latest results, and updates itself without a reload (it asks for
:class:`ProjectorDataView` every 2 s with the ETag of its last answer: 304 while nothing
changed, so a saved deal is on the screen within 3 s). Public championships need no login;
private ones a role in the club."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club.selectors.live import live_key, projector_data, standings_part
from club.services.standings import current_standings
from club.sheets.kinds import kind_of
from club.views.championships import ChampionshipView, LoginRequired, championship_for
from club.views.conditional import etag_for, not_modified, tagged

#: Seconds between two questions to the server, and between two screens (the latter may be
#: set as ``TROEF_PROJECTOR_SCREEN_SECONDS``: the browser tests turn it faster).
POLL_SECONDS = 2
SCREEN_SECONDS = 12


class ProjectorView(ChampionshipView):
    def get(self, request, pk):
        c = self.championship
        return render(request, "championships/projector.html", {
            "championship": c, "data_url": reverse("championship-projector-data", args=[c.pk]),
            "poll_ms": POLL_SECONDS * 1000,
            "screen_ms": round(1000 * getattr(settings, "TROEF_PROJECTOR_SCREEN_SECONDS",
                                              SCREEN_SECONDS))})


class ProjectorDataView(ChampionshipView):
    def dispatch(self, request, *args, **kwargs):
        # a polling script cannot follow a login redirect: it is told 403 instead
        try:
            self.championship = championship_for(request, kwargs["pk"])
        except LoginRequired:
            return JsonResponse({"error": _("Log in to see this championship.")}, status=403)
        return View.dispatch(self, request, *args, **kwargs)

    def get(self, request, pk):
        c = self.championship
        reveal = c.user_can_edit
        etag = etag_for(request, live_key(c), reveal)
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        standings = kind_of(c).projector_standings(c, reveal)
        return tagged(JsonResponse(projector_data(c, standings, reveal)), etag)


def match_projector_standings(championship, reveal: bool) -> dict:
    """The match standings on the projector (the partnership kind's), from the stored
    snapshot."""
    return standings_part(current_standings(championship), reveal)
