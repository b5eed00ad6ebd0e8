"""The four shipped rule-set presets (RULES.md section 9), present after migrate."""

from django.db import migrations

PRESET_NAMES = {"house": "House rules", "flemish": "Flemish", "pagat": "Pagat", "french": "French"}


def add_presets(apps, schema_editor):
    from engine.rules import PRESETS

    RuleSet = apps.get_model("club", "RuleSet")
    for key, rules in PRESETS.items():
        RuleSet.objects.update_or_create(
            club=None, preset=key, name=PRESET_NAMES[key], defaults={"options": rules.to_dict()})


def remove_presets(apps, schema_editor):
    apps.get_model("club", "RuleSet").objects.filter(club=None).delete()


class Migration(migrations.Migration):
    dependencies = [("club", "0002_championships")]
    operations = [migrations.RunPython(add_presets, remove_presets)]
