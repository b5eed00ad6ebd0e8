"""What the HTTP fuzz (test_http_fuzz.py) found, each kept as a plain example."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import RuleSet
from club.services.rulesets import copy_rule_set, save_rule_set
from engine import PRESETS
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

LIMIT = RuleSet._meta.get_field("name").max_length


def test_copying_a_rule_set_with_a_long_name_fits_the_column(client):
    """Found on PostgreSQL: POST /clubs/<slug>/rulesets/copy/<pk>/ of a rule set named with
    80 characters answered 500 (DataError: value too long for character varying(80)): the
    copy is named "<name> (<club>)". SQLite does not enforce the length, hence the check."""
    organiser = make_user("org")
    club = make_club("long", organiser=organiser)
    club.name = "C" * 120
    club.save()
    source = RuleSet.objects.create(club=club, name="W" * LIMIT, options=PRESETS["house"].to_dict())
    client.force_login(organiser)
    response = client.post(reverse("ruleset-copy", args=[club.slug, source.pk]))
    assert response.status_code == 302
    copies = RuleSet.objects.filter(club=club).exclude(pk=source.pk)
    assert [len(c.name) <= LIMIT for c in copies] == [True]
    again = copy_rule_set(club, source)  # the same name again: numbered, still fits
    assert len(again.name) <= LIMIT and again.name != copies[0].name


def test_renaming_a_rule_set_to_a_taken_long_name_fits_the_column(db):
    club = make_club("long")
    rules = PRESETS["house"]
    RuleSet.objects.create(club=club, name="N" * LIMIT, options=rules.to_dict())
    other = RuleSet.objects.create(club=club, name="Other", options=rules.to_dict())
    saved, copied = save_rule_set(other, "N" * LIMIT, rules)
    assert not copied
    assert len(saved.name) <= LIMIT and saved.name != "N" * LIMIT
