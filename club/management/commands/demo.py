from django.contrib.auth.models import User
from django.core.management.base import BaseCommand

from club.services.demo import DEMO_PASSWORD, DEMO_USERNAME, create_demo_club
from club.services.demo_events import create_demo_championships


class Command(BaseCommand):
    help = "Create (or complete) the demo club, its players and pairs, and the organiser login."

    def handle(self, *args, **options):
        club = create_demo_club()
        create_demo_championships(club, User.objects.get(username=DEMO_USERNAME))
        self.stdout.write(self.style.SUCCESS(
            f"Demo club “{club.name}” ready: log in as {DEMO_USERNAME} / {DEMO_PASSWORD}"))
