"""Issue 30: each rating scope keeps the performance spread fitted from its own matches, and
how many matches the fit rests on (the win chances are shown from MIN_MATCHES on). The
stored states hold no fit yet: the next refresh of each scope rebuilds it."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0025_late_deals'),
    ]

    operations = [
        migrations.AddField(
            model_name='ratingscope',
            name='beta',
            field=models.FloatField(blank=True, null=True, verbose_name='fitted performance spread'),
        ),
        migrations.AddField(
            model_name='ratingscope',
            name='fit_matches',
            field=models.PositiveIntegerField(default=0, verbose_name='matches the fit rests on'),
        ),
    ]
