"""Duplicate Manille: board sets, movements, travellers (issue 18)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0017_auction_evenings"),
    ]

    operations = []
