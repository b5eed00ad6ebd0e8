"""Rule sets as data: presets after migrate, club copies, edits, and freezing."""

import pytest
from django.urls import reverse

from club.forms_rules import RuleSetForm
from club.models import Deal, RuleSet
from engine import PRESETS
from engine.rules import GAME_PRESETS
from tests.factories import make_championship, make_club, make_round

pytestmark = pytest.mark.django_db


def form_data(rule_set, **changes):
    data = {k: v for k, v in RuleSetForm.initial_from(rule_set).items()
            if v is not None and v is not False}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_presets_are_there_after_migrate():
    """The four of migration 0003 and the auction/blind games of 0017 (GAME_PRESETS)."""
    stored = {r.preset: r.rules() for r in RuleSet.objects.filter(club=None)}
    assert set(stored) == {"house", "flemish", "pagat", "french",
                           "auction1", "auction2", "auction3", "blind"}
    for name, rules in stored.items():
        assert rules == (PRESETS | GAME_PRESETS)[name]


def test_copy_is_offered_only_to_the_clubs_the_user_may_edit(client, club_a, club_b):
    """A viewer of club A who organises club B is offered "Copy to Club B" only (a copy to
    club A would be refused: 403)."""
    from club.models import ClubRole
    from tests.factories import make_user

    user = make_user("viewer-here-organiser-there")
    ClubRole.objects.create(user=user, club=club_a, role=ClubRole.Role.VIEWER)
    ClubRole.objects.create(user=user, club=club_b, role=ClubRole.Role.ORGANISER)
    client.force_login(user)
    house = RuleSet.objects.get(club=None, preset="house")
    page = client.get(reverse("ruleset-detail", args=[house.pk])).content.decode()
    assert "Copy to Club B" in page and "Copy to Club A" not in page
    assert client.post(reverse("ruleset-copy", args=[club_a.slug, house.pk])).status_code == 403
    assert client.post(reverse("ruleset-copy", args=[club_b.slug, house.pk])).status_code == 302


def test_copy_then_edit_a_rule_set(org_client, club_a):
    house = RuleSet.objects.get(club=None, preset="house")
    response = org_client.post(reverse("ruleset-copy", args=[club_a.slug, house.pk]))
    assert response.status_code == 302
    copy = RuleSet.objects.get(club=club_a)
    assert copy.rules() == house.rules()
    edit = reverse("ruleset-edit", args=[copy.pk])
    page = org_client.get(edit)
    assert page.status_code == 200
    assert page.context["form"]["name"].value() == copy.name  # not the preset's key "house"
    response = org_client.post(edit, form_data(copy, name="Kort", target=51, doubling="mee_tegen"))
    assert response.status_code == 302
    copy.refresh_from_db()
    assert (copy.name, copy.rules().target, copy.rules().allowed_doublings()) == ("Kort", 51, (1, 2, 4))


def test_impossible_options_are_refused_naming_the_option(org_client, club_a):
    copy = RuleSet.objects.create(club=club_a, name="Mine", options=PRESETS["house"].to_dict())
    data = form_data(copy)
    data.pop("target")  # neither a target nor a number of deals
    response = org_client.post(reverse("ruleset-edit", args=[copy.pk]), data)
    assert response.status_code == 400
    assert "target" in response.context["form"].errors
    copy.refresh_from_db()
    assert copy.rules().target == 101


def test_a_rule_set_with_recorded_deals_is_frozen_and_edits_make_a_copy(org_client, club_a):
    own = RuleSet.objects.create(club=club_a, name="Ours", options=PRESETS["house"].to_dict())
    champ = make_championship(club_a, entries=4, rules=own)
    table = make_round(champ).tables.first()
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22)
    assert own.frozen
    response = org_client.post(reverse("ruleset-edit", args=[own.pk]),
                               form_data(own, name="Ours", target=51))
    assert response.status_code == 302
    own.refresh_from_db()
    assert own.rules().target == 101
    copy = RuleSet.objects.get(club=club_a, name="Ours (2)")
    assert copy.rules().target == 51
    champ.refresh_from_db()
    assert champ.rule_set == own


def test_presets_and_other_clubs_rule_sets_cannot_be_edited(org_client, club_a):
    from django.test import Client

    client = Client()
    house = RuleSet.objects.get(club=None, preset="house")
    assert org_client.get(reverse("ruleset-edit", args=[house.pk])).status_code == 403
    other = RuleSet.objects.create(club=make_club("other"), name="Theirs",
                                   options=PRESETS["french"].to_dict())
    assert org_client.get(reverse("ruleset-edit", args=[other.pk])).status_code == 403
    assert client.get(reverse("ruleset-edit", args=[other.pk])).status_code == 302
    page = client.get(reverse("ruleset-detail", args=[other.pk])).content.decode()
    assert "en face" in page and "counter-clockwise" in page and "knocking (x2)" in page


def test_the_french_three_player_exchange_is_an_option_of_the_form(org_client, club_a):
    copy = RuleSet.objects.create(club=club_a, name="Met drie", options=PRESETS["pagat"].to_dict())
    edit = reverse("ruleset-edit", args=[copy.pk])
    assert "spare cards" in org_client.get(edit).content.decode()
    response = org_client.post(edit, form_data(copy, spare_cards="exchange"))  # still 4 players
    assert response.status_code == 400
    assert "spare_cards" in response.context["form"].errors
    response = org_client.post(edit, form_data(copy, players=3, spare_cards="exchange"))
    assert response.status_code == 302
    copy.refresh_from_db()
    assert (copy.rules().players, copy.rules().spare_cards) == (3, "exchange")
    page = org_client.get(reverse("ruleset-detail", args=[copy.pk])).content.decode()
    assert "won with the first trick" in page


def test_a_rule_set_a_championship_uses_stays_for_four_players(org_client, club_a):
    own = RuleSet.objects.create(club=club_a, name="Ours", options=PRESETS["house"].to_dict())
    make_championship(club_a, entries=4, rules=own)
    response = org_client.post(reverse("ruleset-edit", args=[own.pk]), form_data(own, players=3))
    assert response.status_code == 400
    assert "tables of four" in response.context["form"].errors["players"][0]
    own.refresh_from_db()
    assert own.rules().players == 4


def test_a_championship_needs_a_rule_set_for_four_players(org_client, club_a):
    three = RuleSet.objects.create(club=club_a, name="Drie",
                                   options=PRESETS["pagat"].replace(players=3).to_dict())
    response = org_client.post(reverse("championship-create", args=[club_a.slug]), {
        "name": "Drie man", "season": "2026-2027", "rule_set": three.pk,
        "entry_type": "individual", "draw_method": "random", "bye_scoring": "average_win",
        "format_kind": "one_game", "rank_1": "match_points"})
    assert response.status_code == 400
    assert "this rule set is for 3 players" in response.context["form"].errors["rule_set"][0]
    assert not club_a.championships.exists()
