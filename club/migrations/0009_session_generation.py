# Written by hand (issue 13, point 6): a per-user session generation, mixed into the session
# hash by the SessionUser proxy, so a logout ends every copy of a signed-cookie session.
import django.contrib.auth.models
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0008_report_dispatch"),
        ("auth", "0012_alter_user_first_name_max_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="SessionGeneration",
            fields=[
                ("user", models.OneToOneField(
                    on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                    related_name="session_generation", serialize=False,
                    to=settings.AUTH_USER_MODEL, verbose_name="user")),
                ("generation", models.PositiveBigIntegerField(
                    default=0, verbose_name="session generation")),
            ],
            options={
                "verbose_name": "session generation",
                "verbose_name_plural": "session generations",
            },
        ),
        migrations.CreateModel(
            name="SessionUser",
            fields=[],
            options={"proxy": True, "indexes": [], "constraints": []},
            bases=("auth.user",),
            managers=[("objects", django.contrib.auth.models.UserManager())],
        ),
    ]
