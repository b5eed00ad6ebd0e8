"""Duplicate Manille: board sets, movements, travellers (issue 18)."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0017_auction_evenings'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='DuplicateEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('date', models.DateField(blank=True, null=True, verbose_name='date')),
                ('movement', models.CharField(choices=[('mitchell', 'Mitchell (larger fields: two directions)'), ('howell', 'Howell (small fields: every pair meets the others)')], default='mitchell', max_length=10, verbose_name='movement')),
                ('boards_per_round', models.PositiveSmallIntegerField(default=2, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(8)], verbose_name='boards per round')),
                ('public', models.BooleanField(default=False, help_text="Anyone may read the boards' results and the standings.", verbose_name='public')),
                ('created', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='duplicate_events', to='club.club', verbose_name='club')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='duplicate_events', to='club.ruleset', verbose_name='rule set')),
            ],
            options={
                'verbose_name': 'duplicate event',
                'verbose_name_plural': 'duplicate events',
                'ordering': ['-date', '-created'],
            },
        ),
        migrations.CreateModel(
            name='DuplicatePair',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='pair number')),
                ('name', models.CharField(max_length=160, verbose_name='name')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pairs', to='club.duplicateevent', verbose_name='event')),
                ('pair', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='duplicate_entries', to='club.pair', verbose_name='pair')),
            ],
            options={
                'verbose_name': 'duplicate pair',
                'verbose_name_plural': 'duplicate pairs',
                'ordering': ['event_id', 'number'],
            },
        ),
        migrations.CreateModel(
            name='DuplicateSession',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='session')),
                ('board_source', models.CharField(choices=[('seed', 'dealt from a seed'), ('entered', 'entered card by card')], default='seed', max_length=8, verbose_name='boards')),
                ('seed', models.CharField(blank=True, help_text='The same seed always deals the same boards.', max_length=60, verbose_name='board seed')),
                ('board_count', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(64)], verbose_name='boards')),
                ('rounds', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='rounds')),
                ('version', models.PositiveIntegerField(default=0, editable=False, verbose_name='version')),
                ('created', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sessions', to='club.duplicateevent', verbose_name='event')),
            ],
            options={
                'verbose_name': 'duplicate session',
                'verbose_name_plural': 'duplicate sessions',
                'ordering': ['event_id', 'number'],
            },
        ),
        migrations.CreateModel(
            name='DuplicateBoard',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(64)], verbose_name='board')),
                ('dealer', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(3)], verbose_name='dealer (seat)')),
                ('hands', models.TextField(help_text='The board in the hand-record notation.', verbose_name='hands')),
                ('double_dummy', models.JSONField(blank=True, null=True, verbose_name='double-dummy results')),
                ('par', models.JSONField(blank=True, null=True, verbose_name='par')),
                ('hand_record_rules', models.JSONField(blank=True, null=True, verbose_name='hand record rules')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='boards', to='club.duplicatesession', verbose_name='session')),
            ],
            options={
                'verbose_name': 'board',
                'verbose_name_plural': 'boards',
                'ordering': ['session_id', 'number'],
            },
        ),
        migrations.CreateModel(
            name='DuplicateTable',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='round')),
                ('number', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='table')),
                ('board_group', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(64)], verbose_name='board group')),
                ('boards', models.JSONField(default=list, help_text='The numbers of the boards played here.', verbose_name='boards')),
                ('pair_ew', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.duplicatepair', verbose_name='East-West')),
                ('pair_ns', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.duplicatepair', verbose_name='North-South')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='club.duplicatesession', verbose_name='session')),
            ],
            options={
                'verbose_name': 'movement table',
                'verbose_name_plural': 'movement tables',
                'ordering': ['session_id', 'round', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Traveller',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('trump', models.CharField(blank=True, choices=[('c', '♣'), ('d', '♦'), ('h', '♥'), ('s', '♠')], help_text='Empty: no trump.', max_length=1, null=True, verbose_name='trump')),
                ('doubling', models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(1024)], verbose_name='doubling')),
                ('points', models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(200)], verbose_name='card points North-South')),
                ('points_other', models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(200)], verbose_name='card points East-West')),
                ('all_tricks', models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(1)], verbose_name='all tricks (side)')),
                ('renonce', models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(1)], verbose_name='renonce (side)')),
                ('play', models.JSONField(blank=True, help_text='The tricks card by card, when known.', null=True, verbose_name='card play')),
                ('entered_at', models.DateTimeField(auto_now=True, verbose_name='entered at')),
                ('board', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='travellers', to='club.duplicateboard', verbose_name='board')),
                ('entered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='entered by')),
                ('pair_ew', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.duplicatepair', verbose_name='East-West')),
                ('pair_ns', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.duplicatepair', verbose_name='North-South')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='travellers', to='club.duplicatetable', verbose_name='table')),
            ],
            options={
                'verbose_name': 'traveller line',
                'verbose_name_plural': 'traveller lines',
                'ordering': ['board_id', 'table_id'],
            },
        ),
        migrations.AddConstraint(
            model_name='duplicatepair',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='duplicate_pair_number'),
        ),
        migrations.AddConstraint(
            model_name='duplicatepair',
            constraint=models.UniqueConstraint(fields=('event', 'pair'), name='duplicate_pair_once'),
        ),
        migrations.AddConstraint(
            model_name='duplicatesession',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='duplicate_session_number'),
        ),
        migrations.AddConstraint(
            model_name='duplicateboard',
            constraint=models.UniqueConstraint(fields=('session', 'number'), name='duplicate_board_number'),
        ),
        migrations.AddConstraint(
            model_name='duplicatetable',
            constraint=models.UniqueConstraint(fields=('session', 'round', 'number'), name='duplicate_table_unique'),
        ),
        migrations.AddConstraint(
            model_name='duplicatetable',
            constraint=models.CheckConstraint(condition=models.Q(('pair_ns__isnull', True), ('pair_ew__isnull', True), models.Q(('pair_ns', models.F('pair_ew')), _negated=True), _connector='OR'), name='duplicate_table_two_pairs'),
        ),
        migrations.AddConstraint(
            model_name='traveller',
            constraint=models.UniqueConstraint(fields=('board', 'table'), name='traveller_once_a_table'),
        ),
        migrations.AddConstraint(
            model_name='traveller',
            constraint=models.UniqueConstraint(fields=('board', 'pair_ns'), name='traveller_ns_once'),
        ),
        migrations.AddConstraint(
            model_name='traveller',
            constraint=models.UniqueConstraint(fields=('board', 'pair_ew'), name='traveller_ew_once'),
        ),
        migrations.AddConstraint(
            model_name='traveller',
            constraint=models.CheckConstraint(condition=models.Q(('all_tricks__isnull', True), ('all_tricks__in', (0, 1)), _connector='OR'), name='traveller_all_tricks_side'),
        ),
        migrations.AddConstraint(
            model_name='traveller',
            constraint=models.CheckConstraint(condition=models.Q(('renonce__isnull', True), ('renonce__in', (0, 1)), _connector='OR'), name='traveller_renonce_side'),
        ),
    ]
