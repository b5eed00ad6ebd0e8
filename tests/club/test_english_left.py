"""The last English words on Dutch and French pages (issue 28, point 12): the pairs'
"edit" link, the duplicate event form's rule sets, an XLSX export's sheet title and the
exports' file names."""

from __future__ import annotations

import html
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club import exports
from club.models import Pair, RuleSet
from club.rule_labels import rule_set_name
from club.tables import PairTable
from tests.factories import make_club, make_players, make_user

pytestmark = pytest.mark.django_db

EDIT = {"nl": "bewerken", "fr": "modifier"}


@pytest.fixture
def club_client():
    organiser = make_user("secretaris")
    club = make_club("zwarte-troef", organiser=organiser)
    ann, bob = make_players(club, 2)
    Pair.objects.create(club=club, first=ann, second=bob)
    client = Client()
    client.force_login(organiser)
    return club, client


@pytest.mark.parametrize("language", ["nl", "fr"])
def test_the_pairs_edit_link_is_in_the_readers_language(club_client, language):
    club, client = club_client
    page = client.get(reverse("club-detail", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert page.status_code == 200
    assert ">edit<" not in text
    edit = reverse("club-pair-edit", args=[club.slug, Pair.objects.get(club=club).pk])
    link = re.search(rf'href="{re.escape(edit)}">([^<]*)<', text)
    assert link and link.group(1) == EDIT[language]


@pytest.mark.parametrize("language", ["nl", "fr"])
def test_the_duplicate_forms_rule_sets_are_named_in_the_readers_language(club_client,
                                                                        language):
    club, client = club_client
    page = client.get(reverse("duplicate-create", args=[club.slug]),
                      HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    options = {pk: html.unescape(label) for pk, label in re.findall(
        r'<option value="(\d+)"[^>]*>([^<]*)</option>', page.content.decode())}
    with translation.override(language):
        for rule_set in RuleSet.objects.filter(club=None):
            assert options[str(rule_set.pk)] == rule_set_name(rule_set)
        house = RuleSet.objects.get(club=None, preset="house")
        assert options[str(house.pk)] not in (house.name, "house")


@pytest.mark.parametrize("language, title", [("nl", "Leden · Zwarte Troef"),
                                             ("fr", "Membres · Zwarte Troef")])
def test_an_xlsx_sheet_is_titled_in_the_readers_language(club_client, language, title):
    club, client = club_client
    club.name = "Zwarte Troef"
    club.save()
    answer = client.get(reverse("club-detail", args=[club.slug]), {"_export": "xlsx"},
                        HTTP_ACCEPT_LANGUAGE=language)
    sheet = openpyxl.load_workbook(io.BytesIO(answer.content)).active
    assert sheet.title != "Export Data"
    assert sheet.title == title


@pytest.mark.parametrize("language, name", [("nl", "zwarte-troef-leden.csv"),
                                            ("fr", "zwarte-troef-membres.csv"),
                                            ("en", "zwarte-troef-members.csv")])
def test_an_exports_file_name_is_in_the_readers_language(club_client, language, name):
    club, client = club_client
    answer = client.get(reverse("club-detail", args=[club.slug]), {"_export": "csv"},
                        HTTP_ACCEPT_LANGUAGE=language)
    assert answer["Content-Disposition"] == f'attachment; filename="{name}"'


@pytest.mark.parametrize("language, name", [("nl", "clubs.xlsx"), ("fr", "clubs.xlsx")])
def test_the_club_list_exports_with_a_translated_title(club_client, language, name):
    _club, client = club_client
    answer = client.get(reverse("club-list"), {"_export": "xlsx"},
                        HTTP_ACCEPT_LANGUAGE=language)
    assert answer["Content-Disposition"] == f'attachment; filename="{name}"'
    assert openpyxl.load_workbook(io.BytesIO(answer.content)).active.title == "Clubs"


def test_sheet_titles_keep_to_what_excel_allows():
    title = exports.sheet_title("Les [résultats]: a/b\\c?d*e du championnat d'hiver")
    assert len(title) <= 31 and not set(title) & set(":\\/?*[]")
    assert exports.sheet_title("'''") == "Troef" and exports.sheet_title("") == "Troef"


def test_file_names_are_ascii_slugs():
    with translation.override("fr"):
        assert exports.export_filename("Classement", "Été à Liège", 7, ext="csv") == \
            "classement-ete-a-liege-7.csv"
    assert exports.export_filename("", ext="xlsx") == "troef.xlsx"


def test_a_table_exported_without_a_title_is_titled_troef_not_export_data(club_client):
    club, _client = club_client
    with translation.override("fr"):
        export = exports.SafeTableExport("xlsx", PairTable(Pair.objects.filter(club=club)))
    assert export.dataset.title == "Troef"
