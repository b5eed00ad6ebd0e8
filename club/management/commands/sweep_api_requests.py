"""Delete the API's stored idempotent answers older than TROEF_API_IDEMPOTENCY_DAYS (run it
daily, e.g. from cron: ``python manage.py sweep_api_requests``)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from club.services.once import sweep


class Command(BaseCommand):
    help = "Delete the Idempotency-Key answers older than TROEF_API_IDEMPOTENCY_DAYS."

    def handle(self, *args, **options):
        count = sweep()
        self.stdout.write(f"{count} idempotent request(s) swept.")
