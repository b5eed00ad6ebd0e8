"""Print the address to open as ``make run`` starts the server; in the laptop mode
(``make run HOST=0.0.0.0``, club/laptop.py) also the one the players' phones open."""

import os

from django.conf import settings
from django.core.management.base import BaseCommand

from club.laptop import local_port, phones_cannot_open


class Command(BaseCommand):
    help = "Print the addresses Troef is served on (this computer; in the laptop mode, phones)."

    def handle(self, *args, **options):
        self.stdout.write(f"Troef: http://127.0.0.1:{local_port(os.environ)}/  (Ctrl-C stops)")
        if settings.LAPTOP is None:
            return
        site = settings.TROEF_SITE_URL + "/"
        if phones_cannot_open(site):
            self.stdout.write(self.style.WARNING(
                "No network address found: connect this computer to the club's network "
                "(Wi-Fi or cable) and start again, or phones cannot reach it."))
        else:
            self.stdout.write(self.style.SUCCESS(
                f"Players' phones on this network open {site} "
                "(the QR codes on the printed score sheets hold it)"))
