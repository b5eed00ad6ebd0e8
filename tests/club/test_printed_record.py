"""The printed record keeps every fact (issue 28 point 1): every sheet kind and report kind
rendered in English, Dutch and French with names of 30 characters, read back from the PDF
(pypdf), holds every marker and result the sheet records, whole; and no line of any PDF is
wider than its box (WeasyPrint's layout: a wider line would be cut at the box's edge).

Covered: the score sheets, the round results, the results with the play analysis (its
analysis pages: the results pages are the results document above), the standings, the
auction sheets, results and standings, the duplicate slips, table cards, travellers, hand
records and standings.

Cost: the world is built once for the module and each PDF rendered once (14 documents in 3
languages; one deal to analyse, a 40-card solve); the tests only read what the fixture
kept.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from club.reports import data, documents
from club.reports import play_analysis as analysis
from club.reports.duplicate_standings import standings_document as duplicate_standings
from club.reports.sheet_record import recorded_rows
from club.selectors.duplicate_results import standing_lists
from club.selectors.replay import championship_rules, rules_at
from club.services import duplicate_reports
from club.sheet_labels import rule_sentences
from club.views.duplicate import DIRECTIONS
from scoring.auction import table_rules
from scoring.tables import table_rules as partnership_rules
from tests.helpers.printed import LONG_NAMES, build_world, render

LANGUAGES = ("en", "nl", "fr")
pytestmark = pytest.mark.django_db

DUPLICATE = ("slips", "tablecards", "travellers", "handrecords")


@pytest.fixture(scope="module")
def printed(django_db_setup, django_db_blocker):
    """Every PDF of the world in every language: {(language, name): Printed}, and what each
    should hold whole: {(language, name): [strings]}."""
    out, wanted = {}, {}
    with django_db_blocker.unblock(), transaction.atomic():
        world = build_world()
        rnd = world.partnership
        rules = rnd.stage.championship.rule_set.rules()
        names = [f"{first} {last}" for first, last in LONG_NAMES]
        tables = {"PRINT01": rnd.tables.get(number=1), "PRINT02": rnd.tables.get(number=2),
                  "AUC02": world.auctions["auction2"].tables.get(number=2)}
        admin = get_user_model().objects.create_superuser("printed", password="pw-printed-1")
        for language in ("en", "nl"):  # the web sheets
            client = Client(headers={"accept-language": language})
            client.force_login(admin)
            for code, table in tables.items():
                page = client.get(f"/tables/{table.pk}/sheet/")
                assert page.status_code == 200
                out[language, "web", code] = page.content.decode()
        for language in LANGUAGES:
            with translation.override(language):
                rnd_data = data.round_sheets(rnd.pk)[0]
                expect = []
                for table in rnd_data.tables:
                    rows, summary = recorded_rows(table)
                    expect += [note for row in rows for note in row.cells["notes"].split()]
                    expect.append(summary)
                    expect += rule_sentences(rules_at(table.seats, rules))
                out[language, "sheets"] = render(documents.sheets_html(rnd.pk))
                wanted[language, "sheets"] = expect
                results = data.round_results(rnd.pk)[0]
                out[language, "results"] = render(documents.results_document(rnd.pk).html())
                wanted[language, "results"] = [s for line in documents.result_lines(results)
                                               for s in (line.result, line.points, line.games)]
                champ = rnd.stage.championship
                out[language, "standings"] = render(
                    documents.standings_document(champ).html())
                wanted[language, "standings"] = names
                for preset, auction in world.auctions.items():
                    out[language, preset] = render(documents.sheets_html(auction.pk))
                    champ_rules = championship_rules(auction.stage.championship)
                    wanted[language, preset] = [
                        s for size in (3, 7) for s in rule_sentences(table_rules(champ_rules,
                                                                                 size))]
                # the results PDF with the play analysis: the results document (as
                # "results" above, the same HTML), then the analysis of deal 1 at table 1
                items = analysis.analyses(rnd.pk)
                out[language, "analysis"] = render(analysis.analysis_html(rnd.pk, items))
                assert [(i.table, i.number, i.message) for i in items] == [(1, 1, "")]
                wanted[language, "analysis"] = [
                    gettext("Play analysis: %(round)s") % {"round": rnd},
                    *(f"{first} {last}" for first, last in LONG_NAMES[:4]),
                    *(line for item in items for line in (*item.page.summary, item.page.note)
                      if line),
                    *(s for item in items for c in item.page.costly
                      for s in (str(c.player), c.sentence))]
                auction = world.auctions["auction2"]
                out[language, "auction-results"] = render(
                    documents.results_document(auction.pk).html())
                wanted[language, "auction-results"] = names
                standings = documents.standings_document(auction.stage.championship)
                out[language, "auction-standings"] = render(standings.html())
                wanted[language, "auction-standings"] = [*names, standings.title]
                session = world.duplicate
                for kind in DUPLICATE:
                    out[language, kind] = render(duplicate_reports.html(kind, session))
                    wanted[language, kind] = [str(duplicate_reports.KINDS[kind]),
                                              session.event.name,
                                              *(names if kind == "tablecards" else ())]
                lists = standing_lists(session.event)
                assert sum(len(rows) for _direction, rows in lists) == 4
                standings = duplicate_standings(session.event, lists, DIRECTIONS, "percentage")
                out[language, "duplicate-standings"] = render(standings.html())
                wanted[language, "duplicate-standings"] = [*names, standings.title]
        transaction.set_rollback(True)
    return out, wanted


KINDS = ["sheets", "results", "analysis", "standings", "auction1", "auction2", "auction3",
         "auction-results", "auction-standings", *DUPLICATE, "duplicate-standings"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_no_line_is_wider_than_its_box(printed, kind, language):
    pdf = printed[0][language, kind]
    assert pdf.cut == []


def _whole(text: str) -> str:
    """``text`` with every run of white space one space, and a line broken after a hyphen
    joined again ("Anne-" / "Sophie": the name is printed whole, over two lines)."""
    return re.sub(r"(?<=\w-) (?=\w)", "", " ".join(text.split()))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_marker_and_result_is_printed_whole(printed, kind, language):
    pdf, wanted = printed[0][language, kind], printed[1][language, kind]
    missing = [s for s in wanted if _whole(s) not in _whole(pdf.words)]
    assert missing == []
    assert "…" not in pdf.text or kind in ()


def test_the_english_sheet_notes_every_game_and_fact(printed):
    words = printed[0]["en", "sheets"].words
    assert "Multipliers: no trump ×2, all tricks ×2, mee ×2, tegen ×4" in words
    for marker in ("G1:A", "G2:B", "AT:A", "R:A", "X", "=×2", "AT:D", "G1:B", "×MV/AD"):
        assert re.search(rf"(^| ){re.escape(marker)}( |$)", words), marker
    for first, last in LONG_NAMES:
        assert f"{first} {last}" in words


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("code, rules", [("PRINT01", "flemish"), ("PRINT02", "flemish-3"),
                                         ("AUC02", "auction2-7")])
def test_the_web_sheet_says_the_rules_the_printed_sheet_says(printed, code, rules, language):
    """The same sentences on the web sheet as under the printed grid (point 2)."""
    from html import unescape

    from engine.rules import RuleSet

    name, _sep, players = rules.partition("-")
    engine_rules = RuleSet.preset(name)
    if players:
        engine_rules = (table_rules(engine_rules.replace(deals=12), int(players))
                        if engine_rules.auction else partnership_rules(engine_rules, int(players)))
    page = " ".join(unescape(printed[0][language, "web", code]).split())
    with translation.override(language):
        sentences = rule_sentences(engine_rules)
    assert sentences
    for sentence in sentences:
        assert " ".join(sentence.split()) in page
