from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from club.services.club_size import ClubFull
from club.services.demo import DEMO_PASSWORD, DEMO_USERNAME, create_demo_club
from club.services.demo_auction import create_demo_auction
from club.services.demo_duplicate import create_demo_duplicate
from club.services.demo_events import create_demo_championships


class Command(BaseCommand):
    help = ("Create (or complete) the demo club, its players and pairs, and the organiser login; "
            "names in --language (default: the LANGUAGE_CODE setting).")

    def add_arguments(self, parser):
        parser.add_argument("--language", default=settings.LANGUAGE_CODE,
                            choices=[code for code, _name in settings.LANGUAGES],
                            help="the language of the club's and championships' names")

    def handle(self, *args, **options):
        with translation.override(options["language"]):
            try:
                club = create_demo_club()
                create_demo_championships(club, User.objects.get(username=DEMO_USERNAME))
                create_demo_duplicate(club, User.objects.get(username=DEMO_USERNAME))
            except ClubFull as error:  # TROEF_CLUB_MAX_PAIRS below the demo's 24 pairs
                raise CommandError(str(error)) from error
            create_demo_auction(club, User.objects.get(username=DEMO_USERNAME))
        self.stdout.write(self.style.SUCCESS(
            f"Demo club “{club.name}” ready: log in as {DEMO_USERNAME} / {DEMO_PASSWORD}"))
