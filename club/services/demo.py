"""The demo club: players, pairs and an organiser account. Idempotent; its names are in
the language active when it is first made (``manage.py demo --language nl``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import pgettext

from club.models import Club, ClubRole, Membership, Pair, Player
from club.services.club_size import make_pair_room

DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "troef-demo"
DEMO_SLUG = "de-zwarte-troef"

DEMO_PLAYERS = [
    ("Peeters", "Jan"), ("Janssens", "Marie"), ("Maes", "Luc"), ("Jacobs", "Els"),
    ("Mertens", "Koen"), ("Willems", "An"), ("Claes", "Dirk"), ("Goossens", "Sofie"),
    ("Wouters", "Marc"), ("De Smet", "Lieve"), ("Dubois", "Pierre"), ("Lambert", "Claire"),
    ("Dupont", "Michel"), ("Martin", "Isabelle"), ("Vermeulen", "Bart"), ("Hermans", "Greet"),
    ("Van den Broeck", "Tom"), ("Leclercq", "Nathalie"), ("Aerts", "Wim"), ("De Clercq", "Hilde"),
    ("Smets", "Guy"), ("Van Damme", "Rita"), ("Michiels", "Filip"), ("Schwarzenberger", "Hans-Jürgen"),
]


@transaction.atomic
def create_demo_club() -> Club:
    """The demo club, named in the active language the first time (a Flemish club's name
    stays Flemish unless a translation says otherwise)."""
    club, _created = Club.objects.get_or_create(
        slug=DEMO_SLUG, defaults={"name": pgettext("demo club's name", "De Zwarte Troef"),
                                  "town": "Aalst"})
    players = []
    for index, (last, first) in enumerate(DEMO_PLAYERS, start=1):
        player, _ = Player.objects.get_or_create(
            member_number=f"ZT-{index:03d}", defaults={"last_name": last, "first_name": first})
        Membership.objects.get_or_create(club=club, player=player)
        players.append(player)
    wanted = [(players[2 * index], players[2 * index + 1]) for index in range(6)]
    missing = [(first, second) for first, second in wanted if not Pair.objects.filter(
        club=club, first=first, second=second).exists()]
    make_pair_room(club, len(missing))  # TROEF_CLUB_MAX_PAIRS: ClubFull, nothing written
    for first, second in missing:
        Pair.objects.create(club=club, first=first, second=second,
                            name=f"{first.last_name} – {second.last_name}")
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=DEMO_USERNAME)
    if created or not user.has_usable_password():
        user.set_password(DEMO_PASSWORD)
        user.save()
    ClubRole.objects.get_or_create(user=user, club=club, defaults={"role": ClubRole.Role.OWNER})
    return club
