"""Who may do what: every permission predicate of the web app, and the only module that reads
club roles (``tests/security/test_access.py`` checks that nothing else does).

- Staff may do everything; anonymous users nothing but read public pages.
- A user has at most one role (a ``ClubRole``) per club:

  - an *owner* or an *organiser* sets the club up: players, pairs, rule sets,
    championships, draws, rounds, and the sheets (:func:`can_edit_club`);
  - a *scorer* enters, corrects and confirms the sheets of the club's championships and
    sees its private championships, and sets nothing up (:func:`can_enter_sheets`);
  - a *viewer* sees the club's private championships and changes nothing
    (:func:`can_see_private`).

- Roles are given by owners and organisers (:func:`can_manage_role`): an owner gives,
  changes and removes any role; an organiser gives and removes scorer and viewer roles
  only. Nobody changes their own role; anyone but a club's last owner may leave it
  (remove their own role). A club keeps at least one owner (the member services check it
  under a lock: :mod:`club.services.members`). An invitation stands on its sender's right
  to give its role, checked again when it is accepted (:func:`invitation_stands`).
- A new one-time password for a member is issued only when the member has a role in no
  other club (:func:`can_reset_password`): otherwise the organiser of one club could take
  over an account that matters in another.
- A player belongs to their clubs: only someone who organises every club the player is a
  member of (or staff) may edit, rename or attach them.
- A championship is seen by everyone with a role in the club, and by anyone when it is
  public; a report is asked for by the organisers, and by anyone who sees the
  championship when the kind is public (the standings).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef, Value

from club.bounds import IN_QUERY_CHUNK
from club.models import Championship, Club, ClubRole, Membership, Player

Role = ClubRole.Role
#: The roles that set a club up.
SETTING_UP = (Role.OWNER, Role.ORGANISER)
#: The roles that enter, correct and confirm sheets.
SCORING = (Role.OWNER, Role.ORGANISER, Role.SCORER)
#: What an organiser may give, change or remove (an owner: every role).
ORGANISER_GIVES = (Role.SCORER, Role.VIEWER)


def role_of(user, club: Club) -> str | None:
    """The role ``user`` has in ``club`` (a ``ClubRole.Role`` value), or None."""
    if user is None or not user.is_authenticated:
        return None
    return (ClubRole.objects.filter(user_id=user.pk, club=club)
            .values_list("role", flat=True).first())


def _has_role(user, club: Club, roles) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return role_of(user, club) in roles


def can_edit_club(user, club: Club) -> bool:
    """Staff edit every club; an owner or organiser edits their own."""
    return _has_role(user, club, SETTING_UP)


def clubs_edited_by(user):
    """The clubs ``user`` may edit (:func:`can_edit_club`), in one query: every club for
    staff, else those where they are an owner or organiser."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    if user.is_staff:
        return Club.objects.all()
    return Club.objects.filter(roles__user=user, roles__role__in=SETTING_UP).distinct()


def can_enter_sheets(user, club: Club) -> bool:
    """Staff, and the club's owners, organisers and scorers: enter, correct and confirm
    the sheets of the club's championships."""
    return _has_role(user, club, SCORING)


def can_see_private(user, club: Club) -> bool:
    """Staff, and everyone with a role in the club: see its private championships."""
    return _has_role(user, club, tuple(Role))


@dataclass(frozen=True)
class Rights:
    """What a user may do in one club, read in one query (:func:`rights`)."""

    edit: bool          # set the club up (can_edit_club)
    score: bool         # enter, correct and confirm sheets (can_enter_sheets)
    see_private: bool   # see private championships (can_see_private)
    manage_members: bool  # the members page, invitations, accounts (can_manage_members)


def rights(user, club: Club) -> Rights:
    """:func:`can_edit_club`, :func:`can_enter_sheets`, :func:`can_see_private` and
    :func:`can_manage_members` at once."""
    if user is None or not user.is_authenticated:
        return Rights(False, False, False, False)
    if user.is_staff:
        return Rights(True, True, True, True)
    role = role_of(user, club)
    return Rights(role in SETTING_UP, role in SCORING, role is not None, role in SETTING_UP)


def can_manage_members(user, club: Club) -> bool:
    """Who opens the club's members page, invites and creates accounts: its owners and
    organisers, and staff."""
    return can_edit_club(user, club)


def roles_given_by(user, club: Club) -> list[str]:
    """The roles ``user`` may give in ``club`` (every role for owners and staff; scorer and
    viewer for organisers; none otherwise)."""
    if user is None or not user.is_authenticated:
        return []
    role = None if user.is_staff else role_of(user, club)
    if user.is_staff or role == Role.OWNER:
        return list(Role)
    if role == Role.ORGANISER:
        return list(ORGANISER_GIVES)
    return []


def can_manage_role(user, club: Club, role: str) -> bool:
    """Whether ``user`` may give ``role`` in ``club``, or change or remove someone's role
    when it is ``role``: an owner (and staff) any role, an organiser scorer and viewer."""
    return role in roles_given_by(user, club)


def invitation_stands(invitation) -> bool:
    """Whether ``invitation`` (a ``club.models.Invitation``) may still be accepted as far as
    its sender goes: the sender's account exists and is active and may still give its role
    in its club (:func:`can_manage_role`). Asked when it is accepted, whatever happened to
    the sender's role since it was sent (issue 27)."""
    sender = invitation.invited_by
    if sender is None or not sender.is_active:
        return False
    return can_manage_role(sender, invitation.club, invitation.role)


def can_change_role(user, club: Club, member, current: str, new: str | None) -> bool:
    """Whether ``user`` may change ``member``'s role in ``club`` from ``current`` to
    ``new`` (None: remove it). Nobody changes their own role; anyone may remove their own
    (leave the club). Whether the club keeps an owner is the member service's check."""
    if user is None or not user.is_authenticated:
        return False
    if member.pk == user.pk:
        return new is None and role_of(user, club) == current
    allowed = roles_given_by(user, club)
    return current in allowed and (new is None or new in allowed)


def can_reset_password(user, club: Club, member) -> bool:
    """Whether ``user`` may give ``member`` a new one-time password: ``user`` manages
    ``member``'s role in ``club``, and ``member`` has no role in any other club, is not
    staff and is not ``user``."""
    if (user is None or not user.is_authenticated or member.pk == user.pk
            or member.is_staff or member.is_superuser):
        return False
    roles = list(ClubRole.objects.filter(user_id=member.pk).values_list("club_id", "role"))
    if len(roles) != 1 or roles[0][0] != club.pk:
        return False
    return can_manage_role(user, club, roles[0][1])


def organised_club_ids(user) -> set[int] | None:
    """The ids of the clubs ``user`` organises (owner or organiser); None for staff, who
    organise every club; an empty set for anonymous users."""
    if not user.is_authenticated:
        return set()
    if user.is_staff:
        return None
    return set(ClubRole.objects.filter(user=user, role__in=SETTING_UP)
               .values_list("club_id", flat=True))


def seen_club_ids(user) -> set[int] | None:
    """The ids of the clubs whose private championships ``user`` sees (any role); None for
    staff (every club); an empty set for anonymous users."""
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


def can_see_championship(user, championship: Championship) -> bool:
    """Anyone sees a public championship; a private one, :func:`can_see_private`."""
    return championship.public or can_see_private(user, championship.club)


def can_see_duplicate_event(user, event) -> bool:
    """A duplicate event (``club.models.DuplicateEvent``) is seen as a championship is:
    by anyone when public, else by everyone with a role in its club."""
    return event.public or can_see_private(user, event.club)


def name_revealing_club_ids(user, player: Player) -> set[int] | None:
    """The clubs of ``player`` whose organisers ``user`` is: on their pages the user sees a
    player who is not published by name (everyone else: by initials). None for staff (every
    club); empty for anonymous users and users of other clubs. One query (none anonymous)."""
    mine = organised_club_ids(user)
    if not mine:
        return mine
    return set(Membership.objects.filter(player=player, club_id__in=mine)
               .values_list("club_id", flat=True))


def can_see_player_name(user, player: Player) -> bool:
    """Staff, or someone who organises a club ``player`` is a member of: sees the full name
    of a player who is not published."""
    clubs = name_revealing_club_ids(user, player)
    return clubs is None or bool(clubs)


def can_request_report(user, championship: Championship, public_kind: bool) -> bool:
    """Organisers of the club and staff: every report; whoever sees the championship: a
    public kind (the standings)."""
    if can_edit_club(user, championship.club):
        return True
    return public_kind and can_see_championship(user, championship)


def club_scorer(user, club_path: str) -> Any:
    """A query expression: whether ``user`` enters sheets in the club at ``club_path`` (a
    lookup from the queried model to a club id; see :func:`can_enter_sheets`), for reading
    the flag with the rows."""
    if user is None or not user.is_authenticated:
        return Value(False)
    if user.is_staff:
        return Value(True)
    return Exists(ClubRole.objects.filter(user_id=user.pk, club_id=OuterRef(club_path),
                                          role__in=SCORING))


def club_scorer_sql(club_column: str) -> str:
    """The same flag inside a query written as SQL (the sheet's one read): true when the
    user given as the statement's first parameter is an owner, organiser or scorer of the
    club ``club_column`` names. Staff are checked by the caller, who has the user. The
    roles are this module's constants, written into the SQL as literals."""
    quote = connection.ops.quote_name
    role = ClubRole._meta
    roles = ", ".join(f"'{value.value}'" for value in SCORING)
    assert all(value.value.isalpha() for value in SCORING)  # literals, never input
    return (f"EXISTS (SELECT 1 FROM {quote(role.db_table)} cr WHERE "
            f"cr.{quote(role.get_field('user').column)} = %s AND "
            f"cr.{quote(role.get_field('club').column)} = {club_column} AND "
            f"cr.{quote(role.get_field('role').column)} IN ({roles}))")
