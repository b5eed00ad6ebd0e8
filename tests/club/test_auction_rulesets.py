"""The rule-set form with the auction games and the §14 options (issue 16): every option in
words, a club copy of an auction preset edited through the page, each refusal by its field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.forms_rules import OPTIONS
from club.models import RuleSet
from engine.rules import RuleSet as EngineRuleSet
from tests.helpers.rulesets import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def auction_copy(org_client, club_a):
    preset = RuleSet.objects.get(club=None, preset="auction2")
    response = org_client.post(reverse("ruleset-copy", args=[club_a.slug, preset.pk]))
    assert response.status_code == 302
    return RuleSet.objects.get(club=club_a)


def test_every_option_of_the_engine_has_words():
    import dataclasses

    names = {f.name for f in dataclasses.fields(EngineRuleSet)} - {"name", "description"}
    assert names <= set(OPTIONS), names - set(OPTIONS)


def test_edit_an_auction_rule_set_through_the_page(org_client, auction_copy):
    edit = reverse("ruleset-edit", args=[auction_copy.pk])
    page = org_client.get(edit)
    assert page.status_code == 200 and "lowest bid (auction 2 and 3)" in page.content.decode()
    response = org_client.post(edit, form_data(auction_copy, lowest_bid=18, packets="4, 4",
                                               spoken="on"))
    assert response.status_code == 302, response.content.decode()[:2000]
    rules = RuleSet.objects.get(pk=auction_copy.pk).rules()
    assert (rules.game, rules.lowest_bid, rules.packets, rules.spoken) == (
        "auction2", 18, (4, 4), True)
    detail = org_client.get(reverse("ruleset-detail", args=[auction_copy.pk]))
    assert detail.status_code == 200 and "4, 4" in detail.content.decode()


@pytest.mark.parametrize("changes, field, words", [
    ({"packets": "3, x"}, "packets", "whole numbers separated by commas"),
    ({"packets": "3, 3"}, "packets", None),
    ({"doubling": "knock"}, "doubling", None),
    ({"trick_bonus": ""}, "trick_bonus", None),
    ({"max_knocks": 99}, "max_knocks", None),
    ({"game": "poker"}, "game", None),
])
def test_refusals_name_the_field_and_change_nothing(org_client, auction_copy, changes, field,
                                                    words):
    edit = reverse("ruleset-edit", args=[auction_copy.pk])
    before = RuleSet.objects.get(pk=auction_copy.pk).options
    data = form_data(auction_copy, **changes)
    data = {k: v for k, v in data.items() if v != ""}
    response = org_client.post(edit, data)
    assert response.status_code in (200, 400)
    form = response.context["form"]
    assert form.errors, "refused"
    text = str(form.errors)
    if words:
        assert words in text
    assert field in form.errors or "__all__" in form.errors
    assert RuleSet.objects.get(pk=auction_copy.pk).options == before
