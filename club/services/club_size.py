"""A club's size is bounded (issue 27, break 1): at most ``TROEF_CLUB_MAX_MEMBERS`` players
are members of one club (5,000 unless set; a 500-player championship fits ten times over).

Every write that makes players members of a club asks :func:`make_room` first, in its
transaction: the player import (all rows or none), adding a player, new players typed on
the entries page. It locks the club's row, so that two imports at once cannot both fit in
the room that one leaves, and refuses with :class:`ClubFull`, whose message names the
club, the count and the limit; nothing is written. A club that grew past the limit before
it existed keeps its members; it only takes no new ones. The pages that list a club's
members are built for that size (the exports stream, long lists offer a search).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from club.models import Club, Membership


class ClubFull(ValueError):
    """Adding the players would take the club past ``TROEF_CLUB_MAX_MEMBERS``."""

    def __init__(self, message: str, *, limit: int):
        super().__init__(message)
        self.limit = limit


def max_members() -> int:
    """The most members a club may have (the setting, read at each call)."""
    return int(settings.TROEF_CLUB_MAX_MEMBERS)


def full_message(club: Club, members: int, adding: int, limit: int) -> str:
    """The refusal: the club, its members now, how many were to be added, and the limit."""
    return _("%(club)s has %(members)d members; adding %(adding)d would make "
             "%(total)d, and a club has at most %(limit)d members "
             "(TROEF_CLUB_MAX_MEMBERS). Nothing was added.") % {
        "club": club.name, "members": members, "adding": adding,
        "total": members + adding, "limit": limit}


def make_room(club: Club, adding: int) -> None:
    """Refuse (:class:`ClubFull`) when ``adding`` new members would take ``club`` past the
    limit. Call it inside the transaction that adds them: the club's row stays locked until
    it ends."""
    if adding <= 0:
        return
    Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True).first()
    members = Membership.objects.filter(club_id=club.pk).count()
    limit = max_members()
    if members + adding > limit:
        raise ClubFull(full_message(club, members, adding, limit), limit=limit)
