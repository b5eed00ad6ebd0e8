# Placeholder in the migration chain; its operations are written by the change that owns it.
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("club", "0007_player_imports")]
    operations = []
