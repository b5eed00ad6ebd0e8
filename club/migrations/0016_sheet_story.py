"""Partnership sheet story (issue 16): doubling calls, first dealer drawn, rule set locks."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0015_ratings"),
    ]

    operations = []
