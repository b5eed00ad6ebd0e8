from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0011_trump_none_is_no_trump")]

    operations = [
        migrations.AddField(
            model_name="pair", name="active",
            field=models.BooleanField(
                default=True, verbose_name="active",
                help_text="A pair that has played is kept for its results; removed, it is no "
                          "longer offered for new championships."),
        ),
        migrations.AlterField(
            model_name="pair", name="name",
            field=models.CharField(blank=True, help_text="Empty: the two players' names.",
                                   max_length=120, verbose_name="pair name"),
        ),
    ]
