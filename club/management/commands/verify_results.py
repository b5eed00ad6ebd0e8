from django.core.management.base import BaseCommand, CommandError

from club.models import Championship
from club.services.duplicate_verify import verify_duplicate_events
from club.services.verify import verify_championship


class Command(BaseCommand):
    help = ("Rebuild every derived row (match results, standings) from the deals and print "
            "each difference. Exits 1 when a difference is left: with --repair, each one is "
            "fixed and logged, the championship checked again, and the exit status says "
            "whether anything is still wrong.")

    def add_arguments(self, parser):
        parser.add_argument("--championship", type=int, help="only this championship (id)")
        parser.add_argument("--repair", action="store_true",
                            help="rewrite what differs from the deals (logged)")
        parser.add_argument("--hand-records", action="store_true",
                            help="also solve every stored duplicate hand record again and "
                                 "compare (1 to 4 s of CPU a board)")

    def handle(self, *args, **options):
        championships = Championship.objects.order_by("pk")
        if options["championship"] is not None:
            championships = championships.filter(pk=options["championship"])
            if not championships.exists():
                raise CommandError(f"--championship: there is no championship "
                                   f"{options['championship']}")
        repair = options["repair"]
        found = left = checked = 0
        for championship in championships.iterator():
            checked += 1
            differences = verify_championship(championship, repair=repair)
            for difference in differences:
                self.stdout.write(("repaired: " if repair else "") + str(difference))
            found += len(differences)
            if differences and repair:
                left += len(verify_championship(championship))
            elif not repair:
                left += len(differences)
        self.stdout.write(f"{checked} championship(s) checked: {found} difference(s)"
                          + (f", {found - left} repaired" if repair else ""))
        if options["championship"] is None:
            left += verify_duplicate_events(self.stdout, repair, options["hand_records"])
        if left:
            raise SystemExit(1)
