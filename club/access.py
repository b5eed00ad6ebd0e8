"""Who may do what: every permission predicate of the web app, and the only module that reads
club roles (``tests/security/test_access.py`` checks that nothing else does).

- Staff may do everything; anonymous users nothing but read public pages.
- A club is edited by its owners and organisers (a ``ClubRole``).
- A player belongs to their clubs: only someone who organises every club the player is a
  member of (or staff) may edit, rename or attach them.
- A championship is seen by the club's organisers, and by anyone when it is public; a
  report is asked for by the organisers, and by anyone when the kind is public and the
  championship too.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef, Value

from club.bounds import IN_QUERY_CHUNK
from club.models import Championship, Club, ClubRole, Membership, Player


def can_edit_club(user, club: Club) -> bool:
    """Staff edit every club; an owner or organiser edits their own."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return ClubRole.objects.filter(user=user, club=club).exists()


def organised_club_ids(user) -> set[int] | None:
    """The ids of the clubs ``user`` organises (owner or organiser); None for staff, who
    organise every club; an empty set for anonymous users."""
    if not user.is_authenticated:
        return set()
    if user.is_staff:
        return None
    return set(ClubRole.objects.filter(user=user).values_list("club_id", flat=True))


def players_not_editable(user, player_ids) -> set[int]:
    """Those of ``player_ids`` that ``user`` may not edit, rename or attach to a club.

    A player who is a member of no club is left to staff. One query for the memberships
    (per IN_QUERY_CHUNK players), one for the user's clubs."""
    ids = set(player_ids)
    if not ids:
        return set()
    mine = organised_club_ids(user)
    if mine is None:
        return set()
    clubs_of: dict[int, set[int]] = {pk: set() for pk in ids}
    ordered = sorted(ids)
    for start in range(0, len(ordered), IN_QUERY_CHUNK):
        for player_id, club_id in Membership.objects.filter(
                player_id__in=ordered[start:start + IN_QUERY_CHUNK]).values_list(
                "player_id", "club_id"):
            clubs_of[player_id].add(club_id)
    return {pk for pk, clubs in clubs_of.items() if not clubs or not clubs <= mine}


def can_edit_player(user, player: Player) -> bool:
    """Staff, or someone who organises every club ``player`` is a member of."""
    return user.is_authenticated and not players_not_editable(user, [player.pk])


def can_request_report(user, championship: Championship, public_kind: bool) -> bool:
    """Organisers of the club and staff: every report; anyone: a public kind (the
    standings) of a public championship."""
    if can_edit_club(user, championship.club):
        return True
    return public_kind and championship.public


def club_editor(user, club_path: str) -> Any:
    """A query expression: whether ``user`` edits the club at ``club_path`` (a lookup from
    the queried model to a club id), for reading the flag with the rows."""
    if user is None or not user.is_authenticated:
        return Value(False)
    if user.is_staff:
        return Value(True)
    return Exists(ClubRole.objects.filter(user_id=user.pk, club_id=OuterRef(club_path)))


def club_editor_sql(club_column: str) -> str:
    """The same flag inside a query written as SQL (the sheet's one read): true when the
    user given as the statement's first parameter has a role in the club ``club_column``
    names. Staff are checked by the caller, who has the user."""
    quote = connection.ops.quote_name
    role = ClubRole._meta
    return (f"EXISTS (SELECT 1 FROM {quote(role.db_table)} cr WHERE "
            f"cr.{quote(role.get_field('user').column)} = %s AND "
            f"cr.{quote(role.get_field('club').column)} = {club_column})")
