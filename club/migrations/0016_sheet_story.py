"""Partnership sheet story (issue 16): doubling calls, first dealer drawn, rule set locks.

- ``Deal.calls``: who doubled, redoubled or knocked, a seat each in order. A deal recorded
  before kept only the multiplier x2^k: it gets k calls whose seat is not known (null), so
  every deal is scored from its calls (each one x2, combined as its rule set counts).
"""

from django.db import migrations, models


def calls_from_multiplier(apps, schema_editor):
    Deal = apps.get_model("club", "Deal")
    for doubling in Deal.objects.filter(doubling__gt=1).values_list(
            "doubling", flat=True).distinct():
        knocks = int(doubling).bit_length() - 1
        Deal.objects.filter(doubling=doubling).update(calls=[None] * knocks)


def multiplier_from_calls(apps, schema_editor):
    pass  # the multiplier column was kept up to date all along


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0015_ratings"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="calls",
            field=models.JSONField(blank=True, default=list, verbose_name="doubling calls"),
        ),
        migrations.RunPython(calls_from_multiplier, multiplier_from_calls),
    ]
