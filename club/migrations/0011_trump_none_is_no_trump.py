"""No trump is stored as NULL (None), as engine and scoring say it, instead of "" (and the
audit trail's recorded facts follow)."""

from django.db import migrations, models


def blank_to_none(apps, schema_editor):
    Deal = apps.get_model("club", "Deal")
    DealChange = apps.get_model("club", "DealChange")
    Deal.objects.filter(trump="").update(trump=None)
    changed = []
    for change in DealChange.objects.exclude(old=None, new=None).iterator():
        touched = False
        for facts in (change.old, change.new):
            if isinstance(facts, dict) and facts.get("trump") == "":
                facts["trump"] = None
                touched = True
        if touched:
            changed.append(change)
    DealChange.objects.bulk_update(changed, ["old", "new"], batch_size=500)


def none_to_blank(apps, schema_editor):
    Deal = apps.get_model("club", "Deal")
    DealChange = apps.get_model("club", "DealChange")
    Deal.objects.filter(trump=None).update(trump="")
    changed = []
    for change in DealChange.objects.exclude(old=None, new=None).iterator():
        touched = False
        for facts in (change.old, change.new):
            if isinstance(facts, dict) and "trump" in facts and facts["trump"] is None:
                facts["trump"] = ""
                touched = True
        if touched:
            changed.append(change)
    DealChange.objects.bulk_update(changed, ["old", "new"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("club", "0010_field_bounds")]

    operations = [
        migrations.AlterField(
            model_name="deal", name="trump",
            field=models.CharField(blank=True, choices=[("c", "♣"), ("d", "♦"), ("h", "♥"),
                                                        ("s", "♠")],
                                   help_text="Empty: no trump.", max_length=1, null=True,
                                   verbose_name="trump"),
        ),
        migrations.RunPython(blank_to_none, none_to_blank),
    ]
