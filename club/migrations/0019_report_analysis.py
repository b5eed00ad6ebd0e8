"""The round's results PDF with the play analysis: the report kind ``analysis``."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0018_duplicate'),
    ]

    operations = [
        migrations.AlterField(
            model_name='reportjob',
            name='kind',
            field=models.CharField(choices=[('sheets', 'score sheets'), ('standings', 'standings'), ('results', 'round results'), ('analysis', 'round results with the play analysis')], max_length=10, verbose_name='kind'),
        ),
    ]
