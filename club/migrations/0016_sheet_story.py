"""Partnership sheet story (issue 16): doubling calls, first dealer drawn, rule set locks.

- ``Deal.calls``: who doubled, redoubled or knocked, a seat each in order. A deal recorded
  before kept only the multiplier x2^k: it gets k calls whose seat is not known (null), so
  every deal is scored from its calls (each one x2, combined as its rule set counts).
- A match format "best of" an even number of games is refused now (it can end level): a
  stored one becomes "N games" (the same N games at most, more games won wins, equal is a
  draw; for best of 2 exactly what it did).
"""

from django.db import migrations, models


def calls_from_multiplier(apps, schema_editor):
    Deal = apps.get_model("club", "Deal")
    for doubling in Deal.objects.filter(doubling__gt=1).values_list(
            "doubling", flat=True).distinct():
        knocks = int(doubling).bit_length() - 1
        Deal.objects.filter(doubling=doubling).update(calls=[None] * knocks)


def even_best_of_to_games(apps, schema_editor):
    Championship = apps.get_model("club", "Championship")
    for champ in Championship.objects.filter(match_format__kind="best_of"):
        fmt = dict(champ.match_format)
        count = fmt.get("count")
        if isinstance(count, int) and count % 2 == 0:
            fmt["kind"] = "games"
            champ.match_format = fmt
            champ.save(update_fields=["match_format"])


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
        migrations.RunPython(even_best_of_to_games, migrations.RunPython.noop),
    ]
