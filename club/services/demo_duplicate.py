"""The demo's duplicate evening: 24 pairs, a Mitchell of 12 tables, 24 boards (2 a round),
every table's play simulated and entered through the traveller service."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import DuplicateEvent, Membership, Pair, Player, RuleSet
from club.services.club_size import make_pair_room
from club.services.duplicate import create_event
from club.services.duplicate_sim import play_session

DEMO_DUPLICATE_SEED = "demo-duplicate"
#: The evening's guests (24 players: with the club's 24 members, 24 pairs).
GUESTS = [
    ("Lemmens", "Lieve"), ("Verbruggen", "Jan"), ("Thys", "Sofie"), ("Dewulf", "Koen"),
    ("Lemaire", "Chantal"), ("Renard", "Luc"), ("Bogaert", "Ann"), ("Verhoeven", "Stijn"),
    ("Desmet", "Katrien"), ("Coppens", "Raf"), ("Segers", "Inge"), ("Baeten", "Bert"),
    ("Van Acker", "Marleen"), ("De Backer", "Johan"), ("Cools", "Veerle"), ("Nijs", "Erik"),
    ("Hendrickx", "Lut"), ("Pauwels", "Geert"), ("Baert", "Nele"), ("Lenaerts", "Kris"),
    ("Vandamme", "Sylvie"), ("Geerts", "Dirk"), ("Roels", "Hanne"), ("Stevens", "Pieter"),
]


@transaction.atomic
def create_demo_duplicate(club, user) -> DuplicateEvent | None:
    """The evening, once (None when it is already there)."""
    if DuplicateEvent.objects.filter(club=club, sessions__seed__startswith=DEMO_DUPLICATE_SEED
                                     ).exists():
        return None
    members = list(Player.objects.filter(memberships__club=club).order_by("pk"))
    for index, (last, first) in enumerate(GUESTS, start=1):
        player, _made = Player.objects.get_or_create(
            member_number=f"ZT-G{index:02d}", defaults={"last_name": last, "first_name": first})
        Membership.objects.get_or_create(club=club, player=player)
        members.append(player)
    members = members[:48]
    wanted = [(members[2 * index], members[2 * index + 1]) for index in range(len(members) // 2)]
    found = [Pair.objects.filter(club=club, first=first, second=second).first()
             for first, second in wanted]
    # TROEF_CLUB_MAX_PAIRS: ClubFull, and the transaction writes nothing
    make_pair_room(club, found.count(None))
    pairs = [pair or Pair.objects.create(club=club, first=first, second=second,
                                         name=f"{first.last_name} – {second.last_name}")
             for pair, (first, second) in zip(found, wanted, strict=True)]
    event = create_event(club, name=_("Duplicate evening"), rule_set=RuleSet.objects.get(
        club=None, preset="house"), movement="mitchell", boards_per_round=2, pairs=pairs,
        seed=DEMO_DUPLICATE_SEED, public=True)
    play_session(event.sessions.get(), user, seed=18)
    return event
