"""The four shipped rule-set presets (RULES.md section 9), present after migrate; their options
are written out here as they were, so that a preset added to or changed in engine.rules later
changes nothing this migration does (tests/club/test_migrations.py)."""

from django.db import migrations

PRESET_NAMES = {"house": "House rules", "flemish": "Flemish", "pagat": "Pagat", "french": "French"}

#: The options every preset below starts from: engine.rules.RuleSet's defaults when this
#: migration was written (written out: a migration never reads the live code's presets).
OPTIONS = {"players": 4, "direction": "clockwise", "spare_cards": "face_up",
           "follow_suit": True, "beat_led_suit": True, "must_trump": True,
           "must_overtrump": True, "partner_winning_free": True, "no_undertrump": True,
           "en_face": False, "blind_trump": False, "no_trump_quota": None,
           "cancel_on_partner_look": True, "doubling": "none", "no_trump_multiplier": 2,
           "all_tricks_multiplier": 2, "blind_multiplier": 2, "tie_multiplier": 2,
           "multipliers_add": False, "tie_policy": "single", "renonce_penalty": "sixty",
           "trick_bonus": False, "target": 101, "deals": None, "game": "partnership",
           "spoken": False, "beat_on_trump_lead_only": False,
           "beat_partner_on_trump_lead": False, "double_no_trump": True, "max_knocks": 6,
           "packets": None, "stakes": None, "declarer_target": None, "discards_count": False,
           "lowest_bid": None, "all_tricks_value": None, "open_widow_doubling": False}

#: engine.rules.PRESETS as they were: each preset's options (RuleSet.to_dict()).
PRESETS = {
    "house": {**OPTIONS, "name": "house",
        "description": "The house rules: no doubling, single pending x2 after 30-30, no "
                       "under-trumping."},
    "flemish": {**OPTIONS, "name": "flemish", "no_undertrump": False, "doubling": "mee_tegen",
        "description": "Flemish standard: mee/tegen doubling (x2/x4), under-trumping allowed."},
    "pagat": {**OPTIONS, "name": "pagat", "no_undertrump": False, "doubling": "mee_tegen",
        "description": "Pagat / Lanssens: as Flemish; also played by 2, 3 and 6 players."},
    "french": {**OPTIONS, "name": "french", "direction": "counterclockwise",
        "beat_led_suit": False, "must_trump": False, "must_overtrump": False,
        "no_undertrump": False, "en_face": True, "blind_trump": True,
        "cancel_on_partner_look": False, "doubling": "knock", "renonce_penalty": "flat30",
        "description": "French: follow suit, trumping optional, knocking, en face, blind trump "
                       "allowed, renonce a flat 30."},
}


def add_presets(apps, schema_editor):
    RuleSet = apps.get_model("club", "RuleSet")
    for key, options in PRESETS.items():
        RuleSet.objects.update_or_create(
            club=None, preset=key, name=PRESET_NAMES[key], defaults={"options": options})


def remove_presets(apps, schema_editor):
    apps.get_model("club", "RuleSet").objects.filter(club=None).delete()


class Migration(migrations.Migration):
    dependencies = [("club", "0002_championships")]
    operations = [migrations.RunPython(add_presets, remove_presets)]
