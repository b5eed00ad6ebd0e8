"""Issue 26, nothing dropped at closing: deals that reach a closed round are kept
(``LateDeal``) for the organiser to apply after reopening or discard with a reason, and
each table remembers when its code page last reported and how many deals it had waiting."""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0024_traveller_changes'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='reported_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='code page last reported'),
        ),
        migrations.AddField(
            model_name='table',
            name='reported_waiting',
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name='deals waiting on the phone'),
        ),
        migrations.CreateModel(
            name='LateDeal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('facts', models.JSONField(encoder=django.core.serializers.json.DjangoJSONEncoder, verbose_name='deal')),
                ('sent', models.JSONField(default=dict, encoder=django.core.serializers.json.DjangoJSONEncoder, verbose_name='as sent')),
                ('by_code', models.BooleanField(default=False, verbose_name="by the table's code")),
                ('received_at', models.DateTimeField(auto_now_add=True, verbose_name='received at')),
                ('key', models.CharField(blank=True, max_length=255, verbose_name='Idempotency-Key')),
                ('state', models.CharField(choices=[('waiting', 'waiting'), ('applied', 'applied'), ('discarded', 'discarded')], default='waiting', max_length=10, verbose_name='state')),
                ('number', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='deal number')),
                ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided at')),
                ('reason', models.CharField(blank=True, max_length=300, verbose_name='reason')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                ('sent_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='sent by')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='late_deals', to='club.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'late deal',
                'verbose_name_plural': 'late deals',
                'ordering': ['received_at', 'pk'],
                'indexes': [models.Index(fields=['table', 'state'], name='late_deal_table_state')],
            },
        ),
    ]
