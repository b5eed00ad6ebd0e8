import json

from django.core.management.base import BaseCommand, CommandError

from club.services.transfer import ImportError_, import_championship


class Command(BaseCommand):
    help = "Create a championship from a JSON export; its results are rebuilt from the deals."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON export")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as source:
                data = json.load(source)
            championship = import_championship(data)
        except (OSError, json.JSONDecodeError, ImportError_) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(
            f"Imported “{championship.name}” as championship {championship.pk}."))
