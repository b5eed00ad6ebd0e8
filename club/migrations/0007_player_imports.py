# Player imports run as background jobs (issue 13, point 8). Written by hand into the chain.
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_stage_draw_and_poules"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]
    operations = [
        migrations.CreateModel(
            name="PlayerImportJob",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("file", models.FileField(blank=True, upload_to="imports/%Y/%m/",
                                          verbose_name="file")),
                ("status", models.CharField(
                    choices=[("queued", "queued"), ("checking", "checking the rows"),
                             ("writing", "writing the players"), ("done", "imported"),
                             ("refused", "refused: nothing imported"),
                             ("failed", "failed: nothing imported")],
                    default="queued", max_length=10, verbose_name="status")),
                ("rows_total", models.PositiveIntegerField(default=0, verbose_name="rows")),
                ("rows_checked", models.PositiveIntegerField(default=0,
                                                             verbose_name="rows checked")),
                ("rows_written", models.PositiveIntegerField(default=0,
                                                             verbose_name="rows written")),
                ("created_players", models.PositiveIntegerField(default=0,
                                                                verbose_name="new players")),
                ("linked_players", models.PositiveIntegerField(default=0,
                                                               verbose_name="existing players")),
                ("errors", models.JSONField(blank=True, default=list, verbose_name="errors")),
                ("error_count", models.PositiveIntegerField(default=0,
                                                            verbose_name="number of errors")),
                ("created", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                ("finished", models.DateTimeField(blank=True, null=True, verbose_name="finished")),
                ("club", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="import_jobs", to="club.club",
                                           verbose_name="club")),
                ("user", models.ForeignKey(blank=True, null=True,
                                           on_delete=django.db.models.deletion.SET_NULL,
                                           related_name="+", to=settings.AUTH_USER_MODEL,
                                           verbose_name="user")),
            ],
            options={"verbose_name": "player import", "verbose_name_plural": "player imports",
                     "ordering": ["-created"]},
        ),
    ]
