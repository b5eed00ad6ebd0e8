# Report jobs: "not sent" when the task queue cannot be reached, and a heartbeat (issue 13,
# point 4). Written by hand into the chain.
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0007_player_imports")]
    operations = [
        migrations.AddField(
            model_name="reportjob",
            name="heartbeat",
            field=models.DateTimeField(blank=True, null=True, verbose_name="last sign of work"),
        ),
        migrations.AlterField(
            model_name="reportjob",
            name="status",
            field=models.CharField(
                choices=[("queued", "queued"), ("running", "rendering"), ("done", "ready"),
                         ("failed", "failed"), ("unsent", "not sent")],
                default="queued", max_length=8, verbose_name="status"),
        ),
    ]
