"""A club's size is bounded (issue 27, break 1): at most ``TROEF_CLUB_MAX_MEMBERS`` players
are members of one club (5,000 unless set; a 500-player championship fits ten times over).

Every write that makes players members of a club asks :func:`make_room` first, in its
transaction: the player import (all rows or none), adding a player, new players typed on
the entries page. It locks the club's row, so that two imports at once cannot both fit in
the room that one leaves, and refuses with :class:`ClubFull`, whose message names the
club, the count and the limit; nothing is written. A club that grew past the limit before
it existed keeps its members; it only takes no new ones. The pages that list a club's
members are built for that size (the exports stream, long lists offer a search).

Its pairs are bounded the same way: at most ``TROEF_CLUB_MAX_PAIRS`` (5,000 unless set).
Every write that makes a pair for a club asks :func:`make_pair_room` first, in its
transaction: the pair page, the admin, a championship import, the demo and the duplicate
rehearsal (the entries page enters pairs, it makes none). A removed pair that has played
is kept for its results and still counts, so bringing it back adds none.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from club.models import Club, Membership, Pair


class ClubFull(ValueError):
    """Adding the players (pairs) would take the club past ``TROEF_CLUB_MAX_MEMBERS``
    (``TROEF_CLUB_MAX_PAIRS``)."""

    def __init__(self, message: str, *, limit: int):
        super().__init__(message)
        self.limit = limit


def max_members() -> int:
    """The most members a club may have (the setting, read at each call)."""
    return int(settings.TROEF_CLUB_MAX_MEMBERS)


def max_pairs() -> int:
    """The most pairs a club may have (the setting, read at each call)."""
    return int(settings.TROEF_CLUB_MAX_PAIRS)


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
    _room(club, adding, Membership.objects.filter(club_id=club.pk), max_members(), full_message)


def pairs_full_message(club: Club, pairs: int, adding: int, limit: int) -> str:
    """The refusal of new pairs: the club, its pairs now, how many were to be added, and
    the limit."""
    return _("%(club)s has %(pairs)d pairs; adding %(adding)d would make %(total)d, and a "
             "club has at most %(limit)d pairs (TROEF_CLUB_MAX_PAIRS). Nothing was added.") % {
        "club": club.name, "pairs": pairs, "adding": adding, "total": pairs + adding,
        "limit": limit}


def make_pair_room(club: Club, adding: int) -> None:
    """Refuse (:class:`ClubFull`) when ``adding`` new pairs would take ``club`` past the
    limit; every pair of the club counts, removed (kept for its results) or not. Call it
    inside the transaction that makes them: the club's row stays locked until it ends."""
    _room(club, adding, Pair.objects.filter(club_id=club.pk), max_pairs(), pairs_full_message)


def _room(club: Club, adding: int, rows, limit: int, message) -> None:
    """Lock the club's row until the transaction ends (two writes that each fit cannot
    both fill the room that one leaves), count ``rows``, refuse with ``message`` past
    ``limit``."""
    if adding <= 0:
        return
    lock_clubs([club.pk])
    have = rows.count()
    if have + adding > limit:
        raise ClubFull(message(club, have, adding, limit), limit=limit)


def lock_clubs(club_ids) -> None:
    """Lock the clubs' rows until the transaction ends, in one order (primary key) so two
    writers never wait on each other crosswise: what any check here counts stays as read."""
    list(Club.objects.select_for_update().filter(pk__in=sorted(set(club_ids)))
         .order_by("pk").values_list("pk", flat=True))
