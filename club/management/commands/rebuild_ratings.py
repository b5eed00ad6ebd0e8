import time

from django.core.management.base import BaseCommand, CommandError

from club.models import Club
from club.services.ratings import FEDERATION, all_scope_keys, club_key, public_key, rebuild


class Command(BaseCommand):
    help = ("Rebuild the stored player ratings from the closed rounds, in the order they were "
            "closed: every scope, or one club's (--club) and/or the federation's (--federation).")

    def add_arguments(self, parser):
        parser.add_argument("--club", help="only this club's ratings (its short name)")
        parser.add_argument("--federation", action="store_true",
                            help="the federation's ratings (public championships)")

    def handle(self, *args, **options):
        keys = []
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"--club: there is no club {options['club']!r}")
            keys += [club_key(club.pk), public_key(club.pk)]
        if options["federation"]:
            keys.append(FEDERATION)
        for key in keys or all_scope_keys():
            start = time.perf_counter()
            ratings = rebuild(key)
            self.stdout.write(f"{key}: {len(ratings)} players, {ratings.counted} matches, "
                              f"{time.perf_counter() - start:.2f} s")
