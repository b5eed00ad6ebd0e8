import sys

from django.core.management.base import BaseCommand, CommandError

from club.services.auction_rehearsal import GAMES as AUCTION_REHEARSALS
from club.services.auction_rehearsal import auction_rehearsal
from club.services.duplicate_sim import duplicate_rehearsal
from club.services.rehearsal import MIN_SEMI, rehearse


def bar(label: str, done: int, total: int) -> None:
    """A progress bar on standard error, redrawn in place."""
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r  {label:<34} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


class Command(BaseCommand):
    help = ("Rehearse an individual championship end to end: qualifying rounds, a semi-final, "
            "a final; every deal entered through the sheet service; every PDF rendered.")

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=None,
                            help="players (default 544; an auction evening 48)")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--qualifying", type=int, default=3, help="qualifying rounds")
        parser.add_argument("--semi", type=int, default=128, help="players in the semi-final")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
        parser.add_argument("--game", choices=("individual", "duplicate", *AUCTION_REHEARSALS),
                            default="individual",
                            help="duplicate: a duplicate evening (--pairs, a Mitchell); "
                                 "auction1-3: an auction evening (--rounds, --table-size)")
        parser.add_argument("--rounds", type=int, default=3, help="auction: rounds")
        parser.add_argument("--table-size", type=int, default=4,
                            help="auction: the club's table size (3-7)")
        parser.add_argument("--pairs", type=int, default=24, help="duplicate: pairs")

    def handle(self, *args, **options):
        if options["game"] == "duplicate":
            return duplicate_rehearsal(self, options)
        if options["game"] in AUCTION_REHEARSALS:
            return auction_rehearsal(self, options, bar)
        if options["players"] is None:
            options["players"] = 544
        if options["players"] < MIN_SEMI:
            raise CommandError(f"--players: at least {MIN_SEMI} players (a semi-final of four "
                               f"tables and a final)")
        if options["semi"] < MIN_SEMI or options["semi"] % 4:
            raise CommandError(f"--semi: a multiple of 4, at least {MIN_SEMI} (the winners of "
                               f"four tables make the final's table)")
        result = rehearse(options["players"], options["seed"], qualifying=options["qualifying"],
                          semi=options["semi"],
                          progress=(lambda *a: None) if options["quiet"] else bar)
        self.stdout.write(f"Rehearsal of {options['players']} players, seed {options['seed']} "
                          f"(championship {result.championship_id})")
        for step in result.steps:
            self.stdout.write(f"  {step.name:<34} {step.seconds:8.2f} s  {step.detail}")
        self.stdout.write(f"  {'total':<34} {result.total:8.2f} s  {result.deals} deals entered, "
                          f"{result.pages} score-sheet pages")
