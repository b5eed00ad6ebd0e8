"""Players and memberships: adding a player to a club. The CSV import is in
:mod:`club.services.player_import`, big files in :mod:`club.services.import_jobs`."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.access import can_edit_club, can_edit_player
from club.models import Club, Membership, Player
from club.services.club_size import ClubFull, make_room


class PlayerRefused(ValueError):
    """A write the user may not make; ``field`` names the form field it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


#: A member number held by a player the user may not edit (``%(number)s``): of a club the
#: user does not organise, or of no club. As the import's refusal, it names no other club
#: (issue 27, break 9: it confirmed that the number was another club's).
FOREIGN_NUMBER = gettext_lazy("Member number %(number)s cannot be used in this club. If it "
                              "is right, ask the site's administrators.")


@transaction.atomic
def add_player_to_club(user, club: Club, *, last_name: str, first_name: str,
                       member_number: str = "", published: bool = True) -> Player:
    """Create a player (or find them by member number) and make them a member of ``club``.
    ``published`` is for a new player (one found keeps theirs: see the player's page).

    The user must organise ``club``; a player found by member number is linked only when
    the user organises every club of theirs (else :class:`PlayerRefused`, nothing written).
    """
    if not can_edit_club(user, club):
        raise PlayerRefused(_("You may not add players to %(club)s.") % {"club": club})
    member_number = member_number.strip()
    player = None
    if member_number:
        player = Player.objects.filter(member_number=member_number).first()
        if player is not None and not can_edit_player(user, player):
            raise PlayerRefused(str(FOREIGN_NUMBER) % {"number": member_number}, field="member_number")
    if player is None or not Membership.objects.filter(club=club, player=player).exists():
        try:
            make_room(club, 1)  # TROEF_CLUB_MAX_MEMBERS: refused before anything is written
        except ClubFull as error:
            raise PlayerRefused(str(error)) from error
    if player is None:
        player = Player.objects.create(last_name=last_name.strip(), first_name=first_name.strip(),
                                       member_number=member_number, published=published)
    Membership.objects.get_or_create(club=club, player=player, defaults={"active": True})
    return player


def save_player(user, player: Player) -> Player:
    """Save a player as edited on their form. Only someone organising every club of the
    player (or staff) edits them, and an erased player is never given a name again
    (:class:`PlayerRefused`, nothing written)."""
    if not can_edit_player(user, player):
        raise PlayerRefused(_("You may not see or do this."))
    if Player.objects.filter(pk=player.pk, anonymised_at__isnull=False).exists():
        raise PlayerRefused(_("This player's personal data was erased: the player cannot be "
                              "edited any more."))
    player.save()
    return player
