"""Auction Manille evenings, each for themselves at tables of 3 to 7 (issue 16).

- Seats 0-6 (MAX_SEAT 6): a table of 7 at auction Manille. At an auction table a seat's
  side is its position (everyone plays for themselves), so the side constraint is 0-6.
- A deal's auction facts: the declarer's seat (empty: thrown in), the bid (a count, all
  tricks, or neither: variant 1's privilege) and the cards exchanged; ``points`` is then the
  declarer's count.
- Match rows' game points are signed: an auction player's total can be below zero.
- A championship's table size and how the field is split (auction only).
- The auction presets (``engine.rules.GAME_PRESETS``: auction1-3, blind) as preset rule sets,
  named as ``club.rule_labels`` names them, their options written out as they were.
"""

import django.core.validators
from django.db import migrations, models

#: The English names stored on the preset rows (pages show club.rule_labels' translations).
GAME_PRESET_NAMES = {
    "auction1": "Auction Manille 1 (privilege and widow)",
    "auction2": "Auction Manille 2 (bidding, sevens removed)",
    "auction3": "Auction Manille 3 (open widow)",
    "blind": "Blind Manille",
}


def seat_range(high=6):
    return [django.core.validators.MinValueValidator(0),
            django.core.validators.MaxValueValidator(high)]


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

#: engine.rules.GAME_PRESETS as they were: each preset's options (RuleSet.to_dict()).
GAME_PRESETS = {
    "auction1": {**OPTIONS, "name": "auction1", "direction": "counterclockwise",
        "beat_led_suit": False, "must_trump": False, "must_overtrump": False,
        "no_undertrump": False, "cancel_on_partner_look": False, "trick_bonus": True,
        "target": None, "deals": 12, "game": "auction1",
        "description": "Auction Manille 1: the privilege passes round until taken, the "
                       "declarer draws from the widow one card at a time; 21 (3-4 players) or "
                       "15 to make."},
    "auction2": {**OPTIONS, "name": "auction2", "direction": "counterclockwise",
        "beat_led_suit": False, "must_trump": False, "must_overtrump": False,
        "no_undertrump": False, "cancel_on_partner_look": False, "trick_bonus": True,
        "target": None, "deals": 12, "game": "auction2",
        "description": "Auction Manille 2: sevens removed, each bids a count (cards + tricks) "
                       "or all tricks; the declarer scores or loses his bid."},
    "auction3": {**OPTIONS, "name": "auction3", "direction": "counterclockwise",
        "beat_led_suit": False, "must_trump": False, "must_overtrump": False,
        "no_undertrump": False, "cancel_on_partner_look": False, "trick_bonus": True,
        "target": None, "deals": 12, "game": "auction3",
        "description": "Auction Manille 3: packets of three, cards laid out open and closed; "
                       "the highest bidder may exchange with them."},
    "blind": {**OPTIONS, "name": "blind", "direction": "counterclockwise", "follow_suit": False,
        "beat_led_suit": False, "must_trump": False, "must_overtrump": False,
        "no_undertrump": False, "cancel_on_partner_look": False, "game": "blind",
        "description": "Blind Manille: each sees every hand but his own and plays a card drawn "
                       "at random: no obligations, no renonce; scored as the partnership game."},
}


def add_game_presets(apps, schema_editor):
    RuleSet = apps.get_model("club", "RuleSet")
    for key, options in GAME_PRESETS.items():
        RuleSet.objects.update_or_create(
            club=None, preset=key, defaults={"name": GAME_PRESET_NAMES[key],
                                             "options": options})


def remove_game_presets(apps, schema_editor):
    apps.get_model("club", "RuleSet").objects.filter(
        club=None, preset__in=list(GAME_PRESET_NAMES)).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0016_sheet_story"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="seat", name="seat_side_0_or_1"),
        migrations.AddField(
            model_name="championship",
            name="table_size",
            field=models.PositiveSmallIntegerField(default=4, help_text="Auction Manille only: the usual table, 3 to 7 players each for themselves.", validators=[django.core.validators.MinValueValidator(3), django.core.validators.MaxValueValidator(7)], verbose_name="players per table"),
        ),
        migrations.AddField(
            model_name="championship",
            name="table_fit",
            field=models.CharField(choices=[("most", "as many tables of that size as possible"), ("closest", "every table as close to that size as possible")], default="most", help_text="Auction Manille only: how the other tables are sized.", max_length=8, verbose_name="when the field does not divide"),
        ),
        migrations.AddField(
            model_name="deal",
            name="contract",
            field=models.PositiveSmallIntegerField(blank=True, help_text="Empty: the privilege (variant 1).", null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(200)], verbose_name="bid"),
        ),
        migrations.AddField(
            model_name="deal",
            name="contract_all",
            field=models.BooleanField(default=False, verbose_name="bid all tricks"),
        ),
        migrations.AddField(
            model_name="deal",
            name="declarer",
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=seat_range(), verbose_name="declarer (seat)"),
        ),
        migrations.AddField(
            model_name="deal",
            name="exchanged",
            field=models.PositiveSmallIntegerField(default=0, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(10)], verbose_name="cards exchanged"),
        ),
        migrations.AlterField(
            model_name="deal",
            name="dealer",
            field=models.PositiveSmallIntegerField(validators=seat_range(), verbose_name="dealer (seat)"),
        ),
        migrations.AlterField(
            model_name="matchresult",
            name="points_against",
            field=models.IntegerField(default=0, verbose_name="game points against"),
        ),
        migrations.AlterField(
            model_name="matchresult",
            name="points_for",
            field=models.IntegerField(default=0, verbose_name="game points for"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="position",
            field=models.PositiveSmallIntegerField(validators=seat_range(), verbose_name="seat"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="side",
            field=models.PositiveSmallIntegerField(validators=seat_range(), verbose_name="side"),
        ),
        migrations.AlterField(
            model_name="table",
            name="first_dealer",
            field=models.PositiveSmallIntegerField(default=0, validators=seat_range(), verbose_name="first dealer (seat)"),
        ),
        migrations.AlterField(
            model_name="table",
            name="decision_side",
            field=models.PositiveSmallIntegerField(blank=True, help_text="At an auction table: the seat of the player who forfeits.", null=True, validators=seat_range(), verbose_name="side that forfeits"),
        ),
        migrations.AlterField(
            model_name="table",
            name="sheet_keeper",
            field=models.PositiveSmallIntegerField(default=0, validators=seat_range(), verbose_name="sheet kept by seat"),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(condition=models.Q(("contract__isnull", True), ("contract_all", False), _connector="OR"), name="deal_bid_count_or_all"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(condition=models.Q(("side__lte", 6)), name="seat_side_in_range"),
        ),
        migrations.RunPython(add_game_presets, remove_game_presets),
    ]
