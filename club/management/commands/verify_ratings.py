from django.core.management.base import BaseCommand

from club.services.ratings import all_scope_keys, verify


class Command(BaseCommand):
    help = ("Rebuild every scope's player ratings in memory from the closed rounds and print "
            "each difference with what is stored. Exits 1 when a difference is left; with "
            "--repair each scope that differs is rebuilt (logged) and checked again.")

    def add_arguments(self, parser):
        parser.add_argument("--repair", action="store_true",
                            help="rebuild the scopes that differ (logged)")

    def handle(self, *args, **options):
        repair = options["repair"]
        found = left = 0
        keys = all_scope_keys()
        for key in keys:
            differences = verify(key, repair=repair)
            for difference in differences:
                self.stdout.write(("repaired: " if repair else "") + str(difference))
            found += len(differences)
            if differences:
                left += len(verify(key)) if repair else len(differences)
        self.stdout.write(f"{len(keys)} rating scope(s) checked: {found} difference(s)"
                          + (f", {found - left} repaired" if repair else ""))
        if left:
            raise SystemExit(1)
