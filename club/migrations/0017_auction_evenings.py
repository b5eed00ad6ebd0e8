"""Auction Manille evenings, each for themselves at tables of 3 to 7 (issue 16)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0016_sheet_story"),
    ]

    operations = []
