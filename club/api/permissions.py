"""Who may read and write what through the API: the site's rules, asked of
:mod:`club.access` (the only module that decides), never written again here.

- a club is public; a championship is seen by anyone when it is public, else as on the
  site (:func:`may_see_championship`); a draft round only by those who edit the club;
- a sheet is opened as on the site, by :func:`club.selectors.sheets.load_table` (by id for
  those who enter the club's sheets, by code for the table's players);
- a report is asked for and followed as on the site (:func:`club.services.reports.may_request`).

Refusals: 401 when nobody is logged in (or the token is unknown), 403 for a logged-in user
without the right, 404 when the object does not exist.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from rest_framework import exceptions

from club.access import can_edit_club, can_see_championship, seen_club_ids
from club.models import Championship, Round


def deny(user) -> exceptions.APIException:
    """401 for an anonymous request, 403 for a logged-in user."""
    if not user.is_authenticated:
        return exceptions.NotAuthenticated(_("Log in, or send an API token."))
    return exceptions.PermissionDenied(_("You may not see or do this."))


def may_see_championship(user, championship: Championship) -> bool:
    return can_see_championship(user, championship)


def may_edit(user, championship: Championship) -> bool:
    return can_edit_club(user, championship.club)


def visible_championships(user) -> QuerySet[Championship]:
    """The championships ``user`` may see: public ones, and the private ones of the clubs
    whose private championships the user sees (every one for staff)."""
    everything = Championship.objects.select_related("club")
    clubs = seen_club_ids(user)
    if clubs is None:
        return everything
    return everything.filter(Q(public=True) | Q(club_id__in=clubs))


def check_championship(user, championship: Championship) -> Championship:
    if not may_see_championship(user, championship):
        raise deny(user)
    return championship


def check_round(user, rnd: Round) -> Round:
    """A round's championship must be visible; a draft round only to its editors."""
    championship = check_championship(user, rnd.stage.championship)
    if rnd.status == Round.Status.DRAFT and not may_edit(user, championship):
        raise deny(user)
    return rnd
