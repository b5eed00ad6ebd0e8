"""Issue 28 point 11: the two rule-set options of RULES.md §14's last two items, through the
rule-set page, in RULES.md's words:

- "void, an opponent has trumped, and you cannot over-trump: whether you must still play a
  lower trump ... project default: any card (under-trumping allowed, not required), with an
  option requiring the lower trump";
- "who may redouble under mee/tegen: §4 says the dealer's partner (the project default); an
  option lets either player of the dealer's side redouble".
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.forms_rules import CHOICES, OPTIONS
from club.models import RuleSet
from tests.helpers.rulesets import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def flemish_copy(org_client, club_a):
    preset = RuleSet.objects.get(club=None, preset="flemish")
    response = org_client.post(reverse("ruleset-copy", args=[club_a.slug, preset.pk]))
    assert response.status_code == 302
    return RuleSet.objects.get(club=club_a)


def test_the_options_say_the_rules_defaults_in_words():
    label, help_text = OPTIONS["must_undertrump"]
    assert "trump lower" in str(label) and "any card may be played" in str(help_text)
    assert "Off (the default)" in str(help_text)
    label, help_text = OPTIONS["redouble_by"]
    assert "redoubles" in str(label) and "dealer's partner redoubles" in str(help_text)
    assert [value for value, _words in CHOICES["redouble_by"]] == ["partner", "side"]


def test_the_stored_presets_keep_the_defaults(flemish_copy):
    rules = flemish_copy.rules()
    assert (rules.must_undertrump, rules.redouble_by) == (False, "partner")


def test_both_options_are_set_through_the_page(org_client, flemish_copy):
    edit = reverse("ruleset-edit", args=[flemish_copy.pk])
    page = org_client.get(edit).content.decode()
    assert "void: trump lower when you cannot over-trump" in page
    select = re.search(r'<select name="redouble_by"[^>]*>(.*?)</select>', page, re.DOTALL)
    assert "either player of the dealer&#x27;s side" in select.group(1)
    response = org_client.post(edit, form_data(flemish_copy, must_undertrump="on",
                                               redouble_by="side"))
    assert response.status_code == 302, response.content.decode()[:2000]
    rules = RuleSet.objects.get(pk=flemish_copy.pk).rules()
    assert (rules.must_undertrump, rules.redouble_by) == (True, "side")


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"must_undertrump": "on", "no_undertrump": "on"}, "must_undertrump",
     "cannot be both required and forbidden"),
    ({"must_undertrump": "on", "must_overtrump": ""}, "must_undertrump",
     "needs the duty to over-trump"),
    ({"redouble_by": "side", "doubling": "knock_back"}, "redouble_by",
     "Who may redouble is a mee/tegen choice"),
    ({"redouble_by": "dealer"}, "redouble_by", None),
])
def test_refusals_name_the_option_and_change_nothing(org_client, flemish_copy, changes, field,
                                                     words):
    edit = reverse("ruleset-edit", args=[flemish_copy.pk])
    before = RuleSet.objects.get(pk=flemish_copy.pk).options
    data = {k: v for k, v in form_data(flemish_copy, **changes).items() if v != ""}
    response = org_client.post(edit, data)
    assert response.status_code in (200, 400)
    errors = response.context["form"].errors
    assert field in errors, errors
    if words:
        assert words in str(errors[field])
    assert RuleSet.objects.get(pk=flemish_copy.pk).options == before
