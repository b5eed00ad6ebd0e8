import json

from django.core.management.base import BaseCommand, CommandError

from club.models import Championship
from club.services.transfer import export_championship


class Command(BaseCommand):
    help = "Write a championship (players, entries, rule set, rounds, deals, audit) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("championship", type=int, help="the championship's id")
        parser.add_argument("--output", "-o", help="a file (default: standard output)")

    def handle(self, *args, **options):
        try:
            championship = Championship.objects.get(pk=options["championship"])
        except Championship.DoesNotExist:
            raise CommandError(f"no championship has id {options['championship']}") from None
        text = json.dumps(export_championship(championship), ensure_ascii=False, indent=1)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text)
        else:
            self.stdout.write(text)
