"""Exports that open right in a Belgian Excel: a byte order mark, the language's separator
and decimal sign, and yes/no in words."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.urls import reverse

from club.exports import write_csv
from club.models import Membership
from tests.factories import make_club, make_players, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(client):
    organiser = make_user("secretaris")
    club = make_club("zwarte-troef", organiser=organiser)
    _first, second = make_players(club, 2)
    second.first_name = "Éloïse"
    second.save()
    Membership.objects.filter(player=second).update(active=False)
    client.force_login(organiser)
    return reverse("club-detail", args=[club.slug])


@pytest.mark.parametrize("language, separator, yes, no", [
    ("nl", ";", "ja", "neen"), ("fr", ";", "oui", "non"), ("en", ",", "yes", "no")])
def test_members_csv_in_the_readers_language(client, members, language, separator, yes, no):
    response = client.get(members, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    text = response.getvalue().decode("utf-8")  # streamed (issue 27)
    assert text.startswith("\ufeff")  # Excel reads the accents as UTF-8
    lines = text.lstrip("\ufeff").splitlines()
    assert all(separator in line for line in lines)
    assert lines[1].endswith(separator + yes) and lines[2].endswith(separator + no)
    assert "Éloïse" in text and "True" not in text and "False" not in text


def test_members_xlsx_says_yes_and_no_in_words(client, members):
    response = client.get(members, {"_export": "xlsx"}, HTTP_ACCEPT_LANGUAGE="nl")
    rows = list(openpyxl.load_workbook(io.BytesIO(response.content)).active.values)
    assert [row[-1] for row in rows[1:]] == ["ja", "neen"]


def test_decimals_take_the_languages_decimal_sign(settings):
    from django.utils import translation

    with translation.override("nl"):
        assert write_csv(["a", "b"], [[1.5, 2]]).splitlines()[1] == "1,5;2"
    with translation.override("en"):
        assert write_csv(["a", "b"], [[1.5, 2]]).splitlines()[1] == "1.5,2"
