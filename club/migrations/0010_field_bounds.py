"""Bounds on the stored numbers (issue 13, point 9): seats, sides, points, doublings, deal
and round numbers, how many go on. Validators only: the schema does not change."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0009_session_generation")]

    operations = [
        migrations.AlterField(
            model_name='deal',
            name='all_tricks',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(1)], verbose_name='all tricks (side)'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='dealer',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(5)], verbose_name='dealer (seat)'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='doubling',
            field=models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(1024)], verbose_name='doubling'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='number',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='deal'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='points',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(200)], verbose_name='card points of side 1'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='points_other',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(200)], verbose_name='card points of side 2'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='renonce',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(1)], verbose_name='renonce (side)'),
        ),
        migrations.AlterField(
            model_name='deal',
            name='tricks',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(10)], verbose_name='tricks of side 1'),
        ),
        migrations.AlterField(
            model_name='dealchange',
            name='deal_number',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='deal'),
        ),
        migrations.AlterField(
            model_name='entry',
            name='joined_round',
            field=models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='joined before round'),
        ),
        migrations.AlterField(
            model_name='round',
            name='number',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='number'),
        ),
        migrations.AlterField(
            model_name='round',
            name='time_limit',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(600)], verbose_name='time limit (minutes)'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='position',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(5)], verbose_name='seat'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='side',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(1)], verbose_name='side'),
        ),
        migrations.AlterField(
            model_name='stage',
            name='advance_count',
            field=models.PositiveIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(2), django.core.validators.MaxValueValidator(10000)], verbose_name='how many go on'),
        ),
        migrations.AlterField(
            model_name='stage',
            name='number',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='number'),
        ),
        migrations.AlterField(
            model_name='table',
            name='first_dealer',
            field=models.PositiveSmallIntegerField(default=0, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(5)], verbose_name='first dealer (seat)'),
        ),
        migrations.AlterField(
            model_name='table',
            name='number',
            field=models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(32767)], verbose_name='table'),
        ),
        migrations.AlterField(
            model_name='table',
            name='sheet_keeper',
            field=models.PositiveSmallIntegerField(default=0, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(5)], verbose_name='sheet kept by seat'),
        ),
    ]
